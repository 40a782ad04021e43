package dev.ecslab.ecs.job;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * A random job sequence for the scheduler property: an initial population, then jobs (random
 * read/write sets over three components, with or without a {@code With}/{@code Without<Frozen>}
 * filter), main-thread queries, structural changes, flushes and waits in between.
 */
record JobSteps(List<Integer> population, List<Step> steps) {
    /** Component bits: A = 1, B = 2, C = 4; filter: 0 none, 1 With Frozen, 2 Without Frozen. */
    sealed interface Step permits Schedule, MainQuery, Spawn, Despawn, RemoveB, Flush, Complete, CompleteAll {
    }

    record Schedule(int reads, int writes, int filter, boolean parallel, int batchSize) implements Step {
        @Override
        public String toString() {
            return (parallel ? "parallel" : "scheduled") + "(r" + reads + " w" + writes + " f" + filter
                    + (parallel ? " b" + batchSize : "") + ")";
        }
    }

    record MainQuery(int reads, int writes, int filter) implements Step {
    }

    /** Spawns an entity with components {@code mask} (bit 8: Frozen). */
    record Spawn(int mask) implements Step {
    }

    /** Despawns the {@code k}-th live entity (mod the count). */
    record Despawn(int k) implements Step {
    }

    /** Removes B from the {@code k}-th live entity, if it has it. */
    record RemoveB(int k) implements Step {
    }

    record Flush() implements Step {
    }

    /** Completes the {@code k}-th job scheduled so far (mod the count). */
    record Complete(int k) implements Step {
    }

    record CompleteAll() implements Step {
    }

    static Arbitrary<JobSteps> sequences() {
        Arbitrary<List<Integer>> population = Arbitraries.integers().between(1, 15).list().ofMinSize(2).ofMaxSize(30);
        return Combinators.combine(population, step().list().ofMinSize(2).ofMaxSize(16)).as(JobSteps::new);
    }

    private static Arbitrary<Step> step() {
        Arbitrary<Integer> comps = Arbitraries.integers().between(0, 7);
        Arbitrary<Step> schedule = Combinators.combine(comps, comps, Arbitraries.integers().between(0, 2),
                Arbitraries.of(false, true), Arbitraries.of(1, 3, 8, 4096))
                .as((r, w, f, p, b) -> (Step) new Schedule(r & ~w, w == 0 && (r & ~w) == 0 ? 1 : w, f, p, b));
        Arbitrary<Step> main = Combinators.combine(comps, comps, Arbitraries.integers().between(0, 2))
                .as((r, w, f) -> (Step) new MainQuery(r & ~w, w, f));
        Arbitrary<Integer> k = Arbitraries.integers().between(0, 30);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, schedule),
                net.jqwik.api.Tuple.of(2, main),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(1, 15).map(m -> (Step) new Spawn(m))),
                net.jqwik.api.Tuple.of(1, k.map(x -> (Step) new Despawn(x))),
                net.jqwik.api.Tuple.of(1, k.map(x -> (Step) new RemoveB(x))),
                net.jqwik.api.Tuple.of(2, Arbitraries.just((Step) new Flush())),
                net.jqwik.api.Tuple.of(1, k.map(x -> (Step) new Complete(x))),
                net.jqwik.api.Tuple.of(1, Arbitraries.just((Step) new CompleteAll())));
    }
}
