package dev.ecslab.ecs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.docs.game.Player;
import dev.ecslab.ecs.docs.game.Position;
import dev.ecslab.ecs.docs.game.Velocity;
import dev.ecslab.ecs.job.JobHandle;
import dev.ecslab.ecs.job.JobScheduler;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The README's scheduled-query example, compiled and run, plus a check that the README shows exactly this code. */
class ReadmeJobExampleTest {
    private World world;
    private int players;

    void example() {
        // README-JOBS-BEGIN
        world = new World();
        for (int i = 0; i < 100_000; i++) {
            world.spawn(new Position(i, 0), new Velocity(1, 2));
        }
        world.spawn(new Position(0, 0), new Velocity(0, 0), new Player());

        try (JobScheduler jobs = JobScheduler.attach(world)) {      // the calling thread owns it
            QueryBuilder steer = world.query();
            Write<Velocity> vel = steer.write(Velocity.class);
            steer.filter(Filter.without(Player.class));
            jobs.scheduleParallel(steer.build(), row -> row.update(vel, v -> new Velocity(v.dx() * 0.5f, v.dy())));

            QueryBuilder move = world.query();
            Read<Velocity> v = move.read(Velocity.class);
            Write<Position> pos = move.write(Position.class);
            JobHandle moved = jobs.scheduleParallel(move.build(), row -> row.update(pos, p ->
                new Position(p.x() + row.get(v).dx(), p.y() + row.get(v).dy())));   // waits for steer

            QueryBuilder count = world.query();
            count.read(Player.class);
            JobHandle counted = jobs.schedule(count.build(), row -> players++);   // runs beside both

            jobs.flush();                  // start them; the main thread is free meanwhile
            moved.complete();              // wait for one job
            jobs.completeAll();            // or for all (closing the scheduler does too)
        }
        // README-JOBS-END
    }

    @Test
    void theExampleRunsAndLeavesTheWorldAsIfTheJobsRanInOrder() {
        example();
        assertThat(players).isEqualTo(1);
        QueryBuilder b = world.query();
        Read<Position> p = b.read(Position.class);
        b.filter(Filter.without(Player.class));
        b.build().forEach(row -> assertThat(row.get(p).y()).isEqualTo(2f));
    }

    @Test
    void theReadmeShowsExactlyThisCode() throws IOException {
        ReadmeBlocks.assertReadmeShows("src/test/java/dev/ecslab/ecs/docs/ReadmeJobExampleTest.java", "README-JOBS");
    }
}
