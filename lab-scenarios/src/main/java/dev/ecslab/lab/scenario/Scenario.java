package dev.ecslab.lab.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

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
 */
public record Scenario(String name, String description, List<EntitySpec> entities, Map<Data, Integer> resources,
        List<StageSpec> stages, List<PauseSpec> pauses, int frames, List<Edit> edits, Integer startTick, Ordering ordering) {

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

    public Scenario {
        Objects.requireNonNull(name, "a scenario needs a name");
        description = description == null ? "" : description;
        entities = entities == null ? List.of() : List.copyOf(entities);
        resources = resources == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(resources));
        stages = stages == null ? List.of() : List.copyOf(stages);
        pauses = pauses == null ? List.of() : List.copyOf(pauses);
        edits = edits == null ? List.of() : List.copyOf(edits);
        ordering = ordering == null ? Ordering.EXPLICIT : ordering;
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

    /** Frames the runner runs: the scenario's and the quiet tail. */
    public int totalFrames() {
        return frames + QUIET_FRAMES;
    }

    /**
     * The scenario's structure class: looping if a stage loops, pausing if some system can be paused,
     * regular otherwise.
     */
    public ScenarioClass structure() {
        for (StageSpec st : stages) {
            if (st.iterations() > 1) {
                return ScenarioClass.LOOPING;
            }
        }
        for (SystemSpec s : systems()) {
            if (s.pauseSet() != null && pause(s.pauseSet()).pattern().contains("0")) {
                return ScenarioClass.PAUSING;
            }
        }
        return ScenarioClass.REGULAR;
    }

    /** Whether {@code system} runs in {@code frame} (the quiet tail always runs). */
    public boolean runsIn(SystemSpec system, int frame) {
        return system.pauseSet() == null || frame >= frames || pause(system.pauseSet()).runs(frame);
    }

    /** A copy with other edits, frames and systems (what the shrinker produces); validated. */
    public Scenario with(List<EntitySpec> entities, List<StageSpec> stages, int frames, List<Edit> edits) {
        Scenario s = new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering);
        s.validate();
        return s;
    }

    /** A copy under another ordering policy; validated. */
    public Scenario withOrdering(Ordering newOrdering) {
        return new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, newOrdering)
                .validate();
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
        if (frames < 1 || frames > 100_000) {
            throw new ScenarioException("frames", "must be between 1 and 100000, was " + frames);
        }
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < entities.size(); i++) {
            EntitySpec e = entities.get(i);
            String path = "entities[" + i + "]";
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
        Set<String> stageNames = new HashSet<>();
        for (int si = 0; si < stages.size(); si++) {
            StageSpec st = stages.get(si);
            String sp = "stages[" + si + "]";
            if (!stageNames.add(st.name())) {
                throw new ScenarioException(sp + ".name", "duplicate stage name '" + st.name() + "'");
            }
            if (st.iterations() < 1 || st.iterations() > 8) {
                throw new ScenarioException(sp + ".iterations", "must be between 1 and 8, was " + st.iterations());
            }
            for (int i = 0; i < st.systems().size(); i++) {
                SystemSpec s = st.systems().get(i);
                String path = sp + ".systems[" + i + "]";
                if (s.name().isBlank() || s.name().equals(WORLD) || s.name().contains(":")) {
                    throw new ScenarioException(path + ".name", "'" + s.name() + "' cannot name a system (blank, '"
                            + WORLD + "' and names with ':' are reserved)");
                }
                if (systemPaths.put(s.name(), path) != null) {
                    throw new ScenarioException(path + ".name", "duplicate system name '" + s.name() + "'");
                }
            }
        }
        Set<String> pauseSets = new HashSet<>();
        for (int i = 0; i < pauses.size(); i++) {
            PauseSpec p = pauses.get(i);
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
                checkNames(path + ".before", s.before(), st, systemPaths);
                checkNames(path + ".after", s.after(), st, systemPaths);
                checkNames(path + ".ambiguousWith", s.ambiguousWith(), st, systemPaths);
                if (s.pauseSet() != null && !pauseSets.contains(s.pauseSet())) {
                    throw new ScenarioException(path + ".pauseSet", "unknown pause set '" + s.pauseSet() + "'");
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
                throw new ScenarioException(path + ".system", "unknown system '" + e.system() + "'; systems: "
                        + new java.util.TreeSet<>(systemPaths.keySet()));
            }
            if (e.frame() < 0 || e.frame() >= frames) {
                throw new ScenarioException(path + ".frame", "must be in [0, " + frames + "), was " + e.frame());
            }
            int iterations = stageOf(e.system()).iterations();
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
            if (!e.op().isCommand() && !system(e.system()).writes().contains(e.data())) {
                throw new ScenarioException(path + ".data", e.system() + " writes " + e.data() + " directly but does not declare the write");
            }
            if (e.op() == EditOp.SPAWN) {
                if (labels.contains(e.entity()) || !spawned.add(e.entity())) {
                    throw new ScenarioException(path + ".entity", "SPAWN needs a new label, '" + e.entity() + "' is taken");
                }
            } else if (!resource && !labels.contains(e.entity()) && !spawned.contains(e.entity())) {
                throw new ScenarioException(path + ".entity", "unknown entity '" + e.entity()
                        + "' (not in the initial world and not spawned by an earlier edit)");
            }
        }
        ScenarioModel.of(this);                                   // a command that would fail is bad input too
        return this;
    }

    /** The author name of changes made outside systems: setup, direct calls, applied commands. */
    public static final String WORLD = "world";

    private static void checkNames(String path, List<String> names, StageSpec stage, Map<String, String> systems) {
        for (String n : names) {
            if (!systems.containsKey(n)) {
                throw new ScenarioException(path, "unknown system '" + n + "'");
            }
            boolean same = stage.systems().stream().anyMatch(s -> s.name().equals(n));
            if (!same) {
                throw new ScenarioException(path, "'" + n + "' is in another stage; constraints apply within a stage");
            }
        }
    }
}
