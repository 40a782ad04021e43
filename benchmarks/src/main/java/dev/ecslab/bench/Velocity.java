package dev.ecslab.bench;

/** A mutable velocity component, read by the movement step; see {@link Position}. */
public final class Velocity {
    public float dx;
    public float dy;

    public Velocity(float dx, float dy) {
        this.dx = dx;
        this.dy = dy;
    }
}
