package dev.ecslab.lab.measure;

import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.TrackerSubject;

import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;

/**
 * Gathers criterion 6's evidence: runs {@link MemoryBound}'s fixed scenario under one strategy and weighs the
 * tracking state from outside the tracker ({@link RetainedHeap}) at {@link MemoryBound#sampleFrames()}. The
 * verdict is {@link MemoryBound.Result}'s, from these figures only; this class runs, it never judges.
 */
public final class MemoryRun {
    private MemoryRun() {
    }

    /** Runs the scenario under {@code subject} (serial executor, seed 0) and weighs it; the result judges itself. */
    public static MemoryBound.Result measure(TrackerSubject subject) {
        return measure(subject, LabConfig.DEFAULT_TIMEOUT.multipliedBy(10));
    }

    /** Measures {@code subject}; a run longer than {@code timeout} is abandoned as hung (a crash). */
    public static MemoryBound.Result measure(TrackerSubject subject, java.time.Duration timeout) {
        if (subject.factory() instanceof dev.ecslab.lab.run.RemoteFactory remote) {
            return remote.host().measureMemory(subject, timeout);
        }
        Scenario s = MemoryBound.scenario(MemoryBound.FRAMES);
        LabConfig config = new LabConfig(subject, new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0)
                .withTimeout(timeout);
        RetainedHeap.Measurement m = RetainedHeap.measure(s, config, MemoryBound.sampleFrames());
        List<Long> reported = m.trace().memory();
        List<MemoryBound.Sample> samples = new ArrayList<>();
        m.trackingBytes().forEach((frames, bytes) -> samples.add(new MemoryBound.Sample(frames, bytes,
                frames <= reported.size() ? reported.get(frames - 1) : -1)));
        String problem = m.problem();
        if (problem == null && m.labObjectsMet() > 0) {
            problem = "the world reached " + m.labObjectsMet() + " of the lab's own objects; the figures may miss what they hold";
        }
        return new MemoryBound.Result(samples, problem, s, m.trace());
    }

}
