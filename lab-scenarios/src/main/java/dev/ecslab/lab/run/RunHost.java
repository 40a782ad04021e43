package dev.ecslab.lab.run;

import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;

/**
 * Where the runs of a subject whose code must not run in the lab's JVM are made: a child JVM that loads the
 * plug-in jars and runs scenarios as {@link ScenarioRunner} does here. A configuration whose strategy or
 * executor is {@linkplain RemoteFactory remote} is run by its host: {@link ScenarioRunner#run(Scenario, LabConfig)}
 * hands it over, so every caller (the campaign, the catalogue's search, shrinking) gets the same trace it would
 * get in-process, or a crash of the run when the host's JVM ended, ran out of memory or stopped answering.
 *
 * <p>The contract: {@code run} answers the trace of exactly one run and never throws for what the code under
 * test did (that is a crash in the trace); it throws only for a failure of the lab itself.
 */
public interface RunHost {
    /** One run of {@code scenario} under {@code config}, made by the host. */
    Trace run(Scenario scenario, LabConfig config);

    /**
     * One run of {@code scenario} under {@code config} with its systems run serially in {@code recorded}'s order
     * (a {@link ReplayExecutor} of it, made by the host): the replay of a free trace.
     */
    Trace runInOrder(Scenario scenario, LabConfig config, Trace recorded);

    /**
     * Criterion 6's long run of {@code subject} and its heap measurements, made by the host (the heap weighed is
     * the host's, where the strategy's trackers live).
     */
    MemoryBound.Result measureMemory(TrackerSubject subject, Duration timeout);

    /** The call of the crash a host records when its JVM ended during a run, whatever ended it. */
    String ENDED = dev.ecslab.lab.trace.Crash.ISOLATED_JVM;

    /** Whether {@code t} is a run that ended its host's JVM (it cannot be run again cheaply: each run starts a JVM). */
    static boolean ended(Trace t) {
        return t.crashes() != null && t.crashes().stream().anyMatch(dev.ecslab.lab.trace.Crash::endedItsJvm);
    }

    /** The host of {@code config}'s strategy or executor, or {@code null} when both run in this JVM. */
    static RunHost of(LabConfig config) {
        if (config.tracker().factory() instanceof RemoteFactory r) {
            return r.host();
        }
        if (config.executor().factory() instanceof RemoteFactory r) {
            return r.host();
        }
        return null;
    }
}
