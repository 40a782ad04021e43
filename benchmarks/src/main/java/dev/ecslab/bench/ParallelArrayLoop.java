package dev.ecslab.bench;

/**
 * The hand-written loop both hand-loop contenders time: {@code Position[]} and {@code Velocity[]}
 * walked by index. Subclasses only decide where the component objects come from (fresh ones, or the
 * ones ecslab stores), so any difference between them is the heap layout, never the loop.
 *
 * <p>No entity ids and no structural changes ({@link HandWrittenLoop}).
 */
abstract sealed class ParallelArrayLoop implements HandWrittenLoop
        permits HandLoopUnderTest, HandLoopOverEcslabObjectsUnderTest {
    private Position[] positions = new Position[0];
    private Velocity[] velocities = new Velocity[0];

    /** Makes {@code ps[i]} and {@code vs[i]} the components of entity {@code i} (equal lengths). */
    final void walk(Position[] ps, Velocity[] vs) {
        positions = ps;
        velocities = vs;
    }

    @Override
    public final void move() {
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
    public final float probe() {
        return positions[0].x;
    }

    @Override
    public final float[] positions() {
        float[] xy = new float[2 * positions.length];
        for (int i = 0; i < positions.length; i++) {
            xy[2 * i] = positions[i].x;
            xy[2 * i + 1] = positions[i].y;
        }
        return xy;
    }

    @Override
    public void close() {
        walk(new Position[0], new Velocity[0]);
    }
}
