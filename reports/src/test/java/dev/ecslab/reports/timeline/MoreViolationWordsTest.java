package dev.ecslab.reports.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.scenario.ScenarioClass;
import org.junit.jupiter.api.Test;

/** Words and timelines for the criteria the first tests do not reach: pausing, looping stages, memory. */
class MoreViolationWordsTest {

    @Test
    void aChangeLostWhilePaused() {
        ViolationTrace vt = RealCounterexamples.pausedWithIgnoresPausing();
        String text = CounterexampleText.describe(vt);
        System.out.println("MoreViolationWordsTest (PAUSED): " + text);
        System.out.println(Timeline.of(vt).text());
        assertThat(text).contains("`detector` missed").contains("`mutant:ignores-pausing` strategy is described as")
                .as("7 is criterion 1 on pausing scenarios").contains("(Criterion 1 at least once on pausing scenarios")
                .contains("changes made while it was paused are lost");
        assertThat(Timeline.of(vt).text()).contains("detector").contains("!");
    }

    @Test
    void aRemovalLostInALoopingStage() {
        ViolationTrace vt = RealCounterexamples.loopingRemovalWithFlags();
        String text = CounterexampleText.describe(vt);
        System.out.println("MoreViolationWordsTest (LOOPING): " + text);
        System.out.println(Timeline.of(vt).text());
        assertThat(text).contains("`detector` missed").as("L is criteria 1 and 2 on looping scenarios")
                .contains("(Criterion 1 at least once on looping").contains("`flags`")
                .as("the runs are named with their loop iteration").contains("iteration 1 of 2")
                .contains("the removal of `A` from entity " + vt.violation().finding().entity());
    }
}
