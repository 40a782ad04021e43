package dev.ecslab.lab.campaign;

import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import java.util.EnumSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The structures a scenario exercises, by name: what the jqwik properties count with
 * {@code Statistics} and hold to minimum shares, so a generator that stopped producing one (or a
 * choice list that starves it) fails the property instead of silently testing less.
 */
public final class Features {
    public static final String EDITS = "has edits";
    public static final String TWO_FRAMES = "has 2 or more frames";
    public static final String LOOPING = "has a looping stage";
    public static final String EARLY_ITERATION_EDIT = "edits in an early iteration of a looping stage";
    public static final String PAUSES = "has a paused system";
    public static final String TABLE_16 = "a column of more than 16 rows";
    public static final String TABLE_1024 = "a column of more than 1 024 rows";
    public static final String HUGE = "10 000 entities or more";
    public static final String RESOURCES = "has resources or resource edits";
    public static final String COMMANDS = "has command edits";
    public static final String BULK = "has bulk edits";
    public static final String EXCLUSIVE = "has an exclusive system";
    public static final String MAIN_THREAD = "has a main-thread system";
    public static final String INSERTION_ORDER = "uses the insertion-order policy";
    public static final String SPARSE = "has sparse-set components";
    public static final String CLOCK_JUMPS = "jumps the clock";
    public static final String EXPIRING_JUMP = "a jump reaches the maximum change age";
    public static final String PARALLEL = "walks a change query in parallel";
    public static final String LATE_OBSERVER = "an observer joins after frame 0";
    public static final String LEAVING_OBSERVER = "an observer leaves before the end";
    public static final String OBSERVATION_RESTARTS = "a component goes unobserved, then is observed again";
    public static final String COLUMNAR = "stores its components in columns";
    public static final String CROWD = "more than 16 systems";
    public static final String TWICE_IN_RUN = "a system writes one row twice in a run";
    public static final String ABSENT_10 = "a detector is absent 10 frames or more";
    public static final String ABSENT_100 = "a detector is absent 100 frames or more";
    public static final String ABSENT_10_000 = "a detector is absent 10 000 frames or more";
    public static final String ABSENT_BILLION = "a detector is absent 10^9 frames or more";
    public static final String ABSENT_PAST_WRAP = "a detector is absent while the clock passes 2^32 ticks";
    public static final String AT_MAXIMUM_AGE = "a change is within 2 ticks of the maximum age at the next frame";
    public static final String BUILT_IN_RUN = "a query is built inside a running system";
    public static final String BUILT_IN_EXCLUSIVE = "a query is built inside an exclusive system";
    public static final String BUILT_AFTER_COMMANDS = "a query is built in the run after commands touched its component";
    public static final String IN_RUN_ANNOUNCES = "a query built inside a run starts observing its component";
    public static final String OBSERVES_EVERYTHING = "observes everything";
    public static final String INDEX_65536 = "an entity index past 65 536";
    public static final String OLD_GENERATIONS = "an entity takes a slot of generation 2 or more";
    public static final String TABLE_4096 = "a column of 4 096 rows or more";
    public static final String SPARSE_4096 = "a sparse set of 4 096 rows or more";
    public static final String MASS_REMOVAL = "1 000 removals in one frame";
    public static final String MASS_DESPAWN = "a bulk despawn of 500 entities by commands";
    public static final String SLOTS_REUSED = "a frame despawns, then spawns into the freed slots";
    public static final String STAGE_130 = "a stage of 130 systems or more";
    public static final String CROWD_EVERY_KIND = "a crowd watches every change kind";
    public static final String CROWD_RESOURCES = "a crowd watches a resource";
    public static final String FIXED_STEPS = "a stage runs a varying number of steps per frame";
    public static final String NO_STEP_DUE = "a detector's stage has a frame with no step due";
    public static final String SET_WATCH = "a watch over a set of components (a With filter)";
    public static final String LEAVES_SET = "an entity leaves a watched set by losing a With component";
    public static final String REENTERS_SET = "an entity leaves a watched set and comes back in one frame";

    private Features() {
    }

