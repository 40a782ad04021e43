package dev.ecslab.engines.zayes;

/** The lab's component {@code B} in a Zay-ES world: its own class, so its own entity sets. */
public final class B extends IntComponent {
    /** The component with the lab's value {@code value}. */
    public B(int value) {
        super(value);
    }
}
