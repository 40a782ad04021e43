package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.EntityTwins;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Entity reservation from two threads under Fray (parallel systems' command buffers spawn through
 * {@link Entities#reserve()}): two reservations never get the same id. The real allocator passes every
 * interleaving explored; the twins of catalogue entries 3 (artemis-odb #522, a cursor read, then written)
 * and 1 (Magma3D's shared {@code into_index}, a cursor moved, then read again) are caught.
 */
class EntityReservationFrayTest {

    /** Two threads reserve at once from an allocator with freed slots; fails when they got the same id. */
    static Runnable twoReservations(Supplier<Entities> allocator) {
        return () -> {
            Entities entities = allocator.get();
            Entity a = entities.alloc();
            entities.alloc();
            Entity c = entities.alloc();
            entities.free(a);
            entities.free(c);
            Entity[] got = new Entity[2];
            TwoThreads.run(i -> got[i] = entities.reserve());
            if (got[0].equals(got[1])) {
                throw new AssertionError("two reservations got the same entity " + got[0]);
            }
        };
    }

    @Test
    void theRealAllocatorHandsOutDistinctIdsInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("reservation-real", false, twoReservations(Entities::new));
    }

    @Test
    void entry3TheCursorReadThenWrittenIsCaught() {
        RaceEntries.catchTwin(3, "EntityTwins.lostUpdateCursor: the cursor read, then written",
                twoReservations(EntityTwins::lostUpdateCursor), "the same entity",
                twoReservations(Entities::new));
    }
}
