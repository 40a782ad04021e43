/**
 * The {@code lab} command line (picocli): run, gate, merge, ambiguities, replay, report, bench, races and
 * stress, and the matrix files they write. A command's output folder holds a whole report or the previous
 * one, never half of one.
 */
package dev.ecslab.reports.cli;
