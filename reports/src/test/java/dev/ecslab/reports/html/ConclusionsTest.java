package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.reports.html.ReportPage.Conclusion;
import dev.ecslab.reports.html.ReportPage.Verdict;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each of Bevy PR #1471's six conclusions takes its verdict and its figures from the matrix and the scores
 * it is given: for each, a case where the data supports the PR's expectation, one where it
 * contradicts it, and one where the data is missing and the answer names the command that makes it.
 * Matrices and scores are built by hand, so every figure asserted here is computed in the comments.
 */
class ConclusionsTest {

    // ------------------------------------------------------------------ matrices by hand

    /** label -> {claimed, missed runs (criterion 1), repeated runs (criterion 2)} of 100 runs under one executor. */
    private static final class Rows {
        private final Map<String, Object[]> rows = new LinkedHashMap<>();
        private final List<String> notJudged = new ArrayList<>();
        private final List<String> late = new ArrayList<>();
        private final List<String> crashed = new ArrayList<>();

        /** The README's result: last-tick and flag-doubling's Changed measured flaky against their exact claim. */
        static Rows asInTheReadme() {
            return new Rows()
                    .put("none", ClaimedClass.CONSERVATIVE, 0, 5)
                    .put("flags", ClaimedClass.FLAKY, 4, 0)
                    .put("double-buffer", ClaimedClass.CONSERVATIVE, 0, 6)
                    .put("last-tick", ClaimedClass.EXACT_DELAYED, 3, 0)
                    .put("flag-doubling", ClaimedClass.EXACT_DELAYED, 2, 0)
                    .put("flag-doubling/immediate", ClaimedClass.FLAKY, 4, 0)
                    .put("generation", ClaimedClass.EXACT, 0, 0)
                    .put("system-data", ClaimedClass.EXACT, 0, 0);
        }

        /** Every strategy measured as it claims. */
        static Rows asClaimed() {
            return asInTheReadme().put("last-tick", ClaimedClass.EXACT_DELAYED, 0, 0)
                    .put("flag-doubling", ClaimedClass.EXACT_DELAYED, 0, 0);
        }

        Rows put(String label, ClaimedClass claimed, int missed, int repeated) {
            rows.put(label, new Object[] {claimed, missed, repeated});
            return this;
        }

        Rows without(String label) {
            rows.remove(label);
            return this;
        }

        Rows notJudged(String label) {
            notJudged.add(label);
            return this;
        }

        /** 10 of the label's 100 changes reported one frame late (within an exact-delayed claim), the rest on time. */
        Rows late(String label) {
            late.add(label);
            return this;
        }

        /** The label's strategy threw in 1 of 4 runs, and nothing else was judged: a crash decides the class. */
        Rows crashed(String label) {
            crashed.add(label);
            return this;
        }

        Matrix matrix() {
            List<Row> out = new ArrayList<>();
            rows.forEach((label, v) -> {
                Row r = notJudged.contains(label) || crashed.contains(label)
                        ? HandMadeRows.notJudged(label, (ClaimedClass) v[0], "serial")
                        : HandMadeRows.row(label, (ClaimedClass) v[0], "serial", 100, (int) v[1], (int) v[2]);
                if (late.contains(label)) {
                    HandMadeRows.obligations(r, ScenarioClass.REGULAR, 90, 0);
                    HandMadeRows.obligations(r, ScenarioClass.REGULAR, 10, 1);
                }
                if (crashed.contains(label)) {
                    HandMadeRows.judged(r, Criterion.CRASH, ScenarioClass.REGULAR, 4);
                    HandMadeRows.failed(r, Criterion.CRASH, new Counterexample(Criterion.CRASH, null, "by hand: it threw", null,
                            null, 0, "by hand", null), ScenarioClass.REGULAR);
                }
                out.add(r);
            });
            return HandMadeRows.matrix(224, out);
        }

        StrategyClasses classes() {
            return StrategyClasses.of(matrix());
        }
    }

    // ------------------------------------------------------------------ scores by hand

    private static final class Bench {
        private final Map<String, Double> byKey = new HashMap<>();

