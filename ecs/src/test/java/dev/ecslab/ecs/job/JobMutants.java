package dev.ecslab.ecs.job;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.world.World;
import java.util.BitSet;
import java.util.function.Function;

/** Deliberately broken dependency rules, to prove that the job properties can fail. */
final class JobMutants {
    private JobMutants() {
    }

    /** A reader does not wait for an earlier writer of what it reads (only writers wait). */
    static final DependencyRule IGNORES_READER_AFTER_WRITER = (earlier, later) ->
            later.conflictsWith(earlier) && later.componentWrites().intersects(touched(earlier));

    /** Two writers of the same data may overlap (only read/write pairs wait). */
    static final DependencyRule LETS_WRITERS_OVERLAP = (earlier, later) -> later.conflictsWith(earlier)
            && (later.componentReads().intersects(earlier.componentWrites())
                    || later.componentWrites().intersects(earlier.componentReads()));

    /** Every job waits for every earlier one: correct results, no parallelism. */
    static final DependencyRule SERIALIZES_EVERYTHING = (earlier, later) -> true;

    static Function<World, JobScheduler> with(DependencyRule rule) {
        return w -> JobScheduler.attach(w, 2, rule);
    }

    private static BitSet touched(Access a) {
        BitSet b = a.componentReads();
        b.or(a.componentWrites());
        return b;
    }
}
