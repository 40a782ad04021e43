package dev.ecslab.lab;

import dev.ecslab.lab.results.CellStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The CI gate as the command line runs it: the catalogue plus a random campaign of 200 scenarios
 * (with exclusive and main-thread systems and insertion-order schedules among them) for every
 * built-in strategy under the serial and dynamic executors. Exact strategies pass everything, with
 * every criterion judged; every non-exact one is caught by a counterexample the lab found itself; and
 * the one disagreement with Bevy PR #1471's theory on regular scenarios (last-tick is not exact once a
 * detector writes what it watches) is found and explained by its counterexample. A long campaign: it
 * runs in the long profile; the default build judges the same claims on the catalogue
 * ({@code CatalogueVerdictsTest}), on generated scenarios ({@code ExactStrategyProperties}) and finds the
 * last-tick disagreement in the report's words ({@code CauseWordsTest}).
 */
@Tag("long")
class CampaignMatrixTest {
    static Matrix matrix;

    @BeforeAll
    static void run() {
        // no shrinking: the classes and cells are in question, and ShrinkRecordTest covers shrinking
        Lab lab = new Lab(LabOptions.defaults().withTries(200).withMemory(false).withShrinkAttempts(0));
        matrix = lab.run(TrackerSubject.all(CampaignMatrixTest.class.getClassLoader()),
                List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic")), Catalogue.all());
        System.out.println("CampaignMatrixTest: " + matrix.scenarios() + " scenarios, campaign seed "
                + matrix.campaignSeed() + ", " + String.format("%.1f", matrix.seconds()) + " s");
    }

    @Test
    void exactStrategiesPassEverything() {
        for (String s : List.of("generation", "system-data")) {
            for (String e : List.of("serial", "dynamic")) {
                Row r = matrix.row(s, e);
                for (Criterion c : Criterion.values()) {
                    if (c == Criterion.BOUNDED_MEMORY || c == Criterion.AMBIGUITY) {
                        continue;                                    // not run here; a matrix-wide verdict
                    }
                    assertThat(r.cell(c).status()).as(s + "/" + e + " " + c + ": " + r.cell(c).first())
                            .isEqualTo(CellStatus.PASS);
                }
                assertThat(r.measured()).isEqualTo(MeasuredClass.EXACT);
            }
        }
    }

    @Test
    void everyNonExactStrategyIsCaughtWithItsClaimedWeakness() {
        for (String e : List.of("serial", "dynamic")) {
            assertThat(matrix.row("none", e).measured(ScenarioClass.REGULAR)).isEqualTo(MeasuredClass.CONSERVATIVE);
            assertThat(matrix.row("flags", e).measured(ScenarioClass.REGULAR)).isEqualTo(MeasuredClass.FLAKY);
            assertThat(matrix.row("double-buffer", e).measured(ScenarioClass.REGULAR)).isEqualTo(MeasuredClass.CONSERVATIVE);
            assertThat(matrix.row("flag-doubling/immediate", e).measured(ScenarioClass.REGULAR)).isEqualTo(MeasuredClass.FLAKY);
            for (String s : List.of("none", "flags", "double-buffer", "last-tick", "flag-doubling", "flag-doubling/immediate")) {
                assertThat(matrix.row(s, e).measured()).as(s + " / " + e + ", weakest over every class")
                        .isEqualTo(MeasuredClass.BROKEN);
            }
            for (String s : List.of("flags", "double-buffer", "last-tick", "flag-doubling")) {
                assertThat(matrix.row(s, e).cell(Criterion.NOT_LOST_WHEN_PAUSED).fails()).as(s + " criterion 7").isTrue();
            }
            assertThat(matrix.row("last-tick", e).cell(Criterion.SAME_FRAME).fails()).isTrue();
            for (String s : List.of("flags", "double-buffer", "last-tick")) {
                assertThat(matrix.row(s, e).cell(Criterion.LOOPING).fails()).as(s + " looping column").isTrue();
            }
        }
    }

    @Test
    void theLastTickDisagreementIsFoundAndExplained() {
        for (String s : List.of("last-tick", "flag-doubling")) {
            Row r = matrix.row(s, "serial");
            assertThat(r.agrees()).as(s + " is claimed exact but the campaign finds a miss").isFalse();
            assertThat(r.measured(ScenarioClass.REGULAR)).as(s + " on regular scenarios; at most once: "
                    + r.cell(Criterion.AT_MOST_ONCE).inClass(ScenarioClass.REGULAR).first()).isEqualTo(MeasuredClass.FLAKY);
            var miss = r.cell(Criterion.AT_LEAST_ONCE).inClass(ScenarioClass.REGULAR).first();
            assertThat(miss.message()).contains("never reported");
            // the counterexample's detector also writes the data it missed a change of
            String detector = miss.message().substring(0, miss.message().indexOf(' '));
            var spec = miss.scenario().system(detector);
            assertThat(spec.writes()).as(miss.oneLine()).isNotEmpty();
            assertThat(r.cell(Criterion.AT_MOST_ONCE).inClass(ScenarioClass.REGULAR).status())
                    .isEqualTo(CellStatus.PASS);
        }
    }
}
