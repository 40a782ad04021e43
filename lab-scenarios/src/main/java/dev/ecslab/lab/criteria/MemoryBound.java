package dev.ecslab.lab.criteria;

import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioBuilder;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Trace;
import java.util.List;

/**
 * Criterion 6: a fixed world (8 entities, one more spawned and one despawned every frame through
 * commands, two entities and a resource written every frame, a detector watching everything) runs
 * {@value #FRAMES} frames; the tracker's reported size must stop growing. Amortized structures
 * oscillate, so the check compares peaks: the peak of frames 5 000 to 10 000 may not exceed the peak
 * of frames 1 000 to 5 000. The sizes after 10, 1 000 and 10 000 frames are reported.
 */
public final class MemoryBound {
    public static final int FRAMES = 10_000;

    private MemoryBound() {
    }

    /** The measurement and its verdict. */
    public record Result(long after10, long after1000, long after10000, long earlyPeak, long latePeak, Scenario scenario,
            Trace trace) {
        public boolean passes() {
            return latePeak <= earlyPeak && trace.errors().isEmpty();
        }

        public String describe() {
            return "tracking bytes after 10 / 1 000 / 10 000 frames: " + after10 + " / " + after1000 + " / " + after10000
                    + "; peak in frames 1 000-5 000: " + earlyPeak + ", in 5 000-10 000: " + latePeak
                    + (trace.errors().isEmpty() ? "" : "; the run failed: " + trace.errors().get(0));
        }
    }

    public static Scenario scenario(int frames) {
        ScenarioBuilder b = Scenario.builder("Bounded memory (" + frames + " frames)")
                .describe("a fixed-size world with churn, writes and a detector, run for " + frames + " frames")
                .resource(Data.R, 0)
                .stage("update", st -> st
                        .system("writer", s -> s.writes(Data.A, Data.R).before("detector"))
                        .system("churn", s -> s.before("detector"))
                        .system("detector", s -> s.watchAll(Data.A).watchAll(Data.R)))
                .frames(frames);
        for (int i = 0; i < 8; i++) {
            b.entity("e" + i, Data.A, 0);
        }
        for (int f = 0; f < frames; f++) {
            b.set(f, "writer", "e" + (f % 8), Data.A, f).set(f, "writer", "e" + ((f + 3) % 8), Data.A, f)
                    .setResource(f, "writer", Data.R, f)
                    .command(f, "churn", EditOp.SPAWN, "n" + f, Data.A, f);
            if (f > 0) {
                b.command(f, "churn", EditOp.DESPAWN, "n" + (f - 1), null, 0);
            }
        }
        return b.build();
    }

    public static Result measure(TrackerSubject subject) {
        Scenario s = scenario(FRAMES);
        LabConfig config = new LabConfig(subject, new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0);
        Trace t = ScenarioRunner.run(s, config);
        List<Long> m = t.memory();
        return new Result(at(m, 10), at(m, 1_000), at(m, FRAMES), peak(m, 1_000, 5_000), peak(m, 5_000, FRAMES), s, t);
    }

    private static long at(List<Long> m, int frames) {
        return m.isEmpty() ? 0 : m.get(Math.min(frames, m.size()) - 1);
    }

    private static long peak(List<Long> m, int from, int to) {
        long p = 0;
        for (int i = from; i < Math.min(to, m.size()); i++) {
            p = Math.max(p, m.get(i));
        }
        return p;
    }
}
