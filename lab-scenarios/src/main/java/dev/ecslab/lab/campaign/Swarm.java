package dev.ecslab.lab.campaign;

import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Swarm testing (Groce et al., ISSTA 2012): a scenario is drawn with every feature at its usual odds, then
 * a random subset of the optional features is switched off in it. A feature that is present everywhere can
 * also get in the way: a reader that runs every frame never lets a change wait across a long absence, a
 * loop or a pause changes what an expiry sees, and a scenario that has everything at small probabilities
 * rarely has one feature alone with a few others. Taking features out after the draws keeps every draw of
 * a seed where it was, so a scenario without swarming is the one the seed always gave.
 *
 * <p>Which features go is drawn from the same choices, last ({@link #draw}); {@link #omit} is a pure
 * function of the scenario and the set.
 *
 * <p><b>Measured, and not the default.</b> On the lab's mutants, each wrong in one structure, taking
 * features out lowered the kill rate: within 25 random scenarios per seed, 664 kills against 681 without
 * swarming (19 mutants, 40 seeds, serial), the losses on mutants that need the very feature a swarm drops
 * (observers that join late, clock jumps, loops, idle frames); within 200, both killed the same. The
 * default space therefore does not swarm; {@code ScenarioGenerator.Space.SWARMED} does, for the campaigns
 * that want to measure it again (the benchmarks' {@code LabPower} with {@code -Decslab.power.space}).
 */
public final class Swarm {
    /** The features a swarm may switch off. */
    public enum Feature {
        /** Pause sets: every system runs every frame. */
        PAUSES,
        /** Looping stages and fixed steps: every stage runs once a frame (edits of later iterations move to the first). */
        LOOPS,
        /** Clock jumps of ticks. */
        CLOCK_JUMPS,
        /** Idle frames: the schedule runs every frame. */
        IDLE_FRAMES,
        /** Observers' windows: every watch exists from the first frame to the last. */
        OBSERVER_WINDOWS,
        /** Exclusive and main-thread systems: every system is an ordinary one. */
        SPECIAL_SYSTEMS,
        /** Parallel walks of change queries. */
        PARALLEL_WALKS,
        /** Bulk edits over groups (bulk spawns stay: later edits may name their members). */
        BULK_EDITS,
        /** Resource edits. */
        RESOURCE_EDITS,
        /** The crowd's stage and its edits. */
        CROWD
    }

    /** The share of scenarios (in percent) that swarm; each feature of those is switched off with even odds. */
    static final int SHARE = 50;

    private Swarm() {
    }

    /** The features to switch off: none for half the scenarios, for the rest each with even odds. */
    public static Set<Feature> draw(Choices c) {
        Set<Feature> off = EnumSet.noneOf(Feature.class);
        if (c.maybe(SHARE)) {
            for (Feature f : Feature.values()) {
                if (c.maybe(50)) {
                    off.add(f);
                }
            }
        }
        return off;
    }

    /** {@code s} without the features in {@code off}; validated. */
    public static Scenario omit(Scenario s, Set<Feature> off) {
        if (off.isEmpty()) {
            return s;
        }
        List<StageSpec> stages = new ArrayList<>();
        for (StageSpec st : s.stages()) {
            if (off.contains(Feature.CROWD) && st.name().equals(ScenarioGenerator.CROWD_STAGE)) {
                continue;
            }
            List<SystemSpec> systems = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                SystemSpec x = sys;
                if (off.contains(Feature.PAUSES) && x.pauseSet() != null) {
                    x = x.withPauseSet(null);
                }
                if (off.contains(Feature.SPECIAL_SYSTEMS) && x.kind() != SystemSpec.Kind.NORMAL) {
                    x = x.withKind(SystemSpec.Kind.NORMAL);
                }
                if (off.contains(Feature.OBSERVER_WINDOWS) || off.contains(Feature.PARALLEL_WALKS)) {
                    List<Watch> watches = new ArrayList<>();
                    for (Watch w : x.watches()) {
                        Watch unwindowed = off.contains(Feature.OBSERVER_WINDOWS) ? w.withWindow(null, null) : w;
                        Watch v = off.contains(Feature.PARALLEL_WALKS) ? unwindowed.withParallel(false) : unwindowed;
                        if (watches.stream().noneMatch(o -> o.data() == v.data() && o.kind() == v.kind())) {
                            watches.add(v);
                        }
                    }
                    x = x.withWatches(watches);
                }
                systems.add(x);
            }
            stages.add(off.contains(Feature.LOOPS) ? st.withIterations(1).withSystems(systems) : st.withSystems(systems));
        }
        Set<String> kept = new java.util.HashSet<>();
        stages.forEach(st -> st.systems().forEach(x -> kept.add(x.name())));
        List<Edit> edits = new ArrayList<>();
        for (Edit e : s.edits()) {
            if (!kept.contains(e.system()) || off.contains(Feature.BULK_EDITS) && e.isBulk() && e.op() != EditOp.SPAWN
                    || off.contains(Feature.RESOURCE_EDITS) && e.onResource()) {
                continue;
            }
            edits.add(off.contains(Feature.LOOPS) && e.iteration() > 0 ? e.inIteration(0) : e);
        }
        List<ClockJump> jumps = new ArrayList<>();
        for (ClockJump j : s.clockJumps()) {
            long ticks = off.contains(Feature.CLOCK_JUMPS) ? 0 : j.ticks();
            long idle = off.contains(Feature.IDLE_FRAMES) ? 0 : j.idleFrames();
            if (ticks > 0 || idle > 0) {
                jumps.add(new ClockJump(j.beforeFrame(), ticks, idle));
            }
        }
        return s.with(s.entities(), s.groups(), stages, s.frames(), edits, jumps);
    }
}
