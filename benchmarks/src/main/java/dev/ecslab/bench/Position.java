package dev.ecslab.bench;

/**
 * A mutable position component, shared by ecslab, Dominion and the hand-written loop (artemis-odb
 * needs its own {@code Component} subclass, {@link ArtemisUnderTest.ArtemisPosition}).
 */
public final class Position {
    public float x;
    public float y;

    public Position(float x, float y) {
        this.x = x;
        this.y = y;
    }
}
