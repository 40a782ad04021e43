package dev.ecslab.ecs.world;

import dev.ecslab.ecs.entity.Entities;

/**
 * The race-bug catalogue's twins of {@link World}: the real world with one race, or one documented bug of
 * its change clock, put back through its builder's package-private switches. Public for the concurrency
 * modules, which reach it through this module's test jar.
 */
public final class WorldTwins {
    private WorldTwins() {
    }

    /** A world whose {@link dev.ecslab.ecs.internal.WorldInternals#nextChangeTick()} is a plain read and write, starting at {@code initialChangeTick}. */
    public static World plainTickIncrement(int initialChangeTick) {
        return World.builder().initialChangeTick(initialChangeTick).plainTickIncrement().build();
    }

    /**
     * A world whose clamping pass ages only the readers that ran since the previous pass (Bevy #11623's
     * rarely run systems left out of the ageing), starting at {@code initialChangeTick}.
     */
    public static World agesOnlyReadersThatRan(int initialChangeTick) {
        return World.builder().initialChangeTick(initialChangeTick).agesOnlyReadersThatRan().build();
    }

    /**
     * A world whose new systems have tick 0 as their previous run, with nothing saying they never ran (Bevy
     * #13426's cause), starting at {@code initialChangeTick}.
     */
    public static World neverRanAtTickZero(int initialChangeTick) {
        return World.builder().initialChangeTick(initialChangeTick).neverRanAtTickZero().build();
    }

    /**
     * A world whose direct writes of one entity's component ({@code getMut}, a view's {@code getMut},
     * {@code insert} and applied insert commands) mark the table column at the component's position among
     * its archetype's ids, sparse-set components included, instead of its own column: flecs #2126, where a tag before the component in
     * the source's type shifted the column a fixed-source write flagged.
     */
    public static World marksByTypePosition() {
        return World.builder().marksByTypePosition().build();
    }

    /** A world over {@code entities} (a twin from {@code EntityTwins}). */
    public static World over(Entities entities) {
        return World.builder().entities(entities).build();
    }
}
