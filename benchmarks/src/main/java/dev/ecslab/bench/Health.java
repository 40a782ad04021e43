package dev.ecslab.bench;

/** The component that {@link AddRemoveBenchmark} adds to and removes from every entity. */
public final class Health {
    public int points;

    public Health(int points) {
        this.points = points;
    }
}
