/**
 * Deliberately broken strategies and executors: each is the real {@code generation} tracker or dynamic
 * executor with one decision made wrong, and names the criteria the lab must catch it with.
 */
package dev.ecslab.lab.mutant;
