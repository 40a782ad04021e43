package dev.ecslab.lab.classify;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;

/** Criterion 6 for one strategy: the long run's figures, judged like any run, and the measurement. */
record MemoryResult(RunResult run, boolean crashed, boolean passes, String describe, Scenario scenario, Trace trace) {

}
