package dev.ecslab.ecs.model;

import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.world.World;
import java.util.List;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The same model-based property as {@link WorldModelProperties}, run on a world whose component
 * {@code A} uses the {@link ForgetfulColumn} mutant. This property is <em>expected to fail</em>; the
 * class name matches no Surefire include pattern, so it runs only when
 * {@link BrokenStorageIsCaughtTest} launches it through the JUnit Platform and asserts the failure.
 */
class ForgetfulStorageModelCheck {

    /** Always a fresh seed: the proof must not lean on a sample remembered from an earlier run. */
    @Property(tries = 1000, afterFailure = AfterFailureMode.RANDOM_SEED)
    void forgetfulStorageDisagreesWithTheModel(@ForAll("sequences") List<WorldOp> ops) {
        ModelRun.check(() -> World.builder().component(Val.A.class, StorageKind.TABLE, ForgetfulColumn::new).build(), ops);
    }

    @Provide
    Arbitrary<List<WorldOp>> sequences() {
        return WorldOps.sequences();
    }
}
