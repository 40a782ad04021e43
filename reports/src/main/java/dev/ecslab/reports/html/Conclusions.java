package dev.ecslab.reports.html;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.MeasuredClass;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.reports.html.ReportPage.Conclusion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The six questions of the change-detection seed's "Conclusions", each answered in a paragraph from
 * this run's matrix and the latest benchmark results, citing the numbers. Where the data cannot answer,
 * the paragraph says so and names the run that would.
 *
 * <p>Workload is "added on computationally", as the seed proposes: a frame in which a fraction
 * {@code p} of {@code N} entities changed and each reported entity costs {@code w} of work costs the
 * strategy's measured detection time plus {@code reported × w}; without change detection ({@code none})
 * every entity is worked on. Reported is {@code pN} for an exact strategy, {@code 2pN} for a
 * conservative one that reports each change in two frames (double buffer).
 */
public final class Conclusions {
    /** Benchmark scores in microseconds per operation, by benchmark method and parameters. */
    @FunctionalInterface
    public interface Scores {
        OptionalDouble micros(String benchmark, Map<String, String> params);
    }

    static final String CHANGE = "ChangeTrackingBenchmark.";
    static final List<String> STRATEGIES = List.of("none", "flags", "double-buffer", "last-tick", "flag-doubling",
            "generation", "system-data");
    /** Entities of the Changed-query benchmark. */
    static final double N = 1_000_000;
    private static final String HOW = "java -jar benchmarks/target/benchmarks.jar 'ChangeTrackingBenchmark\\.(mutateAll|frameEnd|changed|fullScan)$'"
            + " -p spread=random -rf json -rff reports/out/bench/ChangeTrackingBenchmark.json (or ./lab bench --only ChangeTrackingBenchmark)";

    private Conclusions() {
    }

    public static List<Conclusion> answer(Matrix m, Scores s) {
        List<Conclusion> out = new ArrayList<>();
        out.add(new Conclusion("1. Is the theoretical categorization of the proposals correct according to our tests?", first(m)));
        out.add(new Conclusion("2. How does the performance of the proposals compare without any load?", second(s)));
        out.add(new Conclusion("3. How does the performance of the proposals compare with realistic loads?", third(s)));
        out.add(new Conclusion("4. At what workload does more exact change tracking become worth the (presumably) higher overhead?",
                fourth(s)));
        out.add(new Conclusion("5. When does adding change-detection to save on work become worthwhile?", fifth(s)));
        out.add(new Conclusion("6. Is there enough divergence in performance between the best solutions in each class to ship"
                + " more than one change-tracking solution?", sixth(m, s)));
        return out;
    }

    // ------------------------------------------------------------------ 1

