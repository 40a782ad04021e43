package dev.ecslab.ecs.change;

import dev.ecslab.ecs.world.World;
import java.util.List;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The property of {@link ChangeModelProperties} on the {@link TickLosingTracker} mutant; expected to
 * fail, run only by {@link TickLosingTrackerIsCaughtTest} (the class name matches no Surefire pattern).
 */
class TickLosingTrackerCheck {

    @Property(tries = 1000, afterFailure = AfterFailureMode.RANDOM_SEED)
    void trackerLosingTicksOnMovesIsExact(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.check(() -> World.builder().changeTracking("tick-losing", new TickLosingTracker()).build(), ops);
    }

    @Provide
    Arbitrary<List<ChangeOp>> ops() {
        return ChangeModelProperties.sequences();
    }
}
