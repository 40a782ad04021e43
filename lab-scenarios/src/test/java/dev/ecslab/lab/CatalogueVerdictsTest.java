package dev.ecslab.lab;

import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.results.ClassTally;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The catalogue alone (no random campaign), every built-in strategy under every executor, against the
 * outcome Bevy PR #1471 expects. On regular scenarios the PR's theory holds exactly: P0 and P2
 * conservative, P1 and P4's JustChanged flaky, P3 and P4's Changed exact but a frame late, P5 and P6
 * exact. Judged on every scenario class, as the lab judges every claim, only P5 and P6 stay exact: the
 * others lose changes while paused or repeat them in looping stages (the PR's own list of their weaknesses), and
 * the weakest class decides. The counterexamples are the lab's own findings.
 */
class CatalogueVerdictsTest {
    static Matrix matrix;

    /** What Bevy PR #1471's theory says of each proposal, which the regular class must bear out. */
    static final Map<String, MeasuredClass> CLAIMED = Map.of(
            "none", MeasuredClass.CONSERVATIVE,
            "flags", MeasuredClass.FLAKY,
            "double-buffer", MeasuredClass.CONSERVATIVE,
            "last-tick", MeasuredClass.EXACT_DELAYED,
            "flag-doubling", MeasuredClass.EXACT_DELAYED,
            "flag-doubling/immediate", MeasuredClass.FLAKY,
            "generation", MeasuredClass.EXACT,
            "system-data", MeasuredClass.EXACT);

    @BeforeAll
    static void runCatalogue() {
        Lab lab = new Lab(LabOptions.defaults().withTries(0).withMemory(false));
        matrix = lab.run(TrackerSubject.all(CatalogueVerdictsTest.class.getClassLoader()), ExecutorSubject.builtIns(),
                Catalogue.all());
        System.out.println("CatalogueVerdictsTest: catalogue seeds " + matrix.catalogueSeeds());
    }

    static List<String> executors() {
        return List.of("serial", "staged", "dynamic");
    }

    @Test
    void generationAndSystemDataAreExactOnEveryScenarioClassAndPassEveryCriterion() {
        for (String strategy : List.of("generation", "system-data")) {
            for (String e : executors()) {
                Row r = matrix.row(strategy, e);
                for (Criterion c : List.of(Criterion.CRASH, Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE,
                        Criterion.SAME_FRAME, Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING, Criterion.ORDERING,
                        Criterion.PURE_FUNCTION)) {
                    Cell cell = r.cell(c);
                    assertThat(cell.status()).as(strategy + "/" + e + " " + c + ": " + cell.first()).isEqualTo(CellStatus.PASS);
                }
                for (ScenarioClass cls : ScenarioClass.values()) {
                    assertThat(r.measured(cls)).as(strategy + "/" + e + " on " + cls).isEqualTo(MeasuredClass.EXACT);
                    assertThat(r.cell(Criterion.AT_LEAST_ONCE).inClass(cls).evidence()).as(cls + " judged").isPositive();
                }
                assertThat(r.measured()).isEqualTo(MeasuredClass.EXACT);
                assertThat(r.agrees()).isTrue();
                assertThat(r.cell(Criterion.AT_LEAST_ONCE).delays().all().late()).isZero();
            }
        }
    }

    @Test
    void onRegularScenariosEveryProposalHasTheClassThePrClaims() {
        for (String e : executors()) {
            CLAIMED.forEach((strategy, expected) -> assertThat(matrix.row(strategy, e).measured(ScenarioClass.REGULAR))
                    .as(strategy + "/" + e + " on regular scenarios").isEqualTo(expected));
        }
    }

    @Test
    void theWeakestClassDecidesAndEveryFlagProposalIsBrokenSomewhere() {
        for (String e : executors()) {
            for (String s : List.of("none", "flags", "double-buffer", "last-tick", "flag-doubling", "flag-doubling/immediate")) {
                Row r = matrix.row(s, e);
                assertThat(r.measured()).as(s + "/" + e).isEqualTo(MeasuredClass.BROKEN);
                assertThat(r.agrees()).as(s + "/" + e + " disagrees with its claim").isFalse();
                assertThat(r.measured(ScenarioClass.LOOPING)).as(s + "/" + e + " in looping stages")
                        .isEqualTo(MeasuredClass.BROKEN);
            }
            // flags: cleared at frame end, so a looping stage reports a change again in its next iteration
            ClassTally loopRepeat = matrix.row("flags", e).cell(Criterion.AT_MOST_ONCE).inClass(ScenarioClass.LOOPING);
            assertThat(loopRepeat.status()).isEqualTo(CellStatus.FAIL);
            assertThat(loopRepeat.first().message()).contains("again");
            // double-buffer and the delayed ones lose what changed while the detector was paused
            for (String s : List.of("flags", "double-buffer", "last-tick", "flag-doubling")) {
                Cell paused = matrix.row(s, e).cell(Criterion.NOT_LOST_WHEN_PAUSED);
                assertThat(paused.status()).as(s + "/" + e + " criterion 7").isEqualTo(CellStatus.FAIL);
                assertThat(paused.first().message()).contains("never reported");
            }
        }
    }

    @Test
    void lastTickIsAFrameLateButNeverMoreOnRegularScenarios() {
        for (String strategy : List.of("last-tick", "flag-doubling")) {
            for (String e : executors()) {
                Row r = matrix.row(strategy, e);
                assertThat(r.allowedDelayFrames()).isEqualTo(1);
                assertThat(r.cell(Criterion.SAME_FRAME).first().message()).contains("in the same frame");
                var regular = r.cell(Criterion.AT_LEAST_ONCE).delays().in(ScenarioClass.REGULAR);
                assertThat(regular.late()).as(strategy + "/" + e + " late reports").isPositive();
                assertThat(regular.maxFrames()).isEqualTo(1);
                assertThat(r.cell(Criterion.AT_LEAST_ONCE).inClass(ScenarioClass.REGULAR).status()).isEqualTo(CellStatus.PASS);
            }
        }
    }

    @Test
    void noneReportsEverythingAndRepeats() {
        Row r = matrix.row("none", "serial");
        assertThat(r.cell(Criterion.AT_MOST_ONCE).first().message()).containsAnyOf("again", "no other system changed");
        assertThat(r.cell(Criterion.AT_LEAST_ONCE).inClass(ScenarioClass.REGULAR).status()).isEqualTo(CellStatus.PASS);
    }

    @Test
    void theCompilersAmbiguityReportMatchesTheOracleOnTheCatalogue() {
        assertThat(matrix.ambiguity()).isEmpty();
        assertThat(matrix.scenarios()).isEqualTo(Catalogue.all().size());
    }
}
