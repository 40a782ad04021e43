/**
 * Replay files: a counterexample's or witness's scenario, configuration, seed and recorded interleaving read
 * back strictly, checked against what a lab writes, and run again so the same failure happens again (or a
 * clear refusal says why it cannot).
 */
package dev.ecslab.lab.replay;
