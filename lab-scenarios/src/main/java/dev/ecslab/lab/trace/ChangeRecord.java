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
 */
public record ChangeRecord(@Required int id, @Required String author,
        @Required int authorRun, @Required long seq,
        @Required long frame, @Required Data data, String entity,
        @Required ChangeType type, String cause) {
    public ChangeRecord {
        cause = cause == null ? "" : BadInputException.printable(cause);
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
