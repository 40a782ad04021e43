package dev.ecslab.lab.trace;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Required;

/**
 * A change actually made, as the scenario's systems and the lab's command model saw it.
 *
 * @param id        the change's index in the trace
 * @param author    the system that made it, or {@code "world"} (setup and applied commands)
 * @param authorRun the run that made it ({@code -1} for the world)
 * @param seq       when it became visible: the author run's finish sequence, or the sequence of the
 *                  command application (0 for setup)
 * @param entity    the entity label ({@code null} for a resource)
 * @param cause     how it came about, in words ({@code "write"}, {@code "setup"}, {@code "w's insert command"});
 *                  kept printable
 * @param tick      the change tick the world gave the change, unwrapped to 64 bits by the lab (see
 *                  {@link Trace#frameTicks()}): the writer run's tick, the world's tick when the
 *                  command was applied, or the setup's; {@code null} when not recorded (a trace built
 *                  by hand, or an older file)
 */
public record ChangeRecord(@Required int id, @Required String author,
        @Required int authorRun, @Required long seq,
        @Required long frame, @Required Data data, String entity,
        @Required ChangeType type, String cause,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Long tick) {
    public ChangeRecord {
        cause = cause == null ? "" : BadInputException.printable(cause);
    }

    /** A change whose tick was not recorded. */
    public ChangeRecord(int id, String author, int authorRun, long seq, long frame, Data data, String entity, ChangeType type,
            String cause) {
        this(id, author, authorRun, seq, frame, data, entity, type, cause, null);
    }

    public String target() {
        return entity == null ? "resource " + data : data + " of entity " + entity;
    }

    @Override
    public String toString() {
        String how = type.name().toLowerCase();
        return (authorRun >= 0 ? author + " (run #" + authorRun + ")" : "the world (" + cause + ")") + " " + how + " "
                + target() + (frame < 0 ? " at setup, before frame 0" : " in frame " + frame);
    }
}