    /** Every feature name and whether {@code s} has it, in a fixed order. */
    public static Map<String, Boolean> of(Scenario s) {
        Map<String, Boolean> out = new LinkedHashMap<>();
        int rows = largestColumn(s);
        out.put(EDITS, !s.edits().isEmpty());
        out.put(TWO_FRAMES, s.frames() >= 2);
        out.put(LOOPING, s.stages().stream().anyMatch(st -> st.iterations() > 1));
        out.put(EARLY_ITERATION_EDIT, s.edits().stream().anyMatch(e -> e.iteration() < s.stageOf(e.system()).iterations() - 1));
        out.put(PAUSES, s.systems().stream().anyMatch(x -> x.pauseSet() != null && s.pause(x.pauseSet()).pattern().contains("0")));
        out.put(TABLE_16, rows > 16);
        out.put(TABLE_1024, rows > 1024);
        out.put(HUGE, s.initialEntityCount() >= 10_000);
        out.put(RESOURCES, !s.resources().isEmpty() || s.edits().stream().anyMatch(Edit::onResource));
        out.put(COMMANDS, s.edits().stream().anyMatch(e -> e.op().isCommand()));
        out.put(BULK, s.edits().stream().anyMatch(Edit::isBulk));
        out.put(EXCLUSIVE, s.systems().stream().anyMatch(x -> x.kind() == SystemSpec.Kind.EXCLUSIVE));
        out.put(MAIN_THREAD, s.systems().stream().anyMatch(x -> x.kind() == SystemSpec.Kind.MAIN_THREAD));
        out.put(INSERTION_ORDER, s.ordering() == Scenario.Ordering.INSERTION_ORDER);
        out.put(SPARSE, s.entities().stream().anyMatch(e -> e.components().containsKey(Data.S))
                || s.groups().stream().anyMatch(g -> g.components().containsKey(Data.S))
                || s.edits().stream().anyMatch(e -> e.data() == Data.S));
        out.put(CLOCK_JUMPS, s.clockJumps().stream().anyMatch(j -> j.ticks() > 0));
        out.put(COLUMNAR, s.valueLayout() == dev.ecslab.ecs.component.ValueLayout.COLUMNAR);
        out.put(CROWD, s.systems().size() > 16);
        out.put(TWICE_IN_RUN, writesTwiceInARun(s));
        out.put(EXPIRING_JUMP, s.clockJumps().stream().anyMatch(j -> j.ticks() >= dev.ecslab.lab.scenario.ClockJump.MAX_AGE)
                || s.jumpedBetween(-1, s.totalFrames()) >= dev.ecslab.lab.scenario.ClockJump.MAX_AGE);
        out.put(PARALLEL, s.systems().stream().anyMatch(x -> x.watches().stream().anyMatch(w -> w.parallel())));
        out.put(LATE_OBSERVER, s.systems().stream().anyMatch(x -> x.watches().stream().anyMatch(w -> w.firstFrame() > 0)));
        out.put(LEAVING_OBSERVER, s.systems().stream().anyMatch(x -> x.watches().stream().anyMatch(w -> w.until() != null)));
        out.put(OBSERVATION_RESTARTS, observationRestarts(s));
        long absence = longestAbsence(s);
        out.put(ABSENT_10, absence >= 10);
        out.put(ABSENT_100, absence >= 100);
        out.put(ABSENT_10_000, absence >= 10_000);
        out.put(ABSENT_BILLION, absence >= 1_000_000_000);
        out.put(ABSENT_PAST_WRAP, absentAcrossWrap(s));
        out.put(AT_MAXIMUM_AGE, atMaximumAge(s));
        out.put(FIXED_STEPS, s.stages().stream().anyMatch(st -> st.stepped()));
        out.put(NO_STEP_DUE, noStepDue(s));
        out.put(SET_WATCH, s.systems().stream().anyMatch(x -> x.watches().stream().anyMatch(Watch::overSet)));
        out.put(LEAVES_SET, leavesSet(s));
        out.put(REENTERS_SET, reentersSet(s));
        observedAnyTime(s, out);
        bigWorld(s, out);
        return out;
    }

    /** The components some watch's {@code With} filter names. */
    private static Set<Data> inSets(Scenario s) {
        Set<Data> named = EnumSet.noneOf(Data.class);
        s.systems().forEach(x -> x.watches().forEach(w -> named.addAll(w.with())));
        return named;
    }

    /** Whether the scenario removes, by a command, a component that some watch's {@code With} filter names. */
    private static boolean leavesSet(Scenario s) {
        Set<Data> named = inSets(s);
        return s.edits().stream().anyMatch(e -> e.op() == EditOp.REMOVE && e.data() != null && named.contains(e.data()));
    }

