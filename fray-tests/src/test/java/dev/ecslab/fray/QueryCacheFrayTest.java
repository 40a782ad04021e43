package dev.ecslab.fray;

import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryTwins;
import dev.ecslab.ecs.world.World;
import java.util.Arrays;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Catalogue entry 23 under Fray: flecs #1928, a lazily initialised component index ({@code if (!s_index) init()})
 * raced by two threads that both initialise it. ecslab's lazily built index that threads share is a query's
 * match cache (a query nested in a parallel job's action is walked by every job thread): two threads make the
 * first two walks of a query built but never walked, over four entities with {@code A} in three archetypes and
 * one without; each walk must count four rows. The real query extends its cache once, under its lock; the twin
 * that extends it by check-then-act without the lock ({@code QueryTwins.matchesExtendedWithoutLock}) is caught
 * counting a table twice or losing one, or failing inside its walk on the torn cache (a null table, an index past
 * the end): measured over ten seeds, about half of the failures Fray found first were these exceptions. The cache's fields are plain arrays, so the race is on plain memory:
 * explored with plain accesses interleaved.
 */
class QueryCacheFrayTest {
    record A(int v) {
    }

    record B(int v) {
    }

    record C(int v) {
    }

    static Runnable twoFirstWalks(Function<QueryBuilder, Query> build) {
        return () -> {
            World w = new World();
            w.spawn(new A(0));
            w.spawn(new A(1), new B(1));
            w.spawn(new A(2), new B(2));
            w.spawn(new A(3), new C(3));
            w.spawn(new B(4));
            QueryBuilder qb = w.query();
            qb.read(A.class);
            Query query = build.apply(qb);
            int[] rows = new int[2];
            TwoThreads.run(i -> query.forEach(row -> rows[i]++));
            if (rows[0] != 4 || rows[1] != 4) {
                throw new AssertionError("two first walks of the query counted " + rows[0] + " and " + rows[1]
                        + " rows of 4: its match cache was extended twice or lost a table");
            }
        };
    }

    /**
     * The twin's race tears the cache: the walks count wrong, or a walk reads a slot the other thread has not
     * filled yet (a null table) or past the length it read (an index out of bounds). Either is the race's own
     * failure when it is thrown from the query's walk.
     */
    static boolean tornCache(Throwable failure) {
        if (String.valueOf(failure.getMessage()).contains("match cache was extended twice or lost")) {
            return true;
        }
        return (failure instanceof NullPointerException || failure instanceof IndexOutOfBoundsException)
                && Arrays.stream(failure.getStackTrace()).anyMatch(f -> f.getClassName().equals(Query.class.getName()));
    }

    @Test
    void theRealQueryCountsEveryRowOnceInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("query-cache-real", true, twoFirstWalks(QueryBuilder::build));
    }

    @Test
    void entry23TheCacheExtendedWithoutItsLockIsCaught() {
        RaceEntries.catchTwin(23, "QueryTwins.matchesExtendedWithoutLock: the match cache extended by check-then-act",
                true, twoFirstWalks(QueryTwins::matchesExtendedWithoutLock), QueryCacheFrayTest::tornCache,
                "a wrong count or an exception out of the query's own walk", twoFirstWalks(QueryBuilder::build));
    }
}
