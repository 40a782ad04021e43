/**
 * Files and values from outside: the one safe way to read a file (a regular file only, bounded, strict
 * UTF-8), the limits on what input may ask, the rule every name obeys, and
 * {@link dev.ecslab.ecs.input.BadInputException}, the one exception a reader of user input raises for bad
 * input.
 */
package dev.ecslab.ecs.input;
