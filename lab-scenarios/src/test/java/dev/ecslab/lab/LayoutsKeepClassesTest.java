package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.LabLayout;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every built-in strategy keeps its measured class when the worlds store their components in
 * columns. The catalogue and the same campaign scenarios (30, and the catalogue's schedules not
 * searched; 120 and searched in the long profile) run twice, once with every component as references
 * and once with every component columnar (the {@code --layout} choices); the scenarios, seeds and interleavings are the same, so a layout that
 * changed what a strategy reports would show as a different class or a different cell. Its
 * counterexamples carry the layout they ran on, so each replays on it. That the world of a columnar
 * scenario really stores columns is {@code RunSessionLayoutTest}'s evidence, taken from the world.
 */
class LayoutsKeepClassesTest {
    static Matrix references;
    static Matrix columnar;

    @BeforeAll
    static void run() {
        List<TrackerSubject> trackers = TrackerSubject.all(LayoutsKeepClassesTest.class.getClassLoader());
        List<ExecutorSubject> executors = List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic"));
        // no shrinking: the classes and cells are in question, and ShrinkRecordTest covers shrinking
        // The default build runs the catalogue under its two seeds only (no exhaustive search of its schedules) and 30
        // campaign scenarios; the long profile searches the catalogue and runs 120. Both layouts get the same options.
        boolean full = Boolean.getBoolean("ecslab.long");
        LabOptions options = LabOptions.defaults().withTries(full ? 120 : 30).withMemory(false).withShrinkAttempts(0);
        if (!full) {
            options = options.withCatalogueSearch(0, 1);
        }
        references = new Lab(options).withLayout(LabLayout.REFERENCES).withJobs(2).run(trackers, executors, Catalogue.all());
        columnar = new Lab(options).withLayout(LabLayout.COLUMNAR).withJobs(2).run(trackers, executors, Catalogue.all());
        System.out.println("LayoutsKeepClassesTest: " + columnar.scenarios() + " scenarios per layout, campaign seed "
                + columnar.campaignSeed());
    }

    @Test
    void everyStrategyMeasuresTheSameOnBothLayouts() {
        assertThat(columnar.rows()).hasSameSizeAs(references.rows()).hasSizeGreaterThanOrEqualTo(14);
        for (Row r : references.rows()) {
            Row c = columnar.row(r.strategy(), r.executor());
            String where = r.strategy() + " / " + r.executor();
            assertThat(c.measured()).as(where).isEqualTo(r.measured());
            for (ScenarioClass cls : ScenarioClass.values()) {
                assertThat(c.measured(cls)).as(where + " on " + cls).isEqualTo(r.measured(cls));
            }
            for (Criterion k : Criterion.values()) {
                assertThat(c.cell(k).status()).as(where + " criterion " + k).isEqualTo(r.cell(k).status());
            }
        }
        assertThat(columnar.row("generation", "dynamic").measured()).isEqualTo(MeasuredClass.EXACT);
        assertThat(columnar.row("system-data", "serial").measured()).isEqualTo(MeasuredClass.EXACT);
        assertThat(columnar.row("flags", "serial").measured(ScenarioClass.REGULAR)).isEqualTo(MeasuredClass.FLAKY);
    }

    @Test
    void counterexamplesCarryTheLayoutTheyRanOn() {
        int seen = 0;
        for (Row r : columnar.rows()) {
            for (Criterion k : Criterion.values()) {
                Counterexample x = r.cell(k).first();
                if (x != null && x.scenario() != null) {
                    assertThat(x.scenario().valueLayout()).as(r.strategy() + " " + k).isEqualTo(ValueLayout.COLUMNAR);
                    seen++;
                }
            }
        }
        for (Row r : references.rows()) {
            for (Criterion k : Criterion.values()) {
                Counterexample x = r.cell(k).first();
                if (x != null && x.scenario() != null) {
                    assertThat(x.scenario().valueLayout()).as(r.strategy() + " " + k).isEqualTo(ValueLayout.REFERENCES);
                }
            }
        }
        assertThat(seen).as("counterexamples of the columnar run").isGreaterThan(10);
    }
}
