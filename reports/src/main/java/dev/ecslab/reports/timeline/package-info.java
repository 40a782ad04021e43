/**
 * Counterexamples for a reader who does not know the lab: the violation in words, and its trace as a
 * timeline (a lane per thread, or per system), drawn for the terminal and as SVG from one layout.
 */
package dev.ecslab.reports.timeline;
