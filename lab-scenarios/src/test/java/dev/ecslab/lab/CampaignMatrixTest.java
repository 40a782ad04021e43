package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.MeasuredClass;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CI gate as the command line runs it: the catalogue plus a random campaign of 200 scenarios
 * for every built-in strategy under the serial and dynamic executors. Exact strategies pass
 * everything; every non-exact one is caught by a counterexample the lab found itself; and the one
 * disagreement with the seed's theory (last-tick is not exact once a detector writes what it
 * watches) is found and explained by its counterexample.
 */
class CampaignMatrixTest {
    static Matrix matrix;

    @BeforeAll
    static void run() {
        Lab lab = new Lab(Lab.Options.defaults().withTries(200).withMemory(false));
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
                    assertThat(r.cell(c).passes()).as(s + "/" + e + " " + c + ": " + r.cell(c).first()).isTrue();
                }
                assertThat(r.measured()).isEqualTo(MeasuredClass.EXACT);
            }
        }
    }

    @Test
    void everyNonExactStrategyIsCaughtWithItsClaimedWeakness() {
        for (String e : List.of("serial", "dynamic")) {
            assertThat(matrix.row("none", e).measured()).isEqualTo(MeasuredClass.CONSERVATIVE);
            assertThat(matrix.row("flags", e).measured()).isEqualTo(MeasuredClass.FLAKY);
            assertThat(matrix.row("double-buffer", e).measured()).isEqualTo(MeasuredClass.CONSERVATIVE);
            assertThat(matrix.row("flag-doubling/immediate", e).measured()).isEqualTo(MeasuredClass.FLAKY);
            for (String s : List.of("flags", "double-buffer", "last-tick", "flag-doubling")) {
                assertThat(matrix.row(s, e).cell(Criterion.NOT_LOST_WHEN_PAUSED).passes()).as(s + " criterion 7").isFalse();
            }
            assertThat(matrix.row("last-tick", e).cell(Criterion.SAME_FRAME).passes()).isFalse();
            for (String s : List.of("flags", "double-buffer", "last-tick")) {
                assertThat(matrix.row(s, e).cell(Criterion.LOOPING).passes()).as(s + " looping column").isFalse();
            }
        }
    }

    @Test
    void theLastTickDisagreementIsFoundAndExplained() {
        for (String s : List.of("last-tick", "flag-doubling")) {
            Row r = matrix.row(s, "serial");
            assertThat(r.agrees()).as(s + " is claimed exact but the campaign finds a miss").isFalse();
            var miss = r.cell(Criterion.AT_LEAST_ONCE).first();
            assertThat(miss).isNotNull();
            assertThat(miss.message()).contains("never reported");
            // the counterexample's detector also writes the data it missed a change of
            String detector = miss.message().substring(0, miss.message().indexOf(' '));
            var spec = miss.scenario().system(detector);
            assertThat(spec.writes()).as(miss.oneLine()).isNotEmpty();
            assertThat(r.cell(Criterion.AT_MOST_ONCE).passes()).isTrue();
        }
    }
}
