package dev.ecslab.ecs.internal;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.storage.Archetype;

/**
 * Enforces a declared access on the queries built inside it (a system's world view). Both checks
 * throw when the query would touch data the scope did not declare.
 */
public interface AccessScope {
    /** Called once when a query is built: rejects terms the declared access never mentions. */
    void checkQuery(Query query);

    /** Called when a query first matches an archetype: rejects touching it outside the declared filters. */
    void checkArchetype(Query query, Archetype archetype);

    /** The system's ticks: its queries read changes and mark writes with them. */
    SystemTicks ticks();
}
