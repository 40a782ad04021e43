package dev.ecslab.lab.witness;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One legal order of a scenario made explicit: a copy of the scenario whose every stage runs in one
 * fixed total order, whatever the executor and seed.
 *
 * <p>For an unordered pair (a, b) of a stage, {@link #stageOrder} puts first every system that must
 * run before a or b (in the scenario's expected order), then a and b in the order asked for, then the
 * rest (in the expected order). The two orders of a pair therefore differ in nothing but the places of
 * a and b, next to each other, so any difference between their results is the pair's doing, not that
 * of another unordered pair of the stage (and command buffers, which are applied in the stage's
 * topological order, keep every other relative order too). Such an order exists for both ways exactly
 * when neither system reaches the other through the constraints: everything placed before the pair is
 * a predecessor of a or b, so nothing placed after it has to run earlier.
 *
 * <p>{@link #derive} adds a {@code before} constraint between consecutive systems of the order where
 * the scenario does not already order them, in every stage (the other stages in their expected
 * order), so the derived scenario has no racy pair: the lab's {@link dev.ecslab.lab.scenario.ScenarioModel}
 * computes its exact end state, every executor must reach it (criterion 8), and its replay file runs
 * the same order anywhere. The constraints only follow a legal order of the original, so they can
 * never form a cycle.
 */
public final class ForcedOrder {
    private ForcedOrder() {
    }

    /**
     * The order of {@code stage}'s systems with {@code first} right before {@code second}.
     *
     * @throws IllegalArgumentException when the constraints already order the two systems (one order is
     *         impossible: the pair is not unordered) or a name is not in the stage
     */
    public static List<String> stageOrder(Scenario scenario, StageSpec stage, String first, String second) {
        List<SystemSpec> systems = stage.systems();
        int a = indexOf(stage, first);
        int b = indexOf(stage, second);
        boolean[][] ordered = ScenarioAccess.orderedClosure(scenario, stage);
        if (ordered[a][b] || ordered[b][a]) {
            throw new IllegalArgumentException("'" + first + "' and '" + second + "' are ordered by the constraints of stage '"
                    + stage.name() + "': only one order is legal");
        }
        int[] expected = ScenarioAccess.expectedOrder(scenario, stage);
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        for (int v : expected) {
            if (v == a || v == b) {
                continue;
            }
            (ordered[v][a] || ordered[v][b] ? before : after).add(systems.get(v).name());
        }
        List<String> out = new ArrayList<>(before);
        out.add(first);
        out.add(second);
        out.addAll(after);
        return out;
    }

    /** The scenario's expected order of {@code stage} (what the model and command application follow), by name. */
    public static List<String> expectedOrder(Scenario scenario, StageSpec stage) {
        List<String> out = new ArrayList<>();
        for (int v : ScenarioAccess.expectedOrder(scenario, stage)) {
            out.add(stage.systems().get(v).name());
        }
        return out;
    }

    /**
     * A copy of the scenario, named {@code name}, in which stage {@code stageName} runs in {@code order}
     * and every other stage in its expected order; validated.
     *
     * @param order a legal order of the stage (from {@link #stageOrder})
     * @throws IllegalArgumentException when {@code order} is not a legal order of all the stage's systems
     * @throws dev.ecslab.lab.scenario.ScenarioException when the derived scenario cannot run (a command
     *         that would fail at its sync point in this order)
     */
    public static Scenario derive(Scenario scenario, String stageName, List<String> order, String name, String description) {
        List<StageSpec> stages = new ArrayList<>();
        boolean found = false;
        for (StageSpec st : scenario.stages()) {
            boolean target = st.name().equals(stageName);
            found |= target;
            stages.add(fixed(scenario, st, target ? order : expectedOrder(scenario, st)));
        }
        if (!found) {
            throw new IllegalArgumentException("no stage '" + stageName + "' in scenario " + scenario.name());
        }
        return new Scenario(name, description, scenario.entities(), scenario.resources(), stages, scenario.pauses(),
                scenario.frames(), scenario.edits(), scenario.startTick(), scenario.ordering(), scenario.groups(),
                scenario.clockJumps(), scenario.layout(), scenario.ageJumps(),
                scenario.observeEverything(), scenario.padding()).validate();
    }

    /** The stage with a {@code before} constraint between consecutive systems of {@code order} that are not yet ordered. */
    private static StageSpec fixed(Scenario scenario, StageSpec stage, List<String> order) {
        List<SystemSpec> systems = stage.systems();
        if (order.size() != systems.size() || !order.containsAll(systems.stream().map(SystemSpec::name).toList())) {
            throw new IllegalArgumentException("an order of stage '" + stage.name() + "' must name each of its systems once: "
                    + order);
        }
        boolean[][] ordered = ScenarioAccess.orderedClosure(scenario, stage);
        for (int p = 0; p < order.size(); p++) {
            for (int q = p + 1; q < order.size(); q++) {
                if (ordered[indexOf(stage, order.get(q))][indexOf(stage, order.get(p))]) {
                    throw new IllegalArgumentException(order.get(q) + " must run before " + order.get(p) + " in stage '"
                            + stage.name() + "': " + order + " is not a legal order");
                }
            }
        }
        Map<String, List<String>> added = new HashMap<>();
        for (int p = 0; p + 1 < order.size(); p++) {
            int x = indexOf(stage, order.get(p));
            int y = indexOf(stage, order.get(p + 1));
            if (!ordered[x][y]) {
                added.computeIfAbsent(order.get(p), k -> new ArrayList<>()).add(order.get(p + 1));
            }
        }
        List<SystemSpec> out = new ArrayList<>();
        for (SystemSpec s : systems) {
            List<String> more = added.getOrDefault(s.name(), List.of());
            if (more.isEmpty()) {
                out.add(s);
            } else {
                List<String> before = new ArrayList<>(s.before());
                before.addAll(more);
                out.add(s.withConstraints(before, s.after(), s.ambiguousWith()));
            }
        }
        return stage.withSystems(out);
    }

    private static int indexOf(StageSpec stage, String system) {
        for (int i = 0; i < stage.systems().size(); i++) {
            if (stage.systems().get(i).name().equals(system)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no system '" + system + "' in stage '" + stage.name() + "'");
    }
}
