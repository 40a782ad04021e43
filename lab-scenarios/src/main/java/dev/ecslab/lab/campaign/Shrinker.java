package dev.ecslab.lab.campaign;

import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Shrinks a failing scenario to a minimal one that still fails: fewer frames, clock jumps, smaller
 * groups (halved, or dropped with their edits), bulk edits over fewer members, fewer systems, edits,
 * watches, entities and constraints, by greedy one-step deletions repeated until none applies (the
 * delta-debugging loop). Groups come first: a 10⁴-entity failure halves down to the few members that
 * matter before anything else, so the later candidates run fast. Works on the scenario's structure, so the lab's command line shrinks without
 * jqwik; the jqwik suites shrink through {@link Choices} instead. Every candidate is validated, and the
 * predicate is re-run on it, so the result is a real failing scenario.
 */
public final class Shrinker {
    private final Predicate<Scenario> fails;
    private final int maxAttempts;
    private int attempts;
    private int steps;
    private boolean settled;

    /**
     * @param fails       re-runs a candidate and says whether it still fails the same way
     * @param maxAttempts how many candidates to try at most (each is a scenario run)
     */
    public Shrinker(Predicate<Scenario> fails, int maxAttempts) {
        this.fails = fails;
        this.maxAttempts = maxAttempts;
    }

    /** The smallest failing scenario found from {@code failing} (which must fail). */
    public Scenario shrink(Scenario failing) {
        Scenario best = failing;
        boolean progress = true;
        while (progress && attempts < maxAttempts) {
            progress = false;
            boolean cut = false;
            int bestSize = size(best);
            for (Attempt a : candidates(best)) {
                if (attempts >= maxAttempts) {
                    cut = true;
                    break;
                }
                Scenario candidate = make(a);                   // built (and validated) only when its turn comes
                if (candidate == null || size(candidate) >= bestSize) {
                    continue;
                }
                attempts++;
                if (fails.test(candidate)) {
                    best = candidate;
                    steps++;
                    progress = true;
                    break;
                }
            }
            settled = !progress && !cut;
        }
        return best;
    }

    /** Simplifications accepted by {@link #shrink} (each a smaller scenario that still failed): jqwik's "shrinking steps". */
    public int steps() {
        return steps;
    }

    /** Candidates tried (each a call of the predicate). */
    public int attempts() {
        return attempts;
    }

    /**
     * True when {@link #shrink} stopped at a scenario none of whose one-step simplifications failed; false
     * when it stopped because its budget ran out (a smaller failing scenario may exist).
     */
    public boolean settled() {
        return settled;
    }

