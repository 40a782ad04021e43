/**
 * Ambiguity witnesses: both orders of each unordered conflicting pair of a stage, run and compared (the
 * state after every frame, the detectors' answers), which show whether a reported pair's effects
 * commute.
 */
package dev.ecslab.lab.witness;
