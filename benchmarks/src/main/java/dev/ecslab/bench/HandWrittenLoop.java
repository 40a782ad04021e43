package dev.ecslab.bench;

/**
 * A hand-written loop over arrays, the practical limit a contender is measured against: no entity
 * ids and no structural changes, so {@link #supportsAddRemove()} is false, the Health operations
 * throw and no entity ever has a Health. Implementations differ only in how they hold Position and
 * Velocity (arrays of the component objects, or one primitive array per field).
 */
sealed interface HandWrittenLoop extends EcsUnderTest permits ParallelArrayLoop, HandSoaUnderTest {

    @Override
    default boolean supportsAddRemove() {
        return false;
    }

    @Override
    default void addHealth() {
        throw new UnsupportedOperationException("a hand-written loop has no structural changes");
    }

    @Override
    default void removeHealth() {
        throw new UnsupportedOperationException("a hand-written loop has no structural changes");
    }

    @Override
    default int healthCount() {
        return 0;
    }
}