        /**
         * At 1 % changed, detection = query + frame-end pass + (write - none's write) × 0.01:
         * none 4000; flags, flag-doubling 7000 + 100 + 10 = 7110; double-buffer 8110; last-tick 11110;
         * generation 1000 + 0 + 20 = 1020; system-data 12000 + 0 + 10 = 12010.
         */
        static Bench standard() {
            Bench b = new Bench();
            Object[][] rows = {
                // strategy, write (10⁶), frame end, query at 0.1, 1, 10, 100 %
                {"none", 2000, 0, 4000, 4000, 4000, 4000},
                {"flags", 3000, 100, 7000, 7000, 7000, 7000},
                {"double-buffer", 3000, 100, 8000, 8000, 8000, 8000},
                {"last-tick", 3000, 100, 11000, 11000, 11000, 11000},
                {"flag-doubling", 3000, 100, 7000, 7000, 7000, 7000},
                {"generation", 4000, 0, 150, 1000, 10000, 15000},
                {"system-data", 3000, 0, 10000, 12000, 20000, 13000},
            };
            for (Object[] r : rows) {
                String st = (String) r[0];
                b.write(st, (int) r[1]).end(st, (int) r[2]);
                String[] percents = {"0.1", "1", "10", "100"};
                for (int i = 0; i < percents.length; i++) {
                    b.query(st, percents[i], (int) r[3 + i]);
                }
            }
            b.byKey.put(key("fullScan", Map.of()), 2300.0);
            return b;
        }

        Bench write(String strategy, double micros) {
            byKey.put(key("mutateAll", Map.of("entities", "1000000", "strategy", strategy)), micros);
            return this;
        }

        Bench end(String strategy, double micros) {
            byKey.put(key("frameEnd", Map.of("entities", "1000000", "strategy", strategy)), micros);
            return this;
        }

        Bench query(String strategy, String percent, double micros) {
            byKey.put(key("changed", Map.of("percentChanged", percent, "spread", "random", "strategy", strategy)), micros);
            return this;
        }

        Bench clustered(String strategy, String percent, double micros) {
            byKey.put(key("changed", Map.of("percentChanged", percent, "spread", "clustered", "strategy", strategy)), micros);
            return this;
        }

        Bench drop(String method, Map<String, String> params) {
            byKey.remove(key(method, params));
            return this;
        }

        /** Removes every figure of one strategy ({@code strategy} is the last parameter of every key). */
        Bench dropAll(String strategy) {
            byKey.keySet().removeIf(k -> k.endsWith("strategy=" + strategy + "}"));
            return this;
        }

        Conclusions.Scores scores() {
            return (benchmark, params) -> {
                Double v = byKey.get(benchmark + new TreeMap<>(params));
                return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
            };
        }

        DetectionCosts costs() {
            return new DetectionCosts(scores());
        }

        private static String key(String method, Map<String, String> params) {
            return DetectionCosts.CHANGE + method + new TreeMap<>(params);
        }
    }

    private static final Conclusions.Scores NO_SCORES = (b, p) -> OptionalDouble.empty();

    // ------------------------------------------------------------------ the whole answer

    @Test
    void sixAnswersInThePrsOrderEachWithAVerdict() {
        List<Conclusion> all = Conclusions.answer(Rows.asInTheReadme().matrix(), Bench.standard().scores());
        assertThat(all).extracting(Conclusion::question).containsExactly(Conclusions.Q1, Conclusions.Q2, Conclusions.Q3,
                Conclusions.Q4, Conclusions.Q5, Conclusions.Q6);
        assertThat(all).extracting(Conclusion::verdict).containsExactly(Verdict.CONTRADICTED, Verdict.CONTRADICTED,
                Verdict.SUPPORTED, Verdict.CONTRADICTED, Verdict.SUPPORTED, Verdict.SUPPORTED);
        assertThat(all).allSatisfy(c -> assertThat(c.expectation()).isNotBlank());
    }

    @Test
    void withNothingMeasuredEveryAnswerIsUndecidedAndNamesACommand() {
        Matrix empty = HandMadeRows.matrix(0, List.of());
        for (Conclusion c : Conclusions.answer(empty, NO_SCORES)) {
            assertThat(c.verdict()).as(c.question()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).as(c.question()).contains("./lab run");
        }
        for (Conclusion c : Conclusions.answer(Rows.asInTheReadme().matrix(), NO_SCORES).subList(1, 6)) {
            assertThat(c.verdict()).as(c.question()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).as(c.question()).contains("java -jar benchmarks/target/benchmarks.jar 'ChangeTrackingBenchmark");
        }
    }

