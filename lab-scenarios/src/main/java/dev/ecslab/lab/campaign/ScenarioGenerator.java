package dev.ecslab.lab.campaign;

import dev.ecslab.lab.scenario.AgeJump;
import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.PaddingSpec;
import dev.ecslab.lab.scenario.PauseSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Random whole scenarios from {@link Choices}. The distribution (each share is per scenario unless
 * it says otherwise; {@link #generate} documents the order of the draws):
 *
 * <table>
 *   <caption>What a generated scenario holds</caption>
 *   <tr><th>part</th><th>distribution</th></tr>
 *   <tr><td>world size</td><td>1 to 6 single entities (over {@code A}, {@code B} and the sparse-set
 *       {@code S}), and with it: 67 % nothing more; 25 % a group of 17 to 100 entities (a table or
 *       sparse set that crosses 16-row blocks); 7 % a group of 1 025 to 2 100 (crosses a 1 024-row
 *       group), half of them with a second group of 17 to 100; 1 % a group of 10 000 to 10 500. A
 *       group's entities have {@code A} (80 %), {@code B} (30 %), {@code S} (50 %), at least one</td></tr>
 *   <tr><td>resources</td><td>{@code R} 60 %, {@code Q} 30 %</td></tr>
 *   <tr><td>clock</td><td>10 % start within 2 000 ticks below the 32-bit wrap; 15 % have 1 to 3 clock
 *       jumps at distinct frame boundaries, each 2<sup>30</sup>, 2<sup>31</sup>, 3·2<sup>30</sup>,
 *       2<sup>32</sup> − 7, 2<sup>33</sup> + 12 345 or the maximum change age + 2<sup>25</sup> (any
 *       sum of them is clear of the expiration horizon, see {@link ClockJump})</td></tr>
 *   <tr><td>age jumps</td><td>drawn last: 10 % have 1 or 2 {@link AgeJump}s, each before a frame that
 *       follows one with edits and has no fixed jump, landing that frame's last change 2, 1, 0 or −1
 *       ticks short of the maximum change age at the next frame's first tick</td></tr>
 *   <tr><td>schedule</td><td>insertion-order policy 15 %; 1 to 3 stages, each looping (2 or 3
 *       iterations) with 25 %; 2 to 12 systems, each in a random stage</td></tr>
 *   <tr><td>fixed steps</td><td>(drawn after the age jumps) 12 %: one of the scenario's own stages runs
 *       0 to 3 times per frame by a pattern of 2 to 5 digits, as a fixed-timestep schedule does
 *       ({@link StageSpec#stepsPerFrame()})</td></tr>
 *   <tr><td>a system</td><td>writes each datum with 25 %; watches 1 or 2 data (the first system
 *       always, others 45 %), all four filters at once 30 %, and a component's Added, Mutated or
 *       Changed is walked in parallel 20 %; a With or Without filter 15 % each; exclusive 6 % and
 *       main-thread 6 %; paused by a pattern of 2 to 4 frames 12 %; before/after each earlier
 *       system of its stage 30 %, else {@code ambiguousWith} 4 %</td></tr>
 *   <tr><td>crowd</td><td>(drawn after everything else) 5 %: a last stage of 17 to 48 more systems
 *       in a chain, each writing a component of the first entity (50 % per frame) and watching it
 *       Changed, so system ids pass 16 and 32</td></tr>
 *   <tr><td>big worlds</td><td>(drawn after the crowd, each independent of the others) padding 8 %:
 *       component-less entities spawned before the setup ({@link PaddingSpec}), 65 536 to 69 631 kept
 *       (75 %, so every entity of the scenario has an index past 2<sup>16</sup>) or none, and (always when
 *       none are kept, else 50 %) 16 to 1 024 slots spawned and despawned 2 to 63 times, which the
 *       scenario's first entities take in their old generation; a mass stage 4 %: a group {@code big} of
 *       4 600 to 4 849 members (a table past 4 096 rows; with {@code S} 50 %, a sparse set as large),
 *       whose last 500 to 550 members one looping system despawns by commands in one frame, then spawns
 *       as many {@code reborn} entities into the freed slots and removes their {@code A}: 1 000 to 1 100
 *       removals of {@code A} in one frame, two at each reused index, after writing {@code A} of the
 *       members from 4 000 on (rows past 4 096), all watched by one later system ({@link #mass}); a
 *       throng 4 %: a last stage of 130 to 135 systems in a chain (ids past 64 and 128) watching all four
 *       change kinds of a component and of the resource {@code R}, with writes, a remove and re-insert,
 *       and resource inserts and removals in each frame ({@link #throng})</td></tr>
 *   <tr><td>long absences</td><td>(drawn after the crowd) 30 %: one or two spans of idle frames, in which
 *       the schedule does not run, before frames from 1 on; each 1, 2, 6, 7, 10, 63, 64, 65, 100, 1 000,
 *       10 000 or 10<sup>9</sup> frames long, and in a scenario without clock jumps with 30 % also a jump's
 *       ticks (the runs of the other schedules)</td></tr>
 *   <tr><td>swarm</td><td>only in {@link Space#SWARMED} (drawn last of all) 50 %: each of ten optional
 *       features (pauses, loops, clock jumps, idle frames, observers' windows, exclusive and main-thread
 *       systems, parallel walks, bulk edits, resource edits, the crowd) is taken out with even odds
 *       ({@link Swarm}). Measured against the default space (the benchmarks' results, "Swarm testing"), it
 *       killed fewer mutants within 25 scenarios (664 against 681 kills of 19 mutants over 40 seeds) and as
 *       many within 200, so it is not the default</td></tr>
 *   <tr><td>observers</td><td>(drawn after the frames and edits) each component query watch, 20 %, exists only in a window
 *       of frames: joins late 60 %, leaves 40 % (always, if it does not join late), and a quarter of
 *       those that leave return later as a second watch</td></tr>
 *   <tr><td>observation at any time</td><td>(drawn last of all) a component query watch that joins late is
 *       built inside its system's first run in its window 40 % (one from frame 0: 5 %), and a normal system
 *       with such a watch becomes exclusive 15 %; 25 %: a system of a later stage than a command on a
 *       component gets a watch on it built in its run right after the sync point that applied the command;
 *       the world observes every component from the start 10 %</td></tr>
 *   <tr><td>frames and edits</td><td>1 to 5 frames; each system 0 to 3 edits per frame, in a random
 *       iteration of its stage (so early iterations of looping stages get their share). An edit is
 *       a direct write or {@code setIfChanged} (2/7), an insert (1/7), a remove or (25 % of those)
 *       despawn (1/7), a spawn (1/7), a resource insert or remove (1/7), or, when the world has a
 *       group, a bulk edit (1/7): a write, insert, remove or despawn of every k-th member (k in 1, 2,
 *       3, 7, 16, 17, 64, 1 000; the rest of the group, or part of it), or 1 in 8 of them a bulk
 *       spawn through commands of 17 to 300 entities (10 % of those: 1 025 to 1 500). An edit of one
 *       entity picks a group member half the time, and then half the time one at a 16-row block or
 *       1 024-row group boundary (15, 16, 1 023, 1 024, ...)</td></tr>
 * </table>
 *
 * <p>Every draw of 0 is the simplest choice (a small world, no jump, one stage that does not loop,
 * two systems, no optional role, no pause, one frame), so shrinking the choices shrinks the
 * scenario; the result always validates. Structural edits on one entity (or any member of one group)
 * in one frame come from one system only, so no command can fail at its sync point.
 *
 * <p><b>Cost.</b> Measured under {@code generation}/serial ({@code ScenarioGeneratorTest} prints it):
 * a scenario of 10⁴ entities runs and is judged in about 0.15 to 0.3 s, one over 1 024 rows in about
 * 60 ms, the rest in 10 to 15 ms. Keeping the large sizes rare holds the default lab run (every
 * strategy and executor, catalogue and 200 campaign scenarios) to about 15 % more time than the
 * campaign of 1 to 6 entities took (the README has the figures). Big worlds cost more per scenario
 * (measured the same way, on a loaded machine): a throng 0.3 to 0.6 s, a mass stage 0.2 to 0.5 s, a
 * padding 20 to 60 ms; at their shares the default gate of {@code generation} took 1.10 times its wall
 * time before them under serial and 1.09 times under dynamic (interleaved runs on a shared 2-core
 * machine; 1.05 and 1.20 times the CPU time).
 *
 * <p>{@link Space#CLASSIC} is the space the generator had before scale and time (1 to 6 entities, no
 * groups, bulk edits, clock jumps, parallel walks or start near the wrap, 1 or 2 stages looping
 * twice at most): kept so a test can show which mutants need the new structures.
 */
public final class ScenarioGenerator {
    private static final Data[] COMPONENTS = {Data.A, Data.B, Data.S};
    private static final Data[] ALL = Data.values();
    /** Clock jump sizes: multiples of 2^30 below the horizon (sums of up to 3 stay clear of it), and beyond it. */
    private static final long[] JUMPS = {1L << 30, 1L << 31, 3L << 30, (1L << 32) - 7, (1L << 33) + 12_345,
            ClockJump.MAX_AGE + (1L << 25)};
    /** Strides of bulk edits: every row, sparse, across a block, across a group. */
    private static final int[] STRIDES = {1, 2, 3, 7, 16, 17, 64, 1000};

    /** Which structures the generator may use. */
    public enum Space {
        /** Everything the scenario model has (the default). */
        FULL,
        /** Only the structures of the generator before scale and time (see the class comment). */
        CLASSIC,
        /**
         * Everything, then half the scenarios go without a random subset of the optional features
         * ({@link Swarm}): not the default, because it lowered the kill rate where it was measured.
         */
        SWARMED,
        /** Everything but the big worlds (padding, mass stages, throngs): the space before them. */
        NO_BIG_WORLDS
    }

    private ScenarioGenerator() {
    }

    /** A scenario of the full space. */
    public static Scenario generate(String name, Choices c) {
        return generate(name, c, Space.FULL);
    }

    /**
     * A scenario of {@code space}. Draws, in order: the world (size class, single entities, groups),
     * the resources, the clock, the schedule (policy, stages, systems), frames, edits, clock jumps.
     */
    public static Scenario generate(String name, Choices c, Space space) {
        boolean full = space != Space.CLASSIC;
        int sizeClass = c.below(100);
        int entityCount = 1 + c.below(6);
        List<EntitySpec> entities = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < entityCount; i++) {
            Map<Data, Integer> comps = new EnumMap<>(Data.class);
            for (Data d : COMPONENTS) {
                if (c.maybe(d == Data.A ? 70 : 40)) {
                    comps.put(d, c.below(3));
                }
            }
            if (comps.isEmpty()) {
                comps.put(Data.A, 0);
            }
            entities.add(new EntitySpec("e" + i, comps));
            labels.add("e" + i);
        }
        List<GroupSpec> groups = new ArrayList<>();
        Map<String, Integer> groupSizes = new LinkedHashMap<>();
        if (full && sizeClass >= 67) {
            int size = sizeClass < 92 ? 17 + c.below(84) : sizeClass < 99 ? 1025 + c.below(1076) : 10_000 + c.below(501);
            groups.add(group("g0", size, c));
            if (sizeClass >= 92 && sizeClass < 99 && c.maybe(50)) {
                groups.add(group("g1", 17 + c.below(84), c));
            }
            groups.forEach(g -> groupSizes.put(g.label(), g.count()));
        }
        Map<Data, Integer> resources = new EnumMap<>(Data.class);
        if (c.maybe(60)) {
            resources.put(Data.R, c.below(3));
        }
        if (c.maybe(30)) {
            resources.put(Data.Q, c.below(3));
        }
        Integer startTick = c.maybe(10) && full ? -(1 + c.below(2000)) : null;

        Scenario.Ordering ordering = c.maybe(15) ? Scenario.Ordering.INSERTION_ORDER : Scenario.Ordering.EXPLICIT;
        int stageCount = 1 + c.below(full ? 3 : 2);
        int[] iterations = new int[stageCount];
        for (int s = 0; s < stageCount; s++) {
            iterations[s] = full ? (c.maybe(25) ? 2 + c.below(2) : 1) : (c.maybe(10) ? 2 : 1);
        }
        int systemCount = 2 + c.below(11);
        List<Draft> drafts = new ArrayList<>();
        List<PauseSpec> pauses = new ArrayList<>();
        for (int i = 0; i < systemCount; i++) {
            drafts.add(system(c, "s" + i, i == 0, c.below(stageCount), drafts, pauses, full));
        }

        int frames = 1 + c.below(5);
        List<Edit> edits = new ArrayList<>();
        int[] spawned = {0};
        for (int f = 0; f < frames; f++) {
            Map<String, String> structuralOwner = new HashMap<>();
            for (Draft d : drafts) {
                int count = c.below(4);
                for (int k = 0; k < count; k++) {
                    int iteration = c.below(iterations[d.stage]);
                    Edit e = edit(c, d, f, iteration, labels, groupSizes, structuralOwner, spawned, full);
                    if (e != null) {
                        edits.add(e);
                    }
                }
            }
        }
        List<ClockJump> jumps = new ArrayList<>();
        if (full && c.maybe(15)) {
            int totalFrames = frames + Scenario.QUIET_FRAMES;
            int n = 1 + c.below(3);
            Set<Integer> used = new java.util.HashSet<>();
            for (int k = 0; k < n; k++) {
                int before = c.below(totalFrames);
                long ticks = JUMPS[c.below(JUMPS.length)];
                if (used.add(before)) {
                    jumps.add(new ClockJump(before, ticks));
                }
            }
        }
        if (full) {
            observersJoinAndLeave(c, drafts, frames + Scenario.QUIET_FRAMES);
        }

        Map<Integer, List<SystemSpec>> byStage = new LinkedHashMap<>();
        for (int s = 0; s < stageCount; s++) {
            byStage.put(s, new ArrayList<>());
        }
        for (Draft d : drafts) {
            byStage.get(d.stage).add(d.spec());
        }
        List<StageSpec> stages = new ArrayList<>();
        for (int s = 0; s < stageCount; s++) {
            if (!byStage.get(s).isEmpty()) {
                stages.add(new StageSpec("stage" + s, iterations[s], byStage.get(s)));
            }
        }
        // Drawn last, so every other draw (and every scenario of a seed, but for its layout) is what it was
        // before columnar components existed.
        ValueLayout layout = c.maybe(50) ? ValueLayout.COLUMNAR : ValueLayout.REFERENCES;
        // Drawn after the layout, so every other draw of a seed is what it was before crowds existed.
        if (full && c.maybe(5)) {
            stages.add(crowd(c, entities.get(0), frames, edits));
        }
        // Drawn after the crowd, so every other draw of a seed is what it was before big worlds existed.
        PaddingSpec padding = full && space != Space.NO_BIG_WORLDS ? bigWorld(c, entities, groups, stages, frames, edits)
                : null;
        // Drawn after the big worlds, so every other draw of a seed is what it was before long absences existed.
        if (full && c.maybe(IDLE_SHARE)) {
            jumps = idleSpans(c, frames + Scenario.QUIET_FRAMES, jumps);
        }
        boolean observeEverything = false;
        if (full) {                                             // drawn after the idle spans: every other draw stays put
            stages = observedAnyTime(c, stages, edits, frames + Scenario.QUIET_FRAMES);
            observeEverything = c.maybe(10);
        }
        Scenario drawn = new Scenario(name, "generated", entities, resources, stages, pauses, frames, edits, startTick,
                ordering, groups, jumps, layout, List.of(), observeEverything, padding).validate();
        // Drawn after the idle spans, so every other draw of a seed is what it was before age jumps existed.
        drawn = full ? withAgeJumps(c, drawn) : drawn;
        // Drawn after the age jumps, so every other draw of a seed is what it was before fixed steps existed.
        drawn = full ? withFixedSteps(c, drawn) : drawn;
        // Swarm testing: the features some scenarios go without.
        drawn = space == Space.SWARMED ? Swarm.omit(drawn, Swarm.draw(c)) : drawn;
        // Drawn last of all, so every other draw of a seed is what it was before watches over sets existed.
        return full ? overSets(c, drawn) : drawn;
    }

    /** The share (in percent) of component query watches that get a {@code With} filter. */
    static final int SET_SHARE = 25;

    /**
     * Watches over sets of components: each component's Added, Mutated or Changed watch gets, with
     * {@value #SET_SHARE} %, a {@code With} filter on one other component (70 %) or on both others: the entities
     * it reports must hold them when it runs. Entities gain and lose those components through the scenario's own
     * commands, so an entity leaves and re-enters a set between and across a detector's runs.
     */
    private static Scenario overSets(Choices c, Scenario s) {
        List<StageSpec> stages = new ArrayList<>();
        List<Watch> sets = new ArrayList<>();
        List<String> owners = new ArrayList<>();
        for (StageSpec st : s.stages()) {
            List<SystemSpec> systems = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                List<Watch> ws = new ArrayList<>();
                for (Watch w : sys.watches()) {
                    if (w.data().isResource() || w.kind() == WatchKind.REMOVED || !c.maybe(SET_SHARE)) {
                        ws.add(w);
                        continue;
                    }
                    List<Data> others = new ArrayList<>(List.of(COMPONENTS));
                    others.remove(w.data());
                    List<Data> with = c.maybe(70) ? List.of(others.get(c.below(2))) : others;
                    Watch filtered = w.withSet(with);
                    ws.add(ws.contains(filtered) || sys.watches().contains(filtered) ? w : filtered);
                    if (ws.get(ws.size() - 1).overSet()) {
                        sets.add(filtered);
                        owners.add(sys.name());
                    }
                }
                systems.add(sys.withWatches(ws));
            }
            stages.add(st.withSystems(systems));
        }
        if (sets.isEmpty()) {
            return s;
        }
        Scenario filtered = s.with(s.entities(), s.groups(), stages, s.frames(), s.edits(), s.clockJumps());
        if (!c.maybe(REENTRY_SHARE)) {
            return filtered;
        }
        int pick = c.below(sets.size());
        return reentry(c, filtered, sets.get(pick), owners.get(pick));
    }

    /** The share (in percent) of scenarios with a set watch in which an entity leaves a set and comes back in one frame. */
    static final int REENTRY_SHARE = 40;

    /**
     * An entity leaves a watched set and comes back at one sync point, after a change of the watched component: a
     * system other than the detector (the entity's structural owner in that frame, if it has one, so one system
     * orders its commands) changes the component of a single entity by a command (an insert; for an {@code Added}
     * watch a remove and an insert), removes one of the set's components and inserts the set's components again. The
     * change is in the detector's window and the entity is in the set when the detector runs, so it is owed: an
     * engine that asks for membership over the whole window loses it. The scenario is returned unchanged when the
     * owner is the detector or the edits would not validate.
     */
    private static Scenario reentry(Choices c, Scenario s, Watch set, String detector) {
        Data d = set.with().get(c.below(set.with().size()));
        int frame = c.below(s.frames());
        String entity = s.entities().get(c.below(s.entities().size())).label();
        String system = s.edits().stream().filter(e -> e.frame() == frame && entity.equals(e.entity()) && e.op().isCommand())
                .map(Edit::system).findFirst().orElse(null);
        if (system == null) {
            List<String> others = s.systems().stream().map(SystemSpec::name).filter(n -> !n.equals(detector)).toList();
            system = others.isEmpty() ? detector : others.get(c.below(others.size()));
        }
        if (system.equals(detector)) {
            return s;
        }
        List<Edit> edits = new ArrayList<>(s.edits());
        if (set.kind() == WatchKind.ADDED) {
            edits.add(new Edit(frame, 0, system, EditOp.REMOVE, entity, set.data(), 0));
        }
        edits.add(new Edit(frame, 0, system, EditOp.INSERT, entity, set.data(), c.below(3)));
        edits.add(new Edit(frame, 0, system, EditOp.REMOVE, entity, d, 0));
        for (Data other : set.with()) {                           // back in the set: every component of it again
            edits.add(new Edit(frame, 0, system, EditOp.INSERT, entity, other, c.below(3)));
        }
        try {
            return s.with(s.entities(), s.groups(), s.stages(), s.frames(), edits, s.clockJumps()).validate();
        } catch (RuntimeException invalid) {
            return s;
        }
    }

    /** The name of the crowd's stage. */
    static final String CROWD_STAGE = "crowd";

    /** The share of scenarios (in percent) with long absences: frames in which the schedule does not run. */
    static final int IDLE_SHARE = 30;
    /**
     * Idle frames one span ends: either side of the frame counts a strategy might keep history for (6, 64),
     * then every power of ten up to 10^4, and 10^9 (the world ends them in one step).
     */
    static final long[] IDLE_FRAMES = {1, 2, 6, 7, 10, 63, 64, 65, 100, 1_000, 10_000, 1_000_000_000};

    /**
     * Long absences: one or two spans of idle frames (the schedule does not run, as a fixed-timestep
     * schedule with no step due, or a paused game) before distinct frames from 1 on, so a change made
     * before the span is still news to a detector that runs after it. A span's length is drawn from
     * {@link #IDLE_FRAMES}, 10^9 one time in 12. In a scenario without clock jumps, with 30 % the other
     * schedules' runs also take ticks (one of the clock jumps' sizes: any two sum clear of the maximum
     * age's margin); in one with jumps, a span before a jumping frame joins that jump.
     */
    private static List<ClockJump> idleSpans(Choices c, int totalFrames, List<ClockJump> jumps) {
        List<ClockJump> out = new ArrayList<>(jumps);
        int spans = 1 + c.below(2);
        for (int k = 0; k < spans; k++) {
            int before = 1 + c.below(totalFrames - 1);
            long idle = IDLE_FRAMES[c.below(IDLE_FRAMES.length)];
            long ticks = jumps.isEmpty() && c.maybe(30) ? JUMPS[c.below(JUMPS.length)] : 0;   // two of them sum clear
            ClockJump there = out.stream().filter(j -> j.beforeFrame() == before).findFirst().orElse(null);
            if (there == null) {
                out.add(new ClockJump(before, ticks, idle));
            } else if (there.idleFrames() == 0) {
                out.set(out.indexOf(there), new ClockJump(before, there.ticks(), idle));   // the jump's own ticks stay
            }
        }
        return out;
    }

    /** The share of scenarios (in percent) with a stage of fixed steps. */
    static final int FIXED_STEPS_SHARE = 12;

    /**
     * Fixed steps ({@link StageSpec#stepsPerFrame()}), with {@link #FIXED_STEPS_SHARE}: one of the scenario's
     * own stages (not a big world's or the crowd's) runs 0 to 3 times per frame, by a pattern of 2 to 5
     * digits (0 with 30 %, 1 with 40 %, 2 with 20 %, 3 with 10 %), the shape of a fixed-timestep schedule: a
     * frame with no step due skips the stage's detectors while the other stages go on changing what they
     * watch, and a long frame runs them several times. An edit of an iteration the stage no longer has moves
     * to its last one in that frame; in a frame of no step it is not made (as a paused system's is not).
     */
    private static Scenario withFixedSteps(Choices c, Scenario s) {
        if (!c.maybe(FIXED_STEPS_SHARE)) {
            return s;
        }
        List<Integer> own = new ArrayList<>();
        for (int i = 0; i < s.stages().size(); i++) {
            if (s.stages().get(i).name().startsWith("stage")) {
                own.add(i);
            }
        }
        if (own.isEmpty()) {
            return s;
        }
        int which = own.get(c.below(own.size()));
        StringBuilder steps = new StringBuilder();
        int length = 2 + c.below(4);
        for (int k = 0; k < length; k++) {
            int p = c.below(100);
            steps.append(p < 30 ? '0' : p < 70 ? '1' : p < 90 ? '2' : '3');
        }
        StageSpec old = s.stages().get(which);
        StageSpec stepped = StageSpec.fixedSteps(old.name(), steps.toString(), old.systems());
        List<StageSpec> stages = new ArrayList<>(s.stages());
        stages.set(which, stepped);
        java.util.Set<String> inStage = new java.util.HashSet<>();
        old.systems().forEach(x -> inStage.add(x.name()));
        List<Edit> edits = new ArrayList<>();
        for (Edit e : s.edits()) {
            int n = stepped.iterationsIn(e.frame(), s.frames());
            int cap = n > 0 ? n : stepped.iterations();
            edits.add(inStage.contains(e.system()) && e.iteration() >= cap ? e.inIteration(cap - 1) : e);
        }
        return s.with(s.entities(), s.groups(), stages, s.frames(), edits, s.clockJumps());
    }

    /**
     * With 10 %, one or two age jumps ({@link AgeJump}): before a frame that follows one with edits (and
     * has no fixed jump), the clock jumps so that the last change of the frame before is
     * {@code MAX_AGE - d} ticks old at the frame's first tick, {@code d} in {2, 1, 0, -1}: the first run of
     * the frame (d = 1) or its second (d = 2) sees it one tick short of the maximum age, or every run sees
     * it at the maximum age or beyond. Fixed jumps keep 2<sup>24</sup> ticks clear of the boundary; only
     * these reach it, to the tick.
     */
    private static Scenario withAgeJumps(Choices c, Scenario s) {
        if (!c.maybe(10)) {
            return s;
        }
        List<Integer> free = new ArrayList<>();
        for (int f = 1; f <= s.frames(); f++) {
            if (s.jumpBefore(f) == 0) {
                free.add(f);
            }
        }
        int n = 1 + c.below(2);
        List<AgeJump> ages = new ArrayList<>();
        for (int k = 0; k < n && !free.isEmpty(); k++) {
            int before = free.remove(c.below(free.size()));
            ages.add(new AgeJump(before, 2 - c.below(4)));
        }
        return ages.isEmpty() ? s : s.withAgeJumps(ages);
    }

    /**
     * Queries built inside a running system (drawn after everything else, so every other draw of a seed is
     * what it was before them): each component query watch that joins late is built in its system's first
     * run in its window with 40 % (one that exists from frame 0 with 5 %); a normal system with such a watch
     * becomes exclusive with 15 % (its query is then built on the whole world it holds); and with 25 %, when
     * a system issues a command on a component, a system of a later stage gets a new watch on it built in its
     * run of that frame (or of the next frame, if its stage is not later): the run right after the sync point
     * that applied the command. Returns the stages with those watches.
     */
    private static List<StageSpec> observedAnyTime(Choices c, List<StageSpec> stages, List<Edit> edits, int totalFrames) {
        List<StageSpec> out = new ArrayList<>();
        for (StageSpec st : stages) {
            List<SystemSpec> systems = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                List<Watch> ws = new ArrayList<>();
                boolean inRun = false;
                for (Watch w : sys.watches()) {
                    boolean query = !w.data().isResource() && w.kind() != WatchKind.REMOVED;
                    Watch built = query && c.maybe(w.firstFrame() > 0 ? 40 : 5) ? w.builtAs(Watch.Built.IN_RUN) : w;
                    inRun |= built.builtInRun();
                    ws.add(ws.contains(built) ? w : built);
                }
                SystemSpec next = sys.withWatches(ws);
                if (inRun && next.kind() == SystemSpec.Kind.NORMAL && c.maybe(15)) {
                    next = next.withKind(SystemSpec.Kind.EXCLUSIVE);
                }
                systems.add(next);
            }
            out.add(st.withSystems(systems));
        }
        List<Edit> commands = edits.stream().filter(e -> e.op().isCommand() && e.data() != null && !e.onResource()).toList();
        if (commands.isEmpty() || !c.maybe(25)) {
            return out;
        }
        Edit e = commands.get(c.below(commands.size()));
        int stageOfEdit = -1;
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).systems().stream().anyMatch(x -> x.name().equals(e.system()))) {
                stageOfEdit = i;
            }
        }
        List<int[]> candidates = new ArrayList<>();               // {stage, system, from}
        for (int i = 0; i < out.size(); i++) {
            int from = i > stageOfEdit ? e.frame() : e.frame() + 1;
            for (int j = 0; j < out.get(i).systems().size() && from < totalFrames; j++) {
                candidates.add(new int[] {i, j, from});
            }
        }
        if (candidates.isEmpty()) {
            return out;                                          // a command of the last frame, in the last stage
        }
        int[] pick = candidates.get(c.below(candidates.size()));
        WatchKind kind = WatchKind.values()[c.below(3)];
        StageSpec st = out.get(pick[0]);
        SystemSpec x = st.systems().get(pick[1]);
        Watch w = new Watch(e.data(), kind, false, pick[2] == 0 ? null : pick[2], null, Watch.Built.IN_RUN);
        boolean filtered = !x.with().isEmpty() || !x.without().isEmpty();
        if (x.watches().contains(w) || filtered && x.writes().contains(e.data())) {
            return out;                                          // it has that watch, or a filter would narrow its read
        }
        List<Watch> ws = new ArrayList<>(x.watches());
        ws.add(w);
        List<SystemSpec> systems = new ArrayList<>(st.systems());
        systems.set(pick[1], x.withWatches(ws));
        out.set(pick[0], st.withSystems(systems));
        return out;
    }

    /**
     * Big worlds, drawn last: a padding of empty entities (8 %), a mass stage over a table past 4 096 rows
     * (4 %), a throng of 130 systems or more (4 %), each independent of the others. Without them, a
     * strategy that loses changes of entities with index 4 096 or more, keeps one bit per system in a
     * {@code long}, has {@code Added} blind past system 20 or keeps 1 000 removals per frame passed every
     * gate. Returns the padding, or {@code null}; the stages, entities, groups and edits are appended to
     * the lists given.
     */
    private static PaddingSpec bigWorld(Choices c, List<EntitySpec> entities, List<GroupSpec> groups, List<StageSpec> stages,
            int frames, List<Edit> edits) {
        PaddingSpec padding = null;
        if (c.maybe(8)) {
            int kept = c.maybe(75) ? 65_536 + c.below(4_096) : 0;
            boolean recycles = kept == 0 || c.maybe(50);
            padding = recycles ? new PaddingSpec(kept, 16 + c.below(1_009), 2 + c.below(62)) : new PaddingSpec(kept, 0, 0);
        }
        if (c.maybe(4)) {
            mass(c, groups, stages, frames, edits);
        }
        if (c.maybe(4)) {
            stages.add(throng(c, entities, frames, edits));
        }
        return padding;
    }

    /**
     * A mass stage: a group {@code big} of 4 600 to 4 849 members with {@code A} (and {@code S} 50 %, a
     * sparse set as large as the table; {@code B} 25 %), a stage {@code mass} of one system {@code m0}
     * looping three times, then a stage {@code mass-watch} whose {@code m1} watches {@code A} Mutated
     * (walked in parallel 30 %) and Removed (and {@code S} Removed). In one frame, {@code m0} writes
     * {@code A} of members 4 000 to the last one it keeps (rows past 4 096; the despawned ones are the
     * last rows, so no row moves) and despawns the last 500 to 550 members by commands (its first pass),
     * spawns as many {@code reborn} entities with {@code A} by commands, into the slots just freed (its
     * second pass), and removes their {@code A} (its third pass): 1 000 removals of {@code A} or more in
     * one frame, two of them at each reused index, all seen by {@code m1}'s one run.
     */
    private static void mass(Choices c, List<GroupSpec> groups, List<StageSpec> stages, int frames, List<Edit> edits) {
        int gone = 500 + c.below(51);
        int size = 4_100 + gone + c.below(200);
        Map<Data, Integer> comps = new EnumMap<>(Data.class);
        comps.put(Data.A, c.below(3));
        if (c.maybe(50)) {
            comps.put(Data.S, c.below(3));
        }
        if (c.maybe(25)) {
            comps.put(Data.B, c.below(3));
        }
        groups.add(new GroupSpec("big", size, comps));
        int frame = c.below(frames);
        String m0 = "m0";
        edits.add(Edit.bulk(frame, 0, m0, EditOp.SET, "big", Data.A, c.below(3), 4_000, 1, size - gone - 4_000));
        edits.add(Edit.bulk(frame, 0, m0, EditOp.DESPAWN, "big", null, 0, size - gone, 1, gone));
        edits.add(Edit.bulk(frame, 1, m0, EditOp.SPAWN, "reborn", Data.A, c.below(3), 0, 1, gone));
        edits.add(Edit.bulk(frame, 2, m0, EditOp.REMOVE, "reborn", Data.A, 0, 0, 1, gone));
        List<Watch> watches = new ArrayList<>();
        watches.add(new Watch(Data.A, WatchKind.MUTATED, c.maybe(30)));
        watches.add(new Watch(Data.A, WatchKind.REMOVED));
        if (comps.containsKey(Data.S)) {
            watches.add(new Watch(Data.S, WatchKind.REMOVED));
        }
        stages.add(new StageSpec("mass", 3, List.of(new SystemSpec(m0, EnumSet.of(Data.A), EnumSet.noneOf(Data.class),
                EnumSet.noneOf(Data.class), List.of(), List.of(), List.of(), List.of(), null))));
        stages.add(new StageSpec("mass-watch", 1, List.of(new SystemSpec("m1", EnumSet.noneOf(Data.class),
                EnumSet.noneOf(Data.class), EnumSet.noneOf(Data.class), watches, List.of(), List.of(), List.of(), null))));
    }

    /**
     * A throng: 130 to 135 systems in a last stage of their own, in a chain (nothing in it is ambiguous), so
     * system ids pass 64 and 128. System {@code i} watches Added, Mutated, Changed or Removed ({@code i mod
     * 4}) of a component {@code d} of a new entity {@code throng0}, or (every eighth, kind {@code i / 8 mod
     * 4}) of the resource {@code R}, and may write what it watches. In each frame: 0 to 5 writes by random
     * members; with 50 % a random member removes {@code d} from {@code throng0} and inserts it again (by
     * commands: a removal and an addition); with 40 % a random member inserts or removes {@code R}.
     */
    private static StageSpec throng(Choices c, List<EntitySpec> entities, int frames, List<Edit> edits) {
        Data data = COMPONENTS[c.below(COMPONENTS.length)];
        String target = "throng0";
        entities.add(new EntitySpec(target, Map.of(data, c.below(3))));
        int n = 130 + c.below(6);
        List<SystemSpec> systems = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Data watched = i % 8 == 7 ? Data.R : data;
            systems.add(new SystemSpec("t" + i, EnumSet.of(watched), EnumSet.noneOf(Data.class), EnumSet.noneOf(Data.class),
                    List.of(new Watch(watched, WatchKind.values()[(i % 8 == 7 ? i / 8 : i) % 4])), List.of(),
                    i == 0 ? List.of() : List.of("t" + (i - 1)),
                    List.of(), null));
        }
        for (int f = 0; f < frames; f++) {
            int writes = c.below(6);
            for (int k = 0; k < writes; k++) {
                int i = c.below(n);
                edits.add(new Edit(f, 0, "t" + i, EditOp.SET, i % 8 == 7 ? null : target, i % 8 == 7 ? Data.R : data,
                        c.below(3)));
            }
            if (c.maybe(50)) {
                String owner = "t" + c.below(n);
                edits.add(new Edit(f, 0, owner, EditOp.REMOVE, target, data, 0));
                edits.add(new Edit(f, 0, owner, EditOp.INSERT, target, data, c.below(3)));
            }
            if (c.maybe(40)) {
                edits.add(new Edit(f, 0, "t" + c.below(n), c.maybe(50) ? EditOp.INSERT : EditOp.REMOVE, null, Data.R,
                        c.below(3)));
            }
        }
        return new StageSpec("throng", 1, systems);
    }

    /**
     * A crowd: 17 to 48 more systems in a last stage of their own, in a chain (each after the one before, so
     * nothing in it is ambiguous), each writing a component of the first entity and watching it Changed, and
     * writing it in each frame with 50 %. Without it a scenario had at most 12 systems (ids up to 13), and a
     * strategy that keeps one bit per system in a 16-bit mask, or a table of 16 systems, passed every gate.
     */
    private static StageSpec crowd(Choices c, EntitySpec target, int frames, List<Edit> edits) {
        Data data = target.components().keySet().iterator().next();
        int n = 17 + c.below(32);
        List<SystemSpec> systems = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = "c" + i;
            systems.add(new SystemSpec(name, EnumSet.of(data), EnumSet.noneOf(Data.class), EnumSet.noneOf(Data.class),
                    List.of(new Watch(data, WatchKind.CHANGED)), List.of(), i == 0 ? List.of() : List.of("c" + (i - 1)),
                    List.of(), null));
            for (int f = 0; f < frames; f++) {
                if (c.maybe(50)) {
                    edits.add(new Edit(f, 0, name, EditOp.SET, target.label(), data, c.below(3)));
                }
            }
        }
        return new StageSpec(CROWD_STAGE, 1, systems);
    }

    /** A group of {@code size} entities with A (80 %), B (30 %), S (50 %), at least one. */
    private static GroupSpec group(String label, int size, Choices c) {
        Map<Data, Integer> comps = new EnumMap<>(Data.class);
        for (Data d : COMPONENTS) {
            if (c.maybe(d == Data.A ? 80 : d == Data.B ? 30 : 50)) {
                comps.put(d, c.below(3));
            }
        }
        if (comps.isEmpty()) {
            comps.put(Data.A, 0);
        }
        return new GroupSpec(label, size, comps);
    }

    private static Draft system(Choices c, String name, boolean first, int stage, List<Draft> earlierOnes,
            List<PauseSpec> pauses, boolean full) {
        Draft d = new Draft(name, stage);
        for (Data data : ALL) {
            if (c.maybe(25)) {
                d.writes.add(data);
            }
        }
        if (first || c.maybe(45)) {                               // the first system always detects something
            int watched = 1 + c.below(2);
            for (int k = 0; k < watched; k++) {
                Data data = ALL[c.below(ALL.length)];
                if (c.maybe(30)) {
                    for (WatchKind kind : WatchKind.values()) {
                        d.addWatch(watch(c, data, kind, full));
                    }
                } else {
                    d.addWatch(watch(c, data, WatchKind.values()[c.below(4)], full));
                }
            }
        }
        boolean watchesOwnWrite = d.watches.stream().anyMatch(w -> d.writes.contains(w.data()));
        if (!watchesOwnWrite && d.writes.stream().anyMatch(x -> !x.isResource())) {
            if (c.maybe(15)) {
                d.with.add(COMPONENTS[c.below(3)]);
            }
            if (c.maybe(15)) {
                Data w = COMPONENTS[c.below(3)];
                if (!d.with.contains(w) && !d.writes.contains(w)) {
                    d.without.add(w);
                }
            }
        }
        if (c.maybe(12)) {
            d.kind = c.maybe(50) ? SystemSpec.Kind.EXCLUSIVE : SystemSpec.Kind.MAIN_THREAD;
        }
        if (c.maybe(12)) {
            String set = "p" + pauses.size();
            StringBuilder pattern = new StringBuilder();
            int len = 2 + c.below(3);
            for (int f = 0; f < len; f++) {
                pattern.append(c.maybe(60) ? '1' : '0');
            }
            pauses.add(new PauseSpec(set, pattern.toString()));
            d.pauseSet = set;
        }
        for (Draft earlier : earlierOnes) {                       // edges only from earlier to later: no cycles
            if (earlier.stage == d.stage) {
                if (c.maybe(30)) {
                    if (c.maybe(50)) {
                        d.after.add(earlier.name);
                    } else {
                        earlier.before.add(d.name);
                    }
                } else if (c.maybe(4)) {
                    d.ambiguousWith.add(earlier.name);
                }
            }
        }
        return d;
    }

    /**
     * Observers that join and leave (drawn last, so the rest of a seed's scenario is what it
     * was before them): each component query watch, with 20 %, gets a window when the run has two frames
     * or more: joins at a random later frame (60 %), leaves at a random frame after its start (40 %, or
     * always when it does not join), and one in four that leaves returns as a second watch from a later
     * frame, or the same one.
     */
    private static void observersJoinAndLeave(Choices c, List<Draft> drafts, int totalFrames) {
        if (totalFrames < 2) {
            return;
        }
        for (Draft d : drafts) {
            List<Watch> out = new ArrayList<>();
            for (Watch w : d.watches) {
                if (w.data().isResource() || w.kind() == WatchKind.REMOVED || !c.maybe(20)) {
                    out.add(w);
                    continue;
                }
                boolean joins = c.maybe(60);
                int from = joins ? 1 + c.below(totalFrames - 1) : 0;
                boolean leaves = (!joins || c.maybe(40)) && from + 1 < totalFrames;
                Integer until = leaves ? from + 1 + c.below(totalFrames - from - 1) : null;
                out.add(w.withWindow(from == 0 ? null : from, until));     // joins, or leaves (from 0 it always does)
                if (until != null && c.maybe(25)) {
                    int back = until + c.below(totalFrames - until);
                    if (back < totalFrames) {
                        out.add(w.withWindow(back == 0 ? null : back, null));
                    }
                }
            }
            d.watches.clear();
            for (Watch w : out) {
                if (!d.watches.contains(w)) {
                    d.watches.add(w);
                }
            }
        }
    }

    /** A watch; a component's Added, Mutated or Changed is walked in parallel with 20 %. */
    private static Watch watch(Choices c, Data data, WatchKind kind, boolean full) {
        boolean parallel = c.maybe(20) && full && !data.isResource() && kind != WatchKind.REMOVED;
        return new Watch(data, kind, parallel);
    }

    private static Edit edit(Choices c, Draft d, int frame, int iteration, List<String> labels, Map<String, Integer> groups,
            Map<String, String> structuralOwner, int[] spawned, boolean full) {
        int kind = c.below(full ? 7 : 6);
        List<Data> writable = new ArrayList<>(d.writes);
        if (kind == 6) {
            return groups.isEmpty() ? null : bulk(c, d, frame, iteration, groups, structuralOwner, spawned, writable);
        }
        if (kind <= 1 && !writable.isEmpty()) {                 // a direct write
            Data data = writable.get(c.below(writable.size()));
            EditOp op = kind == 0 ? EditOp.SET : EditOp.SET_IF_CHANGED;
            String entity = data.isResource() ? null : target(c, labels, groups);
            return new Edit(frame, iteration, d.name, op, entity, data, c.below(3));
        }
        if (kind == 5 || (kind <= 1 && c.maybe(30))) {         // a resource command
            Data data = c.maybe(50) ? Data.Q : Data.R;
            return new Edit(frame, iteration, d.name, c.maybe(50) ? EditOp.REMOVE : EditOp.INSERT, null, data, c.below(3));
        }
        if (kind == 4) {
            String label = "n" + spawned[0]++;
            labels.add(label);
            return new Edit(frame, iteration, d.name, EditOp.SPAWN, label, COMPONENTS[c.below(3)], c.below(3));
        }
        if (kind <= 1) {
            return null;
        }
        String entity = target(c, labels, groups);
        if (!owns(structuralOwner, owner(entity), d.name)) {
            return null;                                        // one structural owner per entity (or group) per frame
        }
        EditOp op = kind == 2 ? EditOp.INSERT : c.maybe(25) ? EditOp.DESPAWN : EditOp.REMOVE;
        return new Edit(frame, iteration, d.name, op, entity, op == EditOp.DESPAWN ? null : COMPONENTS[c.below(3)], c.below(3));
    }

    /**
     * A bulk edit over a group: a write (if the system writes a component), an insert, a remove or a
     * despawn of every k-th member, or (1 in 8) a bulk spawn of a new group through commands.
     */
    private static Edit bulk(Choices c, Draft d, int frame, int iteration, Map<String, Integer> groups,
            Map<String, String> structuralOwner, int[] spawned, List<Data> writable) {
        if (c.below(8) == 7) {
            int size = c.maybe(10) ? 1025 + c.below(476) : 17 + c.below(284);
            String label = "n" + spawned[0]++;
            groups.put(label, size);
            return Edit.bulk(frame, iteration, d.name, EditOp.SPAWN, label, COMPONENTS[c.below(3)], c.below(3), 0, 1, size);
        }
        List<String> names = new ArrayList<>(groups.keySet());
        String group = names.get(c.below(names.size()));
        int size = groups.get(group);
        int every = STRIDES[c.below(STRIDES.length)];
        int from = c.below(Math.min(size, every));
        int all = 1 + (size - 1 - from) / every;
        int count = c.maybe(50) ? all : 1 + c.below(all);
        int op = c.below(4);
        List<Data> components = writable.stream().filter(x -> !x.isResource()).toList();
        if (op == 0 && !components.isEmpty()) {
            Data data = components.get(c.below(components.size()));
            return Edit.bulk(frame, iteration, d.name, c.maybe(70) ? EditOp.SET : EditOp.SET_IF_CHANGED, group, data,
                    c.below(3), from, every, count);
        }
        if (!owns(structuralOwner, group, d.name)) {
            return null;
        }
        EditOp structural = op <= 1 ? EditOp.INSERT : c.maybe(10) ? EditOp.DESPAWN : EditOp.REMOVE;
        return Edit.bulk(frame, iteration, d.name, structural, group, structural == EditOp.DESPAWN ? null
                : COMPONENTS[c.below(3)], c.below(3), from, every, count);
    }

    /** An entity to edit: a single label, or half the time (when there are groups) a group member. */
    private static String target(Choices c, List<String> labels, Map<String, Integer> groups) {
        if (groups.isEmpty() || !c.maybe(50)) {
            return labels.get(c.below(labels.size()));
        }
        List<String> names = new ArrayList<>(groups.keySet());
        String group = names.get(c.below(names.size()));
        int size = groups.get(group);
        int index;
        if (c.maybe(50)) {                                      // at a block or group boundary
            int unit = c.maybe(70) ? 16 : 1024;
            int boundary = unit * (1 + c.below(Math.max(1, size / unit)));
            index = Math.min(size - 1, boundary - c.below(2));
        } else {
            index = c.below(size);
        }
        return GroupSpec.member(group, index);
    }

    /** The key structural edits are owned by: the group of a member, or the entity itself. */
    private static String owner(String label) {
        int at = label.indexOf(GroupSpec.SEPARATOR);
        return at < 0 ? label : label.substring(0, at);
    }

    /** True when {@code system} may make structural edits of {@code key} in this frame (and now owns it). */
    private static boolean owns(Map<String, String> structuralOwner, String key, String system) {
        String owner = structuralOwner.putIfAbsent(key, system);
        return owner == null || owner.equals(system);
    }

    /** A system while its edges are still being drawn. */
    private static final class Draft {
        final String name;
        final int stage;
        final Set<Data> writes = EnumSet.noneOf(Data.class);
        final Set<Data> with = EnumSet.noneOf(Data.class);
        final Set<Data> without = EnumSet.noneOf(Data.class);
        final List<Watch> watches = new ArrayList<>();
        final List<String> before = new ArrayList<>();
        final List<String> after = new ArrayList<>();
        final List<String> ambiguousWith = new ArrayList<>();
        String pauseSet;
        SystemSpec.Kind kind = SystemSpec.Kind.NORMAL;

        Draft(String name, int stage) {
            this.name = name;
            this.stage = stage;
        }

        void addWatch(Watch w) {
            if (watches.stream().noneMatch(x -> x.data() == w.data() && x.kind() == w.kind())) {
                watches.add(w);
            }
        }

        SystemSpec spec() {
            return new SystemSpec(name, writes, with, without, watches, before, after, ambiguousWith, pauseSet, kind);
        }
    }
}
