package dev.ecslab.ecs.query;

/**
 * The race-bug catalogue's twins of {@link Query}: the real query with one documented ECS bug put back
 * through its builder's package-private switch ({@link Query.Defect}), so that the tests the real query
 * passes are shown to fail it. Public for the concurrency modules, which reach it through this module's
 * test jar; nothing in production can.
 */
public final class QueryTwins {
    private QueryTwins() {
    }

    /**
     * The query {@code builder} builds, whose writing {@code forEach} marks its current table's blocks
     * only when it moves on to the next table or runs to its end, so a walk left early (an exception
     * out of the action) leaves that table unmarked: flecs #1652.
     */
    public static Query marksOnlyWhenTheWalkMovesOn(QueryBuilder builder) {
        return builder.withDefect(Query.Defect.MARKS_ONLY_WHEN_THE_WALK_MOVES_ON).build();
    }

    /**
     * The query {@code builder} builds, whose match cache is extended without its lock by whichever
     * thread finds it behind: a lazily built index initialised by check-then-act, flecs #1928's cause.
     */
    public static Query matchesExtendedWithoutLock(QueryBuilder builder) {
        return builder.withDefect(Query.Defect.MATCHES_EXTENDED_WITHOUT_LOCK).build();
    }

    /** {@code builder}'s query, whose {@code setIfChanged} stores and marks equal values too: Bevy PR #22466. */
    public static Query buildMarkingEqualValues(QueryBuilder builder) {
        return builder.withDefect(Query.Defect.SET_IF_CHANGED_MARKS_EQUAL_VALUES).build();
    }
}
