package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.input.NearestName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A lab scenario as plain data: the initial world, the systems (in stages, with constraints, pause
 * sets and watches), the number of frames, and per frame the edits each system makes. The runner
 * turns it into a real world and schedule; the oracle judges the trace it records. Scenarios are
 * built with {@link #builder} or read from JSON ({@link ScenarioJson}); both end in the checks of
 * {@link #validate()}, so a scenario that exists can run.
 *
 * <p>{@code startTick}, when not {@code null}, is the world's first change tick (a scenario that
 * crosses the 32-bit wrap starts a few ticks below it).
 *
 * <p>The runner appends {@link #QUIET_FRAMES} frames with no edits in which every system runs, so
 * every change has detector runs after it and at-least-once can be judged at the end.
 *
 * <p>{@code groups} are bulk spawns in the initial world ({@link GroupSpec}: {@code g0#0 ..
 * g0#9999}), set up after the single {@code entities}; {@code clockJumps} advance the world's change
 * tick between frames ({@link ClockJump}). JSON leaves both out when they are empty.
 *
 * <p>{@code padding}, when not {@code null}, is the component-less entities the world spawns (and
 * recycles) before the setup, so the scenario's entities get large indices and old generations
 * ({@link PaddingSpec}); JSON leaves it out when it is {@code null}.
 */
public record Scenario(@Required String name, String description, List<EntitySpec> entities,
        Map<Data, Integer> resources, @Required List<StageSpec> stages, List<PauseSpec> pauses,
        @Required int frames, List<Edit> edits, Integer startTick, Ordering ordering,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<GroupSpec> groups,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ClockJump> clockJumps,
        @JsonInclude(JsonInclude.Include.NON_NULL) ValueLayout layout,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AgeJump> ageJumps,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean observeEverything,
        @JsonInclude(JsonInclude.Include.NON_NULL) PaddingSpec padding) {

    /**
     * How the schedule orders conflicting systems that have no declared constraint (the ECS's
     * {@code OrderingPolicy}): {@link #EXPLICIT} leaves them unordered (an ambiguity);
     * {@link #INSERTION_ORDER} orders every conflicting pair along the topological order of the
     * declared constraints that prefers the earlier-declared system, so nothing is ambiguous.
     */
    public enum Ordering {
        EXPLICIT,
        INSERTION_ORDER
    }

    /** Frames the runner adds at the end: no edits, no pauses. */
    public static final int QUIET_FRAMES = 2;
    /** The most frames a scenario may ask for ({@link #validate()} refuses more), the quiet ones not counted. */
    public static final int MAX_FRAMES = 100_000;
    /**
     * The longest delay any scenario can show: a change in its first frame reported in the last quiet one. A
     * strategy allowed a longer delay could never report too late, so criterion 1's timing would judge nothing.
     */
    public static final int LONGEST_OBSERVABLE_DELAY = MAX_FRAMES + QUIET_FRAMES - 1;

    public Scenario {
        Objects.requireNonNull(name, "a scenario needs a name");
        description = description == null ? "" : description;
        entities = entities == null ? List.of() : List.copyOf(entities);
        resources = resources == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(resources));
        stages = stages == null ? List.of() : List.copyOf(stages);
        pauses = pauses == null ? List.of() : List.copyOf(pauses);
        edits = edits == null ? List.of() : List.copyOf(edits);
        ordering = ordering == null ? Ordering.EXPLICIT : ordering;
        groups = groups == null ? List.of() : List.copyOf(groups);
        clockJumps = clockJumps == null ? List.of() : List.copyOf(clockJumps);
        layout = layout == ValueLayout.REFERENCES ? null : layout;      // the default is not written
        ageJumps = ageJumps == null ? List.of() : List.copyOf(ageJumps);
    }

    /**
     * A scenario without age jumps or padding, whose world observes only what change queries observe (every
     * scenario written before any of them existed). With {@code observeEverything} the world tracks every
     * component from the start ({@code World.Builder#observeEverything}): no component is ever unobserved,
     * so no watch that joins makes the world announce rows, and every watch is judged exactly.
     */
    public Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
            List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick, Ordering ordering,
            List<GroupSpec> groups, List<ClockJump> clockJumps, ValueLayout layout) {
        this(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering, groups, clockJumps,
                layout, List.of(), false, (PaddingSpec) null);
    }

    /** A scenario with age jumps, without padding, whose world observes only what change queries observe. */
    public Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
            List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick, Ordering ordering,
            List<GroupSpec> groups, List<ClockJump> clockJumps, ValueLayout layout, List<AgeJump> ageJumps) {
        this(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering, groups, clockJumps,
                layout, ageJumps, false, (PaddingSpec) null);
    }

    /** A scenario without age jumps or padding. */
    public Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
            List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick, Ordering ordering,
            List<GroupSpec> groups, List<ClockJump> clockJumps, ValueLayout layout, boolean observeEverything) {
        this(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering, groups, clockJumps,
                layout, List.of(), observeEverything, (PaddingSpec) null);
    }

    /** A scenario with padding, without age jumps, whose world observes only what change queries observe. */
    public Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
            List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick, Ordering ordering,
            List<GroupSpec> groups, List<ClockJump> clockJumps, ValueLayout layout, PaddingSpec padding) {
        this(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering, groups, clockJumps,
                layout, List.of(), false, padding);
    }

    /** A copy whose world observes every component from the start, or not; validated. */
    public Scenario withObserveEverything(boolean everything) {
        return new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering,
                groups, clockJumps, layout, ageJumps, everything, padding).validate();
    }

    /** A copy whose world spawns {@code newPadding} before the setup ({@code null}: none); validated. */
    public Scenario withPadding(PaddingSpec newPadding) {
        return new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering,
                groups, clockJumps, layout, ageJumps, observeEverything, newPadding).validate();
    }

    /**
     * A scenario whose components are stored as references: every scenario written before columnar
     * components existed.
     */
    public Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
            List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick, Ordering ordering,
            List<GroupSpec> groups, List<ClockJump> clockJumps) {
        this(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering, groups, clockJumps, null);
    }

    /** How the world stores the components {@code A}, {@code B} and {@code S}: references unless said. */
    public ValueLayout valueLayout() {
        return layout == null ? ValueLayout.REFERENCES : layout;
    }

    /** A copy whose world stores its components with {@code newLayout}; validated. */
    public Scenario withLayout(ValueLayout newLayout) {
        return new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering,
                groups, clockJumps, newLayout, ageJumps, observeEverything, padding).validate();
    }

    /** A scenario without groups or clock jumps. */
    public Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
            List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick, Ordering ordering) {
        this(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering, List.of(), List.of());
    }

    /** A scenario with the explicit ordering policy (Bevy's, and every scenario written before policies). */
    public Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
            List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick) {
        this(name, description, entities, resources, stages, pauses, frames, edits, startTick, Ordering.EXPLICIT);
    }

    public static ScenarioBuilder builder(String name) {
        return new ScenarioBuilder(name);
    }

    /** Every system, in stage order. */
    public List<SystemSpec> systems() {
        List<SystemSpec> out = new ArrayList<>();
        stages.forEach(s -> out.addAll(s.systems()));
        return out;
    }

    public SystemSpec system(String name) {
        for (SystemSpec s : systems()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no system '" + name + "' in scenario " + this.name);
    }

    /** The stage that holds {@code system}. */
    public StageSpec stageOf(String system) {
        for (StageSpec st : stages) {
            for (SystemSpec s : st.systems()) {
                if (s.name().equals(system)) {
                    return st;
                }
            }
        }
        throw new IllegalArgumentException("no system '" + system + "' in scenario " + name);
    }

    public PauseSpec pause(String set) {
        for (PauseSpec p : pauses) {
            if (p.set().equals(set)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no pause set '" + set + "' in scenario " + name);
    }

    /**
     * Whether a change query (a component watch other than {@code Removed}) on {@code d} exists in frame
     * {@code frame}: what makes the world track {@code d} then (its observers).
     */
    public boolean queryWatched(Data d, int frame) {
        return systems().stream().flatMap(x -> x.watches().stream())
                .anyMatch(w -> w.data() == d && w.kind() != WatchKind.REMOVED && w.existsIn(frame));
    }

    /**
     * Whether the world announces every row of {@code w}'s component when {@code w} joins: when no
     * change query on it that existed before {@code w}'s first frame still exists then (the lab closes
     * leaving watches before it opens joining ones). Only then may a late watch report rows that did not
     * change.
     */
    public boolean announcesWhenJoining(Watch w) {
        if (observeEverything || w.data().isResource() || w.kind() == WatchKind.REMOVED) {
            return false;                                   // observed from the start, or no query to build
        }
        SystemSpec owner = ownerOf(w);
        int opens = openingFrame(owner, w);
        if (opens < 0 || !w.builtInRun() && opens == 0) {
            return false;                                   // never built, or observed before setup
        }
        for (SystemSpec x : systems()) {
            for (Watch o : x.watches()) {
                if (o == w || o.data() != w.data() || o.kind() == WatchKind.REMOVED || !o.existsIn(opens)) {
                    continue;
                }
                int other = openingFrame(x, o);
                // Open when w's query is built: built in an earlier frame, or (w being built in a run) between
                // frames before this one. Two built in the same moment's frame may each be the first.
                boolean openBefore = other >= 0 && (other < opens || w.builtInRun() && !o.builtInRun() && other == opens);
                if (openBefore) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The system that holds {@code w} (the same record in its watch list). */
    private SystemSpec ownerOf(Watch w) {
        for (SystemSpec s : systems()) {
            for (Watch o : s.watches()) {
                if (o == w) {
                    return s;
                }
            }
        }
        for (SystemSpec s : systems()) {
            if (s.watches().contains(w)) {
                return s;
            }
        }
        throw new IllegalArgumentException(w + " is no watch of scenario " + name);
    }

    /**
     * The frame in which watch {@code w} of system {@code s} builds its query, or {@code -1} if it never
     * does: its first frame for a query built between frames (frame 0: before setup), else the first frame of
     * its window in which {@code s} runs (its query is built in that run).
     */
    public int openingFrame(SystemSpec s, Watch w) {
        if (!w.builtInRun()) {
            return w.firstFrame();
        }
        int end = w.until() == null ? totalFrames() : w.until();
        for (int f = w.firstFrame(); f < end; f++) {
            if (runsIn(s, f)) {
                return f;
            }
        }
        return -1;
    }

    /** Whether some change query on {@code d} that joins in frames {@code lo} to {@code hi} makes the world announce its rows. */
    public boolean announcesBetween(Data d, int lo, int hi) {
        return systems().stream().flatMap(x -> x.watches().stream())
                .anyMatch(w -> w.data() == d && !w.builtInRun() && w.firstFrame() >= lo && w.firstFrame() <= hi
                        && announcesWhenJoining(w));
    }

    /** Frames the runner runs: the scenario's and the quiet tail. */
    public int totalFrames() {
        return frames + QUIET_FRAMES;
    }

    /**
     * The scenario's structure class: looping if a stage loops, pausing if some system can be paused or the schedule has idle frames,
     * regular otherwise.
     */
    public ScenarioClass structure() {
        for (StageSpec st : stages) {
            if (st.iterations() > 1) {
                return ScenarioClass.LOOPING;
            }
        }
        for (StageSpec st : stages) {
            if (!st.systems().isEmpty() && st.skipsAFrame(frames)) {
                return ScenarioClass.PAUSING;              // a frame with no step pauses the stage's systems
            }
        }
        for (SystemSpec s : systems()) {
            if (s.pauseSet() != null && pause(s.pauseSet()).pattern().contains("0")) {
                return ScenarioClass.PAUSING;
            }
        }
        if (clockJumps.stream().anyMatch(j -> j.idleFrames() > 0)) {
            return ScenarioClass.PAUSING;                  // idle frames pause every system
        }
        return ScenarioClass.REGULAR;
    }

    /**
     * Whether {@code system} runs in {@code frame}: its pause set lets it, and its stage has at least one step
     * in the frame (the quiet tail always runs).
     */
    public boolean runsIn(SystemSpec system, int frame) {
        return runsIn(stages.stream().anyMatch(StageSpec::stepped) ? stageOf(system.name()) : null, system, frame);
    }

    /**
     * As {@link #runsIn(SystemSpec, int)}, for a caller that holds the system's stage (null when no stage of the
     * scenario has fixed steps), without looking it up.
     */
    public boolean runsIn(StageSpec stage, SystemSpec system, int frame) {
        if (frame >= frames) {
            return true;
        }
        if (system.pauseSet() != null && !pause(system.pauseSet()).runs(frame)) {
            return false;
        }
        return stage == null || stage.iterationsIn(frame, frames) > 0;
    }

    /** A copy with other edits, frames and systems (what the shrinker produces); validated. */
    public Scenario with(List<EntitySpec> entities, List<StageSpec> stages, int frames, List<Edit> edits) {
        return with(entities, groups, stages, frames, edits, clockJumps);
    }

    /** A copy with other entities, groups, systems, frames, edits and clock jumps; validated. */
    public Scenario with(List<EntitySpec> newEntities, List<GroupSpec> newGroups, List<StageSpec> newStages, int newFrames,
            List<Edit> newEdits, List<ClockJump> newJumps) {
        return new Scenario(name, description, newEntities, resources, newStages, pauses, newFrames, newEdits, startTick,
                ordering, newGroups, newJumps, layout, ageJumps.stream().filter(j -> j.beforeFrame() < newFrames + QUIET_FRAMES)
                        .toList(), observeEverything, padding).validate();
    }

    /** A copy under another ordering policy; validated. */
    public Scenario withOrdering(Ordering newOrdering) {
        return new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, newOrdering,
                groups, clockJumps, layout, ageJumps, observeEverything, padding).validate();
    }

    /** A copy with other age jumps; validated. */
    public Scenario withAgeJumps(List<AgeJump> newAgeJumps) {
        return new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering,
                groups, clockJumps, layout, newAgeJumps, observeEverything, padding).validate();
    }

    /** The age jump before {@code frame}, or {@code null}. */
    public AgeJump ageJumpBefore(int frame) {
        for (AgeJump j : ageJumps) {
            if (j.beforeFrame() == frame) {
                return j;
            }
        }
        return null;
    }

    /** Every entity of the initial world: the single ones, then every group's members. */
    public int initialEntityCount() {
        int n = entities.size();
        for (GroupSpec g : groups) {
            n += g.count();
        }
        return n;
    }

    /**
     * The ticks the clock jumps between a change made in frame {@code changeFrame} ({@code -1}: the
     * setup) and a run in frame {@code runFrame}: the jumps before frames {@code changeFrame + 1 ..
     * runFrame}.
     */
    public long jumpedBetween(long changeFrame, long runFrame) {
        long sum = 0;
        for (ClockJump j : clockJumps) {
            if (j.beforeFrame() > changeFrame && j.beforeFrame() <= runFrame) {
                sum += j.ticks();
            }
        }
        return sum;
    }

    /** The jump before {@code frame}, in ticks (0 when there is none). */
    public long jumpBefore(int frame) {
        return jumpedBetween(frame - 1, frame);
    }

    /** The frames that end idle (no system runs) between frame {@code changeFrame} and a run in {@code runFrame}. */
    public long idleFramesBetween(long changeFrame, long runFrame) {
        long sum = 0;
        for (ClockJump j : clockJumps) {
            if (j.beforeFrame() > changeFrame && j.beforeFrame() <= runFrame) {
                sum += j.idleFrames();
            }
        }
        return sum;
    }

    /** Every component or resource given has a value (JSON null binds to a missing one). */
    private static void valued(String path, Map<Data, Integer> values) {
        for (Map.Entry<Data, Integer> v : values.entrySet()) {
            if (v.getKey() == null || v.getValue() == null) {
                throw new ScenarioException(path + (v.getKey() == null ? "" : "." + v.getKey()), "has no value; expected an"
                        + " integer");
            }
        }
    }

    /**
     * Checks that the scenario can run, naming the first problem by its path.
     *
     * @throws ScenarioException what is wrong and where
     */
    public Scenario validate() {
        if (name.isBlank()) {
            throw new ScenarioException("name", "a scenario needs a name");
        }
        checkName("name", name);
        if (frames < 1 || frames > MAX_FRAMES) {
            throw new ScenarioException("frames", "must be between 1 and " + MAX_FRAMES + ", was " + frames);
        }
        Set<String> labels = new HashSet<>();
        Map<String, Integer> groupSizes = new HashMap<>();            // group label -> members
        for (int i = 0; i < entities.size(); i++) {
            EntitySpec e = entities.get(i);
            String path = "entities[" + i + "]";
            checkName(path + ".label", e.label());
            if (e.label().indexOf(GroupSpec.SEPARATOR) >= 0) {
                throw new ScenarioException(path + ".label", "'" + e.label() + "': '" + GroupSpec.SEPARATOR
                        + "' is reserved for group members");
            }
            if (!labels.add(e.label())) {
                throw new ScenarioException(path + ".label", "duplicate entity label '" + e.label() + "'");
            }
            if (e.components().isEmpty()) {
                throw new ScenarioException(path + ".components", "an entity needs at least one component");
            }
            for (Data d : e.components().keySet()) {
                if (d.isResource()) {
                    throw new ScenarioException(path + ".components", d + " is a resource, not a component");
                }
            }
            valued(path + ".components", e.components());
        }
        valued("resources", resources);
        long initial = entities.size();
        for (int i = 0; i < groups.size(); i++) {
            GroupSpec g = groups.get(i);
            String path = "groups[" + i + "]";
            checkName(path + ".label", g.label());
            if (g.label().isBlank() || g.label().indexOf(GroupSpec.SEPARATOR) >= 0) {
                throw new ScenarioException(path + ".label", "'" + g.label() + "' cannot name a group (blank, or with '"
                        + GroupSpec.SEPARATOR + "')");
            }
            if (labels.contains(g.label()) || groupSizes.containsKey(g.label())) {
                throw new ScenarioException(path + ".label", "duplicate label '" + g.label() + "'");
            }
            if (g.count() < 1 || g.count() > MAX_ENTITIES) {
                throw new ScenarioException(path + ".count", "must be between 1 and " + MAX_ENTITIES + ", was " + g.count());
            }
            initial += g.count();
            if (g.components().isEmpty()) {
                throw new ScenarioException(path + ".components", "a group's entities need at least one component");
            }
            for (Data d : g.components().keySet()) {
                if (d.isResource()) {
                    throw new ScenarioException(path + ".components", d + " is a resource, not a component");
                }
            }
            valued(path + ".components", g.components());
            groupSizes.put(g.label(), g.count());
        }
        if (initial > MAX_ENTITIES) {
            throw new ScenarioException("groups", "the initial world has " + initial + " entities; at most " + MAX_ENTITIES);
        }
        for (Data d : resources.keySet()) {
            if (!d.isResource()) {
                throw new ScenarioException("resources", d + " is a component, not a resource");
            }
        }
        if (stages.isEmpty()) {
            throw new ScenarioException("stages", "a scenario needs at least one stage");
        }
        Map<String, String> systemPaths = new HashMap<>();
        Map<String, SystemSpec> systemsByName = new HashMap<>();
        Map<String, StageSpec> stageOfSystem = new HashMap<>();
        Set<String> stageNames = new HashSet<>();
        for (int si = 0; si < stages.size(); si++) {
            StageSpec st = stages.get(si);
            String sp = "stages[" + si + "]";
            checkName(sp + ".name", st.name());
            if (!stageNames.add(st.name())) {
                throw new ScenarioException(sp + ".name", "duplicate stage name '" + st.name() + "'");
            }
            if (st.iterations() < 1 || st.iterations() > 8) {
                throw new ScenarioException(sp + ".iterations", "must be between 1 and 8, was " + st.iterations());
            }
            if (st.stepped() && !st.stepsPerFrame().matches("[0-8]{1,64}")) {
                throw new ScenarioException(sp + ".stepsPerFrame", "must be 1 to 64 digits, each 0 to 8 (the steps of"
                        + " each frame, repeated), was '" + st.stepsPerFrame() + "'");
            }
            for (int i = 0; i < st.systems().size(); i++) {
                SystemSpec s = st.systems().get(i);
                String path = sp + ".systems[" + i + "]";
                checkName(path + ".name", s.name());
                if (s.name().isBlank() || s.name().equals(WORLD) || s.name().contains(":")) {
                    throw new ScenarioException(path + ".name", "'" + s.name() + "' cannot name a system (blank, '"
                            + WORLD + "' and names with ':' are reserved)");
                }
                if (systemPaths.put(s.name(), path) != null) {
                    throw new ScenarioException(path + ".name", "duplicate system name '" + s.name() + "'");
                }
                systemsByName.put(s.name(), s);
                stageOfSystem.put(s.name(), st);
            }
        }
        Set<String> pauseSets = new HashSet<>();
        for (int i = 0; i < pauses.size(); i++) {
            PauseSpec p = pauses.get(i);
            checkName("pauses[" + i + "].set", p.set());
            if (!pauseSets.add(p.set())) {
                throw new ScenarioException("pauses[" + i + "].set", "duplicate pause set '" + p.set() + "'");
            }
            if (!p.pattern().matches("[01]*")) {
                throw new ScenarioException("pauses[" + i + "].pattern", "only 0 and 1 allowed, was '" + p.pattern() + "'");
            }
        }
        for (StageSpec st : stages) {
            for (SystemSpec s : st.systems()) {
                String path = systemPaths.get(s.name());
                checkNames(path + ".before", s.before(), st, stageOfSystem);
                checkNames(path + ".after", s.after(), st, stageOfSystem);
                checkNames(path + ".ambiguousWith", s.ambiguousWith(), st, stageOfSystem);
                for (int w = 0; w < s.watches().size(); w++) {
                    Watch watch = s.watches().get(w);
                    if (watch.parallel() && (watch.data().isResource() || watch.kind() == WatchKind.REMOVED)) {
                        throw new ScenarioException(path + ".watches[" + w + "].parallel", watch + ": only a component's"
                                + " Added, Mutated or Changed query can be walked in parallel");
                    }
                    String wp = path + ".watches[" + w + "]";
                    if (watch.builtInRun() && (watch.data().isResource() || watch.kind() == WatchKind.REMOVED)) {
                        throw new ScenarioException(wp + ".built", watch + ": only a component's Added, Mutated or Changed"
                                + " watch has a query to build in a run");
                    }
                    if (watch.overSet() && (watch.data().isResource() || watch.kind() == WatchKind.REMOVED)) {
                        throw new ScenarioException(wp + ".with", watch + ": only a component's Added, Mutated or Changed"
                                + " watch has a query to filter (a removal is an event, a resource has no entities)");
                    }
                    for (int v = 0; v < watch.with().size(); v++) {
                        Data d = watch.with().get(v);
                        if (d.isResource() || d == watch.data() || v > 0 && watch.with().get(v - 1) == d) {
                            throw new ScenarioException(wp + ".with", "lists " + d + (d.isResource() ? ", a resource;"
                                    : d == watch.data() ? ", the watched component itself;" : " twice;")
                                    + " a With filter names other components, each once");
                        }
                    }
                    if (watch.from() != null && (watch.from() < 0 || watch.from() >= totalFrames())) {
                        throw new ScenarioException(wp + ".from", "must be in [0, " + totalFrames() + ") (the frames,"
                                + " quiet frames included), was " + watch.from());
                    }
                    if (watch.until() != null && (watch.until() <= watch.firstFrame() || watch.until() > totalFrames())) {
                        throw new ScenarioException(wp + ".until", "must be in [" + (watch.firstFrame() + 1) + ", "
                                + totalFrames() + "] (after 'from', at most the frame count with the quiet frames), was "
                                + watch.until());
                    }
                    for (int v = 0; v < w; v++) {
                        if (s.watches().get(v).equals(watch)) {
                            throw new ScenarioException(wp, s.name() + " has " + watch + " twice");
                        }
                    }
                }
                if (s.pauseSet() != null && !pauseSets.contains(s.pauseSet())) {
                    throw new ScenarioException(path + ".pauseSet", "unknown pause set '" + s.pauseSet() + "'"
                            + NearestName.hint(s.pauseSet(), pauseSets));
                }
                if ((!s.with().isEmpty() || !s.without().isEmpty())
                        && s.reads().stream().anyMatch(d -> s.writes().contains(d))) {
                    throw new ScenarioException(path + ".with", s.name() + " watches data it writes; its write filter would"
                            + " narrow its own read, so filters are not allowed on such a system");
                }
                for (Data d : s.without()) {
                    if (s.writes().contains(d) || d.isResource()) {
                        throw new ScenarioException(path + ".without", s.name() + " writes " + d + ", so a Without<" + d
                                + "> filter on its writes could never match");
                    }
                }
                for (Data d : s.with()) {
                    if (d.isResource() || s.without().contains(d)) {
                        throw new ScenarioException(path + ".with", d + " cannot be a With filter here");
                    }
                }
            }
        }
        for (int si = 0; si < stages.size(); si++) {
            List<String> cycle = ScenarioAccess.declaredCycle(stages.get(si));
            if (cycle != null) {
                throw new ScenarioException("stages[" + si + "]", "the before/after constraints of stage '"
                        + stages.get(si).name() + "' form a cycle: " + String.join(" -> ", cycle)
                        + " (each must run before the next)");
            }
        }
        Set<String> spawned = new HashSet<>();
        for (int i = 0; i < edits.size(); i++) {
            Edit e = edits.get(i);
            String path = "edits[" + i + "]";
            if (!systemPaths.containsKey(e.system())) {
                throw new ScenarioException(path + ".system", "unknown system '" + e.system() + "'"
                        + NearestName.hint(e.system(), systemPaths.keySet()) + "; " + listed("systems", systemPaths.keySet()));
            }
            if (e.entity() != null) {
                checkName(path + ".entity", e.entity());
            }
            if (e.frame() < 0 || e.frame() >= frames) {
                throw new ScenarioException(path + ".frame", "must be in [0, " + frames + "), was " + e.frame());
            }
            int iterations = stageOfSystem.get(e.system()).iterations();
            if (e.iteration() < 0 || e.iteration() >= iterations) {
                throw new ScenarioException(path + ".iteration", "the stage of '" + e.system() + "' runs " + iterations
                        + " iteration(s), was " + e.iteration());
            }
            if (e.op() != EditOp.DESPAWN && e.data() == null) {
                throw new ScenarioException(path + ".data", e.op() + " needs data");
            }
            boolean resource = e.onResource();
            if (!resource && e.entity() == null) {
                throw new ScenarioException(path + ".entity", e.op() + " on a component needs an entity label");
            }
            if (resource && (e.op() == EditOp.SPAWN || e.op() == EditOp.DESPAWN)) {
                throw new ScenarioException(path + ".op", e.op() + " does not apply to resource " + e.data());
            }
            if (!e.op().isCommand() && !systemsByName.get(e.system()).writes().contains(e.data())) {
                throw new ScenarioException(path + ".data", e.system() + " writes " + e.data() + " directly but does not declare the write");
            }
            if (e.count() < 0 || e.from() < 0 || e.every() < 0) {
                throw new ScenarioException(path + (e.count() < 0 ? ".count" : e.from() < 0 ? ".from" : ".every"),
                        "must not be negative");
            }
            if (e.isBulk()) {
                checkBulk(e, path, resource, labels, spawned, groupSizes);
                continue;
            }
            if (e.from() != 0 || e.every() != 0) {
                throw new ScenarioException(path + (e.from() != 0 ? ".from" : ".every"), "only a bulk edit (count > 0)"
                        + " selects members");
            }
            if (e.op() == EditOp.SPAWN) {
                if (e.entity().indexOf(GroupSpec.SEPARATOR) >= 0 || labels.contains(e.entity())
                        || groupSizes.containsKey(e.entity()) || !spawned.add(e.entity())) {
                    throw new ScenarioException(path + ".entity", "SPAWN needs a new label without '" + GroupSpec.SEPARATOR
                            + "', '" + e.entity() + "' is taken or reserved");
                }
            } else if (!resource && !labels.contains(e.entity()) && !spawned.contains(e.entity())
                    && !isMember(e.entity(), groupSizes)) {
                throw new ScenarioException(path + ".entity", "unknown entity '" + e.entity()
                        + "' (not in the initial world and not spawned by an earlier edit)");
            }
        }
        checkJumps();
        checkAgeJumps();
        if (padding != null) {
            padding.validate("padding");
        }
        ScenarioModel.runsOnly(this);                             // a command that would fail is bad input too
        return this;
    }

    /** The author name of changes made outside systems: setup, direct calls, applied commands. */
    public static final String WORLD = "world";

    /** The most entities a scenario's initial world may have (and the most one bulk edit may touch). */
    public static final int MAX_ENTITIES = 1_000_000;

    private void checkBulk(Edit e, String path, boolean resource, Set<String> labels, Set<String> spawned,
            Map<String, Integer> groupSizes) {
        if (resource) {
            throw new ScenarioException(path + ".count", "a bulk edit selects entities; " + e.data() + " is a resource");
        }
        if (e.count() > MAX_ENTITIES) {
            throw new ScenarioException(path + ".count", "at most " + MAX_ENTITIES + ", was " + e.count());
        }
        if (e.op() == EditOp.SPAWN) {
            if (e.from() != 0 || e.every() != 1) {
                throw new ScenarioException(path + ".every", "a bulk SPAWN makes members #0.." + (e.count() - 1)
                        + ": from must be 0 and every 1");
            }
            if (e.entity().indexOf(GroupSpec.SEPARATOR) >= 0 || labels.contains(e.entity()) || spawned.contains(e.entity())
                    || groupSizes.containsKey(e.entity())) {
                throw new ScenarioException(path + ".entity", "a bulk SPAWN needs a new group label without '"
                        + GroupSpec.SEPARATOR + "', '" + e.entity() + "' is taken or reserved");
            }
            groupSizes.put(e.entity(), e.count());
            return;
        }
        Integer size = groupSizes.get(e.entity());
        if (size == null) {
            throw new ScenarioException(path + ".entity", "a bulk edit needs a group; '" + e.entity() + "' is none"
                    + NearestName.hint(e.entity(), groupSizes.keySet()) + " (" + listed("groups", groupSizes.keySet()) + ")");
        }
        if (e.every() < 1) {
            throw new ScenarioException(path + ".every", "a bulk edit needs a stride of at least 1");
        }
        long last = e.from() + (long) (e.count() - 1) * e.every();
        if (last >= size) {
            throw new ScenarioException(path + ".count", "selects member #" + last + " of '" + e.entity() + "', which has "
                    + size + " (#0.." + (size - 1) + ")");
        }
    }

    /** Whether {@code label} is {@link GroupSpec#member} of a group in {@code groupSizes}, its index below the group's size. */
    static boolean isMember(String label, Map<String, Integer> groupSizes) {
        int at = label.lastIndexOf(GroupSpec.SEPARATOR);
        if (at <= 0) {
            return false;
        }
        Integer size = groupSizes.get(label.substring(0, at));
        if (size == null) {
            return false;
        }
        String index = label.substring(at + 1);
        if (index.isEmpty() || index.length() > 9 || !index.chars().allMatch(Character::isDigit)
                || index.length() > 1 && index.charAt(0) == '0') {
            return false;
        }
        return Integer.parseInt(index) < size;
    }

    /**
     * Jumps: in range, one per frame boundary, no sum of jumps over consecutive frames within
     * {@link ClockJump#MARGIN} below the maximum change age, and few enough ticks of the scenario's own
     * that the expiration rule of {@link ClockJump} is exact.
     */
    private void checkJumps() {
        if (clockJumps.isEmpty()) {
            return;
        }
        long[] byFrame = new long[clockJumps.size()];              // ticks of the jumps, by frame
        int[] frameOf = new int[clockJumps.size()];
        List<ClockJump> sorted = new ArrayList<>(clockJumps);
        sorted.sort(java.util.Comparator.comparingInt(ClockJump::beforeFrame));
        for (int i = 0; i < clockJumps.size(); i++) {
            ClockJump j = clockJumps.get(i);
            String path = "clockJumps[" + i + "]";
            if (j.beforeFrame() < 0 || j.beforeFrame() >= totalFrames()) {
                throw new ScenarioException(path + ".beforeFrame", "must be in [0, " + totalFrames() + ") (the quiet frames"
                        + " count), was " + j.beforeFrame());
            }
            if (j.ticks() < 0 || j.ticks() > ClockJump.MAX_TICKS) {
                throw new ScenarioException(path + ".ticks", "must be between 0 and 2^40, was " + j.ticks());
            }
            if (j.idleFrames() < 0 || j.idleFrames() > ClockJump.MAX_IDLE_FRAMES) {
                throw new ScenarioException(path + ".idleFrames", "must be between 0 and 2^40, was " + j.idleFrames());
            }
            if (j.ticks() == 0 && j.idleFrames() == 0) {
                throw new ScenarioException(path, "a jump of 0 ticks and no idle frames does nothing: give it ticks,"
                        + " idleFrames or both");
            }
        }
        for (int k = 0; k < sorted.size(); k++) {
            if (k > 0 && sorted.get(k).beforeFrame() == sorted.get(k - 1).beforeFrame()) {
                int second = clockJumps.lastIndexOf(sorted.get(k));
                throw new ScenarioException("clockJumps[" + second + "].beforeFrame", "a second jump before frame "
                        + sorted.get(k).beforeFrame());
            }
            frameOf[k] = sorted.get(k).beforeFrame();
            byFrame[k] = sorted.get(k).ticks();
        }
        // The sums over consecutive frames are the sums over runs of consecutive jumps (frames without a jump
        // add nothing); they grow with the run, so for each first jump a binary search finds the first sum
        // that reaches the margin below the maximum age, and only that one can fall inside it.
        long[] prefix = new long[byFrame.length + 1];
        for (int k = 0; k < byFrame.length; k++) {
            prefix[k + 1] = prefix[k] + byFrame[k];
        }
        for (int a = 0; a < byFrame.length; a++) {
            long low = ClockJump.MAX_AGE - ClockJump.MARGIN + prefix[a];
            int lo = a + 1;
            int hi = prefix.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (prefix[mid] >= low) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            if (lo < prefix.length && prefix[lo] - prefix[a] < ClockJump.MAX_AGE) {
                long sum = prefix[lo] - prefix[a];
                throw new ScenarioException("clockJumps", "the jumps before frames " + frameOf[a] + ".." + frameOf[lo - 1]
                        + " add up to " + sum + " ticks, within 2^24 below the maximum change age " + ClockJump.MAX_AGE
                        + ": whether a change that old expires would depend on the ticks the frames take");
            }
        }
        checkOwnTicks("clockJumps");
    }

    /**
     * The scenario's own ticks (what its runs and command applications take, jumps aside) stay below
     * {@link ClockJump#MARGIN}: the expiration rule for jumps of fixed size relies on it, and so does
     * the lab's unwrapping of the 32-bit ticks handed out in a frame.
     */
    private void checkOwnTicks(String path) {
        long perFrame = 2;
        for (StageSpec st : stages) {
            perFrame += (long) st.iterations() * (st.systems().size() + 2);
        }
        if (perFrame * totalFrames() + 16 >= ClockJump.MARGIN) {
            throw new ScenarioException(path, "a scenario with clock jumps may take at most 2^24 ticks of its own;"
                    + " this one may take " + (perFrame * totalFrames() + 16));
        }
    }

    /**
     * Age jumps: each before a frame that follows another ({@code 1 <= beforeFrame < totalFrames}), at
     * most one jump of either kind before a frame, aimed within {@link AgeJump#MAX_BELOW} of the maximum
     * age. Their sizes are the lab's to compute while it runs, and the oracle judges expiry by the exact
     * ticks it recorded, so sums that include an age jump may land anywhere near the maximum age: that
     * is the point. Only sums of fixed jumps keep {@link ClockJump#MARGIN} ({@link #checkJumps()}).
     */
    private void checkAgeJumps() {
        if (ageJumps.isEmpty()) {
            return;
        }
        Set<Integer> fixed = new HashSet<>();              // idle frames take no tick: an age jump may share their frame
        clockJumps.stream().filter(j -> j.ticks() > 0).forEach(j -> fixed.add(j.beforeFrame()));
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < ageJumps.size(); i++) {
            AgeJump j = ageJumps.get(i);
            String path = "ageJumps[" + i + "]";
            if (j.beforeFrame() < 1 || j.beforeFrame() >= totalFrames()) {
                throw new ScenarioException(path + ".beforeFrame", "must be in [1, " + totalFrames() + ") (an age jump"
                        + " ages a change of the frame before it; the quiet frames count), was " + j.beforeFrame());
            }
            if (Math.abs(j.belowMaxAge()) > AgeJump.MAX_BELOW) {
                throw new ScenarioException(path + ".belowMaxAge", "must be between -" + AgeJump.MAX_BELOW + " and "
                        + AgeJump.MAX_BELOW + ", was " + j.belowMaxAge());
            }
            if (!seen.add(j.beforeFrame()) || fixed.contains(j.beforeFrame())) {
                throw new ScenarioException(path + ".beforeFrame", "a second jump before frame " + j.beforeFrame());
            }
        }
        checkOwnTicks("ageJumps");
    }

    private static void checkNames(String path, List<String> names, StageSpec stage, Map<String, StageSpec> stageOf) {
        for (String n : names) {
            checkName(path, n);
            StageSpec other = stageOf.get(n);
            if (other == null) {
                throw new ScenarioException(path, "unknown system '" + n + "'" + NearestName.hint(n, stageOf.keySet()));
            }
            if (other != stage) {
                throw new ScenarioException(path, "'" + n + "' is in another stage; constraints apply within a stage");
            }
        }
    }

    /** A name read from a file may not hold control characters ({@link InputNames}). */
    private static void checkName(String path, String value) {
        String problem = InputNames.problem(value);
        if (problem != null) {
            throw new ScenarioException(path, problem);
        }
    }

    /** {@code systems: [a, b]} for a few names, {@code 412 systems} for many (a message stays one short line). */
    private static String listed(String what, Set<String> names) {
        return names.size() <= 12 ? what + ": " + new java.util.TreeSet<>(names) : "the scenario has " + names.size() + " " + what;
    }

    /**
     * Every entity label the scenario can name: the initial single entities, every member of a group
     * (initial or spawned by a bulk edit), and the labels single spawns introduce. Cheap: it keeps the
     * labels and the groups' sizes, not one entry per member.
     */
    public Predicate<String> entityLabels() {
        Set<String> labels = new HashSet<>();
        entities.forEach(e -> labels.add(e.label()));
        Map<String, Integer> groupSizes = new HashMap<>();
        groups.forEach(g -> groupSizes.put(g.label(), g.count()));
        for (Edit e : edits) {
            if (e.op() == EditOp.SPAWN && e.entity() != null) {
                if (e.isBulk()) {
                    groupSizes.put(e.entity(), e.count());
                } else {
                    labels.add(e.entity());
                }
            }
        }
        return label -> label != null && (labels.contains(label) || isMember(label, groupSizes));
    }
}