    @Test
    void theBuiltInLabelsAreTheLabsOwn() {
        assertThat(StrategyClasses.BUILT_IN).containsExactlyElementsOf(
                TrackerSubject.all(getClass().getClassLoader()).stream().map(TrackerSubject::label).toList());
    }

    // ------------------------------------------------------------------ 1

    @Nested
    class First {
        @Test
        void supportedWhenEveryStrategyMeasuresItsClaim() {
            Matrix m = Rows.asClaimed().matrix();
            Conclusion c = Conclusions.first(m, StrategyClasses.of(m));
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("8 of 8 strategy/executor configurations measured the class their strategy claims")
                    .contains("224 scenarios per configuration").contains("Measured: conservative 2, flaky 2, exact 4.")
                    .doesNotContain("Against the claim");
        }

        @Test
        void contradictedByAMeasuredClassWithItsFailingRuns() {
            Matrix m = Rows.asInTheReadme().matrix();
            Conclusion c = Conclusions.first(m, StrategyClasses.of(m));
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("6 of 8 strategy/executor configurations")
                    .contains("last-tick claims exact-delayed but measured flaky under serial (criterion 1 failed in 3 of 100"
                            + " runs (1 counterexample); criterion 2 held in 100 runs)")
                    .contains("flag-doubling claims exact-delayed but measured flaky under serial (criterion 1 failed in 2 of 100")
                    .contains("does not hold for 2 of the 8 strategies")
                    .doesNotContain("only ever worse than the claim");
        }

        @Test
        void contradictedAlsoWhenAStrategyMeasuresBetterThanItsClaim() {
            Matrix m = Rows.asClaimed().put("flags", ClaimedClass.FLAKY, 0, 0).matrix();
            Conclusion c = Conclusions.first(m, StrategyClasses.of(m));
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("flags claims flaky but measured exact under serial (criterion 1 held in 100 runs;"
                    + " criterion 2 held in 100 runs)");
        }

        @Test
        void undecidedWhenARowWasNotJudgedRatherThanCountedAsAPass() {
            Matrix m = Rows.asClaimed().notJudged("generation").matrix();
            Conclusion c = Conclusions.first(m, StrategyClasses.of(m));
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("7 of 8").contains("generation: criteria 1 and 2 not judged under serial")
                    .contains("Run ./lab run (every strategy under every executor)");
        }

        @Test
        void exactDelayedIsAClassOfItsOwnThatBearsOutItsClaim() {
            Matrix m = Rows.asClaimed().late("last-tick").late("flag-doubling").matrix();
            StrategyClasses classes = StrategyClasses.of(m);
            assertThat(classes.get("last-tick").orElseThrow().measured()).contains(MeasuredClass.EXACT_DELAYED);
            assertThat(classes.get("last-tick").orElseThrow().tagged()).isEqualTo("last-tick (exact-delayed)");
            assertThat(classes.in(MeasuredClass.EXACT_DELAYED)).extracting(StrategyClasses.Strategy::label)
                    .containsExactly("last-tick", "flag-doubling");
            assertThat(classes.in(MeasuredClass.EXACT)).as("a weaker guarantee: never counted as exact")
                    .extracting(StrategyClasses.Strategy::label).containsExactly("generation", "system-data");
            assertThat(classes.undecided()).isEmpty();
            assertThat(classes.gaps()).isEmpty();
            Conclusion c = Conclusions.first(m, classes);
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("8 of 8 strategy/executor configurations measured the class their strategy claims")
                    .contains("Measured: conservative 2, flaky 2, exact-delayed 2, exact 2.")
                    .doesNotContain("Cannot decide");
        }

        @Test
        void aCrashIsBrokenNotUndecided() {
            Matrix m = Rows.asClaimed().crashed("generation").matrix();
            StrategyClasses classes = StrategyClasses.of(m);
            assertThat(classes.get("generation").orElseThrow().measured()).contains(MeasuredClass.BROKEN);
            Conclusion c = Conclusions.first(m, classes);
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("generation claims exact but measured broken under serial (it crashed: criterion X"
                    + " failed in 1 of 4 runs (1 counterexample); criterion 1 not judged; criterion 2 not judged)")
                    .doesNotContain("generation: criteria 1 and 2 not judged");
        }

