package dev.ecslab.ecs.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import org.junit.jupiter.api.Test;

class SmokeTest {
    static final class Pos {
        int x;
    }

    record Vel(int dx) {
    }

    @Test
    void movementRunsUnderEveryExecutor() {
        for (String id : ExecutorProvider.BUILT_IN) {
            World world = new World();
            for (int i = 0; i < 100; i++) {
                world.spawn(new Pos(), new Vel(1));
            }
            SystemDescriptor move = SystemDescriptor.builder("move")
                    .access(AccessSpec.of(QuerySpec.reads(Vel.class).andWrites(Pos.class)))
                    .setup(view -> {
                        QueryBuilder qb = view.query();
                        Read<Vel> vel = qb.read(Vel.class);
                        Write<Pos> pos = qb.write(Pos.class);
                        Query q = qb.build();
                        return ctx -> q.forEach(row -> row.getMut(pos).x += row.get(vel).dx());
                    }).build();
            Schedule schedule = Schedule.builder().stage("update", move).build();
            try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, ExecutorProvider.create(id, ExecutorOptions.defaults()))) {
                runner.runFrames(3);
            }
            QueryBuilder qb = world.query();
            Read<Pos> pos = qb.read(Pos.class);
            qb.build().forEach(row -> assertThat(row.get(pos).x).as(id).isEqualTo(3));
        }
    }
}
