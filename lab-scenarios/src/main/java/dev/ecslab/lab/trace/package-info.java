/**
 * What one scenario run records, as plain data: its configuration and interleaving, every system run,
 * every change made, every detection and every crash, so that a saved trace replays and re-judges to the
 * same outcome.
 */
package dev.ecslab.lab.trace;