        @Test
        void undecidedWhenAStrategyHasNoRow() {
            Matrix m = Rows.asClaimed().without("system-data").matrix();
            Conclusion c = Conclusions.first(m, StrategyClasses.of(m));
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("Not in this run: system-data.").contains("./lab run");
        }

        @Test
        void rowsUnderAMutantExecutorSayNothingAboutTheStrategy() {
            List<Row> rows = new ArrayList<>(Rows.asClaimed().matrix().rows());
            rows.add(HandMadeRows.row("generation", ClaimedClass.EXACT, "mutant:ignores-one-conflict", 100, 7, 0));
            Matrix m = HandMadeRows.matrix(224, rows);
            Conclusion c = Conclusions.first(m, StrategyClasses.of(m));
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("8 of 8").doesNotContain("mutant");
            assertThat(StrategyClasses.MUTANT_EXECUTORS).contains("mutant:ignores-one-conflict", "mutant:ignores-one-before");
        }

        @Test
        void undecidedWhenNothingClaimsAClass() {
            Matrix m = HandMadeRows.matrix(10, List.of(HandMadeRows.row("a-mutant", null, "serial", 10, 3, 0)));
            Conclusion c = Conclusions.first(m, StrategyClasses.of(m));
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("judged no strategy that claims a class").contains("./lab run");
        }
    }

    // ------------------------------------------------------------------ 2

    @Nested
    class Second {
        @Test
        void contradictedWhenTheExactStrategyIsCheaperWithoutLoad() {
            Conclusion c = Conclusions.second(Rows.asInTheReadme().classes(), Bench.standard().costs());
            // generation 1020 µs against flags 7110 µs (the cheapest non-control conservative or flaky): 0.14×
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("the cheapest exact strategy, generation, spends 1020 µs per frame on detection"
                    + " (query 1000 µs, frame-end pass 0 µs, extra writes 20 µs) against 7110 µs for the cheapest less exact one,"
                    + " flags (flaky): exact costs 0.14× as much")
                    .contains("generation 2.00× + 0 µs").contains("none 4000 µs").contains("(reading every row with no filter: 2300 µs)")
                    .contains("Left out: flag-doubling/immediate");
        }

        @Test
        void supportedWhenExactCostsMore() {
            Conclusion c = Conclusions.second(Rows.asInTheReadme().classes(), Bench.standard().query("generation", "1", 9000).costs());
            // generation 9020 against flags 7110: 1.27×
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("generation, spends 9020 µs").contains("exact costs 1.27× as much");
        }

        @Test
        void undecidedWithinNoise() {
            Conclusion c = Conclusions.second(Rows.asInTheReadme().classes(), Bench.standard().query("generation", "1", 7300).costs());
            // 7320 against 7110: 1.03×, inside 1.1×
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("exact costs 1.03× as much").contains("within noise")
                    .contains("-p strategy=none,generation,system-data,flags,double-buffer,last-tick,flag-doubling");
        }

        @Test
        void undecidedWhenAFigureIsMissingNamingTheCommand() {
            Conclusion c = Conclusions.second(Rows.asInTheReadme().classes(), Bench.standard()
                    .drop("frameEnd", Map.of("entities", "1000000", "strategy", "double-buffer")).costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("The cost of double-buffer at 1 % of 10⁶ changed (random rows) is missing")
                    .contains("Run: java -jar benchmarks/target/benchmarks.jar").contains("-p strategy=none,double-buffer ");
        }
    }

    // ------------------------------------------------------------------ 3

    @Nested
    class Third {
        @Test
        void supportedWhenTheConservativeFramesCostMore() {
            Conclusion c = Conclusions.third(Rows.asInTheReadme().classes(), Bench.standard().costs());
            // at 0.1 µs: double-buffer 8110 + 2·10⁴·0.1 = 10110, generation 1020 + 10⁴·0.1 = 2020: 5.00×
            // at 1 µs: double-buffer 28110, generation 11020: 2.55×
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer())
                    .contains("At 0.1 µs the cheapest conservative frame (double-buffer, 10.1 ms) is 5.00× the cheapest exact one"
                            + " (generation, 2.0 ms)")
                    .contains("at 1.0 µs the cheapest conservative frame (double-buffer, 28.1 ms) is 2.55×")
                    .contains("none (conservative) 104.0 ms")
                    .contains("Flaky strategies are left out of the comparison: they miss changes (flags: criterion 1 failed in 4"
                            + " of 100 runs");
        }

