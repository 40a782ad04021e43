package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.job.JobHandle;
import dev.ecslab.ecs.job.JobScheduler;
import dev.ecslab.ecs.job.JobTwins;
import dev.ecslab.ecs.world.World;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The job scheduler's dependencies under Fray, with its own workers: two jobs finish on two workers at
 * once, and a third that depends on both must run exactly once, after both. The real scheduler passes every
 * interleaving explored; its twin, whose count of unfinished dependencies is updated without its lock
 * ({@code JobTwins.unlockedScheduler}), is caught: a lost update leaves the third job waiting forever (a
 * deadlock Fray reports) or lets it start early. The count is a plain field, so its race is a data race on
 * plain memory: Fray sees it only with plain accesses interleaved (without that, 300 interleavings missed it).
 */
class JobSchedulerFrayTest {

    static Runnable joinOfTwo(Function<World, JobScheduler> attach) {
        return () -> {
            World world = new World();
            AtomicInteger done = new AtomicInteger();
            AtomicInteger joined = new AtomicInteger();
            AtomicInteger early = new AtomicInteger();
            try (JobScheduler jobs = attach.apply(world)) {
                JobHandle a = jobs.scheduleTask(done::incrementAndGet);
                JobHandle b = jobs.scheduleTask(done::incrementAndGet);
                jobs.scheduleTask(() -> {
                    if (done.get() != 2) {
                        early.incrementAndGet();
                    }
                    joined.incrementAndGet();
                }, a, b);
                jobs.flush();
                jobs.completeAll();
            }
            if (early.get() != 0 || joined.get() != 1) {
                throw new AssertionError("the job after two others ran " + joined.get() + " time(s), " + early.get()
                        + " of them before both had finished");
            }
        };
    }

    @Test
    void theRealSchedulerRunsTheJoinOnceAfterBothInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("jobs-real", true, joinOfTwo(w -> JobScheduler.attach(w, 2)));
    }

    @Test
    void theUnlockedDependencyCountIsCaught() {
        Optional<FrayExploration.Found> found = FrayExploration.explore("jobs-unlocked", FrayExploration.seed(),
                FrayExploration.iterations(), true, joinOfTwo(w -> JobTwins.unlockedScheduler(w, 2)));
        assertThat(found).as("Fray finds the lost update of the join's count").isPresent();
        assertThat(found.get().failure()).as("the join never starts (a deadlock) or runs early or twice")
                .matches(f -> NestedReadsFrayTest.isDeadlock(f) || String.valueOf(f.getMessage()).contains("the job after two"));
    }
}
