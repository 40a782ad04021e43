package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.JqwikFailures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Proves the oracle property can fail, and for its own reason: a detector that ignores filters reports
 * pairs the oracle does not (accesses its {@code With}/{@code Without} filters make disjoint), and misses
 * none (a pair it reports with more conflicting data than the oracle's is the same pair). An exception,
 * another assertion, or a detector that lost pairs would not count as caught.
 */
class AmbiguityMutantIsCaughtTest {

    @Test
    void theOraclePropertyKillsADetectorThatIgnoresFilters() {
        List<Throwable> failures = JqwikFailures.of(AmbiguityMutantCheck.class, "detectorIgnoringFiltersEqualsTheOracle(java.util.List)");
        assertThat(failures).as("the oracle property must fail on the filter-blind detector").hasSize(1);
        assertThat(failures.get(0)).as("the comparison's own failure").isInstanceOf(AmbiguityOracle.DetectorDiffers.class)
                .hasMessageStartingWith("the detector differs from the oracle: it reports [s");
        AmbiguityOracle.DetectorDiffers differs = (AmbiguityOracle.DetectorDiffers) failures.get(0);
        assertThat(differs.extra).as("pairs the oracle does not report, whose filters make them disjoint").isNotEmpty();
        assertThat(differs.missing).as("pairs of the oracle's the filter-blind detector misses, or reports with other data")
                .allSatisfy(pair -> assertThat(differs.extra).as("the same pair, reported with more data")
                        .anySatisfy(e -> assertThat(e).startsWith(pair.substring(0, pair.lastIndexOf('|') + 1))));
    }
}
