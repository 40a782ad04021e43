package dev.ecslab.concurrency;

import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * Item 1: the real {@link Entities#reserve()}, called from several threads (parallel systems'
 * command buffers spawn through it), is linearizable: no two reservations get the same id, and the
 * ids handed out are those some sequential order of the calls would hand out, freed slots first
 * (with their next generation), then fresh ones.
 */
public class EntityReservationLincheckTest extends BothModes {
    private final Entities entities = withFreedSlots();

    private static Entities withFreedSlots() {
        Entities e = new Entities();
        Entity a = e.alloc();
        e.alloc();
        Entity c = e.alloc();
        e.free(a);
        e.free(c);
        return e;
    }

    @Operation
    public Entity reserve() {
        return entities.reserve();
    }

    @Operation
    public boolean needsFlush() {
        return entities.needsFlush();
    }
}
