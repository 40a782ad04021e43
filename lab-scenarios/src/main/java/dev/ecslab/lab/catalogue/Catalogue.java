package dev.ecslab.lab.catalogue;

import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioBuilder;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The named scenarios: the test plan of Bevy PR #1471 (its "Tests" section) and Bevy's later
 * change-detection bugs. Each is crossed with components and resources; the detectors watch all
 * four filters (Added, Mutated, Changed, Removed) of their data, so one scenario covers the PR's
 * "Added vs. Changed vs. Mutated" axis and the verdicts keep the filters apart.
 *
 * <p>The change script. Components: frame 0 writes {@code A} of {@code e0}, inserts {@code A} and
 * {@code S} on {@code e1} (additions) and {@code B} on {@code e0} (an archetype move right after a
 * mutation, so a tracker that loses ticks on moves is caught); frame 1 writes the added {@code A} and
 * {@code S} of {@code e1} and removes {@code A} from {@code e2}; frame 2 despawns {@code e3}, writes
 * {@code A} of {@code e0} with an equal value through {@code setIfChanged} (no change), and
 * re-inserts {@code A} on {@code e0} (a mutation, not an addition: Bevy #333). Resources: frame 0
 * writes {@code R} and inserts {@code Q}; frame 1 writes {@code Q} and removes {@code R}; frame 2
 * re-inserts {@code R} and writes {@code Q} with an equal value. Additions and removals are commands,
 * so they are the world's changes at the stage's sync point.
 *
 * <p>Scale and time: a table of 2 200 rows with changes at the rows where the
 * {@code generation} strategy's 16-row blocks and 1 024-row groups meet, archetype moves and despawns
 * of many rows, and a bulk spawn through commands; clock jumps of 2<sup>31</sup> and more, so that
 * the clock wraps and old ticks must be clamped, and a jump past the maximum change age (expiration);
 * several looping stages with changes in early iterations; and Bevy #8029, a parallel walk of a
 * change query. The first two are component scenarios only (a resource has no table or query).
 */
public final class Catalogue {
    private Catalogue() {
    }

    /** Components or resources: the first axis of Bevy PR #1471's test plan. */
    public enum Target {
        COMPONENT,
        RESOURCE;

        String suffix() {
            return this == COMPONENT ? " [component]" : " [resource]";
        }
    }

    /** Every catalogue scenario, both targets: the classic ones, then those of scale and time. */
    public static List<Scenario> all() {
        List<Scenario> out = classic();
        out.addAll(scaleAndTime());
        return out;
    }

    /** The scenarios of scale and time: large tables, clock jumps, early-iteration loops, Bevy #8029. */
    public static List<Scenario> scaleAndTime() {
        List<Scenario> out = new ArrayList<>();
        for (Target t : Target.values()) {
            out.add(tickExpiration(t));
            out.add(clockJumpsPastTheWrap(t));
            out.add(loopingStagesEarlyChanges(t));
        }
        out.add(parallelIterationTicks());
        out.add(largeTableBoundaries());
        out.add(observersJoinAndLeave());
        out.add(queriesBuiltInRuns());
        for (Target t : Target.values()) {
            out.add(changeAtTheMaximumAge(t));
            out.add(longAbsences(t));
        }
        return out;
    }

    /**
     * Long absences (Bevy #16520, #20202, #11623: changes lost to rarely run schedules): the schedule does
     * not run for 7 frames before frame 1, 65 before frame 2 and 10<sup>9</sup> before frame 3. The detector runs
     * before the changer, so each frame's change waits for it across the idle frames that follow: 8, 66 and
     * 10<sup>9</sup> + 1 frame ends. A strategy whose history expires after 6 or 64 frames, or any number
     * below 10<sup>9</sup>, fails here.
     */
    public static Scenario longAbsences(Target t) {
        ScenarioBuilder b = base("Long absences", t, "the schedule does not run for 7, 65 and 10^9 frames; a change made"
                + " before each span must still be reported after it")
                .stage("update", st -> st.system("detector", detector(t))
                        .system("changer", s -> changer(t).accept(s.after("detector"))))
                .frames(4)
                .idleFrames(1, 7)
                .idleFrames(2, 65)
                .idleFrames(3, 1_000_000_000L);
        if (t == Target.COMPONENT) {
            b.set(0, "changer", "e0", Data.A, 1).set(1, "changer", "e2", Data.A, 2).set(2, "changer", "e3", Data.S, 3);
        } else {
            for (int f = 0; f < 3; f++) {
                b.setResource(f, "changer", Data.R, 1 + f);
            }
        }
        return b.build();
    }

    /** The catalogue as it was before scale and time: small worlds, no clock jumps, no parallel walks. */
    public static List<Scenario> classic() {
        List<Scenario> out = new ArrayList<>();
        for (Target t : Target.values()) {
            out.add(basic(t));
            out.add(atLeastOnce(t));
            out.add(atMostOnce(t));
            out.add(fastDetection(t));
            out.add(ambiguousOrdering(t));
            out.add(systemPausing(t));
            out.add(additionCausesMutation(t));
            out.add(changesMadeByCommands(t));
            out.add(spawnSeenOneRunLate(t));
            out.add(loopingStageRemovals(t));
            out.add(setIfChangedEqualWrite(t));
            out.add(tickWraparound(t));
            out.add(loopingStageChanges(t));
            out.add(exclusiveAndMainThread(t));
            out.add(commandsMergedInOrder(t));
            out.add(insertionOrder(t));
        }
        return out;
    }

    /** One scenario by its full name (for example {@code "Basic [component]"}). */
    public static Scenario named(String name) {
        List<String> names = new ArrayList<>();
        for (Scenario s : all()) {
            if (s.name().equals(name)) {
                return s;
            }
            names.add(s.name());
        }
        throw new IllegalArgumentException("no catalogue scenario '" + name + "'; known: " + names);
    }

    // ------------------------------------------------------------------ Bevy PR #1471's test plan

    /** The changer runs before the detector; changes over three frames. */
    public static Scenario basic(Target t) {
        return ordered("Basic", t, true, 3, "the changing system runs before the detecting system");
    }

    /** The changer runs after the detector: a flag cleared at frame end loses the change. */
    public static Scenario atLeastOnce(Target t) {
        return ordered("At Least Once", t, false, 3, "the changing system runs after the detecting system");
    }

    /** Changes in frame 0 only; every later run of the detector must report nothing more. */
    public static Scenario atMostOnce(Target t) {
        return ordered("At Most Once", t, true, 1, "the changing system changes once, before the detecting system;"
                + " the detector keeps running and must report each change once");
    }

    /**
     * Changes in an earlier stage than the detector, so even commands (additions and removals) are
     * applied before it: each must be reported in the same frame.
     */
    public static Scenario fastDetection(Target t) {
        ScenarioBuilder b = base("Fast Detection", t, "the changing system runs in an earlier stage; the detector must"
                + " report in the same frame")
                .stage("change", st -> st.system("changer", changer(t)))
                .stage("detect", st -> st.system("detector", detector(t)))
                .frames(3);
        script(b, t, "changer", 3);
        return b.build();
    }

    /**
     * Changer and detector in one stage with no constraint between them: an ambiguous pair whose order
     * the seeded executors flip from frame to frame and seed to seed.
     */
    public static Scenario ambiguousOrdering(Target t) {
        ScenarioBuilder b = base("Ambiguous System Ordering Robustness", t, "changer and detector are unordered: the"
                + " order flips between frames and seeds")
                .stage("update", st -> st.system("changer", changer(t)).system("detector", detector(t)))
                .frames(3);
        script(b, t, "changer", 3);
        return b.build();
    }

    /** The changer runs in frame 0 only; the detector is paused until frame 2. */
    public static Scenario systemPausing(Target t) {
        ScenarioBuilder b = base("System Pausing", t, "the changer runs in frame 0 only; the detector is paused until"
                + " it runs once in frame 2")
                .pauses("changer-runs", "100")
                .pauses("detector-runs", "001")
                .stage("update", st -> st.system("changer", s -> changer(t).accept(s.pausedBy("changer-runs").before("detector")))
                        .system("detector", s -> detector(t).accept(s.pausedBy("detector-runs"))))
                .frames(3);
        script(b, t, "changer", 1);
        return b.build();
    }

    /**
     * Two systems add the same data in one frame (Bevy #333 and #1443): the first insert is an
     * addition, the second a mutation; the detector must see Added and Mutated accordingly.
     */
    public static Scenario additionCausesMutation(Target t) {
        ScenarioBuilder b = base("Addition Causes Mutation", t, "two adding systems add the same data in one frame")
                .stage("add", st -> st.system("adder1", s -> s.before("adder2")).system("adder2", s -> { }))
                .stage("detect", st -> st.system("detector", detector(t)))
                .frames(2);
        if (t == Target.COMPONENT) {
            b.command(0, "adder1", EditOp.INSERT, "e1", Data.A, 1).command(0, "adder2", EditOp.INSERT, "e1", Data.A, 2);
        } else {
            b.command(0, "adder1", EditOp.INSERT, null, Data.Q, 1).command(0, "adder2", EditOp.INSERT, null, Data.Q, 2);
        }
        return b.build();
    }

    /**
     * The adder sends a command in Update; the detector runs after it in the same stage, in frames 0
     * and 1: the change can only be seen in frame 1 (Bevy PR #1471's "Changes Made By Commands").
     */
    public static Scenario changesMadeByCommands(Target t) {
        ScenarioBuilder b = base("Changes Made By Commands", t, "the adder's command is applied after the detector ran;"
                + " the detector must see it in frame 1")
                .stage("update", st -> st.system("adder", s -> s.before("detector")).system("detector", detector(t)))
                .frames(2);
        if (t == Target.COMPONENT) {
            b.command(0, "adder", EditOp.INSERT, "e1", Data.A, 1);
        } else {
            b.command(0, "adder", EditOp.INSERT, null, Data.Q, 1);
        }
        return b.build();
    }

    // ------------------------------------------------------------------ Bevy's later history

    /**
     * Bevy #10625: a spawn (or resource insert) through commands is seen one run late, never lost and
     * never twice.
     */
    public static Scenario spawnSeenOneRunLate(Target t) {
        ScenarioBuilder b = base("Bevy #10625 spawn via commands", t, "a spawn through commands is seen by the"
                + " detector's next run")
                .stage("update", st -> st.system("spawner", s -> s.before("detector")).system("detector", detector(t)))
                .frames(3);
        if (t == Target.COMPONENT) {
            b.command(0, "spawner", EditOp.SPAWN, "n0", Data.A, 1).command(1, "spawner", EditOp.SPAWN, "n1", Data.A, 2);
        } else {
            b.command(0, "spawner", EditOp.INSERT, null, Data.Q, 1);
        }
        return b.build();
    }

    /**
     * Bevy #13758: a looping stage (like FixedUpdate running twice in a frame, then not at all) loses
     * removals. The remover removes in the second iteration, after the detector; the stage is skipped in
     * frame 1 and runs again in frame 2.
     */
    public static Scenario loopingStageRemovals(Target t) {
        ScenarioBuilder b = base("Bevy #13758 looping stage removals", t, "a removal in a looping stage, then a frame"
                + " in which the stage does not run")
                .pauses("fixed", "101")
                .loopingStage("fixed", 2, st -> st
                        .system("detector", s -> detector(t).accept(s.pausedBy("fixed").before("remover")))
                        .system("remover", s -> s.pausedBy("fixed")))
                .frames(3);
        if (t == Target.COMPONENT) {
            b.edit(new dev.ecslab.lab.scenario.Edit(0, 1, "remover", EditOp.REMOVE, "e2", Data.A, 0));
            b.edit(new dev.ecslab.lab.scenario.Edit(0, 1, "remover", EditOp.DESPAWN, "e3", null, 0));
        } else {
            b.edit(new dev.ecslab.lab.scenario.Edit(0, 1, "remover", EditOp.REMOVE, null, Data.R, 0));
        }
        return b.build();
    }

    /** Bevy #5618: an equal write through setIfChanged is no change; a different one is. */
    public static Scenario setIfChangedEqualWrite(Target t) {
        ScenarioBuilder b = base("Bevy #5618 setIfChanged", t, "an equal write through setIfChanged must not be reported")
                .stage("update", st -> st.system("changer", changer(t)).system("detector", s -> detector(t).accept(s.after("changer"))))
                .frames(3);
        if (t == Target.COMPONENT) {
            b.setIfChanged(0, "changer", "e0", Data.A, 0).setIfChanged(1, "changer", "e0", Data.A, 7)
                    .setIfChanged(2, "changer", "e0", Data.A, 7);
        } else {
            b.setIfChanged(0, "changer", null, Data.R, 0).setIfChanged(1, "changer", null, Data.R, 7)
                    .setIfChanged(2, "changer", null, Data.R, 7);
        }
        return b.build();
    }

    /**
     * The world's tick starts a few hundred below the 32-bit wrap; ten frames of changes cross it (each
     * frame takes a handful of ticks), with a detector before and one after the changer.
     */
    public static Scenario tickWraparound(Target t) {
        ScenarioBuilder b = base("Tick wraparound", t, "the change tick crosses 2^32 during the run")
                .startTick(-40)
                .stage("update", st -> st.system("early", detector(t)).system("changer", s -> changer(t).accept(s.after("early")))
                        .system("detector", s -> detector(t).accept(s.after("changer"))))
                .frames(12);
        for (int f = 0; f < 12; f += 3) {
            scriptAt(b, t, "changer", f, 3);
        }
        return b.build();
    }

    // ------------------------------------------------------------------ structures Bevy PR #1471 assumes

    /**
     * A stage that loops three times in a frame, with changes in every iteration (direct writes and
     * commands), each before the detector: every change must be reported in its own iteration, once.
     */
    public static Scenario loopingStageChanges(Target t) {
        ScenarioBuilder b = base("Looping stage changes", t, "a stage runs three iterations per frame and changes data in"
                + " each, before the detector")
                .loopingStage("fixed", 3, st -> st.system("changer", s -> changer(t).accept(s.before("detector")))
                        .system("detector", detector(t)))
                .frames(2);
        for (int it = 0; it < 3; it++) {
            if (t == Target.COMPONENT) {
                b.edit(new dev.ecslab.lab.scenario.Edit(0, it, "changer", EditOp.SET, "e0", Data.A, 10 + it));
                b.edit(new dev.ecslab.lab.scenario.Edit(1, it, "changer", EditOp.SET, "e2", Data.A, 20 + it));
            } else {
                b.edit(new dev.ecslab.lab.scenario.Edit(0, it, "changer", EditOp.SET, null, Data.R, 10 + it));
            }
        }
        if (t == Target.COMPONENT) {
            b.edit(new dev.ecslab.lab.scenario.Edit(0, 1, "changer", EditOp.INSERT, "e1", Data.A, 1));
            b.edit(new dev.ecslab.lab.scenario.Edit(1, 2, "changer", EditOp.REMOVE, "e1", Data.A, 0));
        } else {
            b.edit(new dev.ecslab.lab.scenario.Edit(0, 1, "changer", EditOp.INSERT, null, Data.Q, 1));
            b.edit(new dev.ecslab.lab.scenario.Edit(1, 2, "changer", EditOp.SET, null, Data.Q, 2));
        }
        return b.build();
    }

    /**
     * An exclusive changer and a main-thread detector (both run on the thread that runs the schedule),
     * with a normal bystander that conflicts with both and is ordered with neither: an executor must
     * never run the bystander beside either, and must run both on the caller's thread.
     */
    public static Scenario exclusiveAndMainThread(Target t) {
        Data shared = t == Target.COMPONENT ? Data.A : Data.R;
        ScenarioBuilder b = base("Exclusive and main-thread systems", t, "an exclusive changer before a main-thread detector,"
                + " and a bystander that conflicts with both, unordered")
                .stage("update", st -> st
                        .system("changer", s -> changer(t).accept(s.exclusive().before("detector")))
                        .system("detector", s -> detector(t).accept(s.mainThread()))
                        .system("bystander", s -> s.writes(shared)))
                .frames(3);
        script(b, t, "changer", 3);
        for (int f = 0; f < 3; f++) {
            if (t == Target.COMPONENT) {
                b.set(f, "bystander", "e2", Data.A, 30 + f);
            } else {
                b.setResource(f, "bystander", Data.R, 30 + f);
            }
        }
        return b.build();
    }

    /**
     * Two systems with no order between them send commands that do not commute (two inserts of the same
     * data with different values): the buffers must be applied in the stage's topological order, the
     * earlier-declared first, never in the order the systems happened to finish (the "score text
     * sometimes not visible" race of Bevy PR #1144, executor v2).
     */
    public static Scenario commandsMergedInOrder(Target t) {
        ScenarioBuilder b = base("Commands merged in topological order", t, "two unordered systems insert the same data"
                + " with different values; the later-declared one's value must win")
                .stage("update", st -> st.system("first", s -> { }).system("second", s -> { }))
                .stage("detect", st -> st.system("detector", detector(t)))
                .frames(2);
        for (int f = 0; f < 2; f++) {
            if (t == Target.COMPONENT) {
                b.command(f, "first", EditOp.INSERT, "e1", Data.A, 10 + f).command(f, "second", EditOp.INSERT, "e1", Data.A, 20 + f);
            } else {
                b.command(f, "first", EditOp.INSERT, null, Data.Q, 10 + f).command(f, "second", EditOp.INSERT, null, Data.Q, 20 + f);
            }
        }
        return b.build();
    }

    /**
     * The insertion-order policy (Arch.Scheduled, the thesis diary): no declared constraint, but the
     * detector, the changer and a second detector conflict, so they are ordered as declared: the first
     * detector sees each change a frame later, the second in the same frame.
     */
    public static Scenario insertionOrder(Target t) {
        ScenarioBuilder b = base("Insertion order", t, "no declared constraints; conflicting systems run in the order they"
                + " were declared")
                .insertionOrder()
                .stage("update", st -> st.system("early", detector(t)).system("changer", changer(t))
                        .system("late", detector(t)))
                .frames(3);
        script(b, t, "changer", 3);
        return b.build();
    }

    // ------------------------------------------------------------------ scale and time

    /**
     * Bevy #8029: parallel iteration ({@code par_iter}) compared changes with the world's last
     * {@code clear_trackers} tick instead of the system's previous run, so a system that ran early in a
     * frame never saw what later systems changed after it. Here the detector walks its change queries in
     * parallel slices over 600 rows and the changer runs after it: each change must be seen by the
     * detector's run in the next frame, once.
     */
    public static Scenario parallelIterationTicks() {
        ScenarioBuilder b = base("Bevy #8029 parallel iteration", Target.COMPONENT, "the detector walks its change queries in"
                + " parallel; the changer runs after it, so every change is seen a frame later")
                .group("g0", 600, Map.of(Data.A, 0))
                .stage("update", st -> st
                        .system("detector", s -> parallelDetector(s).watch(Data.A, WatchKind.REMOVED).watch(Data.S, WatchKind.REMOVED))
                        .system("changer", s -> changer(Target.COMPONENT).accept(s.after("detector"))))
                .frames(3);
        script(b, Target.COMPONENT, "changer", 3);
        b.bulk(0, 0, "changer", EditOp.SET, "g0", Data.A, 4, 15, 64, 9);           // rows 15, 79, ... 527
        b.bulk(1, 0, "changer", EditOp.INSERT, "g0", Data.S, 1, 255, 1, 3);        // the rows where slices 1 and 2 meet
        b.bulk(2, 0, "changer", EditOp.SET, "g0", Data.A, 5, 511, 1, 2);
        return b.build();
    }

    /**
     * A table of 2 200 rows ({@code g0}'s 1 100 members are rows 0..1 099, {@code g1}'s 1 100 are rows
     * 1 100..2 199) and a sparse set of 1 100 ({@code g1}'s): the first writes land on the rows where the
     * {@code generation} strategy's 16-row blocks and 1 024-row groups meet (15, 16, 1023, 1024 of
     * {@code g0}; 2047, 2048, which are {@code g1#947} and {@code g1#948}; sparse rows 15 and 1023); then
     * an archetype move of every 16th row from 1008 (whose holes the table's last rows fill, from other
     * blocks and groups), writes to every 17th row, despawns of a run of rows across the 1 024
     * boundary, 300 entities spawned into the table through commands and sparse removals across 1 024.
     * Detectors before and after the changer watch all four filters; a third is paused every other
     * frame.
     */
    public static Scenario largeTableBoundaries() {
        ScenarioBuilder b = Scenario.builder("Large table block and group boundaries" + Target.COMPONENT.suffix())
                .describe("2 200 rows; changes on the rows where 16-row blocks and 1 024-row groups meet, moves, despawns"
                        + " and a bulk spawn")
                .group("g0", 1100, Map.of(Data.A, 0))
                .group("g1", 1100, Map.of(Data.A, 0, Data.S, 0))
                .pauses("every-other", "01")
                .stage("update", st -> st
                        .system("early", detector(Target.COMPONENT))
                        .system("changer", s -> changer(Target.COMPONENT).accept(s.after("early")))
                        .system("late", s -> detector(Target.COMPONENT).accept(s.after("changer")))
                        .system("paused", s -> detector(Target.COMPONENT).accept(s.after("changer").pausedBy("every-other"))))
                .frames(4);
        for (String m : new String[] {"g0#15", "g0#16", "g0#1023", "g0#1024", "g1#947", "g1#948"}) {
            b.set(0, "changer", m, Data.A, 1);
        }
        b.bulk(0, 0, "changer", EditOp.SET, "g1", Data.S, 1, 15, 1008, 2);          // sparse rows 15 and 1023
        b.bulk(1, 0, "changer", EditOp.SET, "g0", Data.A, 2, 1007, 1, 3);          // 1007, 1008, 1009
        b.bulk(1, 0, "changer", EditOp.INSERT, "g0", Data.B, 1, 1008, 16, 6);      // moves: holes filled from the end
        b.bulk(2, 0, "changer", EditOp.SET, "g1", Data.A, 3, 0, 17, 65);           // every 17th row of g1: every block
        b.bulk(2, 0, "changer", EditOp.DESPAWN, "g0", null, 0, 1019, 1, 10);       // a run across the group boundary
        b.bulk(2, 0, "changer", EditOp.SPAWN, "n0", Data.A, 7, 0, 1, 300);
        b.bulk(3, 0, "changer", EditOp.REMOVE, "g1", Data.S, 0, 1000, 1, 40);      // sparse removals across 1 024
        b.set(3, "changer", "g1#1099", Data.A, 9);                                 // the table's last row at setup
        return b.build();
    }

    /**
     * Tick expiration: the detector runs before the changer, and between the changer's write and the
     * detector's next run the clock jumps past the maximum change age (Bevy's {@code MAX_CHANGE_AGE}).
     * Under Bevy's semantics the change is clamped away (not reported); a tick-free strategy reports it
     * on time; both are correct, and nothing else is: a late report, or the change coming back after
     * a further jump of 2<sup>32</sup>, fails. Changes after the expiring jump must be reported as usual.
     */
    public static Scenario tickExpiration(Target t) {
        ScenarioBuilder b = base("Tick expiration", t, "the clock jumps past the maximum change age between a change and"
                + " the detector's next run; the change may be reported then or never, never later")
                .stage("update", st -> st.system("detector", detector(t))
                        .system("changer", s -> changer(t).accept(s.after("detector"))))
                .frames(4)
                .clockJump(1, ClockJump.MAX_AGE + (1L << 26))
                .clockJump(2, 1L << 32)
                .clockJump(3, 3L << 30);
        script(b, t, "changer", 3);
        scriptAt(b, t, "changer", 3, 1);
        return b.build();
    }

    /**
     * The expiration boundary, to the tick: the detector runs first in every frame, before the changer,
     * and before each frame after the first the clock jumps so far ({@link dev.ecslab.lab.scenario.AgeJump})
     * that the changer's last change of the frame before is, at the detector's run, exactly one tick
     * younger than the maximum change age (frames 1 and 4: it must be reported), exactly the maximum age
     * (frame 2) or one tick older (frame 3): there either answer is right. A strategy whose age test is one
     * tick off either way fails here and nowhere else.
     */
    public static Scenario changeAtTheMaximumAge(Target t) {
        ScenarioBuilder b = base("Change at the maximum age", t, "the clock jumps so that the last change is exactly"
                + " MAX_AGE - 1, MAX_AGE and MAX_AGE + 1 ticks old at the detector's next run")
                .stage("update", st -> st.system("detector", detector(t))
                        .system("changer", s -> changer(t).accept(s.after("detector"))))
                .frames(4)
                .ageJump(1, 1)
                .ageJump(2, 0)
                .ageJump(3, -1)
                .ageJump(4, 1);
        // One change per frame, each of its own entity (or resource, alternately), so no report of a later
        // change can stand for a missed one.
        if (t == Target.COMPONENT) {
            b.entity("e4", Data.A, 0);
            b.set(0, "changer", "e0", Data.A, 1).set(1, "changer", "e3", Data.S, 2).set(2, "changer", "e2", Data.A, 3)
                    .set(3, "changer", "e4", Data.A, 4);
        } else {
            b.resource(Data.Q, 0);
            for (int f = 0; f < 4; f++) {
                b.setResource(f, "changer", f % 2 == 0 ? Data.R : Data.Q, 1 + f);
            }
        }
        return b.build();
    }

    /**
     * Clock jumps of 2<sup>31</sup> before every frame: the 32-bit clock wraps every other frame and
     * every old tick must be clamped. A detector that runs every frame must not see old changes come
     * back when the clock laps them; one paused for a frame has a previous run more than 2<sup>32</sup>
     * ticks old when it runs again, and must still see the change made in between (only if its own
     * tick was clamped does it not look newer than that change); one after the changer sees each change
     * in its own frame.
     */
    public static Scenario clockJumpsPastTheWrap(Target t) {
        ScenarioBuilder b = base("Clock jumps past the wrap", t, "the clock jumps 2^31 before every frame, wrapping and"
                + " clamping; a detector paused across two jumps must still see what changed in between")
                .startTick(-1_000)
                .pauses("odd-frames-off", "10")
                .stage("update", st -> st.system("early", detector(t))
                        .system("changer", s -> changer(t).accept(s.after("early")))
                        .system("paused", s -> detector(t).accept(s.pausedBy("odd-frames-off").before("changer")))
                        .system("late", s -> detector(t).accept(s.after("changer"))))
                .frames(6);
        for (int f = 1; f < 8; f++) {
            b.clockJump(f, 1L << 31);
        }
        script(b, t, "changer", 3);
        scriptAt(b, t, "changer", 3, 3);
        return b.build();
    }

    /**
     * Two looping stages and a plain one after them. The changer of the first (three iterations)
     * changes data in iteration 0 only, by direct writes and by commands; a detector after it in the
     * same stage must see each change in that iteration, one before it in iteration 1; the second
     * looping stage (two iterations) changes in its iteration 0 and its detector runs before its
     * changer; the last stage's detector must see everything of the frame, once.
     */
    public static Scenario loopingStagesEarlyChanges(Target t) {
        Data first = t == Target.COMPONENT ? Data.A : Data.R;
        Data second = t == Target.COMPONENT ? Data.S : Data.Q;
        ScenarioBuilder b = base("Looping stages early changes", t, "changes in the first iteration of two looping"
                + " stages, seen by later iterations and by the stage after them")
                .loopingStage("fixed", 3, st -> st
                        .system("before", s -> detector(t).accept(s.before("changer")))
                        .system("changer", s -> s.writes(first))
                        .system("after", s -> detector(t).accept(s.after("changer"))))
                .loopingStage("fixed2", 2, st -> st
                        .system("detector2", s -> detector(t).accept(s.before("changer2")))
                        .system("changer2", s -> s.writes(second)))
                .stage("late", st -> st.system("late", detector(t)))
                .frames(3);
        for (int f = 0; f < 3; f++) {
            if (t == Target.COMPONENT) {
                b.edit(new Edit(f, 0, "changer", EditOp.SET, "e0", Data.A, 10 + f));
                b.edit(new Edit(f, 0, "changer2", EditOp.SET, "e3", Data.S, 20 + f));
            } else {
                b.edit(new Edit(f, 0, "changer", EditOp.SET, null, Data.R, 10 + f));
            }
        }
        if (t == Target.COMPONENT) {
            b.edit(new Edit(0, 0, "changer", EditOp.INSERT, "e1", Data.A, 1));
            b.edit(new Edit(1, 0, "changer2", EditOp.INSERT, "e1", Data.S, 1));
            b.edit(new Edit(2, 0, "changer", EditOp.REMOVE, "e2", Data.A, 0));
            b.edit(new Edit(2, 0, "changer2", EditOp.REMOVE, "e3", Data.S, 0));
        } else {
            b.edit(new Edit(0, 0, "changer2", EditOp.INSERT, null, Data.Q, 1));
            b.edit(new Edit(1, 0, "changer2", EditOp.SET, null, Data.Q, 2));
            b.edit(new Edit(2, 0, "changer", EditOp.REMOVE, null, Data.R, 0));
            b.edit(new Edit(2, 0, "changer2", EditOp.REMOVE, null, Data.Q, 0));
        }
        return b.build();
    }

    // ------------------------------------------------------------------ building blocks

    /**
     * Observers that join late and leave, so that components go unobserved (and untracked)
     * for a while. {@code early} watches {@code A} in frames 0 and 1 and leaves; {@code returning}
     * watches Changed {@code A} in frames 0 and 1 and again from frame 4 (both run before the changer);
     * so from frame 2 until {@code late} joins in frame 3 nobody observes {@code A}, while the changer
     * writes it (three single entities, and rows
     * 15, 16 and 31 of a 40-row group, across a 16-row block boundary). {@code late} joins in frame 3,
     * before the changer, and must report what was written meanwhile; {@code late2} joins in frame 3
     * after the changer, while {@code late} already observes. {@code late} also watches {@code S} from
     * frame 1, which nobody observed in frame 0, when the changer added it to {@code e1}.
     */
    public static Scenario observersJoinAndLeave() {
        ScenarioBuilder b = base("Observers join and leave", Target.COMPONENT, "watches of A leave in frame 2 and"
                + " join in frames 3 and 4; A is written while nobody observes it")
                .group("g0", 40, Map.of(Data.A, 0))
                .stage("update", st -> st
                        .system("early", s -> s.watchAllDuring(Data.A, 0, 2).before("changer"))
                        .system("returning", s -> s.watchDuring(Data.A, WatchKind.CHANGED, 0, 2)
                                .watchDuring(Data.A, WatchKind.CHANGED, 4, null).before("changer"))
                        .system("late", s -> s.watchAllDuring(Data.A, 3, null).watchAllDuring(Data.S, 1, null)
                                .before("changer"))
                        .system("changer", s -> s.writes(Data.A, Data.S))
                        .system("late2", s -> s.watchAllDuring(Data.A, 3, null).after("changer")))
                .frames(5);
        script(b, Target.COMPONENT, "changer", 3);
        b.set(2, "changer", "e2", Data.A, 7);           // e2 lost A in frame 1; frame 2's writes are unobserved
        b.bulk(2, 0, "changer", EditOp.SET, "g0", Data.A, 3, 15, 1, 2);  // rows 15 and 16
        b.bulk(2, 0, "changer", EditOp.SET, "g0", Data.A, 3, 31, 1, 1);
        b.set(3, "changer", "e0", Data.A, 9);
        b.set(4, "changer", "e1", Data.A, 8);
        return b.build();
    }

    /**
     * Queries built in a run, as an engine builds a change-filtered query lazily on first use: {@code inRun}
     * builds its queries of {@code A} inside its frame-1 run, after the changer, beside {@code old}'s query
     * built before frame 0; {@code starts} builds the first query of {@code S} ever (nobody observed it
     * before) in frame 2; {@code holder}, an exclusive system, builds one holding the whole world in frame 2.
     * The changer's commands add and remove {@code A} and {@code S} in the frames around, so each query's first
     * evaluation sees changes that commands made before it was built; the changer writes {@code S} in frame 2
     * while nobody observes it, just before {@code starts} builds its query. A query built in a run must report
     * each change in its window once: {@code system-data} once reported rows a second time here, and a strategy
     * that drops the world's announcement of the rows made inside a run misses the write of {@code S}.
     */
    public static Scenario queriesBuiltInRuns() {
        ScenarioBuilder b = base("Queries built in a run", Target.COMPONENT, "change-filtered queries built inside running"
                + " systems (one beside an older query, one that starts observing S, one in an exclusive system), after"
                + " commands changed what they select")
                .group("g0", 20, Map.of(Data.A, 0))
                .stage("update", st -> st
                        .system("old", s -> s.watch(Data.A, WatchKind.CHANGED).before("changer"))
                        .system("changer", changer(Target.COMPONENT))
                        .system("inRun", s -> s.watchBuiltInRun(Data.A, WatchKind.ADDED, 1, null)
                                .watchBuiltInRun(Data.A, WatchKind.MUTATED, 1, null)
                                .watchBuiltInRun(Data.A, WatchKind.CHANGED, 1, null).after("changer"))
                        .system("starts", s -> s.watchBuiltInRun(Data.S, WatchKind.CHANGED, 2, null).after("changer"))
                        .system("holder", s -> s.exclusive().watchBuiltInRun(Data.A, WatchKind.CHANGED, 2, null)
                                .after("changer")))
                .frames(4);
        script(b, Target.COMPONENT, "changer", 3);
        b.bulk(1, 0, "changer", EditOp.SET, "g0", Data.A, 3, 15, 1, 2);
        b.set(2, "changer", "e3", Data.S, 8);          // before the first query of S, in the frame it is built
        b.set(3, "changer", "e3", Data.S, 9);
        return b.build();
    }

    private static Scenario ordered(String name, Target t, boolean changerFirst, int scriptFrames, String description) {
        ScenarioBuilder b = base(name, t, description)
                .stage("update", st -> {
                    if (changerFirst) {
                        st.system("changer", s -> changer(t).accept(s.before("detector"))).system("detector", detector(t));
                    } else {
                        st.system("detector", detector(t)).system("changer", s -> changer(t).accept(s.after("detector")));
                    }
                })
                .frames(Math.max(3, scriptFrames));
        script(b, t, "changer", scriptFrames);
        return b.build();
    }

    private static ScenarioBuilder base(String name, Target t, String description) {
        ScenarioBuilder b = Scenario.builder(name + t.suffix()).describe(description);
        if (t == Target.COMPONENT) {
            b.entity("e0", Data.A, 0)
                    .entity("e1", Data.B, 0)
                    .entity("e2", Map.of(Data.A, 0, Data.B, 0))
                    .entity("e3", Map.of(Data.A, 0, Data.S, 0));
        } else {
            b.resource(Data.R, 0);
        }
        return b;
    }

    private static Consumer<ScenarioBuilder.SystemBuilder> changer(Target t) {
        return t == Target.COMPONENT ? s -> s.writes(Data.A, Data.S) : s -> s.writes(Data.R, Data.Q);
    }

    /** A component detector whose Added, Mutated and Changed queries of A and S are walked in parallel. */
    private static ScenarioBuilder.SystemBuilder parallelDetector(ScenarioBuilder.SystemBuilder s) {
        for (Data d : List.of(Data.A, Data.S)) {
            for (WatchKind k : List.of(WatchKind.ADDED, WatchKind.MUTATED, WatchKind.CHANGED)) {
                s.watchParallel(d, k);
            }
        }
        return s;
    }

    private static Consumer<ScenarioBuilder.SystemBuilder> detector(Target t) {
        return t == Target.COMPONENT ? s -> s.watchAll(Data.A).watchAll(Data.S) : s -> s.watchAll(Data.R).watchAll(Data.Q);
    }

    /** The change script (see the class comment), its first {@code frames} frames, from frame 0. */
    private static void script(ScenarioBuilder b, Target t, String system, int frames) {
        scriptAt(b, t, system, 0, frames);
    }

    private static void scriptAt(ScenarioBuilder b, Target t, String system, int at, int frames) {
        int round = at;                                   // values differ per round, so equal writes are deliberate
        if (t == Target.COMPONENT) {
            String e1 = at == 0 ? "e1" : "r" + at;
            if (at > 0) {
                b.command(at, system, EditOp.SPAWN, e1, Data.B, 0);
            }
            b.set(at, system, "e0", Data.A, 1 + round);
            if (at == 0) {
                b.command(at, system, EditOp.INSERT, e1, Data.A, 1).command(at, system, EditOp.INSERT, e1, Data.S, 1);
            }
            b.command(at, system, EditOp.INSERT, "e0", Data.B, 1 + round);
            if (frames > 1) {
                if (at == 0) {
                    b.set(at + 1, system, e1, Data.A, 2).set(at + 1, system, e1, Data.S, 2);
                }
                b.command(at + 1, system, at == 0 ? EditOp.REMOVE : EditOp.INSERT, "e2", Data.A, round);
            }
            if (frames > 2) {
                if (at == 0) {
                    b.command(at + 2, system, EditOp.DESPAWN, "e3", null, 0);
                }
                b.setIfChanged(at + 2, system, "e0", Data.A, 1 + round);
                b.command(at + 2, system, EditOp.INSERT, "e0", Data.A, 5 + round);
            }
        } else {
            b.setResource(at, system, Data.R, 1 + round);
            b.command(at, system, EditOp.INSERT, null, Data.Q, 1 + round);
            if (frames > 1) {
                b.setResource(at + 1, system, Data.Q, 2 + round);
                b.command(at + 1, system, EditOp.REMOVE, null, Data.R, 0);
            }
            if (frames > 2) {
                b.command(at + 2, system, EditOp.INSERT, null, Data.R, 3 + round);
                b.setIfChanged(at + 2, system, null, Data.Q, 2 + round);
            }
        }
    }
}
