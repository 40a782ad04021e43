package dev.ecslab.lab.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generator's documented distribution, measured: 2 000 seeded scenarios (seeds 1 000 to 2 999,
 * the campaign's own), every share within a band around the figure the class comment gives, no
 * scenario drawing more values than the jqwik properties' 1 200, and the simplest choices giving the
 * simplest scenario. The classic space never leaves the old limits. The cost of each size class is
 * measured and printed (not asserted: tests do not depend on timing).
 */
class ScenarioGeneratorTest {
    static final int N = 2_000;
    static final long FIRST_SEED = 1_000;

    @Test
    void theMeasuredSharesAreTheDocumentedOnes() {
        System.out.println("ScenarioGeneratorTest: seeds " + FIRST_SEED + ".." + (FIRST_SEED + N - 1));
        Map<String, Integer> count = new LinkedHashMap<>();
        int[] drawn = new int[N];
        for (int i = 0; i < N; i++) {
            Choices c = Choices.seeded(FIRST_SEED + i);
            Scenario s = ScenarioGenerator.generate("r" + i, c);
            drawn[i] = c.drawn();
            Features.of(s).forEach((k, v) -> count.merge(k, v ? 1 : 0, Integer::sum));
        }
        Map<String, Double> share = new LinkedHashMap<>();
        count.forEach((k, v) -> share.put(k, 100.0 * v / N));
        share.forEach((k, v) -> System.out.printf("ScenarioGeneratorTest: %-50s %5.1f %%%n", k, v));
        assertThat(share.get(Features.TABLE_16)).as("medium, large and huge worlds, mass stages, plus bulk spawns")
                .isBetween(29.0, 41.0);
        assertThat(share.get(Features.TABLE_1024)).as("large and huge worlds, mass stages, plus large bulk spawns")
                .isBetween(10.0, 18.0);
        assertThat(share.get(Features.HUGE)).as("1 %").isBetween(0.3, 2.0);
        assertThat(share.get(Features.CLOCK_JUMPS)).as("15 %, and 30 % of the idle spans of the rest").isBetween(19.0, 29.0);
        assertThat(share.get(Features.INSERTION_ORDER)).as("15 %").isBetween(12.0, 18.0);
        assertThat(share.get(Features.LOOPING)).as("1 to 3 stages, 25 % each").isBetween(35.0, 49.0);
        assertThat(share.get(Features.PARALLEL)).isBetween(46.0, 62.0);
        assertThat(share.get(Features.EDITS)).isGreaterThan(97.0);
        assertThat(share.get(Features.TWO_FRAMES)).as("frames 1 to 5").isBetween(76.0, 84.0);
        assertThat(share.get(Features.LATE_OBSERVER)).as("20 % of component query watches, 60 % of those; and 25 % get a"
                + " watch built after commands").isBetween(48.0, 62.0);
        assertThat(share.get(Features.LEAVING_OBSERVER)).isBetween(30.0, 43.0);
        assertThat(share.get(Features.OBSERVATION_RESTARTS)).isBetween(12.0, 21.0);
        assertThat(share.get(Features.CROWD)).as("5 % crowds, 4 % throngs: system ids past 16").isBetween(6.0, 11.0);
        bigWorldShares(share);
        assertThat(share.get(Features.TWICE_IN_RUN)).as("the edits draw it by themselves").isBetween(24.0, 36.0);
        assertThat(share.get(Features.ABSENT_10)).as("30 % with idle spans, most of 10 frames or more").isBetween(18.0, 29.0);
        assertThat(share.get(Features.ABSENT_100)).isBetween(9.0, 17.0);
        assertThat(share.get(Features.ABSENT_10_000)).isBetween(4.5, 10.0);
        assertThat(share.get(Features.ABSENT_BILLION)).as("10^9 one span in 12").isBetween(2.0, 6.0);
        assertThat(share.get(Features.ABSENT_PAST_WRAP)).isBetween(3.0, 8.0);
        assertThat(share.get(Features.AT_MAXIMUM_AGE)).as("10 % with age jumps, most of them within 2 ticks")
                .isBetween(6.0, 11.0);
        assertThat(share.get(Features.BUILT_IN_RUN)).as("40 % of late watches, 5 % of the others, 25 % after commands")
                .isBetween(47.0, 62.0);
        assertThat(share.get(Features.BUILT_IN_EXCLUSIVE)).as("15 % of systems with one, and exclusive systems")
                .isBetween(8.0, 16.0);
        assertThat(share.get(Features.BUILT_AFTER_COMMANDS)).as("25 %, and late watches built in runs").isBetween(32.0, 45.0);
        assertThat(share.get(Features.IN_RUN_ANNOUNCES)).isBetween(12.0, 21.0);
        assertThat(share.get(Features.OBSERVES_EVERYTHING)).as("10 %").isBetween(8.0, 13.0);
        assertThat(share.get(Features.SET_WATCH)).as("25 % of component query watches").isBetween(62.0, 75.0);
        assertThat(share.get(Features.LEAVES_SET)).isBetween(48.0, 64.0);
        assertThat(share.get(Features.REENTERS_SET)).as("40 % of the scenarios with a set, when the owner is not the"
                + " detector").isBetween(21.0, 32.0);
        Arrays.sort(drawn);
        System.out.println("ScenarioGeneratorTest: values drawn: median " + drawn[N / 2] + ", max " + drawn[N - 1]);
        assertThat(drawn[N - 1]).as("the jqwik properties' choice lists are long enough").isLessThan(1_500);
    }

