package dev.ecslab.bench;

import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.world.World;

/**
 * A diagnostic contender: entities are spawned through ecslab exactly as {@link EcslabUnderTest}
 * does (so the component objects have ecslab's allocation layout in the heap), then the very objects
 * ecslab stores are copied into two arrays, in ecslab's iteration order, and walked by the
 * hand-written loop {@link HandLoopUnderTest} times ({@link ParallelArrayLoop}). Against {@code ECSLAB}
 * it isolates ecslab's per-entity iteration overhead; against {@code HAND_LOOP} it shows what the heap
 * layout alone costs.
 */
final class HandLoopOverEcslabObjectsUnderTest extends ParallelArrayLoop {
    private final World world = new World();

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
        walk(ps, vs);
    }
}
