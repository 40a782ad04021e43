package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Proves the oracle property can fail: a detector that ignores filters reports false pairs. */
class AmbiguityMutantIsCaughtTest {

    @Test
    void theOraclePropertyKillsADetectorThatIgnoresFilters() {
        var failed = EngineTestKit.engine("jqwik")
                .selectors(selectClass(AmbiguityMutantCheck.class))
                .configurationParameter("jqwik.database", "target/.jqwik-database")
                .execute().testEvents().failed().list();
        assertThat(failed).as("the oracle property must fail on the filter-blind detector").hasSize(1);
    }
}