    static String first(Matrix m) {
        int agree = 0;
        int total = 0;
        Map<String, List<String>> disagreements = new LinkedHashMap<>();
        for (Row r : m.rows()) {
            if (r.claimed() == null) {
                continue;
            }
            total++;
            if (r.agrees()) {
                agree++;
            } else {
                disagreements.computeIfAbsent(r.strategy() + " (claims " + name(r.claimed()) + ")", k -> new ArrayList<>())
                        .add(r.executor() + ": " + r.measured().name().toLowerCase(Locale.ROOT));
            }
        }
        if (total == 0) {
            return "This run judged no strategy that claims a class, so it cannot say.";
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "Measured against criteria 1 and 2 on %d scenarios per configuration, %d of %d strategy/executor configurations"
                        + " have the class their proposal claims.", m.scenarios(), agree, total));
        if (disagreements.isEmpty()) {
            b.append(" The categorization holds everywhere this run looked.");
        } else {
            b.append(" It does not hold for: ");
            List<String> parts = new ArrayList<>();
            disagreements.forEach((k, v) -> parts.add(k + " measured " + String.join(", ", v)));
            b.append(String.join("; ", parts)).append(". The counterexamples above show the runs that break the claim"
                    + " (a measured class is only ever worse than the claim by a shown failure).");
        }
        long flaky = m.rows().stream().filter(r -> r.measured() == MeasuredClass.FLAKY).count();
        b.append(String.format(Locale.ROOT, " %d configuration(s) measured flaky, %d exact.", flaky,
                m.rows().stream().filter(r -> r.measured() == MeasuredClass.EXACT).count()));
        return b.toString();
    }

    private static String name(ClaimedClass c) {
        return c.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    // ------------------------------------------------------------------ 2

    static String second(Scores s) {
        OptionalDouble none = mutate(s, "none", 1_000_000);
        OptionalDouble scan = s.micros(CHANGE + "fullScan", Map.of());
        if (none.isEmpty() || scan.isEmpty()) {
            return "No change-tracking benchmark results were found, so this cannot be answered here. Run: " + HOW + ".";
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "Writing every one of 10⁶ components costs %.0f µs with no tracking; per strategy (ratio to none, plus its"
                        + " frame-end pass): ", none.getAsDouble()));
        List<String> parts = new ArrayList<>();
        for (String st : STRATEGIES) {
            if (st.equals("none")) {
                continue;
            }
            OptionalDouble w = mutate(s, st, 1_000_000);
            OptionalDouble end = s.micros(CHANGE + "frameEnd", Map.of("entities", "1000000", "strategy", st));
            if (w.isPresent()) {
                parts.add(String.format(Locale.ROOT, "%s %.2f×%s", st, w.getAsDouble() / none.getAsDouble(),
                        end.isPresent() ? String.format(Locale.ROOT, " + %.0f µs", end.getAsDouble()) : ""));
            }
        }
        b.append(String.join(", ", parts)).append(". ");
        b.append(String.format(Locale.ROOT, "Asking what changed when 1 %% of 10⁶ changed (random rows), against a %.0f µs full"
                + " scan: ", scan.getAsDouble()));
        parts.clear();
        for (String st : STRATEGIES) {
            OptionalDouble q = query(s, st, "1");
            if (q.isPresent()) {
                parts.add(String.format(Locale.ROOT, "%s %.0f µs (%.2f×)", st, q.getAsDouble(), q.getAsDouble() / scan.getAsDouble()));
            }
        }
        b.append(String.join(", ", parts)).append(". ");
        String cheapestWriter = cheapest(s, st -> st.equals("none") ? OptionalDouble.empty() : mutate(s, st, 1_000_000));
        String fastestQuery = cheapest(s, st -> st.equals("none") ? OptionalDouble.empty() : query(s, st, "1"));
        b.append(String.format(Locale.ROOT, "Without load the cheapest tracker to write is %s and the fastest to answer is %s.",
                cheapestWriter, fastestQuery));
        return b.toString();
    }

    // ------------------------------------------------------------------ 3, 4, 5

    /** Frame time with {@code p} percent changed and {@code w} µs of work per reported entity. */
    static OptionalDouble frame(Scores s, String strategy, String percent, double w) {
        OptionalDouble q = query(s, strategy, percent);
        if (q.isEmpty()) {
            return q;
        }
        double p = Double.parseDouble(percent) / 100;
        double reported = strategy.equals("none") ? N : strategy.equals("double-buffer") ? 2 * p * N : p * N;
        return OptionalDouble.of(q.getAsDouble() + reported * w);
    }

    static String third(Scores s) {
        if (query(s, "generation", "1").isEmpty() || query(s, "none", "1").isEmpty()) {
            return "No Changed-query results were found, so this cannot be answered here. Run: " + HOW + ".";
        }
        StringBuilder b = new StringBuilder("With work per reported entity added on top of the measured detection time"
                + " (10⁶ entities, 1 % changed at random; ms per frame): ");
        List<String> parts = new ArrayList<>();
        for (double w : new double[] {0.01, 0.1, 1}) {
            List<String> row = new ArrayList<>();
            for (String st : STRATEGIES) {
                OptionalDouble f = frame(s, st, "1", w);
                if (f.isPresent()) {
                    row.add(String.format(Locale.ROOT, "%s %.1f", st, f.getAsDouble() / 1000));
                }
            }
            parts.add(String.format(Locale.ROOT, "at %s µs: %s", fmt(w), String.join(", ", row)));
        }
        double gen1 = frame(s, "generation", "1", 1).getAsDouble();
        double none1 = frame(s, "none", "1", 1).getAsDouble();
        b.append(String.join("; ", parts)).append(String.format(Locale.ROOT, ". At 1 µs per entity, working only on what"
                + " generation reports is %.0f× cheaper than working on everything; the work, not the detection, then"
                + " decides the frame, and a conservative strategy pays its duplicate reports in full.", none1 / gen1));
        return b.toString();
    }

    static String fourth(Scores s) {
        OptionalDouble exact = query(s, "generation", "1");
        OptionalDouble conservative = query(s, "double-buffer", "1");
        OptionalDouble exactWrite = mutate(s, "generation", 1_000_000);
        OptionalDouble consWrite = mutate(s, "double-buffer", 1_000_000);
        OptionalDouble consEnd = s.micros(CHANGE + "frameEnd", Map.of("entities", "1000000", "strategy", "double-buffer"));
        if (exact.isEmpty() || conservative.isEmpty() || exactWrite.isEmpty() || consWrite.isEmpty()) {
            return "The results needed (generation and double-buffer, Changed query and mutate-all) were not found. Run: " + HOW + ".";
        }
        double p = 0.01;
        // per frame: the exact strategy's extra write cost on the changed rows, against the conservative one's
        // duplicate work (each change reported twice) and its frame-end pass.
        double extraWrites = (exactWrite.getAsDouble() - consWrite.getAsDouble()) * p;
        double detection = exact.getAsDouble() - conservative.getAsDouble();
        double end = consEnd.orElse(0);
        double wStar = (extraWrites + detection - end) / (p * N);
        String when = wStar <= 0 ? "at any workload: here the exact strategy is already cheaper with no work at all"
                : String.format(Locale.ROOT, "from about %s µs of work per changed entity", fmt(wStar));
        return String.format(Locale.ROOT, "Comparing the best exact strategy (generation) with the conservative double buffer"
                + " at 1 %% of 10⁶ changed: generation's detection costs %.0f µs against %.0f µs, its writes cost %.0f µs more"
                + " on the changed rows, and the double buffer pays a %.0f µs frame-end pass and works on every change twice."
                + " Exact tracking is worth it %s. Against the flaky strategies the question is not one of cost: they miss"
                + " changes (criterion 1 fails in the matrix), which no workload makes up for.",
                exact.getAsDouble(), conservative.getAsDouble(), extraWrites, end, when);
    }

    static String fifth(Scores s) {
        OptionalDouble scan = query(s, "none", "1");
        if (scan.isEmpty() || query(s, "generation", "1").isEmpty()) {
            return "No Changed-query results were found, so this cannot be answered here. Run: " + HOW + ".";
        }
        List<String> parts = new ArrayList<>();
        for (String percent : List.of("0.1", "1", "10", "100")) {
            OptionalDouble gen = query(s, "generation", percent);
            OptionalDouble none = query(s, "none", percent);
            if (gen.isEmpty() || none.isEmpty()) {
                continue;
            }
            double p = Double.parseDouble(percent) / 100;
            // worthwhile when gen + pNw < none + Nw  <=>  w > (gen - none) / ((1 - p) N)
            double wStar = p >= 1 ? Double.POSITIVE_INFINITY : (gen.getAsDouble() - none.getAsDouble()) / ((1 - p) * N);
            String when = Double.isInfinite(wStar) ? "never (everything changed: there is nothing to skip)"
                    : wStar <= 0 ? "always, even with no work per entity" : "above " + fmt(wStar) + " µs per entity";
            parts.add(String.format(Locale.ROOT, "%s %% changed: %s (generation %.0f µs, scanning everything %.0f µs)",
                    percent, when, gen.getAsDouble(), none.getAsDouble()));
        }
        return "Change detection (generation) against working on every entity (none), 10⁶ entities, changes at random rows: "
                + String.join("; ", parts) + ". Clustered changes make detection cheaper still (see benchmarks/RESULTS.md,"
                + " run c). The write side costs about 2× none per written row, so a system that writes most rows every"
                + " frame gains nothing from detection downstream.";
    }

    // ------------------------------------------------------------------ 6

    static String sixth(Matrix m, Scores s) {
        OptionalDouble gen = query(s, "generation", "1");
        OptionalDouble sys = query(s, "system-data", "1");
        OptionalDouble genW = mutate(s, "generation", 1_000_000);
        OptionalDouble sysW = mutate(s, "system-data", 1_000_000);
        if (gen.isEmpty() || sys.isEmpty() || genW.isEmpty() || sysW.isEmpty()) {
            return "The results needed (the exact strategies' Changed query and mutate-all) were not found. Run: " + HOW + ".";
        }
        String fastest = cheapest(s, st -> st.equals("none") ? OptionalDouble.empty() : query(s, st, "1"));
        return String.format(Locale.ROOT, "Within the exact class, generation answers a 1 %% Changed query in %.0f µs against"
                + " system-data's %.0f µs (%.1f× apart), and writes cost %.0f against %.0f µs per 10⁶ rows (%.2f×). The"
                + " fastest strategy to answer overall is %s. The conservative and flaky classes are not alternatives to ship"
                + " for correctness (they repeat or miss changes, see the matrix). On this evidence one exact strategy"
                + " suffices unless the cheaper writes of another matter more than queries: generation's writes cost %.2f×"
                + " none's.",
                gen.getAsDouble(), sys.getAsDouble(), sys.getAsDouble() / gen.getAsDouble(), genW.getAsDouble(),
                sysW.getAsDouble(), genW.getAsDouble() / sysW.getAsDouble(), fastest,
                genW.getAsDouble() / mutate(s, "none", 1_000_000).orElse(genW.getAsDouble()));
    }

    // ------------------------------------------------------------------ lookups

    /** The strategy with the lowest score, with its score, or "unknown". */
    static String cheapest(Scores s, java.util.function.Function<String, OptionalDouble> score) {
        String best = null;
        double bestScore = Double.MAX_VALUE;
        for (String st : STRATEGIES) {
            OptionalDouble v = score.apply(st);
            if (v.isPresent() && v.getAsDouble() < bestScore) {
                best = st;
                bestScore = v.getAsDouble();
            }
        }
        return best == null ? "unknown" : String.format(Locale.ROOT, "%s (%.0f µs)", best, bestScore);
    }

    static OptionalDouble mutate(Scores s, String strategy, int entities) {
        return s.micros(CHANGE + "mutateAll", Map.of("entities", Integer.toString(entities), "strategy", strategy));
    }

    static OptionalDouble query(Scores s, String strategy, String percent) {
        return s.micros(CHANGE + "changed", Map.of("percentChanged", percent, "spread", "random", "strategy", strategy));
    }

    private static String fmt(double v) {
        if (v >= 1) {
            return String.format(Locale.ROOT, "%.2g", v).replace("e+0", "e");
        }
        return String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