        @Test
        void contradictedWhenAConservativeFrameIsCheaper() {
            Conclusion c = Conclusions.third(Rows.asInTheReadme().classes(), Bench.standard().query("generation", "1", 30000).costs());
            // the cheapest exact becomes system-data: 12010 + 1000 = 13010 at 0.1 µs, against double-buffer 10110: 0.78×
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("At 0.1 µs the cheapest conservative frame (double-buffer, 10.1 ms) is 0.78× the"
                    + " cheapest exact one (system-data, 13.0 ms)");
        }

        @Test
        void undecidedWithoutAConservativeRow() {
            Conclusion c = Conclusions.third(Rows.asInTheReadme().without("double-buffer").without("none").classes(),
                    Bench.standard().costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("the matrix has no row for none, double-buffer").contains("Run ./lab run");
        }

        @Test
        void undecidedWithoutTheConservativeFigures() {
            Conclusion c = Conclusions.third(Rows.asInTheReadme().classes(), Bench.standard().dropAll("double-buffer").costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("The cost of double-buffer").contains("-p strategy=none,double-buffer ");
        }
    }

    // ------------------------------------------------------------------ 4

    @Nested
    class Fourth {
        @Test
        void contradictedWhenExactHasNoOverheadToMakeUp() {
            Conclusion c = Conclusions.fourth(Rows.asInTheReadme().classes(), Bench.standard().costs());
            // generation 1020 against double-buffer 8110: 0.13×
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("generation, spends 1020 µs on detection").contains("double-buffer, 8110 µs")
                    .contains("exact detection costs 0.13× as much").contains("worth it at any workload")
                    .contains("Against flaky strategies the question is not one of cost: they miss changes (flags: criterion 1"
                            + " failed in 4 of 100 runs");
        }

        @Test
        void supportedWithTheBreakEvenWorkload() {
            Conclusion c = Conclusions.fourth(Rows.asInTheReadme().classes(), Bench.standard().query("generation", "1", 9000).costs());
            // generation 9020 against double-buffer 8110: 1.11×; break-even (9020 - 8110) / (0.01 · 10⁶) = 0.091 µs
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("exact detection costs 1.11× as much").contains("from about 0.091 µs of work per changed entity");
        }

        @Test
        void theFlakySentenceFollowsTheMatrix() {
            Rows noFlaky = Rows.asClaimed().put("flags", ClaimedClass.FLAKY, 0, 3).put("flag-doubling/immediate", ClaimedClass.FLAKY, 0, 3);
            Conclusion c = Conclusions.fourth(noFlaky.classes(), Bench.standard().costs());
            assertThat(c.answer()).contains("This run measured no strategy flaky.").doesNotContain("miss changes");
        }

        @Test
        void undecidedWithoutTheFigures() {
            Conclusion c = Conclusions.fourth(Rows.asInTheReadme().classes(), Bench.standard().dropAll("generation").costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("The cost of generation").contains("-p strategy=none,generation ");
        }
    }

    // ------------------------------------------------------------------ 5

    @Nested
    class Fifth {
        @Test
        void supportedWhenDetectionPaysAtOnePercent() {
            Conclusion c = Conclusions.fifth(Rows.asInTheReadme().classes(),
                    Bench.standard().write("generation", 2400).clustered("generation", "1", 60).costs());
            // 1 %: generation 1000 + 4 = 1004 < none 4000: always. 10 %: (10000 + 40 - 4000) / (0.9 · 10⁶) = 0.0067 µs
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("1 % changed: always, even with no work per entity (generation 1004 µs, working on"
                    + " everything 4000 µs)")
                    .contains("10 % changed: above 0.007 µs per entity").contains("100 % changed: never, there is nothing to skip")
                    .contains("detection is cheaper than working on everything even with no work per entity")
                    .contains("Under generation a write costs 1.20× none's (mutate-all over 10⁶ rows: 2400 µs against 2000 µs)")
                    .contains("generation's query at 1 % costs 60 µs instead of 1000 µs")
                    .doesNotContain("about 2×");
        }

        @Test
        void contradictedWhenDetectionNeedsMoreWorkThanTheThreshold() {
            Conclusion c = Conclusions.fifth(Rows.asInTheReadme().classes(), Bench.standard()
                    .query("generation", "1", 2_000_000).query("system-data", "1", 3_000_000).costs());
            // (2 000 020 - 4000) / (0.99 · 10⁶) = 2.04 µs > 1 µs
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("1 % changed: above 2.0 µs per entity").contains("pays only from 2.0 µs");
        }

        @Test
        void undecidedWhenTheOnePercentFiguresAreMissing() {
            Conclusion c = Conclusions.fifth(Rows.asInTheReadme().classes(), Bench.standard()
                    .drop("changed", Map.of("percentChanged", "1", "spread", "random", "strategy", "none")).costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("The figures at 1 % changed are missing")
                    .contains("-p strategy=none,generation,system-data ");
        }

        @Test
        void undecidedWhenAnUnclassifiedStrategyMightDoBetter() {
            Conclusion c = Conclusions.fifth(Rows.asInTheReadme().without("system-data").classes(), Bench.standard()
                    .query("generation", "1", 2_000_000).costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("the matrix has no row for system-data").contains("./lab run");
        }
    }

    // ------------------------------------------------------------------ 6

    @Nested
    class Sixth {
        @Test
        void contradictedWhenTheExactStrategiesDivergeInOppositeDirections() {
            Conclusion c = Conclusions.sixth(Rows.asInTheReadme().classes(), Bench.standard()
                    .write("system-data", 2000).query("system-data", "1", 3000).costs());
            // system-data writes 2000 against generation's 4000 (2.00×); generation queries 1000 against 3000 (3.00×)
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("This run measured 2 strategies exact under every executor: generation, system-data.")
                    .contains("system-data is 2.00× cheaper to write (2000 µs against 4000 µs) and generation 3.00× faster to query"
                            + " (1000 µs against 3000 µs)")
                    .contains("two exact strategies are worth shipping")
                    .doesNotContain("suffices");
        }

        @Test
        void supportedWhenTheyStayWithinTheThreshold() {
            Conclusion c = Conclusions.sixth(Rows.asInTheReadme().classes(), Bench.standard()
                    .write("system-data", 3500).query("system-data", "1", 1150).costs());
            // system-data 4000 / 3500 = 1.14× cheaper to write, generation 1150 / 1000 = 1.15× faster to query
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("system-data is 1.14× cheaper to write").contains("generation 1.15× faster to query")
                    .contains("At least one side stays below 1.5×").contains("one exact strategy suffices")
                    .doesNotContain("worth shipping,");
        }

        @Test
        void supportedWhenOnlyOneSideDivergesBeyondTheThreshold() {
            Conclusion c = Conclusions.sixth(Rows.asInTheReadme().classes(), Bench.standard().costs());
            // generation: write 4000, query 1000; system-data: write 3000, query 12000: 1.33× and 12.00×
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("system-data is 1.33× cheaper to write (3000 µs against 4000 µs) and generation 12.00×"
                    + " faster to query (1000 µs against 12000 µs)").contains("one exact strategy suffices");
        }

        @Test
        void supportedWhenOneIsCheaperOnBothSides() {
            Conclusion c = Conclusions.sixth(Rows.asInTheReadme().classes(), Bench.standard().write("system-data", 5000).costs());
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("generation is the cheaper on both sides: system-data costs 1.25× as much to write and"
                    + " 12.00× as much to query").contains("one exact strategy suffices");
        }

        @Test
        void supportedWithASingleExactStrategy() {
            Rows rows = Rows.asInTheReadme().put("system-data", ClaimedClass.EXACT, 0, 2);
            Conclusion c = Conclusions.sixth(rows.classes(), Bench.standard().costs());
            assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
            assertThat(c.answer()).contains("This run measured 1 strategy exact under every executor: generation.")
                    .contains("one suffices, and it is generation")
                    .contains("Conservative ones repeat changes (none: criterion 2 failed in 5 of 100 runs");
        }

        @Test
        void contradictedWhenNothingIsExact() {
            Rows rows = Rows.asInTheReadme().put("generation", ClaimedClass.EXACT, 1, 0).put("system-data", ClaimedClass.EXACT, 1, 0);
            Conclusion c = Conclusions.sixth(rows.classes(), Bench.standard().costs());
            assertThat(c.verdict()).isEqualTo(Verdict.CONTRADICTED);
            assertThat(c.answer()).contains("This run measured 0 strategies exact").contains("no candidate")
                    .doesNotContain("suffices");
        }

        @Test
        void undecidedWithoutTheSecondExactStrategysFigures() {
            Conclusion c = Conclusions.sixth(Rows.asInTheReadme().classes(), Bench.standard().dropAll("system-data").costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("No write or query figures for system-data")
                    .contains("Run: java -jar benchmarks/target/benchmarks.jar").contains("-p strategy=none,system-data ")
                    .doesNotContain("suffices");
        }

        @Test
        void undecidedWhenAnotherStrategyWasNotJudged() {
            Conclusion c = Conclusions.sixth(Rows.asInTheReadme().notJudged("system-data").classes(), Bench.standard().costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("1 strategy exact").contains("system-data has no class (criteria 1 and 2 not judged"
                    + " under serial)").contains("./lab run").doesNotContain("suffices");
        }

        @Test
        void aStrategyExactUnderOneExecutorOnlyIsNotCountedExact() {
            List<Row> rows = new ArrayList<>(Rows.asInTheReadme().matrix().rows());
            rows.add(HandMadeRows.row("system-data", ClaimedClass.EXACT, "dynamic", 100, 2, 0));
            StrategyClasses classes = StrategyClasses.of(HandMadeRows.matrix(224, rows));
            Conclusion c = Conclusions.sixth(classes, Bench.standard().costs());
            assertThat(c.verdict()).isEqualTo(Verdict.UNDECIDED);
            assertThat(c.answer()).contains("system-data has no class (measured exact under serial but flaky under dynamic)");
        }
    }

    // ------------------------------------------------------------------ the page

    @Test
    void thePageShowsEachVerdictBesideItsQuestion() {
        List<Conclusion> conclusions = Conclusions.answer(Rows.asInTheReadme().matrix(), Bench.standard().scores());
        String html = ReportPage.render(new ReportPage.Input(HandMadeRows.matrix(0, List.of()), Map.of(), null, List.of(),
                RaceCatalogueStatus.Results.NONE, List.of(), "", conclusions, ZonedDateTime.now(), java.nio.file.Path.of("reports", "out")));
        assertThat(html).contains("<li><p class=\"q\"><span class=\"verdict fail\">contradicted</span> " + ReportPage.esc(Conclusions.Q1))
                .contains("<span class=\"verdict pass\">supported</span> " + ReportPage.esc(Conclusions.Q6))
                .contains("<p class=\"expect\">Expectation: a single exact strategy is enough")
                .contains("span.verdict{");
        assertThat(html.split("class=\"verdict ", -1)).hasSize(7);
    }

    @Test
    void aContradictedSixthConclusionNowhereSaysOneSuffices() {
        Conclusions.Scores diverging = Bench.standard().write("system-data", 2000).query("system-data", "1", 3000).scores();
        List<Conclusion> conclusions = Conclusions.answer(Rows.asInTheReadme().matrix(), diverging);
        String html = ReportPage.render(new ReportPage.Input(HandMadeRows.matrix(0, List.of()), Map.of(), null, List.of(),
                RaceCatalogueStatus.Results.NONE, List.of(), "", conclusions, ZonedDateTime.now(), java.nio.file.Path.of("reports", "out")));
        String sixth = html.substring(html.indexOf(ReportPage.esc(Conclusions.Q6)));
        sixth = sixth.substring(0, sixth.indexOf("</li>"));
        assertThat(conclusions.get(5).verdict()).isEqualTo(Verdict.CONTRADICTED);
        assertThat(sixth).doesNotContain("suffices").doesNotContain("one exact strategy is").contains("worth shipping");
        assertThat(html).contains("<span class=\"verdict fail\">contradicted</span> " + ReportPage.esc(Conclusions.Q6));
    }
}
