package dev.ecslab.engines.zayes;

/** The lab's component {@code A} in a Zay-ES world: its own class, so its own entity sets. */
public final class A extends IntComponent {
    /** The component with the lab's value {@code value}. */
    public A(int value) {
        super(value);
    }
}
