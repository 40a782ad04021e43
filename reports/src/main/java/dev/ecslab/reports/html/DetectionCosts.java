package dev.ecslab.reports.html;

import dev.ecslab.lab.results.MeasuredClass;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * What change detection costs per frame, in microseconds, from {@code ChangeTrackingBenchmark}'s
 * scores, with the workload "added on computationally", as Bevy PR #1471 proposes.
 *
 * <p>A frame in which a fraction {@code p} of {@link #N} entities was written and a system asks what
 * changed costs the strategy its {@link Cost#detection() detection}: the {@code Changed} query at
 * {@code p} (random rows), its frame-end pass, and its extra write cost on the written rows against
 * {@code none} ({@code (mutateAll(strategy) - mutateAll(none)) × p}). With {@code w} µs of work per
 * reported entity the frame costs {@code detection + reported × w}, where the control {@code none}
 * reports all {@code N}, a conservative strategy each change twice ({@code 2pN}, as the double buffer
 * does across two frames: an assumption of this model, not a measurement) and any other {@code pN}.
 * A cost with any of its three figures missing is absent, never estimated.
 *
 * <p>The figures are those of Position stored as objects and observed: a run that names more
 * parameters than older ones ({@code observed}, then {@code layout}) is
 * asked for {@code observed=true} and {@code layout=references}; a file from before a parameter,
 * whose runs were all of that kind, is asked without it. The newest parameter set present wins, and
 * a columnar figure is never mixed in.
 */
final class DetectionCosts {
    static final String CHANGE = "ChangeTrackingBenchmark.";
    /** Entities of the benchmarks the model reads (mutate-all at 10⁶, the Changed query's world). */
    static final double N = 1_000_000;
    /** Bevy PR #1471's control, Proposal 0: no change detection, every entity reported. */
    static final String CONTROL = "none";
    /** The fractions changed the Changed query is measured at, in percent. */
    static final List<String> PERCENTS = List.of("0.1", "1", "10", "100");
    private static final String ENTITIES = "1000000";
    /** The parameters later runs name, each with the value every run before it had, in the order they came. */
    private static final String OBSERVED = "observed";
    private static final String LAYOUT = "layout";
    private static final Map<String, String> AS_BEFORE = Map.of(OBSERVED, "true", LAYOUT, "references");

    /**
     * One strategy's detection cost at one fraction changed.
     *
     * @param writeExtra µs its writes to the changed rows cost beyond {@code none}'s (0 for {@code none})
     */
    record Cost(String strategy, String percent, double query, double frameEnd, double writeExtra) {
        double detection() {
            return query + frameEnd + writeExtra;
        }

        double fraction() {
            return Double.parseDouble(percent) / 100;
        }
    }

    private final Conclusions.Scores scores;

    DetectionCosts(Conclusions.Scores scores) {
        this.scores = scores;
    }

    /** The cost of {@code strategy} at {@code percent} changed, or empty when a figure (its own or none's writes) is missing. */
    Optional<Cost> at(String strategy, String percent) {
        OptionalDouble q = query(strategy, percent);
        OptionalDouble end = frameEnd(strategy);
        OptionalDouble w = mutate(strategy);
        OptionalDouble none = mutate(CONTROL);
        if (q.isEmpty() || end.isEmpty() || w.isEmpty() || none.isEmpty()) {
            return Optional.empty();
        }
        double p = Double.parseDouble(percent) / 100;
        double extra = strategy.equals(CONTROL) ? 0 : (w.getAsDouble() - none.getAsDouble()) * p;
        return Optional.of(new Cost(strategy, percent, q.getAsDouble(), end.getAsDouble(), extra));
    }

    /** Entities a strategy of class {@code c} reports when a fraction {@code p} changed (see the class comment). */
    static double reported(String strategy, MeasuredClass c, double p) {
        if (strategy.equals(CONTROL)) {
            return N;
        }
        return c == MeasuredClass.CONSERVATIVE ? 2 * p * N : p * N;
    }

    /** The frame's cost with {@code w} µs of work per reported entity. */
    static double frame(Cost cost, MeasuredClass c, double w) {
        return cost.detection() + reported(cost.strategy(), c, cost.fraction()) * w;
    }

    OptionalDouble mutate(String strategy) {
        return newest("mutateAll", Map.of("entities", ENTITIES, "strategy", strategy), OBSERVED, LAYOUT);
    }

    OptionalDouble frameEnd(String strategy) {
        return newest("frameEnd", Map.of("entities", ENTITIES, "strategy", strategy), OBSERVED);
    }

    OptionalDouble query(String strategy, String percent) {
        return newest("changed", Map.of("percentChanged", percent, "spread", "random", "strategy", strategy), LAYOUT);
    }

    OptionalDouble clustered(String strategy, String percent) {
        return newest("changed", Map.of("percentChanged", percent, "spread", "clustered", "strategy", strategy), LAYOUT);
    }

    OptionalDouble fullScan() {
        return newest("fullScan", Map.of(), LAYOUT);
    }

    /**
     * The score of {@code method} under {@code params} plus the {@code later} parameters at their
     * {@link #AS_BEFORE} values; failing that, without the last of them, and so on down to
     * {@code params} alone (see the class comment).
     */
    private OptionalDouble newest(String method, Map<String, String> params, String... later) {
        for (int named = later.length; named >= 0; named--) {
            Map<String, String> asked = new java.util.HashMap<>(params);
            for (int i = 0; i < named; i++) {
                asked.put(later[i], AS_BEFORE.get(later[i]));
            }
            OptionalDouble score = scores.micros(CHANGE + method, asked);
            if (score.isPresent()) {
                return score;
            }
        }
        return OptionalDouble.empty();
    }

    /**
     * Whether the benchmark measures this matrix label: it runs each strategy id in its default flavor,
     * so {@code flag-doubling/immediate} (JustChanged) has no figures of its own.
     */
    static boolean benchmarked(String label) {
        return !label.contains("/");
    }

    /**
     * The JMH command that measures what the model needs for these strategies (and the control), with
     * its JSON where the next {@code ./lab run} reads it.
     */
    static String command(Collection<String> strategies) {
        Set<String> ids = new LinkedHashSet<>();
        ids.add(CONTROL);
        ids.addAll(strategies);
        List<String> sorted = new ArrayList<>(ids);
        return "java -jar benchmarks/target/benchmarks.jar 'ChangeTrackingBenchmark\\.(mutateAll|frameEnd|changed|fullScan)$'"
                + " -p strategy=" + String.join(",", sorted) + " -p entities=" + ENTITIES + " -p observed=true -p layout=references"
                + " -rf json -rff reports/out/bench/ChangeTrackingBenchmark.json (or ./lab bench --only ChangeTrackingBenchmark"
                + " for every strategy; a strategy from a jar needs the jar on the class path)";
    }
}
