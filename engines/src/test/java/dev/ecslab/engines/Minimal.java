package dev.ecslab.engines;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.engine.EngineRunner;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The smallest scenarios that show where an engine's fold of changes meets the lab's oracle: one entity, one system
 * issuing two structural commands on one component in frame 1 (applied together at the stage's end), one detector in
 * a later stage watching that component. Frame 0 lets the detector see the setup first: a command in frame 0 would
 * share the detector's first window with the setup's additions. {@link #separated} is the control: the same two
 * commands in frames 1 and 2. {@link #pausedDetector} tells the two folds apart: two batches in one window.
 */
final class Minimal {
    private Minimal() {
    }

    /**
     * Entity {@code e} starts with {@code B} (and {@code A} when {@code hasA}); in frame 1 the editor issues
     * {@code first} then {@code second} on its {@code A}.
     */
    static Scenario together(String name, boolean hasA, EditOp first, EditOp second, WatchKind... watched) {
        return build(name, "two structural commands on one component, applied at one sync point", hasA, first, second, 1,
                watched);
    }

    /** The same commands as {@link #together}, {@code first} in frame 1 and {@code second} in frame 2. */
    static Scenario separated(String name, boolean hasA, EditOp first, EditOp second, WatchKind... watched) {
        return build(name, "two structural commands on one component, a frame apart", hasA, first, second, 2, watched);
    }

    private static Scenario build(String name, String description, boolean hasA, EditOp first, EditOp second,
            int secondFrame, WatchKind... watched) {
        var b = Scenario.builder(name).describe(description);
        b.entity("e", hasA ? Map.of(Data.A, 0, Data.B, 0) : Map.of(Data.B, 0));
        b.stage("edit", st -> st.system("editor", s -> s.writes(Data.A)));
        b.stage("detect", st -> st.system("detector", s -> {
            for (WatchKind k : watched) {
                s.watch(Data.A, k);
            }
        }));
        b.frames(secondFrame + 2);
        b.command(1, "editor", first, "e", Data.A, 1).command(secondFrame, "editor", second, "e", Data.A, 2);
        return b.build();
    }

    /**
     * Entity {@code e} starts with {@code B}; the editor inserts its {@code A} in frame 0, after the detector's run,
     * and removes it in frame 1, while the detector is paused: two batches (two runs of the editor, the insertion's
     * and the removal's), one window of the detector (frames 0 to 2), which watches Added and Removed of {@code A}.
     */
    static Scenario pausedDetector() {
        var b = Scenario.builder("insert, then remove while the detector is paused").describe("a stale insertion");
        b.entity("e", Map.of(Data.B, 0));
        b.pauses("detector-runs", "101");
        b.stage("update", st -> st.system("detector", x -> x.pausedBy("detector-runs").before("editor")
                .watch(Data.A, WatchKind.ADDED).watch(Data.A, WatchKind.REMOVED))
                .system("editor", x -> x.writes(Data.A)));
        b.frames(3);
        b.command(0, "editor", EditOp.INSERT, "e", Data.A, 1).command(1, "editor", EditOp.REMOVE, "e", Data.A, 0);
        return b.build();
    }

    static Outcome run(EngineSubject subject, Scenario s) {
        return Judge.judge(s, EngineRunner.run(s, subject, 1, Duration.ofSeconds(30)));
    }

    /** The violations of criterion {@code c}, in words. */
    static List<String> of(Outcome o, Criterion c) {
        return o.violations().stream().filter(v -> v.criterion() == c).map(Violation::toString).toList();
    }

    /** Every violation, in words, for a failure message. */
    static String all(Outcome o) {
        return o.violations().isEmpty() ? "none" : String.join("\n", o.violations().stream().map(Violation::toString).toList());
    }
}
