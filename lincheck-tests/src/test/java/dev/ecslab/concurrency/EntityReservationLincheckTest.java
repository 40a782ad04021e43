package dev.ecslab.concurrency;

import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.EntityTwins;
import java.util.List;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * Item 1: the real {@link Entities#reserve()}, called from several threads (parallel systems'
 * command buffers spawn through it), is linearizable: no two reservations get the same id, and the
 * ids handed out are those some sequential order of the calls would hand out, freed slots first
 * (the most recently freed first, with its next generation), then fresh ones.
 */
public class EntityReservationLincheckTest extends BothModes {
    private final Entities entities = withFreedSlots(allocator());

    /** The allocator under test; the twins override this (JUnit allows a test class one constructor). */
    Entities allocator() {
        return new Entities();
    }

    /** Slots 0, 1, 2 allocated, then 0 and 2 freed: the stack of free slots is [0, 2]. */
    static Entities withFreedSlots(Entities e) {
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

    @Override
    protected Class<?> sequentialSpecification() {
        return Allocator.class;
    }

    /**
     * The specification: slot 2 then slot 0 come back at generation 1 (last freed, first reused),
     * then fresh slots 3, 4, ... at generation 0; a reservation is pending until a flush.
     */
    public static final class Allocator {
        private static final List<Entity> REUSED = List.of(new Entity(2, 1), new Entity(0, 1));
        private int reserved;

        public Entity reserve() {
            Entity e = reserved < REUSED.size() ? REUSED.get(reserved) : new Entity(3 + reserved - REUSED.size(), 0);
            reserved++;
            return e;
        }

        public boolean needsFlush() {
            return reserved > 0;
        }
    }

    /** Twin (artemis-odb #522): the real allocator whose cursor is read, then written. */
    public static class LostUpdateCursor extends EntityReservationLincheckTest {
        @Override
        Entities allocator() {
            return EntityTwins.lostUpdateCursor();
        }
    }

    /** Twin (Magma3D's {@code into_index}): the real allocator that reads its moved cursor again. */
    public static class CursorReadAgain extends EntityReservationLincheckTest {
        @Override
        Entities allocator() {
            return EntityTwins.cursorReadAgain();
        }
    }
}
