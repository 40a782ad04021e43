package dev.ecslab.ecs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.component.Columnar;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.TermField;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** docs/ecs.md's columnar example, compiled and run, and a check that the page shows exactly this code. */
class ColumnarExampleTest {
    private Entity ship;
    private World world;

    // COLUMNAR-BEGIN
    @Columnar record Position(float x, float y) { }
    @Columnar record Velocity(float dx, float dy) { }

    void example() {
        world = new World();
        ship = world.spawn(new Position(0, 0), new Velocity(1, 2));

        QueryBuilder qb = world.query();
        Write<Position> pos = qb.write(Position.class);
        Read<Velocity> vel = qb.read(Velocity.class);
        TermField x = pos.field("x"), y = pos.field("y");         // resolved once, by name
        TermField dx = vel.field("dx"), dy = vel.field("dy");
        Query move = qb.build();

        move.forEachChunk(chunk -> {                               // the hot path: primitive arrays
            float[] px = chunk.writeFloats(x), py = chunk.writeFloats(y);
            float[] vx = chunk.readFloats(dx), vy = chunk.readFloats(dy);
            for (int i = 0, n = chunk.size(); i < n; i++) {
                px[i] += vx[i];
                py[i] += vy[i];
            }
        });
        move.forEach(row -> row.setFloat(x, row.getFloat(x) * 2));  // one entity at a time
        move.forEach(row -> row.update(pos, p -> new Position(p.x(), p.y() + 1)));   // whole values still work
    }
    // COLUMNAR-END

    @Test
    void columnarExampleRunsAndDoesWhatItSays() {
        example();
        assertThat(world.get(ship, Position.class)).contains(new Position(2, 3));
    }

    @Test
    void docsShowExactlyTheCompiledExample() throws IOException {
        ReadmeBlocks.assertReadmeShows("src/test/java/dev/ecslab/ecs/docs/ColumnarExampleTest.java", "COLUMNAR");
    }
}
