package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.schedule.AmbiguityOracle.Sys;
import java.util.List;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The oracle comparison of {@link AmbiguityOracleProperties} run on a detector that ignores filters
 * (the detector sees every access without its {@code With}/{@code Without}). Expected to fail; run
 * only by {@link AmbiguityMutantIsCaughtTest} (the class name matches no Surefire include pattern).
 */
class AmbiguityMutantCheck {

    @Property(tries = 1000, afterFailure = AfterFailureMode.RANDOM_SEED)
    void detectorIgnoringFiltersEqualsTheOracle(@ForAll("stages") List<Sys> systems) {
        AmbiguityOracle.assertDetectorEqualsOracle(AmbiguityOracle.detector(systems, true), AmbiguityOracle.oracle(systems));
    }

    @Provide
    Arbitrary<List<Sys>> stages() {
        return AmbiguityOracleProperties.stagesArbitrary();
    }
}
