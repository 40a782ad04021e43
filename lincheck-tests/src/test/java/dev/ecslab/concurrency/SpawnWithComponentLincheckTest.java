package dev.ecslab.concurrency;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 1, ecslab's side: the same operation as Magma3D's shared cursor (create an
 * entity, give it a component) from several threads, through the real {@link CommandBuffer}: the
 * spawn reserves the id lock-free and the component travels with it in the buffer, so there is no
 * cursor to share. Each operation answers what the buggy world's did ("did the component land on my
 * entity?"), and {@link #everyComponentOnItsEntity} applies the buffers and checks every entity.
 *
 * <p>Stress mode only: under the model checker, the concurrent collections this check needs (and the
 * world's own growth loops) take minutes and trip Lincheck's hang detection. The reservation itself,
 * the only shared step, is model-checked in {@link EntityReservationLincheckTest}.
 */
public class SpawnWithComponentLincheckTest {
    /** A component with the value the spawning thread gave it. */
    public record Tag(int value) {
    }

    private final World world = new World();
    private final Queue buffers = new Queue();
    private final Map<Entity, Integer> given = new ConcurrentHashMap<>();

    /** A queue of buffers (named, so Lincheck's trace shows its role). */
    static final class Queue extends ConcurrentLinkedQueue<CommandBuffer> {
    }

    @Operation
    public boolean spawnWith(@Param(gen = IntGen.class, conf = "1:9") int value) {
        CommandBuffer b = world.commands();
        Entity e = b.spawn(new Tag(value));
        buffers.add(b);
        given.put(e, value);
        return b.commands().size() == 1 && b.reservedEntities().contains(e);
    }

    @Validate
    public void everyComponentOnItsEntity() {
        List<CommandBuffer> all = new ArrayList<>(buffers);
        buffers.clear();
        world.apply(all);
        given.forEach((e, v) -> {
            Tag t = world.get(e, Tag.class).orElseThrow(() -> new IllegalStateException(e + " has no Tag"));
            if (t.value() != v) {
                throw new IllegalStateException(e + " holds " + t.value() + ", its spawner gave " + v);
            }
        });
        if (world.entityCount() != given.size()) {
            throw new IllegalStateException(world.entityCount() + " entities for " + given.size() + " spawns");
        }
        given.clear();
    }

    @Test
    public void stress() {
        LincheckSettings.stress().check(getClass());
    }
}
