package dev.ecslab.ecs.entity;

/**
 * The race-bug catalogue's twins of {@link Entities}: the real allocator with one documented race put
 * back through its package-private switch, so that the tests that pass the real class are shown to
 * fail it. Public because {@code lincheck-tests} and {@code jcstress-tests} reach it through this
 * module's test jar; nothing in production can.
 */
public final class EntityTwins {
    private EntityTwins() {
    }

    /** {@link Entities#reserve()} with a plain read, then a write, of its cursor (artemis-odb #522). */
    public static Entities lostUpdateCursor() {
        return new Entities(Entities.CursorTake.LOST_UPDATE);
    }

    /**
     * {@link Entities#reserve()} that moves its cursor, then reads it again to find the slot (Magma3D's
     * shared {@code into_index}).
     */
    public static Entities cursorReadAgain() {
        return new Entities(Entities.CursorTake.READ_AGAIN);
    }
}