    /** Whether one frame removes and inserts again, by commands on one entity, a component that a watch's {@code With} names. */
    private static boolean reentersSet(Scenario s) {
        Set<Data> named = inSets(s);
        Set<String> removed = new HashSet<>();
        for (Edit e : s.edits()) {
            if (e.data() == null || !named.contains(e.data()) || e.entity() == null) {
                continue;
            }
            String key = e.frame() + "|" + e.entity() + "|" + e.data();
            if (e.op() == EditOp.REMOVE) {
                removed.add(key);
            } else if (e.op() == EditOp.INSERT && removed.contains(key)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a stage of fixed steps with a watching system has a frame of the scenario with no step. */
    private static boolean noStepDue(Scenario s) {
        return s.stages().stream().anyMatch(st -> st.skipsAFrame(s.frames())
                && st.systems().stream().anyMatch(x -> !x.watches().isEmpty()));
    }

    /** Queries built inside running systems, and worlds that observe everything. */
    private static void observedAnyTime(Scenario s, Map<String, Boolean> out) {
        boolean inRun = false;
        boolean exclusive = false;
        boolean afterCommands = false;
        boolean announces = false;
        for (dev.ecslab.lab.scenario.StageSpec st : s.stages()) {
            for (SystemSpec x : st.systems()) {
                for (dev.ecslab.lab.scenario.Watch w : x.watches()) {
                    int opens = w.builtInRun() ? s.openingFrame(x, w) : -1;
                    if (opens < 0) {
                        continue;
                    }
                    inRun = true;
                    exclusive |= x.isExclusive();
                    announces |= s.announcesWhenJoining(w);
                    int stage = s.stages().indexOf(st);
                    afterCommands |= s.edits().stream().anyMatch(e -> e.op().isCommand() && e.data() == w.data()
                            && (e.frame() == opens - 1 || e.frame() == opens && s.stages().indexOf(s.stageOf(e.system())) < stage));
                }
            }
        }
        out.put(BUILT_IN_RUN, inRun);
        out.put(BUILT_IN_EXCLUSIVE, exclusive);
        out.put(BUILT_AFTER_COMMANDS, afterCommands);
        out.put(IN_RUN_ANNOUNCES, announces);
        out.put(OBSERVES_EVERYTHING, s.observeEverything());
    }

    /**
     * The most frames some watching system is away between two of its runs: the idle frames of one jump
     * (every system is away for them) plus the frames around it, counted as frames with no run of that
     * system (its pauses). Frames in the quiet tail always run.
     */
    public static long longestAbsence(Scenario s) {
        long longest = 0;
        for (SystemSpec sys : s.systems()) {
            if (sys.watches().isEmpty()) {
                continue;
            }
            long away = 0;
            for (int f = 0; f < s.totalFrames(); f++) {
                away += s.idleFramesBetween(f - 1, f);
                if (s.runsIn(sys, f)) {
                    longest = Math.max(longest, away);
                    away = 0;
                } else {
                    away++;
                }
            }
        }
        return longest;
    }

    /** Whether the clock laps 2^32 ticks while some watching system is away from one of its runs to the next. */
    private static boolean absentAcrossWrap(Scenario s) {
        for (SystemSpec sys : s.systems()) {
            if (sys.watches().isEmpty()) {
                continue;
            }
            int last = -1;
            for (int f = 0; f < s.totalFrames(); f++) {
                if (s.runsIn(sys, f)) {
                    if (last >= 0 && f > last && s.jumpedBetween(last, f) >= 1L << 32) {
                        return true;
                    }
                    last = f;
                }
            }
        }
        return false;
    }

    /**
     * Whether an age jump lands a change of the frame before it 2 or 1 ticks short of the maximum change
     * age, or exactly at it, at the frame's first tick (the frame before has edits): the one-tick boundary
     * that fixed jumps, held 2^24 ticks clear of it, never reach.
     */
    static boolean atMaximumAge(Scenario s) {
        return s.ageJumps().stream().anyMatch(j -> j.belowMaxAge() >= 0 && j.belowMaxAge() <= 2
                && s.edits().stream().anyMatch(e -> e.frame() == j.beforeFrame() - 1));
    }

    /** The features of big worlds: large indices and generations, large tables, mass edits, stages of 130 systems. */
    private static void bigWorld(Scenario s, Map<String, Boolean> out) {
        out.put(INDEX_65536, s.padding() != null && s.padding().kept() >= 65_536);
        out.put(OLD_GENERATIONS, s.padding() != null && s.padding().recycled() > 0 && s.padding().generations() >= 2);
        out.put(TABLE_4096, largestColumn(s) >= 4_096);
        int sparse = 0;
        for (GroupSpec g : s.groups()) {
            sparse += g.components().containsKey(Data.S) ? g.count() : 0;
        }
        out.put(SPARSE_4096, sparse >= 4_096);
        out.put(MASS_REMOVAL, massRemoval(s));
        out.put(MASS_DESPAWN, s.edits().stream().anyMatch(e -> e.op() == EditOp.DESPAWN && e.count() >= 500));
        out.put(SLOTS_REUSED, s.edits().stream().anyMatch(d -> d.op() == EditOp.DESPAWN && s.edits().stream()
                .anyMatch(e -> e.op() == EditOp.SPAWN && e.frame() == d.frame() && (e.iteration() > d.iteration()
                        || stageIndex(s, e.system()) > stageIndex(s, d.system())))));
        out.put(STAGE_130, s.stages().stream().anyMatch(st -> st.systems().size() >= 130));
        out.put(CROWD_EVERY_KIND, s.stages().stream().anyMatch(st -> st.systems().size() > 16 && st.systems().stream()
                .flatMap(x -> x.watches().stream()).filter(w -> !w.data().isResource()).map(w -> w.kind()).distinct()
                .count() == dev.ecslab.lab.scenario.WatchKind.values().length));
        out.put(CROWD_RESOURCES, s.stages().stream().anyMatch(st -> st.systems().size() > 16 && st.systems().stream()
                .flatMap(x -> x.watches().stream()).anyMatch(w -> w.data().isResource())));
    }

    private static int stageIndex(Scenario s, String system) {
        return s.stages().indexOf(s.stageOf(system));
    }

    /**
     * Some frame removes one component from 1 000 entities or more: bulk removes of it and bulk despawns of
     * groups that have it (a group's components at setup, or the one a bulk spawn gave it), added up.
     */
    static boolean massRemoval(Scenario s) {
        Map<String, Set<Data>> groupComponents = new HashMap<>();
        s.groups().forEach(g -> groupComponents.put(g.label(), g.components().keySet()));
        Map<List<Object>, Integer> removals = new HashMap<>();                // (frame, data) -> removals
        for (Edit e : s.edits()) {
            if (!e.isBulk()) {
                continue;
            }
            if (e.op() == EditOp.SPAWN) {
                groupComponents.put(e.entity(), Set.of(e.data()));
            } else if (e.op() == EditOp.REMOVE) {
                removals.merge(List.of(e.frame(), e.data()), e.count(), Integer::sum);
            } else if (e.op() == EditOp.DESPAWN) {
                for (Data d : groupComponents.getOrDefault(e.entity(), Set.of())) {
                    removals.merge(List.of(e.frame(), d), e.count(), Integer::sum);
                }
            }
        }
        return removals.values().stream().anyMatch(n -> n >= 1_000);
    }

    /**
     * Whether some component has no query watch in some frame and one in a later frame, so that the
     * world stops tracking it (or never started) and must announce its rows when a watch joins.
     */
    static boolean observationRestarts(Scenario s) {
        for (Data d : Data.values()) {
            if (d.isResource()) {
                continue;
            }
            boolean gap = false;
            for (int f = 0; f < s.totalFrames(); f++) {
                boolean observed = s.queryWatched(d, f);
                if (!observed && s.systems().stream().flatMap(x -> x.watches().stream()).anyMatch(w -> w.data() == d)) {
                    gap = true;
                } else if (observed && gap) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The most rows any one column can hold: entities that share their table components (a table)
     * or hold {@code S} (its sparse set), counted at setup plus every spawn through commands (so an
     * upper bound once despawns happen; the figure the 16-row block and 1 024-row group statistics
     * use).
     */
    public static int largestColumn(Scenario s) {
        Map<Set<Data>, Integer> tables = new HashMap<>();
        int sparse = 0;
        for (EntitySpec e : s.entities()) {
            tables.merge(tableKey(e.components().keySet()), 1, Integer::sum);
            sparse += e.components().containsKey(Data.S) ? 1 : 0;
        }
        for (GroupSpec g : s.groups()) {
            tables.merge(tableKey(g.components().keySet()), g.count(), Integer::sum);
            sparse += g.components().containsKey(Data.S) ? g.count() : 0;
        }
        for (Edit e : s.edits()) {
            if (e.op() == EditOp.SPAWN) {
                int n = e.isBulk() ? e.count() : 1;
                tables.merge(tableKey(Set.of(e.data())), n, Integer::sum);
                sparse += e.data() == Data.S ? n : 0;
            }
        }
        int max = sparse;
        for (int n : tables.values()) {
            max = Math.max(max, n);
        }
        return max;
    }

    private static Set<Data> tableKey(Set<Data> components) {
        Set<Data> key = EnumSet.noneOf(Data.class);
        for (Data d : components) {
            if (d != Data.S) {
                key.add(d);
            }
        }
        return key;
    }

    /** Some system writes one row (or resource) twice in one run: two single write edits of one frame and iteration. */
    private static boolean writesTwiceInARun(Scenario s) {
        Set<List<Object>> seen = new HashSet<>();
        for (Edit e : s.edits()) {
            if ((e.op() == EditOp.SET || e.op() == EditOp.SET_IF_CHANGED) && !e.isBulk()
                    && !seen.add(Arrays.asList(e.frame(), e.iteration(), e.system(), e.entity(), e.data()))) {
                return true;
            }
        }
        return false;
    }
}
