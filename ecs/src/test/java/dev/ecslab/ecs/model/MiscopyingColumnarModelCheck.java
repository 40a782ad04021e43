package dev.ecslab.ecs.model;

import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.world.World;
import java.util.List;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The columnar model-based property of {@link WorldModelProperties}, on a world whose component
 * {@code A} uses the {@link MiscopyingColumnarColumn} mutant. <em>Expected to fail</em>; it matches no
 * Surefire include pattern and runs only when {@link BrokenStorageIsCaughtTest} launches it.
 */
class MiscopyingColumnarModelCheck {

    @Property(tries = 1000, afterFailure = AfterFailureMode.RANDOM_SEED)
    void miscopyingColumnarStorageDisagreesWithTheModel(@ForAll("sequences") List<WorldOp> ops) {
        ModelRun.check(() -> World.builder().defaultLayout(ValueLayout.COLUMNAR)
                .component(Val.A.class, StorageKind.TABLE, MiscopyingColumnarColumn.FACTORY).build(), ops);
    }

    @Provide
    Arbitrary<List<WorldOp>> sequences() {
        return WorldOps.sequences();
    }
}
