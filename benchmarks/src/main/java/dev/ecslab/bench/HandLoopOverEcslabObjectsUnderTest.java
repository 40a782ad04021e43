package dev.ecslab.bench;

import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.world.World;

/**
 * A diagnostic contender: entities are spawned through ecslab exactly as {@link EcslabUnderTest}
 * does (so the component objects have ecslab's allocation layout in the heap), then the very objects
 * ecslab stores are copied into two arrays, in ecslab's iteration order, and walked by a
 * hand-written loop. Against {@code ECSLAB} it isolates ecslab's per-entity iteration overhead;
 * against {@code HAND_LOOP} it shows what the heap layout alone costs.
 */
final class HandLoopOverEcslabObjectsUnderTest implements EcsUnderTest {
    private final World world = new World();
    private Position[] positions = new Position[0];
    private Velocity[] velocities = new Velocity[0];

    @Override
    public void spawn(int n) {
        for (int i = 0; i < n; i++) {
            world.spawn(new Position(Workload.x(i), Workload.y(i)), new Velocity(Workload.dx(i), Workload.dy(i)));
        }
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Read<Velocity> vel = qb.read(Velocity.class);
        Query q = qb.build();
        Position[] ps = new Position[q.count()];
        Velocity[] vs = new Velocity[ps.length];
        int[] next = {0};
        q.forEach(row -> {
            ps[next[0]] = row.get(pos);
            vs[next[0]++] = row.get(vel);
        });
        positions = ps;
        velocities = vs;
    }

    @Override
    public void move() {
        Position[] ps = positions;
        Velocity[] vs = velocities;
        for (int i = 0; i < ps.length; i++) {
            Position p = ps[i];
            Velocity v = vs[i];
            p.x += v.dx;
            p.y += v.dy;
        }
    }

    @Override
    public float probe() {
        return positions[0].x;
    }

    @Override
    public boolean supportsAddRemove() {
        return false;
    }

    @Override
    public void addHealth() {
        throw new UnsupportedOperationException("diagnostic contender: iteration only");
    }

    @Override
    public void removeHealth() {
        throw new UnsupportedOperationException("diagnostic contender: iteration only");
    }

    @Override
    public int healthCount() {
        return 0;
    }

    @Override
    public float[] positions() {
        float[] xy = new float[2 * positions.length];
        for (int i = 0; i < positions.length; i++) {
            xy[2 * i] = positions[i].x;
            xy[2 * i + 1] = positions[i].y;
        }
        return xy;
    }

    @Override
    public void close() {
        positions = new Position[0];
        velocities = new Velocity[0];
    }
}
