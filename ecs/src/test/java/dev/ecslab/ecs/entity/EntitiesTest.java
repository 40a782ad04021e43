package dev.ecslab.ecs.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EntitiesTest {

    /** Places every materialized index at a dummy location, as the storage would. */
    private static void flush(Entities entities) {
        entities.flush(i -> entities.setLocation(i, 0, 0, 0));
    }

    private static Entity spawn(Entities entities) {
        Entity e = entities.alloc();
        entities.setLocation(e.index(), 0, 0, 0);
        return e;
    }

    @Test
    void despawnedIdNeverAliasesTheSlotsNextOccupant() {
        Entities entities = new Entities();
        Entity first = spawn(entities);
        entities.free(first);
        Entity second = spawn(entities);

        assertThat(second.index()).isEqualTo(first.index());
        assertThat(second.generation()).isEqualTo(first.generation() + 1);
        assertThat(entities.isAlive(first)).isFalse();
        assertThat(entities.isAlive(second)).isTrue();
        assertThat(entities.whyNotAlive(first)).contains("despawned").contains("generation 1");
    }

    @Test
    void requireAliveNamesTheOperationAndTheReason() {
        Entities entities = new Entities();
        Entity e = spawn(entities);
        entities.free(e);

        assertThatThrownBy(() -> entities.requireAlive("insert", e))
                .isInstanceOf(NoSuchEntityException.class)
                .hasMessageContaining("insert")
                .hasMessageContaining(e.toString())
                .hasMessageContaining("despawned");
        assertThat(entities.whyNotAlive(new Entity(500, 0))).contains("never allocated");
        assertThat(entities.whyNotAlive(new Entity(e.index(), 7))).contains("never issued");
    }

    @Test
    void exhaustedSlotIsRetiredInsteadOfWrapping() {
        Entities entities = new Entities(2);
        Entity e = spawn(entities);
        entities.free(e);                  // generation 0 -> 1
        Entity e1 = spawn(entities);
        entities.free(e1);                 // generation 1 -> 2
        Entity e2 = spawn(entities);
        assertThat(e2.generation()).isEqualTo(2);
        entities.free(e2);                 // at the maximum: retired, not reused

        Entity next = spawn(entities);
        assertThat(next.index()).isNotEqualTo(e.index());
        assertThat(entities.retiredCount()).isEqualTo(1);
        assertThat(entities.isAlive(e2)).isFalse();
    }

    @Test
    void reservedIdsAreNotAliveUntilFlushedAndThenAre() {
        Entities entities = new Entities();
        Entity kept = spawn(entities);
        Entity freed = spawn(entities);
        entities.free(freed);

        Entity reusedSlot = entities.reserve();
        Entity fresh = entities.reserve();
        assertThat(reusedSlot.index()).isEqualTo(freed.index());
        assertThat(reusedSlot.generation()).isEqualTo(freed.generation() + 1);
        assertThat(fresh.index()).isEqualTo(2);
        assertThat(entities.isAlive(reusedSlot)).isFalse();
        assertThat(entities.whyNotAlive(fresh)).contains("reserved");
        assertThat(entities.whyNotAlive(reusedSlot)).contains("reserved");
        assertThatThrownBy(entities::alloc).isInstanceOf(IllegalStateException.class).hasMessageContaining("flush");

        flush(entities);
        assertThat(entities.isAlive(reusedSlot)).isTrue();
        assertThat(entities.isAlive(fresh)).isTrue();
        assertThat(entities.isAlive(kept)).isTrue();
        assertThat(entities.liveCount()).isEqualTo(3);
        assertThat(entities.alloc().index()).isEqualTo(3);
    }

    @Test
    void concurrentReservationsNeverCollideWithEachOtherOrWithLaterAllocations() throws Exception {
        Entities entities = new Entities();
        List<Entity> live = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            live.add(spawn(entities));
        }
        for (int i = 0; i < 2_000; i += 2) {
            entities.free(live.get(i));      // 1000 free slots to be reused by reservations
        }
        int threads = 8;
        int perThread = 5_000;
        CyclicBarrier start = new CyclicBarrier(threads);
        ConcurrentLinkedQueue<Entity> reserved = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        reserved.add(entities.reserve());
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        Set<Integer> indices = new HashSet<>();
        for (Entity e : reserved) {
            assertThat(indices.add(e.index())).as("index %d reserved twice", e.index()).isTrue();
        }
        assertThat(indices).hasSize(threads * perThread);
        for (int i = 1; i < 2_000; i += 2) {
            assertThat(indices).doesNotContain(live.get(i).index());
        }

        flush(entities);
        assertThat(entities.liveCount()).isEqualTo(1_000 + threads * perThread);
        for (Entity e : reserved) {
            assertThat(entities.isAlive(e)).isTrue();
        }
        Entity after = entities.alloc();
        assertThat(indices).doesNotContain(after.index());
    }
}
