package dev.ecslab.bench;

/**
 * The initial component values of entity {@code i} (its spawn order), the same for every
 * contender. Every value is a small multiple of a power of two, so all contenders compute exactly
 * the same floats and the agreement test can compare them with {@code ==}.
 */
public final class Workload {
    /** Health points given by {@link EcsUnderTest#addHealth()}. */
    public static final int HEALTH = 3;

    private Workload() {
    }

    public static float x(int i) {
        return i % 1000;
    }

    public static float y(int i) {
        return i / 1000;
    }

    public static float dx(int i) {
        return ((i % 7) - 3) * 0.25f;
    }

    public static float dy(int i) {
        return ((i % 5) - 2) * 0.5f;
    }
}
