package dev.ecslab.engines.zayes;

/**
 * The lab's component {@code S} in a Zay-ES world: an immutable value, as Zay-ES requires of components (a change is
 * a new instance given to {@code EntityData.setComponent}, which is what the entity sets hear of).
 */
public final class S implements IntComponent {
    private final int value;

    /** The component with the lab's value {@code value}. */
    public S(int value) {
        this.value = value;
    }

    /** The lab's value. */
    @Override
    public int value() {
        return value;
    }

    @Override
    public String toString() {
        return "S(" + value + ")";
    }
}
