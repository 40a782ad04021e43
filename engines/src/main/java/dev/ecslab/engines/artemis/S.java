package dev.ecslab.engines.artemis;

/** The lab's component {@code S} in an artemis-odb world: its own component type, so its own aspect. */
public final class S extends IntComponent {
    /** Artemis creates components by reflection, through this constructor. */
    public S() {
    }
}
