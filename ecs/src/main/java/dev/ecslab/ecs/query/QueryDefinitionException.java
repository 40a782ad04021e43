package dev.ecslab.ecs.query;

import dev.ecslab.ecs.EcsException;

/**
 * A query was refused at construction: its terms conflict with each other (a component written
 * twice, or read and written), or its terms and filter can never match any entity. The message
 * names the query and the component at fault.
 */
public final class QueryDefinitionException extends EcsException {
    public QueryDefinitionException(String message) {
        super(message);
    }
}
