package dev.ecslab.ecs.query;

/**
 * The race-bug catalogue's twin of the query's write handle: the real {@link Query} with Bevy PR #22466's
 * symptom put back through its builder's package-private switch. Its {@code setIfChanged} stores and marks
 * a value equal to the current one, so a system that sets the same value every frame reports a change every
 * frame. Public for the concurrency modules, which reach it through this module's test jar.
 */
public final class QueryTwins {
    private QueryTwins() {
    }

    /** {@code builder}'s query, whose {@code setIfChanged} marks equal values too. */
    public static Query buildMarkingEqualValues(QueryBuilder builder) {
        return builder.setIfChangedMarksEqualValues().build();
    }
}
