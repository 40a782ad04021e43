package dev.ecslab.concurrency;

import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryTwins;
import dev.ecslab.ecs.world.World;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * A query's match cache, built lazily by the first walk and shared by every thread that walks the
 * query at once (a query nested in a parallel job's action is walked by every job thread). The world
 * holds {@value #ROWS} entities with {@code A} in three archetypes, one more without; the query of
 * {@code A} is built but never walked, so both threads' first walks find its cache behind and extend
 * it. Each walk must count {@value #ROWS} rows: the cache is extended once, under the query's lock
 * ({@code Query.refresh}), and a walk that finds it current takes no lock.
 *
 * <p>Race-bug catalogue, entry 23: the twin ({@link MatchesExtendedWithoutLock}) extends the cache by
 * check-then-act without the lock, the cause of flecs #1928 (a lazily initialised component index,
 * {@code if (!s_index) init()}, raced by two threads that both initialise it) in ecslab's lazily built
 * index; two walks that both extend it list a table twice, or lose one.
 *
 * <p>No operation runs before the threads start ({@code actorsBefore(0)}, in both modes): a sequential
 * walk first would build the cache and leave nothing to race on.
 */
public class QueryCacheLincheckTest extends BothModes {
    /** The components of the world: the query reads {@code A}. */
    public record A(int v) {
    }

    public record B(int v) {
    }

    public record C(int v) {
    }

    static final int ROWS = 4;

    private final World world = populated();
    private final Query query = query(queryOfA(world));

    /** Four entities with A in three archetypes ([A], [A, B] twice, [A, C]) and one without A. */
    static World populated() {
        World w = new World();
        w.spawn(new A(0));
        w.spawn(new A(1), new B(1));
        w.spawn(new A(2), new B(2));
        w.spawn(new A(3), new C(3));
        w.spawn(new B(4));
        return w;
    }

    static QueryBuilder queryOfA(World w) {
        QueryBuilder qb = w.query();
        qb.read(A.class);
        return qb;
    }

    /** The query under test, from its builder; the twin overrides this (JUnit allows a test class one constructor). */
    Query query(QueryBuilder builder) {
        return builder.build();
    }

    /** A walk of the query, counting the rows it visits. */
    @Operation
    public int rows() {
        int[] n = {0};
        query.forEach(row -> n[0]++);
        return n[0];
    }

    @Override
    protected Class<?> sequentialSpecification() {
        return Rows.class;
    }

    /** Each invocation builds a world: 100 invocations per scenario, and no operation before the threads. */
    @Override
    protected ModelCheckingOptions modelCheckingOptions() {
        ModelCheckingOptions o = super.modelCheckingOptions().actorsBefore(0);
        return LincheckSettings.FULL ? o : o.invocationsPerIteration(100);
    }

    @Override
    @Test
    public void stress() {
        StressOptions o = LincheckSettings.stress(sequentialSpecification()).actorsBefore(0);
        o.check(getClass());
    }

    /** The specification: every walk visits the four entities that have A. */
    public static final class Rows {
        public int rows() {
            return ROWS;
        }
    }

    /** Twin (flecs #1928's cause): the real query whose match cache is extended without its lock. */
    public static class MatchesExtendedWithoutLock extends QueryCacheLincheckTest {
        @Override
        Query query(QueryBuilder builder) {
            return QueryTwins.matchesExtendedWithoutLock(builder);
        }
    }
}
