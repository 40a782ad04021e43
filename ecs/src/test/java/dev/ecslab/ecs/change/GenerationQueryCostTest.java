package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cost claim of {@code generation}, checked by counting instead of timing: in a world of 10 000
 * entities where 5 change per frame, a Changed query tests only the rows of the blocks that changed
 * (4-row blocks here), frame after frame, for a reader that runs every frame, one that runs every
 * third frame, and one that stops running and comes back 980 frames later. No query falls back to a
 * full scan, and the answers stay exact throughout.
 */
class GenerationQueryCostTest {
    record A(int v) {
    }

    record B(int v) {
    }

    static final int ENTITIES = 10_000;
    static final int WRITES_PER_FRAME = 5;
    static final long SEED = 0xC057L;

    @Test
    void aChangedQueryVisitsTheChangesNotTheWorld() {
        System.out.println("GenerationQueryCostTest seed=" + Long.toHexString(SEED));
        GenerationTracker generation = new GenerationTracker(4, 0);
        CandidateCountingTracker counter = new CandidateCountingTracker(generation);
        World world = World.builder().changeTracking("generation", counter).build();
        List<Entity> entities = new ArrayList<>();
        for (int i = 0; i < ENTITIES; i++) {
            entities.add(i % 2 == 0 ? world.spawn(new A(i)) : world.spawn(new A(i), new B(i)));
        }
        int[] frame = {0};
        List<Entity> written = new ArrayList<>();
        List<List<Entity>> seen = new ArrayList<>();
        SystemDescriptor writer = SystemDescriptor.builder("writer").access(AccessSpec.of(QuerySpec.writes(A.class)))
                .setup(view -> {
                    QueryBuilder qb = view.query();
                    Write<A> a = qb.write(A.class);
                    Query q = qb.build();
                    return ctx -> {
                        SplittableRandom r = new SplittableRandom(SEED + frame[0]);
                        written.clear();
                        for (int i = 0; i < WRITES_PER_FRAME; i++) {
                            Entity e = entities.get(r.nextInt(ENTITIES));
                            q.forEntity(e, row -> row.set(a, new A(frame[0])));
                            written.add(e);
                        }
                    };
                }).build();
        SystemDescriptor reader = reader("reader", seen).after("writer").build();
        List<List<Entity>> slowSeen = new ArrayList<>();
        java.util.Set<Entity> writtenSinceSlow = new java.util.HashSet<>();
        SystemDescriptor slow = reader("slow", slowSeen).after("writer").inSet("every third").build();
        List<List<Entity>> quitterSeen = new ArrayList<>();
        java.util.Set<Entity> writtenSinceQuit = new java.util.HashSet<>();
        SystemDescriptor quitter = reader("quitter", quitterSeen).after("writer").inSet("early")
                .build();
        ScheduleRunner runner = ScheduleRunner.of(world, Schedule.builder()
                .set("early", "frames < 20, and 1000", c -> frame[0] < 20 || frame[0] == 1000 ? ShouldRun.YES : ShouldRun.NO)
                .set("every third", "frame % 3 == 0", c -> frame[0] % 3 == 0 ? ShouldRun.YES : ShouldRun.NO)
                .stage("update", writer, reader, slow, quitter).build(), new SerialExecutor());

        for (frame[0] = 0; frame[0] < 200; frame[0]++) {
            counter.reset();
            long examinedBefore = generation.rowsExamined();
            runner.runFrame();
            if (frame[0] >= 20) {
                writtenSinceQuit.addAll(written);
            }
            writtenSinceSlow.addAll(written);
            if (frame[0] == 0) {
                writtenSinceSlow.clear();           // the slow reader ran in frame 0 and saw them
                continue;                           // the first run of each reader sees the spawns
            }
            assertThat(seen.get(seen.size() - 1)).as("frame %d: exactly what was written", frame[0])
                    .containsExactlyInAnyOrderElementsOf(written.stream().distinct().toList());
            int readers = (frame[0] < 20 ? 2 : 1) + (frame[0] % 3 == 0 ? 1 : 0);
            if (frame[0] % 3 == 0) {
                assertThat(slowSeen.get(slowSeen.size() - 1)).as("frame %d: the slow reader's three frames", frame[0])
                        .containsExactlyInAnyOrderElementsOf(writtenSinceSlow);
                writtenSinceSlow.clear();
            }
            assertThat(counter.scans).as("frame %d: queries that had to scan", frame[0]).isZero();
            assertThat(counter.candidateCalls).as("one narrowed walk per table and reader").isEqualTo(2 * readers);
            assertThat(counter.candidatesGiven).as("frame %d: candidates handed out", frame[0])
                    .isLessThanOrEqualTo(3L * readers * WRITES_PER_FRAME);
            assertThat(generation.rowsExamined() - examinedBefore).as("frame %d: rows examined", frame[0])
                    .isLessThanOrEqualTo(4L * 3 * readers * WRITES_PER_FRAME);
        }
        // The quitter comes back after 980 frames: it examines the blocks changed since, no more.
        frame[0] = 1000;
        counter.reset();
        long examinedBefore = generation.rowsExamined();
        runner.runFrame();
        writtenSinceQuit.addAll(written);
        assertThat(counter.scans).isZero();
        assertThat(generation.rowsExamined() - examinedBefore).isLessThanOrEqualTo(4L * (writtenSinceQuit.size() + 2 * WRITES_PER_FRAME));
        assertThat(counter.candidateCalls).isEqualTo(2 * (frame[0] % 3 == 0 ? 3 : 2));
        assertThat(quitterSeen.get(quitterSeen.size() - 1)).containsExactlyInAnyOrderElementsOf(writtenSinceQuit);
        assertThat(seen.get(seen.size() - 1)).containsExactlyInAnyOrderElementsOf(written.stream().distinct().toList());
    }

    private static SystemDescriptor.Builder reader(String name, List<List<Entity>> seen) {
        return SystemDescriptor.builder(name).access(AccessSpec.of(QuerySpec.reads(A.class))).setup(view -> {
            QueryBuilder qb = view.query();
            var id = qb.entity();
            Query changed = qb.changed(A.class).build();
            return ctx -> {
                List<Entity> out = new ArrayList<>();
                changed.forEach(row -> out.add(row.get(id)));
                seen.add(out);
            };
        });
    }
}
