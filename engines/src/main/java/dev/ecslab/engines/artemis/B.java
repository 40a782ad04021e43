package dev.ecslab.engines.artemis;

/** The lab's component {@code B} in an artemis-odb world: its own component type, so its own aspect. */
public final class B extends IntComponent {
    /** Artemis creates components by reflection, through this constructor. */
    public B() {
    }
}
