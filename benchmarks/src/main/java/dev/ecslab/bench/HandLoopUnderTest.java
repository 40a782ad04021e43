package dev.ecslab.bench;

/**
 * The practical limit of an object-component ECS: two parallel arrays {@code Position[]} and
 * {@code Velocity[]} holding the same component classes, walked by index. No entity ids, no
 * structural changes ({@link #supportsAddRemove()} is false).
 */
final class HandLoopUnderTest implements EcsUnderTest {
    private Position[] positions = new Position[0];
    private Velocity[] velocities = new Velocity[0];

    @Override
    public void spawn(int n) {
        Position[] ps = new Position[n];
        Velocity[] vs = new Velocity[n];
        for (int i = 0; i < n; i++) {
            ps[i] = new Position(Workload.x(i), Workload.y(i));
            vs[i] = new Velocity(Workload.dx(i), Workload.dy(i));
        }
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
        throw new UnsupportedOperationException("the hand-written loop has no structural changes");
    }

    @Override
    public void removeHealth() {
        throw new UnsupportedOperationException("the hand-written loop has no structural changes");
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
