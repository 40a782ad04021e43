package dev.ecslab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * The longest delay a strategy may be allowed is the longest any scenario can show: a change in the first of the
 * most frames a scenario may have, reported in its last quiet frame. One frame more is refused.
 */
class LongestDelayTest {
    static final TrackerSubject GENERATION = TrackerSubject.find("generation", LongestDelayTest.class.getClassLoader());

    @Test
    void theLongestObservableDelayIsAllowedAndOneFrameMoreIsRefused() {
        assertThat(Scenario.LONGEST_OBSERVABLE_DELAY).isEqualTo(100_001);
        assertThat(GENERATION.heldTo(ClaimedClass.EXACT_DELAYED, Scenario.LONGEST_OBSERVABLE_DELAY).delayFrames())
                .isEqualTo(100_001);
        assertThatThrownBy(() -> GENERATION.heldTo(ClaimedClass.EXACT_DELAYED, Scenario.LONGEST_OBSERVABLE_DELAY + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than any scenario can show");
    }

    @Test
    void noScenarioIsLongerThanTheBound() {
        Scenario longest = Scenario.builder("longest").stage("update", st -> st.system("s", x -> { }))
                .frames(Scenario.MAX_FRAMES).build();
        assertThat(longest.frames() + Scenario.QUIET_FRAMES - 1).isEqualTo(Scenario.LONGEST_OBSERVABLE_DELAY);
        assertThatThrownBy(() -> Scenario.builder("too long").stage("update", st -> st.system("s", x -> { }))
                .frames(Scenario.MAX_FRAMES + 1).build()).isInstanceOf(ScenarioException.class);
        for (Scenario s : Catalogue.all()) {
            assertThat(s.frames()).as(s.name()).isLessThanOrEqualTo(Scenario.MAX_FRAMES);
        }
        for (long seed = 0; seed < 200; seed++) {
            assertThat(ScenarioGenerator.generate("r" + seed, Choices.seeded(seed)).frames()).isLessThanOrEqualTo(Scenario.MAX_FRAMES);
        }
    }
}
