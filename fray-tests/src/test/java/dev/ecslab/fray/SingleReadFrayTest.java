package dev.ecslab.fray;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.job.JobScheduler;
import dev.ecslab.ecs.job.JobTwins;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Catalogue entry 20 under Fray: flecs #2146, no sync point before a fixed-source (singleton) read, so the
 * reader saw the world before a pending write was merged. A job flushed to the job scheduler's worker writes
 * one entity's {@code Position}; the owner reads it with {@code world.get} (ecslab's fixed-source read) while
 * the job may still be queued or running. Fray, not the test, decides who goes first. The real scheduler's
 * sync hook makes the read wait for the writing job, so it sees the write in every interleaving; the twin
 * whose single-entity reads are no sync point ({@code JobTwins.noSyncBeforeSingleReads}) is caught reading
 * the old value.
 */
class SingleReadFrayTest {
    /** The component the job writes: 0 before, 1 after. */
    record Position(int v) {
    }

    static Runnable readBesideAWritingJob(Function<World, JobScheduler> attach) {
        return () -> {
            World world = new World();
            Entity e = world.spawn(new Position(0));
            try (JobScheduler jobs = attach.apply(world)) {
                QueryBuilder qb = world.query();
                Write<Position> pos = qb.write(Position.class);
                Query writer = qb.build();
                jobs.schedule(writer, row -> row.set(pos, new Position(1)));
                jobs.flush();
                int seen = world.get(e, Position.class).orElseThrow().v();
                jobs.completeAll();
                if (seen != 1) {
                    throw new AssertionError("the owner read Position " + seen + " beside a flushed job writing 1: the read"
                            + " was no sync point");
                }
            }
        };
    }

    @Test
    void theRealSchedulersReadWaitsForTheWritingJobInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("single-read-real", false,
                readBesideAWritingJob(w -> JobScheduler.attach(w, 1)));
    }

    @Test
    void entry20TheReadWithoutASyncPointIsCaught() {
        RaceEntries.catchTwin(20, "JobTwins.noSyncBeforeSingleReads: a single-entity read that waits for no job",
                readBesideAWritingJob(w -> JobTwins.noSyncBeforeSingleReads(w, 1)), "was no sync point",
                readBesideAWritingJob(w -> JobScheduler.attach(w, 1)));
    }
}