    /** The big worlds' shares: each structure a mutant of its own needs, at the share the class comment gives. */
    private static void bigWorldShares(Map<String, Double> share) {
        assertThat(share.get(Features.INDEX_65536)).as("padding 8 %, 75 % of those kept").isBetween(4.0, 8.5);
        assertThat(share.get(Features.OLD_GENERATIONS)).as("padding 8 %, 62.5 % of those recycled").isBetween(3.0, 7.5);
        assertThat(share.get(Features.TABLE_4096)).as("mass stages 4 %, huge worlds 1 %").isBetween(3.0, 7.5);
        assertThat(share.get(Features.SPARSE_4096)).as("half of the mass stages and huge worlds").isBetween(1.0, 4.5);
        assertThat(share.get(Features.MASS_REMOVAL)).as("mass stages 4 %, and a few bulk edits").isBetween(3.0, 7.5);
        assertThat(share.get(Features.MASS_DESPAWN)).as("mass stages 4 %").isBetween(2.5, 6.5);
        assertThat(share.get(Features.SLOTS_REUSED)).as("mass stages, and bulk despawns before bulk spawns").isGreaterThan(4.0);
        assertThat(share.get(Features.STAGE_130)).as("throngs 4 %").isBetween(2.5, 6.0);
        assertThat(share.get(Features.CROWD_EVERY_KIND)).as("throngs 4 %").isBetween(2.5, 6.0);
        assertThat(share.get(Features.CROWD_RESOURCES)).as("throngs 4 %").isBetween(2.5, 6.0);
    }

    @Test
    void theSimplestChoicesGiveTheSimplestScenario() {
        Scenario s = ScenarioGenerator.generate("zeros", Choices.of());
        assertThat(s.systems()).hasSize(2);
        assertThat(s.stages()).hasSize(1);
        assertThat(s.stages().get(0).iterations()).isEqualTo(1);
        assertThat(s.frames()).isEqualTo(1);
        assertThat(s.entities()).hasSize(1);
        assertThat(s.groups()).isEmpty();
        assertThat(s.clockJumps()).isEmpty();
        assertThat(s.startTick()).isNull();
        assertThat(s.padding()).isNull();
        assertThat(s.pauses()).isEmpty();
        assertThat(s.ordering()).isEqualTo(Scenario.Ordering.EXPLICIT);
        assertThat(s.systems()).allMatch(x -> x.watches().stream().noneMatch(w -> w.parallel()));
    }

    @Test
    void theClassicSpaceKeepsTheOldLimits() {
        int largest = 0;
        for (int i = 0; i < N; i++) {
            Scenario s = ScenarioGenerator.generate("c" + i, Choices.seeded(FIRST_SEED + i), ScenarioGenerator.Space.CLASSIC);
            assertThat(s.groups()).isEmpty();
            assertThat(s.clockJumps()).isEmpty();
            assertThat(s.startTick()).isNull();
            assertThat(s.entities()).hasSizeLessThanOrEqualTo(6);
            assertThat(s.stages()).hasSizeLessThanOrEqualTo(2).allMatch(st -> st.iterations() <= 2);
            assertThat(s.edits()).noneMatch(e -> e.isBulk());
            assertThat(s.systems()).allMatch(x -> x.watches().stream().noneMatch(w -> w.parallel()));
            largest = Math.max(largest, Features.largestColumn(s));
        }
        System.out.println("ScenarioGeneratorTest: the classic space's largest column: " + largest + " rows");
        assertThat(largest).as("no classic scenario reaches a 16th row").isLessThan(16);
    }

    /** What each size class costs to run and judge (generation, serial); printed for the README's figures. */
    @Test
    void theCostOfEachSizeClassIsMeasured() {
        Map<String, double[]> cost = new LinkedHashMap<>();          // class -> {runs, ms}
        TrackerSubject generation = TrackerSubject.find("generation", getClass().getClassLoader());
        for (int i = 0; i < 300; i++) {
            Scenario s = ScenarioGenerator.generate("r" + i, Choices.seeded(FIRST_SEED + i));
            int rows = Features.largestColumn(s);
            String cls = s.initialEntityCount() >= 10_000 ? "10^4 entities" : rows > 1024 ? "over 1 024 rows"
                    : rows > 16 ? "17 to 1 024 rows" : "16 rows or fewer";
            long start = System.nanoTime();
            Judge.judge(s, ScenarioRunner.run(s, new LabConfig(generation, ExecutorSubject.of("serial"), i)));
            double[] c = cost.computeIfAbsent(cls, k -> new double[2]);
            c[0]++;
            c[1] += (System.nanoTime() - start) / 1e6;
        }
        cost.forEach((k, c) -> System.out.printf("ScenarioGeneratorTest: %-18s %4d runs, %.1f ms each on average%n", k,
                (int) c[0], c[1] / c[0]));
        assertThat(cost).isNotEmpty();
    }
}