    /**
     * The stages with every watch's window moved {@code shift} frames earlier and cut at
     * {@code totalFrames} (a frame was dropped); a watch whose window no longer has a frame is dropped.
     */
    static List<StageSpec> windowsShifted(Scenario s, int shift, int totalFrames) {
        List<StageSpec> out = new ArrayList<>();
        for (StageSpec st : s.stages()) {
            List<SystemSpec> systems = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                List<Watch> ws = new ArrayList<>();
                for (Watch w : sys.watches()) {
                    if (!w.windowed()) {
                        ws.add(w);
                        continue;
                    }
                    int from = Math.max(0, w.firstFrame() - shift);
                    int until = Math.min(totalFrames, w.until() == null ? totalFrames : w.until() - shift);
                    Watch moved = w.withWindow(from == 0 ? null : from, until >= totalFrames && w.until() == null ? null : until);
                    if (until > from && !ws.contains(moved)) {
                        ws.add(moved);
                    }
                }
                systems.add(sys.withWatches(ws));
            }
            out.add(st.withSystems(systems));
        }
        return out;
    }

    /** A rough size: what a reader has to take in. */
    public static int size(Scenario s) {
        int n = s.frames() * 4 + s.edits().size() * 2 + s.entities().size() + s.pauses().size()
                + (s.ordering() == Scenario.Ordering.EXPLICIT ? 0 : 1) + s.clockJumps().size() * 4
                + (s.startTick() == null ? 0 : 1) + s.ageJumps().size() * 4;
        for (StageSpec st : s.stages()) {
            n += (st.iterations() - 1) * 2 + (st.stepped() ? 2 : 0);
        }
        for (GroupSpec g : s.groups()) {
            n += 1 + g.count();
        }
        for (Edit e : s.edits()) {
            n += e.count();
        }
        for (ClockJump j : s.clockJumps()) {                     // a long absence reads as longer than a short one
            n += 64 - Long.numberOfLeadingZeros(j.idleFrames());
        }
        for (SystemSpec sys : s.systems()) {
            n += 3 + sys.watches().size() + sys.writes().size() + sys.before().size() + sys.after().size()
                    + sys.ambiguousWith().size() + sys.with().size() + sys.without().size() + (sys.pauseSet() == null ? 0 : 1)
                    + (sys.kind() == SystemSpec.Kind.NORMAL ? 0 : 1)
                    + (int) sys.watches().stream().filter(Watch::windowed).count();
        }
        return n;
    }

    /**
     * The one-step simplifications of {@code s}, cheapest to run first: smaller groups and fewer loop
     * iterations make every later candidate faster, so they come before frames, systems and edits.
     */
    private static List<Attempt> candidates(Scenario s) {
        List<Attempt> out = new ArrayList<>();
        for (GroupSpec g : s.groups()) {                         // drop a group, then halve it
            out.add(() -> withGroup(s, g, 0));
            if (g.count() > 1) {
                out.add(() -> withGroup(s, g, g.count() / 2));
            }
        }
        for (StageSpec st : s.stages()) {                        // a stage of fixed steps runs its most in every frame
            if (st.stepped()) {
                out.add(() -> withIterations(s, st, st.iterations()));
            }
        }
        for (StageSpec st : s.stages()) {                        // a looping stage runs one iteration fewer
            if (st.iterations() > 1) {
                out.add(() -> withIterations(s, st, st.iterations() - 1));
            }
        }
        for (int i = 0; i < s.clockJumps().size(); i++) {        // drop a clock jump
            List<ClockJump> rest = new ArrayList<>(s.clockJumps());
            rest.remove(i);
            out.add(() -> s.with(s.entities(), s.groups(), s.stages(), s.frames(), s.edits(), rest));
        }
        for (int i = 0; i < s.clockJumps().size(); i++) {        // half the idle frames (10^9 shrinks to the few that matter)
            ClockJump j = s.clockJumps().get(i);
            if (j.idleFrames() > 1 || j.idleFrames() == 1 && j.ticks() > 0) {
                List<ClockJump> fewer = new ArrayList<>(s.clockJumps());
                fewer.set(i, new ClockJump(j.beforeFrame(), j.ticks(), j.idleFrames() / 2));
                out.add(() -> s.with(s.entities(), s.groups(), s.stages(), s.frames(), s.edits(), fewer));
            }
        }
        for (int i = 0; i < s.ageJumps().size(); i++) {          // drop an age jump
            List<dev.ecslab.lab.scenario.AgeJump> rest = new ArrayList<>(s.ageJumps());
            rest.remove(i);
            out.add(() -> s.withAgeJumps(rest));
        }
        if (s.frames() > 1) {                                    // drop the last frame
            int last = s.frames() - 1;
            List<ClockJump> earlier = s.clockJumps().stream()
                    .filter(j -> j.beforeFrame() < last + Scenario.QUIET_FRAMES).toList();
            out.add(() -> s.with(s.entities(), s.groups(), windowsShifted(s, 0, last + Scenario.QUIET_FRAMES), last,
                    s.edits().stream().filter(e -> e.frame() < last).toList(), earlier));
            List<ClockJump> shifted = s.clockJumps().stream().filter(j -> j.beforeFrame() > 0)
                    .map(j -> new ClockJump(j.beforeFrame() - 1, j.ticks(), j.idleFrames())).toList();
            out.add(() -> s.with(s.entities(), s.groups(), windowsShifted(s, 1, last + Scenario.QUIET_FRAMES), last, // drop the first frame
                    s.edits().stream().filter(e -> e.frame() > 0)
                            .map(e -> e.inFrame(e.frame() - 1))
                            .toList(), shifted));
        }
        for (int i = 0; i < s.edits().size(); i++) {             // a bulk edit over fewer members
            Edit e = s.edits().get(i);
            if (e.isBulk() && e.op() != EditOp.SPAWN) {
                int k = i;
                out.add(() -> {
                    List<Edit> single = new ArrayList<>(s.edits());
                    single.set(k, new Edit(e.frame(), e.iteration(), e.system(), e.op(), e.targets().get(0), e.data(),
                            e.value()));
                    return s.with(s.entities(), s.groups(), s.stages(), s.frames(), single, s.clockJumps());
                });
                if (e.count() > 1) {
                    out.add(() -> {
                        List<Edit> half = new ArrayList<>(s.edits());
                        half.set(k, e.withSelection(e.from(), e.every(), e.count() / 2));
                        return s.with(s.entities(), s.groups(), s.stages(), s.frames(), half, s.clockJumps());
                    });
                    out.add(() -> {
                        List<Edit> back = new ArrayList<>(s.edits());
                        back.set(k, e.withSelection(e.memberIndex(e.count() / 2), e.every(), e.count() - e.count() / 2));
                        return s.with(s.entities(), s.groups(), s.stages(), s.frames(), back, s.clockJumps());
                    });
                }
            }
        }
        if (s.ordering() != Scenario.Ordering.EXPLICIT) {        // back to explicit ordering
            out.add(() -> s.withOrdering(Scenario.Ordering.EXPLICIT));
        }
        for (SystemSpec sys : s.systems()) {                     // drop a system
            out.add(() -> withoutSystem(s, sys.name()));
        }
        for (int i = s.edits().size() - 1; i >= 0; i--) {        // drop an edit
            int k = i;
            List<Edit> edits = new ArrayList<>(s.edits());
            edits.remove(k);
            out.add(() -> s.with(s.entities(), s.stages(), s.frames(), edits));
        }
        for (EntitySpec e : s.entities()) {                      // drop an entity nobody edits
            if (s.edits().stream().noneMatch(x -> e.label().equals(x.entity()))) {
                List<EntitySpec> rest = new ArrayList<>(s.entities());
                rest.remove(e);
                out.add(() -> s.with(rest, s.stages(), s.frames(), s.edits()));
            }
        }
        if (s.padding() != null) {                               // no padding entities
            out.add(() -> s.withPadding(null));
        }
        if (s.startTick() != null) {                             // start the clock at the default
            out.add(() -> new Scenario(s.name(), s.description(), s.entities(), s.resources(), s.stages(), s.pauses(),
                    s.frames(), s.edits(), null, s.ordering(), s.groups(), s.clockJumps(), s.layout(),
                    s.ageJumps(), s.observeEverything(), s.padding()).validate());
        }

        if (s.observeEverything()) {                              // a world that observes only what queries observe
            out.add(() -> s.withObserveEverything(false));
        }

        for (StageSpec st : s.stages()) {                        // simplify one system
            for (SystemSpec sys : st.systems()) {
                for (Watch w : sys.watches()) {
                    List<Watch> ws = new ArrayList<>(sys.watches());
                    ws.remove(w);
                    out.add(() -> replace(s, sys, sys.withWatches(ws)));
                    if (w.windowed()) {                          // a watch that exists in every frame
                        List<Watch> always = new ArrayList<>(sys.watches());
                        always.set(always.indexOf(w), w.withWindow(null, null));
                        out.add(() -> replace(s, sys, sys.withWatches(always)));
                    }
                    if (w.builtInRun()) {                        // its query built between frames
                        List<Watch> before = new ArrayList<>(sys.watches());
                        Watch between = w.builtAs(Watch.Built.BETWEEN_FRAMES);
                        if (!before.contains(between)) {
                            before.set(before.indexOf(w), between);
                            out.add(() -> replace(s, sys, sys.withWatches(before)));
                        }
                    }
                }
                if (!sys.before().isEmpty() || !sys.after().isEmpty() || !sys.ambiguousWith().isEmpty()) {
                    out.add(() -> replace(s, sys, sys.withConstraints(List.of(), List.of(), List.of())));
                }
                if (sys.pauseSet() != null) {
                    out.add(() -> replace(s, sys, sys.withPauseSet(null)));
                }
                if (!sys.with().isEmpty() || !sys.without().isEmpty()) {
                    out.add(() -> replace(s, sys, sys.withFilters(Set.of(), Set.of())));
                }
                if (sys.kind() != SystemSpec.Kind.NORMAL) {
                    out.add(() -> replace(s, sys, sys.withKind(SystemSpec.Kind.NORMAL)));
                }
            }
        }
        return out;
    }

    /** A candidate, built only when the shrinker gets to it. */
    private interface Attempt {
        Scenario make();
    }

    /** The candidate, or {@code null} when it is not a valid scenario. */
    private static Scenario make(Attempt a) {
        try {
            return a.make();
        } catch (ScenarioException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * {@code s} with {@code stage} looping {@code iterations} times in every frame (fixed steps gone); edits in the
     * iterations that are gone are dropped.
     */
    private static Scenario withIterations(Scenario s, StageSpec stage, int iterations) {
        List<StageSpec> stages = new ArrayList<>();
        for (StageSpec st : s.stages()) {
            stages.add(st == stage ? st.withIterations(iterations) : st);
        }
        java.util.Set<String> inStage = new java.util.HashSet<>();
        stage.systems().forEach(x -> inStage.add(x.name()));
        List<Edit> edits = s.edits().stream().filter(e -> !inStage.contains(e.system()) || e.iteration() < iterations).toList();
        return s.with(s.entities(), s.groups(), stages, s.frames(), edits, s.clockJumps());
    }

    private static Scenario withoutSystem(Scenario s, String name) {
        List<StageSpec> stages = new ArrayList<>();
        for (StageSpec st : s.stages()) {
            List<SystemSpec> systems = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                if (sys.name().equals(name)) {
                    continue;
                }
                systems.add(sys.withConstraints(minus(sys.before(), name), minus(sys.after(), name),
                        minus(sys.ambiguousWith(), name)));
            }
            if (!systems.isEmpty()) {
                stages.add(st.withSystems(systems));
            }
        }
        List<Edit> edits = s.edits().stream().filter(e -> !e.system().equals(name)).toList();
        return s.with(s.entities(), stages, s.frames(), edits);
    }

    /**
     * The scenario with group {@code g} cut to its first {@code size} members (dropped at 0): edits of
     * members that are gone are dropped, bulk edits keep the members that remain.
     */
    private static Scenario withGroup(Scenario s, GroupSpec g, int size) {
        List<GroupSpec> groups = new ArrayList<>();
        for (GroupSpec x : s.groups()) {
            if (x != g) {
                groups.add(x);
            } else if (size > 0) {
                groups.add(new GroupSpec(g.label(), size, g.components()));
            }
        }
        String prefix = g.label() + GroupSpec.SEPARATOR;
        List<Edit> edits = new ArrayList<>();
        for (Edit e : s.edits()) {
            if (e.entity() == null || e.onResource()) {
                edits.add(e);
            } else if (e.isBulk() && e.entity().equals(g.label())) {
                int keep = 0;
                while (keep < e.count() && e.memberIndex(keep) < size) {
                    keep++;
                }
                if (keep > 0) {
                    edits.add(e.withSelection(e.from(), e.every(), keep));
                }
            } else if (e.entity().startsWith(prefix)) {
                if (Integer.parseInt(e.entity().substring(prefix.length())) < size) {
                    edits.add(e);
                }
            } else {
                edits.add(e);
            }
        }
        return s.with(s.entities(), groups, s.stages(), s.frames(), edits, s.clockJumps());
    }

    private static List<String> minus(List<String> names, String name) {
        return names.stream().filter(n -> !n.equals(name)).toList();
    }

    private static Scenario replace(Scenario s, SystemSpec old, SystemSpec updated) {
        List<StageSpec> stages = new ArrayList<>();
        for (StageSpec st : s.stages()) {
            List<SystemSpec> systems = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                systems.add(sys == old ? updated : sys);
            }
            stages.add(st.withSystems(systems));
        }
        return s.with(s.entities(), stages, s.frames(), s.edits());
    }
}
