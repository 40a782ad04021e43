package dev.ecslab.lab.witness;

import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioModel;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Ambiguity witnesses: for every unordered conflicting pair (a, b) of a scenario's stage, runs the
 * scenario once with a before b and once with b before a and says whether the results differ
 * ({@link Witness}). Deterministic: each order is a derived scenario in which every stage runs in one
 * fixed order ({@link ForcedOrder}: the two differ only in the places of a and b), run under the exact
 * strategy {@code generation} and the serial executor.
 *
 * <p>What is compared: the world's state after every frame, the end state included (from the lab's
 * {@link ScenarioModel}, which is exact for a scenario without racy pairs), and every detector answer
 * of the real run. Nothing is taken on trust: each run must pass the lab's judge (no crash; criteria
 * 1, 2 and 3, so its answers are the exact ones; O; 8), its trace must show every stage iteration run
 * in the order that was asked for, and the real world's state after every frame must be the model's. A run that fails any of this makes the pair {@linkplain
 * Witness.Verdict#INCONCLUSIVE inconclusive}, with the reason: a finder that ran the wrong order would
 * otherwise report "commutes here" for a pair that does not commute.
 *
 * <p>Pairs are those of {@link ScenarioAccess#racyPairs}: conflicting and unordered, exempted by
 * {@code ambiguousWith} or not (exempted ones are marked). Under the insertion-order policy there are none.
 */
public final class WitnessFinder {
    /** How the finder gets a scenario in which {@code first} runs before {@code second} (replaceable for its own mutant test). */
    @FunctionalInterface
    public interface Orders {
        Scenario force(Scenario scenario, StageSpec stage, String first, String second);
    }

    /** The real derivation: {@link ForcedOrder#stageOrder} made explicit with {@link ForcedOrder#derive}. */
    public static final Orders FORCED = (scenario, stage, first, second) -> ForcedOrder.derive(scenario, stage.name(),
            ForcedOrder.stageOrder(scenario, stage, first, second), scenario.name() + " [" + first + " before " + second + "]",
            "witness of the unordered pair " + first + " | " + second + " of stage '" + stage.name() + "' in scenario '"
                    + scenario.name() + "': " + first + " runs right before " + second + "; constraints were added so that"
                    + " every stage runs in one fixed order. " + scenario.description());

    /** The strategy witnesses run under: exact, so detector answers are the exact answers. */
    public static final String STRATEGY = "generation";

    private final Orders orders;

    public WitnessFinder() {
        this(FORCED);
    }

    public WitnessFinder(Orders orders) {
        this.orders = Objects.requireNonNull(orders, "orders");
    }

    /** Witnesses for every unordered conflicting pair of the scenario, stage by stage, in declaration order. */
    public static List<Witness> of(Scenario scenario) {
        return new WitnessFinder().find(scenario);
    }

    /** How many pairs {@link #find} will witness (two scenario runs each). */
    public static int pairs(Scenario scenario) {
        return ScenarioAccess.racyPairs(scenario).size();
    }

    public List<Witness> find(Scenario scenario) {
        List<Witness> out = new ArrayList<>();
        for (StageSpec st : scenario.stages()) {
            boolean[][] ordered = ScenarioAccess.orderedClosure(scenario, st);
            List<SystemSpec> s = st.systems();
            for (int i = 0; i < s.size(); i++) {
                for (int j = i + 1; j < s.size(); j++) {
                    if (!ordered[i][j] && !ordered[j][i] && ScenarioAccess.conflicts(s.get(i), s.get(j))) {
                        out.add(witness(scenario, st, s.get(i), s.get(j)));
                    }
                }
            }
        }
        return out;
    }

    private Witness witness(Scenario scenario, StageSpec stage, SystemSpec a, SystemSpec b) {
        String conflict = ScenarioAccess.describeConflict(a, b);
        boolean exempted = a.ambiguousWith().contains(b.name()) || b.ambiguousWith().contains(a.name());
        List<Witness.Order> done = new ArrayList<>();
        String problem = null;
        for (String[] pair : List.of(new String[] {a.name(), b.name()}, new String[] {b.name(), a.name()})) {
            Attempt attempt = run(scenario, stage, pair[0], pair[1]);
            if (attempt.order != null) {
                done.add(attempt.order);
            }
            if (attempt.problem != null && problem == null) {
                problem = attempt.problem;
            }
        }
        if (problem != null) {
            return new Witness(scenario.name(), stage.name(), a.name(), b.name(), conflict, exempted,
                    Witness.Verdict.INCONCLUSIVE, problem, done, List.of(), List.of());
        }
        Witness.Order one = done.get(0);
        Witness.Order two = done.get(1);
        List<String> state = new ArrayList<>();
        for (int f = 0; f < one.frameStates().size(); f++) {
            for (String d : differences(keyed(one.frameStates().get(f), WitnessFinder::stateKey),
                    keyed(two.frameStates().get(f), WitnessFinder::stateKey))) {
                state.add("after frame " + f + ", " + d);
            }
        }
        List<String> detections = differences(keyed(one.detections(), WitnessFinder::detectionKey),
                keyed(two.detections(), WitnessFinder::detectionKey));
        Witness.Verdict verdict = !state.isEmpty() ? Witness.Verdict.STATE_DIFFERS
                : !detections.isEmpty() ? Witness.Verdict.DETECTIONS_DIFFER : Witness.Verdict.COMMUTES;
        return new Witness(scenario.name(), stage.name(), a.name(), b.name(), conflict, exempted, verdict, "", done, state,
                detections);
    }

    /** One order, run and checked; {@code problem} says why it gives no verdict. */
    private record Attempt(Witness.Order order, String problem) {
    }

    private Attempt run(Scenario scenario, StageSpec stage, String first, String second) {
        String label = first + " before " + second;
        List<String> expected = ForcedOrder.stageOrder(scenario, stage, first, second);
        Scenario derived;
        try {
            derived = orders.force(scenario, stage, first, second);
        } catch (ScenarioException | IllegalArgumentException e) {
            return new Attempt(null, label + " cannot run: " + e.getMessage());
        }
        List<List<String>> model = ScenarioModel.withFrameStates(derived).frameStates();
        List<List<String>> real = new ArrayList<>();
        Trace trace = ScenarioRunner.runRecordingStates(derived, config(), (frame, state) -> real.add(state));
        Witness.Order order = new Witness.Order(first, second, expected, derived, trace, model, detections(trace));
        List<Violation> violations = Judge.judge(derived, trace).violations();
        if (!violations.isEmpty()) {
            return new Attempt(order, label + ": the run under " + STRATEGY + " / serial did not pass the lab's criteria, so"
                    + " its results cannot be compared: " + violations.get(0));
        }
        String wrongOrder = followed(scenario, stage, expected, trace);
        if (wrongOrder != null) {
            return new Attempt(order, label + ": " + wrongOrder);
        }
        for (int f = 0; f < model.size(); f++) {
            List<String> got = f < real.size() ? real.get(f) : List.of("(no state recorded)");
            if (!got.equals(model.get(f))) {
                return new Attempt(order, label + ": after frame " + f + " the real run's world was " + got
                        + ", the lab's model of the same order says " + model.get(f));
            }
        }
        return new Attempt(order, null);
    }

    /** One stage iteration of a trace. */
    private record Iteration(long frame, String stage, int iteration) {
    }

    /** Every stage iteration of the trace in its forced order, or what ran otherwise. */
    private static String followed(Scenario scenario, StageSpec target, List<String> targetOrder, Trace trace) {
        Map<Iteration, List<String>> ranIn = new LinkedHashMap<>();       // systems in start order
        trace.runs().stream().sorted(Comparator.comparingLong(RunRecord::startSeq)).forEach(r -> ranIn
                .computeIfAbsent(new Iteration(r.frame(), r.stage(), r.iteration()), k -> new ArrayList<>()).add(r.system()));
        Map<String, List<String>> forced = new LinkedHashMap<>();
        for (StageSpec st : scenario.stages()) {
            forced.put(st.name(), st == target ? targetOrder : ForcedOrder.expectedOrder(scenario, st));
        }
        for (Map.Entry<Iteration, List<String>> e : ranIn.entrySet()) {
            Iteration it = e.getKey();
            List<String> ran = e.getValue();
            List<String> wanted = forced.get(it.stage()).stream().filter(ran::contains).toList();
            if (!wanted.equals(ran)) {
                return "frame " + it.frame() + (it.iteration() == 0 ? "" : "." + it.iteration()) + ", stage '" + it.stage()
                        + "' ran " + String.join(", ", ran) + " instead of " + String.join(", ", wanted);
            }
        }
        return null;
    }

    private static LabConfig config() {
        return new LabConfig(Strategy.GENERATION, new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0);
    }

    /** Looked up once: the built-in exact strategy. */
    private static final class Strategy {
        static final TrackerSubject GENERATION = TrackerSubject.find(STRATEGY, WitnessFinder.class.getClassLoader());
    }

    /**
     * Every detector answer of a trace as a line {@code "frame 1.2 detector Changed<A>: [e0, e1]"} (".2":
     * the stage iteration, shown from the second on; entities sorted), sorted by frame, iteration,
     * detector and watch.
     */
    public static List<String> detections(Trace trace) {
        record Line(long frame, int iteration, String system, String watch, String text) {
        }
        List<Line> lines = new ArrayList<>();
        for (Detection d : trace.detections()) {
            RunRecord r = trace.run(d.run());
            List<String> reported = new ArrayList<>(d.reported());
            reported.sort(null);
            String when = "frame " + r.frame() + (r.iteration() > 0 ? "." + r.iteration() : "");
            lines.add(new Line(r.frame(), r.iteration(), r.system(), d.watch().toString(),
                    when + " " + r.system() + " " + d.watch() + ": " + reported));
        }
        lines.sort(Comparator.comparingLong(Line::frame).thenComparingInt(Line::iteration).thenComparing(Line::system)
                .thenComparing(Line::watch));
        return lines.stream().map(Line::text).toList();
    }

    /** {@code "e1: A(2) S(0)"} is keyed {@code e1}; {@code "resource R(3)"} is keyed {@code resource R}. */
    private static String[] stateKey(String line) {
        if (line.startsWith("resource ")) {
            int paren = line.indexOf('(');
            return new String[] {line.substring(0, paren), line.substring("resource ".length())};
        }
        int colon = line.indexOf(':');
        return new String[] {line.substring(0, colon), line.substring(colon + 1).trim()};
    }

    /** {@code "frame 0 detector Changed<A>: [e0]"} is keyed by what comes before the last {@code ": "}. */
    private static String[] detectionKey(String line) {
        int sep = line.lastIndexOf(": ");
        return new String[] {line.substring(0, sep), line.substring(sep + 2)};
    }

    private static Map<String, String> keyed(List<String> lines, java.util.function.Function<String, String[]> split) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines) {
            String[] kv = split.apply(line);
            out.merge(kv[0], kv[1], (x, y) -> x + " " + y);
        }
        return out;
    }

    /**
     * {@code "key: one ≠ two"} for every key whose values differ ({@code (none)} where one side lacks it),
     * in the first side's order (frames in time order), then the keys only the second has.
     */
    private static List<String> differences(Map<String, String> one, Map<String, String> two) {
        List<String> keys = new ArrayList<>(one.keySet());
        two.keySet().stream().filter(k -> !one.containsKey(k)).forEach(keys::add);
        List<String> out = new ArrayList<>();
        for (String k : keys) {
            String x = one.getOrDefault(k, "(none)");
            String y = two.getOrDefault(k, "(none)");
            if (!x.equals(y)) {
                out.add(k + ": " + x + " ≠ " + y);
            }
        }
        return out;
    }
}
