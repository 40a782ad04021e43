package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeModelProperties;
import dev.ecslab.ecs.change.ChangeModelRun;
import dev.ecslab.ecs.change.ChangeOp;
import dev.ecslab.ecs.world.World;
import java.util.List;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The ECS's change-model property ({@code ChangeModelProperties}, from the ecs test jar) on the
 * {@link Mutants.LosesTicksOnMove} mutant; expected to fail, run only by
 * {@link LosesTicksOnMoveIsCaughtTest} (the class name matches no Surefire pattern).
 */
class LosesTicksOnMoveCheck {

    @Property(tries = 1000, afterFailure = AfterFailureMode.RANDOM_SEED)
    void trackerLosingTicksOnMovesIsExact(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.check(() -> World.builder().changeTracking("tick-losing", new Mutants.LosesTicksOnMove()).build(), ops);
    }

    @Provide
    Arbitrary<List<ChangeOp>> ops() {
        return ChangeModelProperties.sequences();
    }
}
