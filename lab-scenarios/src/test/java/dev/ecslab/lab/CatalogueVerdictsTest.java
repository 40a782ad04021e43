package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Cell;
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
 * The catalogue alone (no random campaign), every built-in strategy under every executor, against the
 * seed's expected outcome: P1 flaky, P2 conservative, P3 exact but failing criterion 3, P1-P3 failing
 * criterion 7, P5 and P6 exact and passing 3 and 7. The counterexamples are the lab's own findings.
 */
class CatalogueVerdictsTest {
    static Matrix matrix;

    @BeforeAll
    static void runCatalogue() {
        Lab lab = new Lab(Lab.Options.defaults().withTries(0).withMemory(false));
        matrix = lab.run(TrackerSubject.all(CatalogueVerdictsTest.class.getClassLoader()), ExecutorSubject.builtIns(),
                Catalogue.all());
        System.out.println("CatalogueVerdictsTest: catalogue seeds " + matrix.catalogueSeeds());
    }

    static List<String> executors() {
        return List.of("serial", "staged", "dynamic");
    }

    @Test
    void generationAndSystemDataAreExactAndPassEveryCriterion() {
        for (String strategy : List.of("generation", "system-data")) {
            for (String e : executors()) {
                Row r = matrix.row(strategy, e);
                for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                        Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING, Criterion.ORDERING, Criterion.PURE_FUNCTION)) {
                    Cell cell = r.cell(c);
                    assertThat(cell.judgedRuns()).as(strategy + "/" + e + " " + c + " judged").isPositive();
                    assertThat(cell.passes()).as(strategy + "/" + e + " " + c + ": " + cell.first()).isTrue();
                }
                assertThat(r.measured()).isEqualTo(MeasuredClass.EXACT);
                assertThat(r.agrees()).isTrue();
            }
        }
    }

    @Test
    void flagsMissesAChangeAndIsFlaky() {
        for (String e : executors()) {
            Row r = matrix.row("flags", e);
            assertThat(r.cell(Criterion.AT_LEAST_ONCE).first()).as("flags/" + e + " missed change").isNotNull();
            assertThat(r.cell(Criterion.AT_LEAST_ONCE).first().message()).contains("never reported");
            assertThat(r.cell(Criterion.AT_MOST_ONCE).passes()).isTrue();
            assertThat(r.measured()).isEqualTo(MeasuredClass.FLAKY);
            assertThat(r.cell(Criterion.NOT_LOST_WHEN_PAUSED).passes()).isFalse();
        }
    }

    @Test
    void doubleBufferRepeatsAChangeAndIsConservative() {
        for (String e : executors()) {
            Row r = matrix.row("double-buffer", e);
            assertThat(r.cell(Criterion.AT_MOST_ONCE).first()).as("double-buffer/" + e + " repeat").isNotNull();
            assertThat(r.cell(Criterion.AT_MOST_ONCE).first().message()).contains("again");
            assertThat(r.cell(Criterion.AT_LEAST_ONCE).passes()).isTrue();
            assertThat(r.measured()).isEqualTo(MeasuredClass.CONSERVATIVE);
            assertThat(r.cell(Criterion.NOT_LOST_WHEN_PAUSED).passes()).isFalse();
        }
    }

    @Test
    void lastTickIsExactOnTheCatalogueButLate() {
        for (String strategy : List.of("last-tick", "flag-doubling")) {
            for (String e : executors()) {
                Row r = matrix.row(strategy, e);
                assertThat(r.measured()).as(strategy + "/" + e + ": " + r.cell(Criterion.AT_LEAST_ONCE).first() + " / "
                        + r.cell(Criterion.AT_MOST_ONCE).first()).isEqualTo(MeasuredClass.EXACT);
                assertThat(r.cell(Criterion.SAME_FRAME).passes()).isFalse();
                assertThat(r.cell(Criterion.NOT_LOST_WHEN_PAUSED).passes()).isFalse();
            }
        }
    }

    @Test
    void noneReportsEverythingAndIsConservative() {
        Row r = matrix.row("none", "serial");
        assertThat(r.measured()).isEqualTo(MeasuredClass.CONSERVATIVE);
        assertThat(r.cell(Criterion.AT_MOST_ONCE).first().message()).containsAnyOf("again", "no other system changed");
    }

    @Test
    void theCompilersAmbiguityReportMatchesTheOracleOnTheCatalogue() {
        assertThat(matrix.ambiguity()).isEmpty();
    }
}
