package dev.ecslab.bench;

/**
 * The practical limit of an object-component ECS: two parallel arrays {@code Position[]} and
 * {@code Velocity[]} holding the same component classes, freshly allocated in entity order and walked
 * by index ({@link ParallelArrayLoop}). No entity ids, no structural changes.
 */
final class HandLoopUnderTest extends ParallelArrayLoop {

    @Override
    public void spawn(int n) {
        Position[] ps = new Position[n];
        Velocity[] vs = new Velocity[n];
        for (int i = 0; i < n; i++) {
            ps[i] = new Position(Workload.x(i), Workload.y(i));
            vs[i] = new Velocity(Workload.dx(i), Workload.dy(i));
        }
        walk(ps, vs);
    }
}
