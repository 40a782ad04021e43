package dev.ecslab.ecs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The README's first example, compiled and run, plus a check that the README shows exactly this
 * code, so the documentation cannot drift from what compiles.
 */
class ReadmeExampleTest {
    private Entity hero;
    private Entity spark;
    private Query moving;

    // README-BEGIN
    record Velocity(float dx, float dy) { }
    record Frozen() { }
    static final class Position {
        float x, y;
        Position(float x, float y) { this.x = x; this.y = y; }
    }

    void example() {
        World world = new World();
        hero = world.spawn(new Position(0, 0), new Velocity(1, 0));
        Entity drifter = world.spawn(new Position(2, 2), new Velocity(0, 1));
        world.spawn(new Position(5, 5));                          // no Velocity: never moves

        QueryBuilder qb = world.query();                          // read Velocity, write Position,
        Read<Velocity> vel = qb.read(Velocity.class);             // skip frozen entities
        Write<Position> pos = qb.write(Position.class);
        moving = qb.filter(Filter.without(Frozen.class)).build();
        moving.forEach(row -> row.modify(pos, p -> { p.x += row.get(vel).dx(); p.y += row.get(vel).dy(); }));

        CommandBuffer commands = world.commands();                // structural changes are deferred
        moving.forEach(row -> { if (row.get(pos).y > 2) commands.insert(row.entity(), new Frozen()); });
        spark = commands.spawn(new Position(1, 1), new Velocity(0, 0));
        world.apply(commands);                                    // drifter is frozen, spark is alive
    }
    // README-END

    @Test
    void readmeExampleRunsAndDoesWhatItSays() {
        example();
        assertThat(moving.entities()).containsExactlyInAnyOrder(hero, spark);
        assertThat(moving.count()).isEqualTo(2);
    }

    @Test
    void readmeShowsExactlyTheCompiledExample() throws IOException {
        ReadmeBlocks.assertReadmeShows("src/test/java/dev/ecslab/ecs/docs/ReadmeExampleTest.java", "README");
    }
}
