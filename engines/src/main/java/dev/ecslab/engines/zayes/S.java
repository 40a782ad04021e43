package dev.ecslab.engines.zayes;

/** The lab's component {@code S} in a Zay-ES world: its own class, so its own entity sets. */
public final class S extends IntComponent {
    /** The component with the lab's value {@code value}. */
    public S(int value) {
        super(value);
    }
}
