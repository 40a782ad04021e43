/**
 * The CI gate as a JUnit 5 assertion ({@link dev.ecslab.junit.LabGate}): a test runs {@code lab gate} on its own
 * change-tracking strategy, executor or engine, and fails with the broken promise, the shrunk counterexample, the seed
 * and the replay command. The verdict is the command line's: both call {@link dev.ecslab.reports.cli.GateCampaign}.
 */
package dev.ecslab.junit;
