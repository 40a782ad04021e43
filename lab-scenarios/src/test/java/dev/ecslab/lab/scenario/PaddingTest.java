package dev.ecslab.lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A scenario's padding: read and written as JSON, its ranges checked with the path of the culprit, and
 * on a run the scenario's entities really get the indices and generations the padding promises (the
 * allocator reuses the last freed slot first), while the judge still passes {@code generation}.
 */
class PaddingTest {
    static Scenario despawnsItsEntity(PaddingSpec padding) {
        return Scenario.builder("padded")
                .entity("e0", Data.A, 1)
                .entity("e1", Data.A, 2)
                .stage("main", st -> st
                        .system("w", s -> s.watch(Data.A, WatchKind.REMOVED))
                        .system("k", s -> s.after("w")))
                .frames(1)
                .command(0, "k", EditOp.DESPAWN, "e0", null, 0)
                .command(0, "k", EditOp.DESPAWN, "e1", null, 0)
                .build()
                .withPadding(padding);
    }

    @Test
    void paddingIsReadAndWrittenAsJson() {
        Scenario s = despawnsItsEntity(new PaddingSpec(65_536, 8, 5));
        String json = ScenarioJson.write(s);
        assertThat(json).contains("\"padding\"").contains("\"kept\" : 65536");
        assertThat(ScenarioJson.read(json, "padded.json")).isEqualTo(s);
        assertThat(ScenarioJson.write(s.withPadding(null))).doesNotContain("padding");
    }

    @Test
    void badPaddingIsRefusedWithItsPath() {
        assertThatThrownBy(() -> despawnsItsEntity(new PaddingSpec(-1, 0, 0))).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("padding.kept");
        assertThatThrownBy(() -> despawnsItsEntity(new PaddingSpec(0, 8, 0))).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("padding.generations");
        assertThatThrownBy(() -> despawnsItsEntity(new PaddingSpec(0, 60_000, 1_000))).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("spawns and despawns");
        String json = ScenarioJson.write(despawnsItsEntity(new PaddingSpec(1, 0, 0))).replace("\"kept\" : 1", "\"kept\" : 1.5");
        assertThatThrownBy(() -> ScenarioJson.read(json, "bad.json")).hasMessageContaining("padding.kept");
    }

    /** Records the entities the world says lost a component. */
    static final class RecordsRemovals extends ForwardingChangeTracker {
        static final List<Entity> REMOVED = new CopyOnWriteArrayList<>();

        RecordsRemovals() {
            super(new GenerationTracker());
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            REMOVED.add(entity);
            super.onRemoved(writer, componentId, entity);
        }
    }

    @Test
    void theScenariosEntitiesTakeTheRecycledSlotsInTheirOldGenerationThenNewOnesPastTheKeptOnes() {
        TrackerSubject recording = new TrackerSubject("test:records-removals", ChangeFlavor.DEFAULT, null, "records removals",
                RecordsRemovals::new);
        RecordsRemovals.REMOVED.clear();
        Scenario s = despawnsItsEntity(new PaddingSpec(65_536, 1, 5));
        assertThat(Judge.judge(s, ScenarioRunner.run(s, new LabConfig(recording, ExecutorSubject.of("serial"), 1))).passes())
                .isTrue();
        // e0 takes the one recycled slot (index 65 536, generation 5); e1 the next new index, generation 0.
        assertThat(RecordsRemovals.REMOVED).containsExactly(new Entity(65_536, 5), new Entity(65_537, 0));
        TrackerSubject generation = TrackerSubject.find("generation", getClass().getClassLoader());
        assertThat(Judge.judge(s, ScenarioRunner.run(s, new LabConfig(generation, ExecutorSubject.of("dynamic"), 1))).passes())
                .isTrue();
    }
}
