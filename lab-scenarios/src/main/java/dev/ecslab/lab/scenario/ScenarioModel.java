package dev.ecslab.lab.scenario;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a scenario must do, computed by the lab alone from the scenario's data (the evidence is the
 * lab's own, never the executor's): which system runs in which frame and stage iteration, the order in
 * which command buffers are applied at each sync point, and the state the world ends in.
 *
 * <p>The model runs the scenario in its own data structures, one stage iteration at a time, with the
 * systems in the stage's {@linkplain ScenarioAccess#expectedOrder expected order}: a system's direct
 * writes change values at once (an entity that is gone, lacks the component or fails the system's
 * filter is skipped, as the lab's system bodies do), its commands are issued when their entity is
 * alive at that moment, and at the end of the iteration the buffers are applied in the expected
 * order. Run criteria follow the runner's lab schedule: a pause set runs its systems in the frames
 * its pattern allows (the quiet tail always), and a looping stage runs all its iterations in a frame
 * in which some system of it runs, else one.
 *
 * <p>The end state is meaningful only for a scenario without {@linkplain ScenarioAccess#racyPairs
 * racy pairs}: for the others, the order of two conflicting unordered systems may change it. The runs
 * and the command order hold for every scenario (command application order never depends on timing).
 */
public final class ScenarioModel {
    /** One system run the schedule must make (exactly once). */
    public record Run(String system, String stage, long frame, int iteration) {
    }

    /** A sync point: the end of one stage iteration. */
    public record Sync(long frame, String stage, int iteration) {
    }

    private final Set<Run> runs = new LinkedHashSet<>();
    private final Map<Sync, List<String>> commandOrder = new LinkedHashMap<>();
    private final List<List<String>> frameStates = new ArrayList<>();
    private final Depth depth;

    /**
     * How much state the model keeps. Rendering a state is the model's main cost on large worlds (10⁴
     * entities sorted and printed), so a judge asks for the end state only, validation for none, and only
     * the ambiguity witnesses, which compare frame by frame, for every frame.
     */
    enum Depth { RUNS_ONLY, END_STATE, EVERY_FRAME }

    private ScenarioModel(Depth depth) {
        this.depth = depth;
    }

    /** Every run the schedule must make, in the model's order. */
    public Set<Run> runs() {
        return java.util.Collections.unmodifiableSet(runs);
    }

    /** At each sync point, the systems whose non-empty command buffers are applied, in application order. */
    public Map<Sync, List<String>> commandOrder() {
        return java.util.Collections.unmodifiableMap(commandOrder);
    }

    /** The end state as canonical lines ({@code "e1: A(2) S(0)"}, {@code "resource R(3)"}), entities by label. */
    public List<String> finalState() {
        if (depth == Depth.RUNS_ONLY) {
            throw new IllegalStateException("this model kept no state");
        }
        return java.util.Collections.unmodifiableList(frameStates.get(frameStates.size() - 1));
    }

    /**
     * The state after each frame (only for a model made by {@link #withFrameStates}) ({@link Scenario#totalFrames()} of them, the quiet tail included), in
     * the canonical lines of {@link #finalState()}: the last is the end state.
     */
    public List<List<String>> frameStates() {
        if (depth != Depth.EVERY_FRAME) {
            throw new IllegalStateException("this model kept " + (depth == Depth.END_STATE ? "the end state only" : "no state")
                    + "; use ScenarioModel.withFrameStates");
        }
        return frameStates;
    }

    /**
     * Runs the model.
     *
     * @throws ScenarioException naming the edit when one of its commands would fail at its sync point
     *         (an entity despawned by a command applied before it), since such a scenario cannot run
     *         cleanly under any strategy or executor
     */
    public static ScenarioModel of(Scenario scenario) {
        // The lab judges one scenario run after run (a search's schedules, a shrinker's seeds); a scenario is
        // immutable and a model is read-only once made, so the last model a thread made is kept and given again.
        ScenarioModel last = LAST_MODEL.get();
        if (last != null && last.of == scenario) {
            return last;
        }
        ScenarioModel m = run(scenario, Depth.END_STATE);
        m.of = scenario;
        LAST_MODEL.set(m);
        return m;
    }

    /** Per thread: the last model {@link #of} made. */
    private static final ThreadLocal<ScenarioModel> LAST_MODEL = new ThreadLocal<>();
    /** The scenario {@link #of} made this model of, or null. */
    private Scenario of;

    /** {@link #of}, keeping the state after every frame too ({@link #frameStates()}). */
    public static ScenarioModel withFrameStates(Scenario scenario) {
        return run(scenario, Depth.EVERY_FRAME);
    }

    /** Runs the model for its runs and command order only, and for the errors {@link #of} throws. */
    static ScenarioModel runsOnly(Scenario scenario) {
        return run(scenario, Depth.RUNS_ONLY);
    }

    private static ScenarioModel run(Scenario scenario, Depth depth) {
        ScenarioModel m = new ScenarioModel(depth);
        new Simulation(scenario, m).run();
        return m;
    }

    /** The model's mutable state while it runs. */
    private static final class Simulation {
        final Scenario scenario;
        final ScenarioModel out;
        final Map<String, EnumMap<Data, Integer>> alive = new LinkedHashMap<>();
        final EnumMap<Data, Integer> resources = new EnumMap<>(Data.class);
        final Map<String, List<Integer>> editsByRun = new LinkedHashMap<>();     // system|frame|iteration -> edit indices

        Simulation(Scenario scenario, ScenarioModel out) {
            this.scenario = scenario;
            this.out = out;
            for (EntitySpec e : scenario.entities()) {
                alive.put(e.label(), new EnumMap<>(e.components()));
            }
            for (GroupSpec g : scenario.groups()) {
                for (int i = 0; i < g.count(); i++) {
                    alive.put(g.member(i), new EnumMap<>(g.components()));
                }
            }
            resources.putAll(scenario.resources());
            for (int i = 0; i < scenario.edits().size(); i++) {
                Edit e = scenario.edits().get(i);
                editsByRun.computeIfAbsent(e.system() + "|" + e.frame() + "|" + e.iteration(), k -> new ArrayList<>()).add(i);
            }
        }

        void run() {
            List<int[]> orders = new ArrayList<>();
            for (StageSpec st : scenario.stages()) {
                orders.add(ScenarioAccess.expectedOrder(scenario, st));
            }
            for (int f = 0; f < scenario.totalFrames(); f++) {
                for (int si = 0; si < scenario.stages().size(); si++) {
                    stage(scenario.stages().get(si), orders.get(si), f);
                }
                if (out.depth == Depth.EVERY_FRAME || out.depth == Depth.END_STATE && f == scenario.totalFrames() - 1) {
                    out.frameStates.add(state());
                }
            }
        }

        List<String> state() {
            List<String> lines = new ArrayList<>();
            for (Map.Entry<String, EnumMap<Data, Integer>> e : new TreeMap<>(alive).entrySet()) {
                StringBuilder line = new StringBuilder(e.getKey()).append(':');
                e.getValue().forEach((d, v) -> line.append(' ').append(d.value(v)));
                lines.add(line.toString());
            }
            resources.forEach((d, v) -> lines.add("resource " + d.value(v)));
            return List.copyOf(lines);
        }

        void stage(StageSpec st, int[] order, int frame) {
            List<SystemSpec> systems = st.systems();
            boolean anyRuns = systems.stream().anyMatch(s -> scenario.runsIn(st, s, frame));
            int iterations = anyRuns ? st.iterationsIn(frame, scenario.frames()) : 1;
            for (int it = 0; it < iterations; it++) {
                List<List<Command>> buffers = new ArrayList<>();
                List<String> issuers = new ArrayList<>();
                for (int v : order) {
                    SystemSpec s = systems.get(v);
                    if (!scenario.runsIn(st, s, frame)) {
                        continue;
                    }
                    out.runs.add(new Run(s.name(), st.name(), frame, it));
                    List<Command> commands = body(s, frame, it);
                    if (!commands.isEmpty()) {
                        buffers.add(commands);
                        issuers.add(s.name());
                    }
                }
                if (!issuers.isEmpty()) {
                    out.commandOrder.put(new Sync(frame, st.name(), it), List.copyOf(issuers));
                }
                List<Command> applied = new ArrayList<>();
                for (List<Command> buffer : buffers) {
                    for (Command c : buffer) {
                        apply(c, applied, st, frame);
                        applied.add(c);
                    }
                }
            }
        }

        /** One command a run issued: a single edit, and the index of the scenario edit it came from. */
        record Command(int index, Edit edit) {
        }

        /** Makes one run's direct writes; returns the commands it issues (bulk edits as one per member). */
        List<Command> body(SystemSpec s, int frame, int iteration) {
            List<Command> commands = new ArrayList<>();
            Set<String> despawnedHere = new HashSet<>();
            for (int index : editsByRun.getOrDefault(s.name() + "|" + frame + "|" + iteration, List.of())) {
                for (Edit e : scenario.edits().get(index).singles()) {
                    if (e.op().isCommand()) {
                        boolean issued = e.onResource() || e.op() == EditOp.SPAWN
                                || alive.containsKey(e.entity()) && !despawnedHere.contains(e.entity());
                        if (issued) {
                            commands.add(new Command(index, e));
                            if (e.op() == EditOp.DESPAWN) {
                                despawnedHere.add(e.entity());
                            }
                        }
                    } else if (e.onResource()) {
                        if (resources.containsKey(e.data())) {
                            resources.put(e.data(), e.value());
                        }
                    } else {
                        EnumMap<Data, Integer> comps = alive.get(e.entity());
                        if (comps != null && comps.containsKey(e.data()) && comps.keySet().containsAll(s.with())
                                && s.without().stream().noneMatch(comps::containsKey)) {
                            comps.put(e.data(), e.value());
                        }
                    }
                }
            }
            return commands;
        }

        void apply(Command c, List<Command> appliedBefore, StageSpec st, int frame) {
            Edit e = c.edit();
            if (e.onResource()) {
                if (e.op() == EditOp.INSERT) {
                    resources.put(e.data(), e.value());
                } else {
                    resources.remove(e.data());
                }
                return;
            }
            if (e.op() == EditOp.SPAWN) {
                EnumMap<Data, Integer> comps = new EnumMap<>(Data.class);
                comps.put(e.data(), e.value());
                alive.put(e.entity(), comps);
                return;
            }
            EnumMap<Data, Integer> comps = alive.get(e.entity());
            if (comps == null) {
                throw new ScenarioException("edits[" + c.index() + "]", e.system() + "'s " + e.op().name().toLowerCase()
                        + " command on " + e.entity() + " (frame " + frame + ", stage '" + st.name() + "') would fail at"
                        + " the sync point: " + despawner(e.entity(), appliedBefore) + " is applied before it. Commands"
                        + " on one entity in one stage iteration must not follow its despawn");
            }
            switch (e.op()) {
                case INSERT -> comps.put(e.data(), e.value());
                case REMOVE -> comps.remove(e.data());
                case DESPAWN -> alive.remove(e.entity());
                default -> throw new IllegalStateException(e.op().toString());
            }
        }

        String despawner(String entity, List<Command> appliedBefore) {
            for (int i = appliedBefore.size() - 1; i >= 0; i--) {
                Command d = appliedBefore.get(i);
                if (d.edit().op() == EditOp.DESPAWN && entity.equals(d.edit().entity())) {
                    return d.edit().system() + "'s despawn of " + entity + " (edits[" + d.index() + "])";
                }
            }
            return "a despawn of " + entity;
        }
    }
}
