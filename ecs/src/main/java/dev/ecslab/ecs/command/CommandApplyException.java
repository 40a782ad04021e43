package dev.ecslab.ecs.command;

import dev.ecslab.ecs.EcsException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Some commands could not be applied. Each failed command changed nothing; every other command of
 * the same application was applied. The exception lists every failure with the buffer's owner, the
 * command's position in its buffer, the command and the reason.
 */
public final class CommandApplyException extends EcsException {
    /** One command that failed. */
    public record Failure(String owner, int index, Command command, RuntimeException cause) {
        @Override
        public String toString() {
            return owner + " #" + index + " (" + command + "): " + cause.getMessage();
        }
    }

    private final List<Failure> failures;

    public CommandApplyException(List<Failure> failures) {
        super(failures.size() + " command(s) failed and were skipped; the others were applied:\n  "
                + failures.stream().map(Failure::toString).collect(Collectors.joining("\n  ")),
                failures.get(0).cause());
        this.failures = List.copyOf(failures);
    }

    public List<Failure> failures() {
        return failures;
    }
}
