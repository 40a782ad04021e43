package dev.ecslab.reports.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import org.junit.jupiter.api.Test;

/** Words and timelines for the criteria the first tests do not reach: pausing, looping stages, memory. */
class MoreViolationWordsTest {

    @Test
    void aChangeLostWhilePaused() {
        ViolationTrace vt = RealCounterexamples.first(Catalogue.systemPausing(Target.COMPONENT),
                new LabConfig(RealCounterexamples.trackerMutant("mutant:ignores-pausing"), ExecutorSubject.of("serial"), 1),
                FindingType.MISSED, Criterion.NOT_LOST_WHEN_PAUSED);
        String text = CounterexampleText.describe(vt);
        System.out.println("MoreViolationWordsTest (PAUSED): " + text);
        System.out.println(Timeline.of(vt).text());
        assertThat(text).contains("`detector` missed").contains("`mutant:ignores-pausing` strategy is described as")
                .contains("not lost when paused").contains("changes made while it was paused are lost");
        assertThat(Timeline.of(vt).text()).contains("detector").contains("!");
    }

    @Test
    void aRemovalLostInALoopingStage() {
        ViolationTrace vt = RealCounterexamples.first(Catalogue.loopingStageRemovals(Target.COMPONENT),
                new LabConfig(RealCounterexamples.strategy("flags"), ExecutorSubject.of("serial"), 1), FindingType.MISSED,
                Criterion.LOOPING);
        String text = CounterexampleText.describe(vt);
        System.out.println("MoreViolationWordsTest (LOOPING): " + text);
        System.out.println(Timeline.of(vt).text());
        assertThat(text).contains("`detector` missed").contains("looping stages").contains("`flags`");
    }
}
