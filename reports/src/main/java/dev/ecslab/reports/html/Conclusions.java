package dev.ecslab.reports.html;

import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.reports.html.DetectionCosts.Cost;
import dev.ecslab.reports.html.ReportPage.Conclusion;
import dev.ecslab.reports.html.ReportPage.Verdict;
import dev.ecslab.reports.html.StrategyClasses.Strategy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The six questions of the "Conclusions" of Bevy's change-detection PR #1471, each answered from this run
 * with a {@link Verdict} against what the PR states or presumes for it. Which strategy is exact, conservative
 * or flaky comes from the matrix ({@link StrategyClasses}); what a strategy costs comes from the
 * benchmark scores ({@link DetectionCosts}). Every answer quotes the figures its verdict rests on and
 * the thresholds it applies; where a needed matrix row or benchmark result is missing, or a row was not
 * judged, the verdict is {@link Verdict#UNDECIDED undecided} and the answer names the command that
 * produces the evidence. No answer contains a claim about a strategy that this run's data did not give.
 */
public final class Conclusions {
    /** Benchmark scores in microseconds per operation, by benchmark method and parameters. */
    @FunctionalInterface
    public interface Scores {
        OptionalDouble micros(String benchmark, Map<String, String> params);
    }

    static final String Q1 = "1. Is the theoretical categorization of the proposals correct according to our tests?";
    static final String Q2 = "2. How does the performance of the proposals compare without any load?";
    static final String Q3 = "3. How does the performance of the proposals compare with realistic loads?";
    static final String Q4 = "4. At what workload does more exact change tracking become worth the (presumably) higher overhead?";
    static final String Q5 = "5. When does adding change-detection to save on work become worthwhile?";
    static final String Q6 = "6. Is there enough divergence in performance between the best solutions in each class to ship"
            + " more than one change-tracking solution?";

    /** Two costs differ when one is at least this many times the other (runs on this machine agree within 5-10 %). */
    static final double NOISE = 1.1;
    /** A second exact strategy is worth shipping when one is this many times cheaper to write and another to query. */
    static final double SHIP = 1.5;
    /** Work per reported entity (µs) that counts as a realistic load; Bevy PR #1471's range is 1 ns to 1 s. */
    static final double[] REALISTIC = {0.1, 1};
    /** Work per reported entity (µs) the frame table of conclusion 3 shows. */
    static final double[] LISTED = {0.01, 0.1, 1};
    /** Detection is worthwhile at 1 % changed when it beats working on everything from at most this much work (µs). */
    static final double WORTHWHILE = 1;
    /** The fraction changed (percent) at which strategies are compared. */
    static final String AT = "1";
    static final String RUN = "./lab run (every strategy under every executor)";
    private static final String AT_WORDS = "1 % of 10⁶ changed (random rows)";

    private Conclusions() {
    }

    public static List<Conclusion> answer(Matrix m, Scores s) {
        StrategyClasses classes = StrategyClasses.of(m);
        DetectionCosts costs = new DetectionCosts(s);
        return List.of(first(m, classes), second(classes, costs), third(classes, costs), fourth(classes, costs),
                fifth(classes, costs), sixth(classes, costs));
    }

    // ------------------------------------------------------------------ 1

    static Conclusion first(Matrix m, StrategyClasses classes) {
        String expectation = "every proposal has the class Bevy PR #1471 gives it, as its strategy claims it (exact: criteria 1 and 2"
                + " hold on every scenario class, every change reported by the first run after it; exact-delayed: both hold"
                + " within the delay the claim allows; conservative: 1 only; flaky: 2 only; a crash is broken), under every"
                + " executor.";
        int configurations = 0;
        int agreeing = 0;
        Map<String, Integer> measured = new LinkedHashMap<>();
        List<String> against = new ArrayList<>();
        Set<String> wrongStrategies = new LinkedHashSet<>();
        List<String> cannot = new ArrayList<>();
        for (Strategy st : classes.all()) {
            Map<MeasuredClass, List<Row>> wrong = new LinkedHashMap<>();
            List<String> notJudged = new ArrayList<>();
            List<String> unknown = new ArrayList<>();
            for (Row r : st.rows()) {
                configurations++;
                if (!StrategyClasses.judged(r)) {
                    notJudged.add(r.executor());
                    continue;
                }
                measured.merge(StrategyClasses.name(r.measured()), 1, Integer::sum);
                if (r.agrees()) {
                    agreeing++;
                } else if (StrategyClasses.KNOWN.contains(r.measured())) {
                    wrong.computeIfAbsent(r.measured(), k -> new ArrayList<>()).add(r);
                } else {
                    unknown.add(StrategyClasses.name(r.measured()) + " under " + r.executor());
                }
            }
            if (!wrong.isEmpty()) {
                wrongStrategies.add(st.label());
            }
            wrong.forEach((c, rows) -> against.add(String.format(Locale.ROOT, "%s claims %s but measured %s under %s (%s%s; %s)",
                    st.label(), StrategyClasses.name(st.claimed()), StrategyClasses.name(c), executors(rows),
                    rows.stream().anyMatch(r -> r.cell(Criterion.CRASH).fails())
                            ? "it crashed: " + StrategyClasses.figure(rows, Criterion.CRASH) + "; " : "",
                    StrategyClasses.figure(rows, Criterion.AT_LEAST_ONCE), StrategyClasses.figure(rows, Criterion.AT_MOST_ONCE))));
            if (!notJudged.isEmpty()) {
                cannot.add(st.label() + ": criteria 1 and 2 not judged under " + String.join(", ", notJudged));
            }
            if (!unknown.isEmpty()) {
                cannot.add(st.label() + " (claims " + StrategyClasses.name(st.claimed()) + "): measured " + String.join(", ", unknown)
                        + ", a class these conclusions cannot compare with the claim");
            }
        }
        if (configurations == 0) {
            return new Conclusion(Q1, expectation, Verdict.UNDECIDED, "This run judged no strategy that claims a class. Run "
                    + RUN + ".");
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%d of %d strategy/executor configurations measured the"
                + " class their strategy claims (criteria 1 and 2, %d scenarios per configuration). Measured: %s.", agreeing,
                configurations, m.scenarios(), counts(measured)));
        if (!against.isEmpty()) {
            b.append(" Against the claim: ").append(String.join("; ", against)).append('.');
        }
        if (!cannot.isEmpty()) {
            b.append(" Cannot decide: ").append(String.join("; ", cannot)).append('.');
        }
        List<String> missing = classes.missingBuiltIns();
        if (!missing.isEmpty()) {
            b.append(" Not in this run: ").append(String.join(", ", missing)).append('.');
        }
        Verdict v;
        if (!against.isEmpty()) {
            v = Verdict.CONTRADICTED;
            b.append(String.format(Locale.ROOT, " The categorization does not hold for %d of the %d strategies judged.",
                    wrongStrategies.size(), classes.all().size()));
        } else if (!cannot.isEmpty() || !missing.isEmpty()) {
            v = Verdict.UNDECIDED;
            b.append(" Every configuration judged agrees with its claim, but not every strategy was judged. Run ").append(RUN)
                    .append('.');
        } else {
            v = Verdict.SUPPORTED;
            b.append(" The categorization holds for every built-in strategy under every executor.");
        }
        return new Conclusion(Q1, expectation, v, b.toString());
    }

    // ------------------------------------------------------------------ 2

    static Conclusion second(StrategyClasses classes, DetectionCosts dc) {
        String expectation = String.format(Locale.ROOT, "more exact tracking costs more (Bevy PR #1471's \"presumably higher"
                + " overhead\", question 4): with no work per entity, the cheapest exact strategy's detection costs at least"
                + " %.1f× the cheapest less exact one's (conservative or flaky; the control none aside).", NOISE);
        StringBuilder b = new StringBuilder(noLoadFigures(classes, dc));
        List<Strategy> exact = classes.in(MeasuredClass.EXACT);
        List<Strategy> less = lessExact(classes);
        Optional<Verdict> early = coverage(b, classes, dc, List.of(exact, less), List.of("exact", "conservative or flaky"));
        if (early.isPresent()) {
            return new Conclusion(Q2, expectation, early.get(), b.toString());
        }
        Cost e = cheapest(dc, exact);
        Cost l = cheapest(dc, less);
        double r = e.detection() / l.detection();
        b.append(String.format(Locale.ROOT, "At %s with no work per entity, the cheapest exact strategy, %s, spends %s per frame on"
                + " detection (%s) against %s for the cheapest less exact one, %s (%s): exact costs %s as much. We count costs"
                + " within %.1f× of each other as equal.", AT_WORDS, e.strategy(), us(e.detection()), parts(e), us(l.detection()),
                l.strategy(), className(classes, l.strategy()), x(r), NOISE));
        Verdict v = compare(r);
        b.append(switch (v) {
            case SUPPORTED -> " The presumed higher overhead of exact tracking shows without load.";
            case CONTRADICTED -> " Without load exact tracking is the cheaper one here: the presumed higher overhead does not show.";
            case UNDECIDED -> " That is within noise, so this run cannot decide; a run with the full settings is: "
                    + DetectionCosts.command(labels(exact, less)) + ".";
        });
        return new Conclusion(Q2, expectation, v, b.toString());
    }

    /** The raw figures: writes against none, the Changed query at 1 %, the full scan; "" when there are none. */
    private static String noLoadFigures(StrategyClasses classes, DetectionCosts dc) {
        OptionalDouble none = dc.mutate(DetectionCosts.CONTROL);
        List<String> writes = new ArrayList<>();
        List<String> queries = new ArrayList<>();
        String cheapestWrite = null;
        double cheapestWriteUs = Double.MAX_VALUE;
        String fastestQuery = null;
        double fastestQueryUs = Double.MAX_VALUE;
        for (String st : figureOrder(classes)) {
            OptionalDouble w = dc.mutate(st);
            OptionalDouble end = dc.frameEnd(st);
            if (w.isPresent() && none.isPresent() && !st.equals(DetectionCosts.CONTROL)) {
                writes.add(String.format(Locale.ROOT, "%s %s%s", st, x(w.getAsDouble() / none.getAsDouble()),
                        end.isPresent() ? " + " + us(end.getAsDouble()) : ""));
                if (w.getAsDouble() < cheapestWriteUs) {
                    cheapestWrite = st;
                    cheapestWriteUs = w.getAsDouble();
                }
            }
            OptionalDouble q = dc.query(st, AT);
            if (q.isPresent()) {
                queries.add(st + " " + us(q.getAsDouble()));
                if (!st.equals(DetectionCosts.CONTROL) && q.getAsDouble() < fastestQueryUs) {
                    fastestQuery = st;
                    fastestQueryUs = q.getAsDouble();
                }
            }
        }
        StringBuilder b = new StringBuilder();
        if (!writes.isEmpty()) {
            b.append(String.format(Locale.ROOT, "Writing every one of 10⁶ components costs %s with no tracking; per strategy, as a"
                    + " ratio to that (plus its frame-end pass): %s. ", us(none.getAsDouble()), String.join(", ", writes)));
        }
        if (!queries.isEmpty()) {
            OptionalDouble scan = dc.fullScan();
            b.append("Asking what changed when ").append(AT_WORDS).append(": ").append(String.join(", ", queries))
                    .append(scan.isPresent() ? " (reading every row with no filter: " + us(scan.getAsDouble()) + ")" : "").append(". ");
        }
        if (cheapestWrite != null && fastestQuery != null) {
            b.append(String.format(Locale.ROOT, "The cheapest tracker to write is %s (%s), the fastest to answer %s (%s). ",
                    cheapestWrite, us(cheapestWriteUs), fastestQuery, us(fastestQueryUs)));
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ 3

    static Conclusion third(StrategyClasses classes, DetectionCosts dc) {
        String expectation = String.format(Locale.ROOT, "conservative tracking costs more under load, since it repeats work (the"
                + " PR on Proposal 0: \"tons of repeated work\"; on Proposal 2: \"a great deal of duplicated work\"): at %s µs of"
                + " work per reported entity the cheapest exact strategy's frame is at least %.1f× cheaper than the cheapest"
                + " conservative one's.", workloads(REALISTIC), NOISE);
        StringBuilder b = new StringBuilder();
        List<Strategy> exact = classes.in(MeasuredClass.EXACT);
        List<Strategy> conservative = classes.in(MeasuredClass.CONSERVATIVE);
        frameTable(b, classes, dc);
        Optional<Verdict> early = coverage(b, classes, dc, List.of(exact, conservative), List.of("exact", "conservative"));
        if (early.isPresent()) {
            return new Conclusion(Q3, expectation, early.get(), b.toString());
        }
        boolean exactWinsEverywhere = true;
        boolean conservativeWinsSomewhere = false;
        List<String> at = new ArrayList<>();
        for (double w : REALISTIC) {
            Framed e = cheapestFrame(classes, dc, exact, w);
            Framed c = cheapestFrame(classes, dc, conservative, w);
            double r = c.micros() / e.micros();
            at.add(String.format(Locale.ROOT, "at %s µs the cheapest conservative frame (%s, %s) is %s the cheapest exact one (%s,"
                    + " %s)", fmt(w), c.strategy(), ms(c.micros()), x(r), e.strategy(), ms(e.micros())));
            exactWinsEverywhere &= r >= NOISE;
            conservativeWinsSomewhere |= r <= 1 / NOISE;
        }
        b.append(capitalized(String.join("; ", at))).append('.');
        Verdict v = conservativeWinsSomewhere ? Verdict.CONTRADICTED : exactWinsEverywhere ? Verdict.SUPPORTED : Verdict.UNDECIDED;
        b.append(switch (v) {
            case SUPPORTED -> " Under these loads the repeated work of conservative tracking costs more than exact detection.";
            case CONTRADICTED -> " At such a load conservative tracking is the cheaper one here, its repeated work included.";
            case UNDECIDED -> String.format(Locale.ROOT, " Within %.1f× at some load: this run cannot decide; a run with the full"
                    + " settings is: %s.", NOISE, DetectionCosts.command(labels(exact, conservative)));
        });
        flakyNote(b, classes, " Flaky strategies are left out of the comparison: they miss changes");
        return new Conclusion(Q3, expectation, v, b.toString());
    }

    private record Framed(String strategy, double micros) {
    }

    private static Framed cheapestFrame(StrategyClasses classes, DetectionCosts dc, List<Strategy> strategies, double w) {
        Framed best = null;
        for (Strategy s : strategies) {
            if (!DetectionCosts.benchmarked(s.label())) {
                continue;
            }
            Cost c = dc.at(s.label(), AT).orElseThrow();
            double f = DetectionCosts.frame(c, s.measured().orElseThrow(), w);
            if (best == null || f < best.micros()) {
                best = new Framed(s.label(), f);
            }
        }
        return best;
    }

    /** Every classified, benchmarked strategy's frame at each listed workload. */
    private static void frameTable(StringBuilder b, StrategyClasses classes, DetectionCosts dc) {
        List<String> rows = new ArrayList<>();
        for (double w : LISTED) {
            List<String> row = new ArrayList<>();
            for (Strategy s : classes.all()) {
                if (s.measured().isEmpty() || s.is(MeasuredClass.BROKEN) || !DetectionCosts.benchmarked(s.label())) {
                    continue;
                }
                dc.at(s.label(), AT).ifPresent(c -> row.add(String.format(Locale.ROOT, "%s %s",
                        s.tagged(), ms(DetectionCosts.frame(c, s.measured().get(), w)))));
            }
            if (!row.isEmpty()) {
                rows.add("at " + fmt(w) + " µs: " + String.join(", ", row));
            }
        }
        if (!rows.isEmpty()) {
            b.append("Frames with work per reported entity added on top of the measured detection (").append(AT_WORDS)
                    .append("; none reports every entity, a conservative strategy each change twice as a double buffer does"
                            + " across two frames, an exact one each change once, a flaky one at most once, counted as once): ").append(String.join("; ", rows)).append(". ");
        }
    }

    // ------------------------------------------------------------------ 4

    static Conclusion fourth(StrategyClasses classes, DetectionCosts dc) {
        String expectation = String.format(Locale.ROOT, "exact tracking has a higher overhead than conservative tracking (the"
                + " PR's \"presumably\"), which some workload makes up for: the cheapest exact strategy's detection costs at"
                + " least %.1f× the cheapest conservative one's (the control none aside), so the break-even work per changed"
                + " entity is above zero.", NOISE);
        StringBuilder b = new StringBuilder();
        List<Strategy> exact = classes.in(MeasuredClass.EXACT);
        List<Strategy> conservative = classes.in(MeasuredClass.CONSERVATIVE).stream()
                .filter(s -> !s.label().equals(DetectionCosts.CONTROL)).toList();
        Optional<Verdict> early = coverage(b, classes, dc, List.of(exact, conservative),
                List.of("exact", "conservative (besides the control none)"));
        if (early.isPresent()) {
            flakyNote(b, classes, " Against flaky strategies the question is not one of cost: they miss changes");
            return new Conclusion(Q4, expectation, early.get(), b.toString());
        }
        Cost e = cheapest(dc, exact);
        Cost c = cheapest(dc, conservative);
        double r = e.detection() / c.detection();
        b.append(String.format(Locale.ROOT, "At %s, the cheapest exact strategy, %s, spends %s on detection (%s); the cheapest"
                + " conservative one, %s, %s (%s) and, in this model, works on every change twice: exact detection costs %s as much.",
                AT_WORDS, e.strategy(), us(e.detection()), parts(e), c.strategy(), us(c.detection()), parts(c), x(r)));
        Verdict v = compare(r);
        if (v == Verdict.SUPPORTED) {
            List<String> each = new ArrayList<>();
            double worst = 0;
            for (Strategy s : conservative) {
                if (!DetectionCosts.benchmarked(s.label())) {
                    continue;
                }
                Cost other = dc.at(s.label(), AT).orElseThrow();
                // e + pN w = other + 2pN w  <=>  w = (e - other) / (pN)
                double wStar = (e.detection() - other.detection()) / (other.fraction() * DetectionCosts.N);
                each.add(s.label() + (wStar <= 0 ? " at any workload" : " from " + fmt(wStar) + " µs"));
                worst = Math.max(worst, wStar);
            }
            b.append(String.format(Locale.ROOT, " Its overhead is made up by the conservative strategies' duplicate work from"
                    + " about %s µs of work per changed entity (against %s).", fmt(worst), String.join(", ", each)));
        } else if (v == Verdict.CONTRADICTED) {
            b.append(" There is no overhead to make up: exact tracking is worth it at any workload, even with no work at all.");
        } else {
            b.append(String.format(Locale.ROOT, " Within %.1f×, the break-even is about zero work and this run cannot place it;"
                    + " a run with the full settings is: %s.", NOISE, DetectionCosts.command(labels(exact, conservative))));
        }
        flakyNote(b, classes, " Against flaky strategies the question is not one of cost: they miss changes");
        return new Conclusion(Q4, expectation, v, b.toString());
    }

    // ------------------------------------------------------------------ 5

    static Conclusion fifth(StrategyClasses classes, DetectionCosts dc) {
        String expectation = String.format(Locale.ROOT, "change detection saves work when few entities change (the premise of"
                + " Bevy PR #1471, whose control Proposal 0 works on everything): at 1 %% changed, the cheapest exact strategy beats"
                + " working on every entity (none) from at most %s µs of work per entity.", fmt(WORTHWHILE));
        StringBuilder b = new StringBuilder();
        List<Strategy> exact = classes.in(MeasuredClass.EXACT).stream().filter(s -> DetectionCosts.benchmarked(s.label())).toList();
        if (exact.isEmpty()) {
            Optional<String> gaps = classes.gaps();
            b.append("This run measured no benchmarked strategy exact under every executor, so there is no exact detection to add");
            b.append(gaps.map(g -> ": " + g + ". Run " + RUN + ".").orElse("; no command changes that."));
            return new Conclusion(Q5, expectation, Verdict.UNDECIDED, b.toString());
        }
        List<String> parts = new ArrayList<>();
        OptionalDouble wAt = OptionalDouble.empty();
        String bestAt = null;
        for (String percent : DetectionCosts.PERCENTS) {
            Optional<Cost> none = dc.at(DetectionCosts.CONTROL, percent);
            Optional<Cost> best = exact.stream().map(s -> dc.at(s.label(), percent)).flatMap(Optional::stream)
                    .min(Comparator.comparingDouble(Cost::detection));
            if (none.isEmpty() || best.isEmpty()) {
                continue;
            }
            Cost g = best.get();
            double p = g.fraction();
            // worthwhile when g + pN w < none + N w  <=>  w > (g - none) / ((1 - p) N)
            double wStar = p >= 1 ? Double.POSITIVE_INFINITY : (g.detection() - none.get().detection()) / ((1 - p) * DetectionCosts.N);
            String when = Double.isInfinite(wStar) ? "never, there is nothing to skip"
                    : wStar <= 0 ? "always, even with no work per entity" : "above " + fmt(wStar) + " µs per entity";
            parts.add(String.format(Locale.ROOT, "%s %% changed: %s (%s %s, working on everything %s)", percent, when, g.strategy(),
                    us(g.detection()), us(none.get().detection())));
            if (percent.equals(AT)) {
                wAt = OptionalDouble.of(Math.max(0, wStar));
                bestAt = g.strategy();
            }
        }
        if (!parts.isEmpty()) {
            b.append("Detection by the cheapest exact strategy against working on every entity (none), 10⁶ entities, changes at"
                    + " random rows: ").append(String.join("; ", parts)).append(". ");
        }
        Set<String> needed = new LinkedHashSet<>(labels(exact));
        if (wAt.isEmpty()) {
            b.append("The figures at 1 % changed are missing, so this run cannot decide. Run: ").append(DetectionCosts.command(needed))
                    .append('.');
            return new Conclusion(Q5, expectation, Verdict.UNDECIDED, b.toString());
        }
        OptionalDouble write = dc.mutate(bestAt);
        OptionalDouble none = dc.mutate(DetectionCosts.CONTROL);
        b.append(String.format(Locale.ROOT, "Under %s a write costs %s none's (mutate-all over 10⁶ rows: %s against %s), which"
                + " every frame pays on the rows it changes.", bestAt, x(write.getAsDouble() / none.getAsDouble()),
                us(write.getAsDouble()), us(none.getAsDouble())));
        OptionalDouble clustered = dc.clustered(bestAt, AT);
        if (clustered.isPresent()) {
            b.append(String.format(Locale.ROOT, " With the changed rows in one clustered run instead of at random, %s's query at 1 %%"
                    + " costs %s instead of %s.", bestAt, us(clustered.getAsDouble()), us(dc.query(bestAt, AT).getAsDouble())));
        }
        boolean complete = classes.gaps().isEmpty() && exact.stream().allMatch(s -> dc.at(s.label(), AT).isPresent());
        Verdict v;
        if (wAt.getAsDouble() <= WORTHWHILE) {
            v = Verdict.SUPPORTED;
            b.append(wAt.getAsDouble() <= 0
                    ? " At 1 % changed detection is cheaper than working on everything even with no work per entity."
                    : String.format(Locale.ROOT, " At 1 %% changed detection pays from %s µs of work per entity, within the %s µs"
                            + " we call worthwhile.", fmt(wAt.getAsDouble()), fmt(WORTHWHILE)));
        } else if (complete) {
            v = Verdict.CONTRADICTED;
            b.append(String.format(Locale.ROOT, " At 1 %% changed detection pays only from %s µs of work per entity, above the %s"
                    + " µs we call worthwhile.", fmt(wAt.getAsDouble()), fmt(WORTHWHILE)));
        } else {
            v = Verdict.UNDECIDED;
            b.append(String.format(Locale.ROOT, " At 1 %% changed %s pays only from %s µs of work per entity, but a strategy this"
                    + " run did not classify or benchmark might do better (%s). Run %s, then %s.", bestAt, fmt(wAt.getAsDouble()),
                    classes.gaps().orElse("missing benchmark figures"), RUN, DetectionCosts.command(needed)));
        }
        return new Conclusion(Q5, expectation, v, b.toString());
    }

    // ------------------------------------------------------------------ 6

    static Conclusion sixth(StrategyClasses classes, DetectionCosts dc) {
        String expectation = "a single exact strategy is enough: Bevy PR #1471 selected Proposal 5 alone and calls Proposal 6 worth"
                + " building only if 5 fails. We call a divergence worth shipping a second exact strategy when one is at least "
                + fmt(SHIP) + "× cheaper to write (mutate-all over 10⁶ rows) and another at least " + fmt(SHIP) + "× cheaper to"
                + " query (the Changed query when " + AT_WORDS + ").";
        StringBuilder b = new StringBuilder();
        List<Strategy> exact = classes.in(MeasuredClass.EXACT);
        Optional<String> gaps = classes.gaps();
        b.append(String.format(Locale.ROOT, "This run measured %d strateg%s exact under every executor%s.", exact.size(),
                exact.size() == 1 ? "y" : "ies", exact.isEmpty() ? "" : ": " + String.join(", ", labels(exact))));
        conservativeNote(b, classes);
        flakyNote(b, classes, " Flaky ones miss changes");
        if (classes.all().isEmpty()) {
            b.append(" The matrix has no strategy rows. Run ").append(RUN).append('.');
            return new Conclusion(Q6, expectation, Verdict.UNDECIDED, b.toString());
        }
        if (exact.size() < 2 && gaps.isPresent()) {
            b.append(" Another strategy might be exact: ").append(gaps.get()).append(". Run ").append(RUN).append('.');
            return new Conclusion(Q6, expectation, Verdict.UNDECIDED, b.toString());
        }
        if (exact.isEmpty()) {
            b.append(" With no exact strategy there is none to ship: the PR's choice of one exact strategy has no candidate here.");
            return new Conclusion(Q6, expectation, Verdict.CONTRADICTED, b.toString());
        }
        if (exact.size() == 1) {
            b.append(" With a single exact strategy there is no second one to ship: one suffices, and it is ")
                    .append(exact.get(0).label()).append('.');
            return new Conclusion(Q6, expectation, Verdict.SUPPORTED, b.toString());
        }
        Map<String, double[]> priced = new LinkedHashMap<>();          // label -> {write, query}
        List<String> missing = new ArrayList<>();
        for (Strategy s : exact) {
            OptionalDouble w = dc.mutate(s.label());
            OptionalDouble q = dc.query(s.label(), AT);
            if (DetectionCosts.benchmarked(s.label()) && w.isPresent() && q.isPresent()) {
                priced.put(s.label(), new double[] {w.getAsDouble(), q.getAsDouble()});
            } else {
                missing.add(s.label());
            }
        }
        // the pair that diverges most in opposite directions: a cheaper to write, b cheaper to query
        String a = null;
        String bq = null;
        double wr = 0;
        double qr = 0;
        for (var x : priced.entrySet()) {
            for (var y : priced.entrySet()) {
                double writeRatio = y.getValue()[0] / x.getValue()[0];
                double queryRatio = x.getValue()[1] / y.getValue()[1];
                if (!x.getKey().equals(y.getKey()) && writeRatio > 1 && queryRatio > 1
                        && Math.min(writeRatio, queryRatio) > Math.min(wr, qr)) {
                    a = x.getKey();
                    bq = y.getKey();
                    wr = writeRatio;
                    qr = queryRatio;
                }
            }
        }
        if (a != null) {
            b.append(String.format(Locale.ROOT, " %s is %s cheaper to write (%s against %s) and %s %s faster to query (%s"
                    + " against %s).", a, x(wr), us(priced.get(a)[0]), us(priced.get(bq)[0]), bq, x(qr), us(priced.get(bq)[1]),
                    us(priced.get(a)[1])));
            if (wr >= SHIP && qr >= SHIP) {
                b.append(String.format(Locale.ROOT, " Both exceed %s×: two exact strategies are worth shipping, %s where writes"
                        + " dominate and %s where change queries do.", fmt(SHIP), a, bq));
                return new Conclusion(Q6, expectation, Verdict.CONTRADICTED, b.toString());
            }
            b.append(String.format(Locale.ROOT, " At least one side stays below %s×.", fmt(SHIP)));
        } else if (priced.size() >= 2) {
            String best = priced.entrySet().stream().min(Comparator.comparingDouble(e -> e.getValue()[1])).orElseThrow().getKey();
            List<String> against = new ArrayList<>();
            for (var e : priced.entrySet()) {
                if (!e.getKey().equals(best)) {
                    against.add(String.format(Locale.ROOT, "%s costs %s as much to write and %s as much to query", e.getKey(),
                            x(e.getValue()[0] / priced.get(best)[0]), x(e.getValue()[1] / priced.get(best)[1])));
                }
            }
            b.append(String.format(Locale.ROOT, " %s is the cheaper on both sides: %s.", best, String.join("; ", against)));
        }
        if (!missing.isEmpty()) {
            b.append(" No write or query figures for ").append(String.join(", ", missing))
                    .append(", so this run cannot decide whether it diverges from the others. Run: ")
                    .append(DetectionCosts.command(missing)).append('.');
            return new Conclusion(Q6, expectation, Verdict.UNDECIDED, b.toString());
        }
        if (gaps.isPresent()) {
            b.append(" Another strategy might be exact and diverge: ").append(gaps.get()).append(". Run ").append(RUN).append('.');
            return new Conclusion(Q6, expectation, Verdict.UNDECIDED, b.toString());
        }
        b.append(" On these figures one exact strategy suffices.");
        return new Conclusion(Q6, expectation, Verdict.SUPPORTED, b.toString());
    }

    // ------------------------------------------------------------------ shared steps

    /**
     * The checks before a cost comparison between groups of strategies: the matrix must classify every
     * built-in strategy, each group must have a member, and each benchmarked member needs its costs at
     * 1 %. Appends why not and returns the verdict ({@code UNDECIDED}) when a check fails.
     */
    private static Optional<Verdict> coverage(StringBuilder b, StrategyClasses classes, DetectionCosts dc,
            List<List<Strategy>> groups, List<String> names) {
        Optional<String> gaps = classes.gaps();
        if (gaps.isPresent()) {
            b.append("This run cannot say which strategies are in which class: ").append(gaps.get()).append(". Run ").append(RUN)
                    .append('.');
            return Optional.of(Verdict.UNDECIDED);
        }
        List<String> unbenchmarked = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            List<Strategy> benchmarked = groups.get(i).stream().filter(s -> DetectionCosts.benchmarked(s.label())).toList();
            groups.get(i).stream().filter(s -> !DetectionCosts.benchmarked(s.label())).forEach(s -> unbenchmarked.add(s.label()));
            if (benchmarked.isEmpty()) {
                b.append("This run measured no benchmarked strategy ").append(names.get(i))
                        .append(" under every executor, so there is nothing to compare; only another matrix could change that (")
                        .append(RUN).append(").");
                return Optional.of(Verdict.UNDECIDED);
            }
            for (Strategy s : benchmarked) {
                if (dc.at(s.label(), AT).isEmpty()) {
                    missing.add(s.label());
                }
            }
        }
        if (!unbenchmarked.isEmpty()) {
            b.append("Left out: ").append(String.join(", ", unbenchmarked))
                    .append(" (the benchmark measures each strategy in its default flavor only). ");
        }
        if (!missing.isEmpty()) {
            b.append("The cost of ").append(String.join(", ", missing)).append(" at ").append(AT_WORDS)
                    .append(" is missing (its Changed query, frame-end pass or mutate-all, or none's mutate-all), so this run"
                            + " cannot decide. Run: ").append(DetectionCosts.command(missing)).append('.');
            return Optional.of(Verdict.UNDECIDED);
        }
        return Optional.empty();
    }

    private static Verdict compare(double ratio) {
        return ratio >= NOISE ? Verdict.SUPPORTED : ratio <= 1 / NOISE ? Verdict.CONTRADICTED : Verdict.UNDECIDED;
    }

    /** The cheapest benchmarked strategy's cost at 1 % (every one has costs once {@link #coverage} passed). */
    private static Cost cheapest(DetectionCosts dc, List<Strategy> strategies) {
        return strategies.stream().filter(s -> DetectionCosts.benchmarked(s.label())).map(s -> dc.at(s.label(), AT).orElseThrow())
                .min(Comparator.comparingDouble(Cost::detection)).orElseThrow();
    }

    private static List<Strategy> lessExact(StrategyClasses classes) {
        List<Strategy> out = new ArrayList<>();
        for (Strategy s : classes.all()) {
            if ((s.is(MeasuredClass.CONSERVATIVE) || s.is(MeasuredClass.FLAKY)) && !s.label().equals(DetectionCosts.CONTROL)) {
                out.add(s);
            }
        }
        return out;
    }

    /** " Flaky ...: flags (criterion 1 failed in ...), ..." when this run measured flaky strategies. */
    private static void flakyNote(StringBuilder b, StrategyClasses classes, String lead) {
        List<Strategy> flaky = classes.in(MeasuredClass.FLAKY);
        if (flaky.isEmpty()) {
            b.append(" This run measured no strategy flaky.");
            return;
        }
        List<String> each = new ArrayList<>();
        for (Strategy s : flaky) {
            each.add(s.label() + ": " + StrategyClasses.figure(s.rows(), Criterion.AT_LEAST_ONCE));
        }
        b.append(lead).append(" (").append(String.join("; ", each)).append(").");
    }

    private static void conservativeNote(StringBuilder b, StrategyClasses classes) {
        List<Strategy> conservative = classes.in(MeasuredClass.CONSERVATIVE);
        if (conservative.isEmpty()) {
            return;
        }
        List<String> each = new ArrayList<>();
        for (Strategy s : conservative) {
            each.add(s.label() + ": " + StrategyClasses.figure(s.rows(), Criterion.AT_MOST_ONCE));
        }
        b.append(" Conservative ones repeat changes (").append(String.join("; ", each)).append(").");
    }

    /** The strategies to list figures for: the matrix's, then the other built-in ones, benchmarked ids only. */
    private static List<String> figureOrder(StrategyClasses classes) {
        Set<String> out = new LinkedHashSet<>();
        out.add(DetectionCosts.CONTROL);
        classes.all().forEach(s -> out.add(s.label()));
        out.addAll(StrategyClasses.BUILT_IN);
        return out.stream().filter(DetectionCosts::benchmarked).toList();
    }

    @SafeVarargs
    private static List<String> labels(Collection<Strategy>... groups) {
        List<String> out = new ArrayList<>();
        for (Collection<Strategy> g : groups) {
            g.stream().map(Strategy::label).filter(DetectionCosts::benchmarked).forEach(out::add);
        }
        return out;
    }

    private static String className(StrategyClasses classes, String label) {
        return classes.get(label).flatMap(Strategy::measured).map(StrategyClasses::name).orElse("not decided");
    }

    private static String executors(List<Row> rows) {
        return String.join(", ", rows.stream().map(Row::executor).toList());
    }

    private static String counts(Map<String, Integer> byClass) {
        if (byClass.isEmpty()) {
            return "nothing";
        }
        List<String> parts = new ArrayList<>();
        byClass.forEach((c, n) -> parts.add(c + " " + n));
        return String.join(", ", parts);
    }

    private static String parts(Cost c) {
        return String.format(Locale.ROOT, "query %s, frame-end pass %s, extra writes %s", us(c.query()), us(c.frameEnd()),
                us(c.writeExtra()));
    }

    private static String workloads(double[] ws) {
        List<String> out = new ArrayList<>();
        for (double w : ws) {
            out.add(fmt(w));
        }
        return String.join(" and ", out);
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String us(double micros) {
        return String.format(Locale.ROOT, "%.0f µs", micros);
    }

    static String ms(double micros) {
        return String.format(Locale.ROOT, "%.1f ms", micros / 1000);
    }

    /** A ratio, as "2.00×". */
    static String x(double ratio) {
        return String.format(Locale.ROOT, "%.2f×", ratio);
    }

    static String fmt(double v) {
        if (v >= 1) {
            return String.format(Locale.ROOT, "%.2g", v).replace("e+0", "e");
        }
        return String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
