/**
 * JCStress tests of the concurrent parts of ecs on the real classes (entity reservation, the change tick,
 * completions, access claims, the publication of writes), beside twins with a known race put back, which
 * they must catch; {@code run.sh} runs the uber jar.
 */
package dev.ecslab.stress;
