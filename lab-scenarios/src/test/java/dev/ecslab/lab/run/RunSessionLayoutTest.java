package dev.ecslab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.storage.ColumnarColumn;
import dev.ecslab.ecs.storage.ObjectColumn;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The layout a scenario names is the layout its world stores: the evidence that a columnar run judged
 * columns, taken from the world the lab built (not from the scenario's label), so that the two layouts'
 * equal verdicts in {@code LayoutsKeepClassesTest} cannot come from one layout run twice.
 */
class RunSessionLayoutTest {

    @Test
    void everyComponentOfTheLabIsStoredInTheScenariosLayout() {
        Scenario base = Catalogue.all().get(0);
        for (ValueLayout layout : ValueLayout.values()) {
            RunSession s = new RunSession(base.withLayout(layout).validate(), null);
            s.buildWorld();
            s.registerTypes();
            WorldInternals internals = WorldInternals.of(s.world);
            for (Data d : Data.values()) {
                if (d.isResource()) {
                    continue;
                }
                assertThat(s.world.layoutOf(d.type())).as(d + " under " + layout).isEqualTo(layout);
                // The column the storage makes for it, not only the declared layout.
                var info = internals.components().infoOf(d.type());
                var column = internals.storage().columnFactory(info).create(info, internals.storage().laneCount(), 4);
                assertThat(column).as(d + " under " + layout)
                        .isInstanceOf(layout == ValueLayout.COLUMNAR ? ColumnarColumn.class : ObjectColumn.class);
            }
        }
    }
}
