/**
 * Controlled runs: the {@link dev.ecslab.lab.explore.Interleaver} lets one thread of a run make
 * progress at a time and decides which, so a run is a function of its decisions and replays exactly;
 * a bounded exhaustive search walks a scenario's schedules, and the coverage says how many of them ran.
 */
package dev.ecslab.lab.explore;
