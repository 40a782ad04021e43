package dev.ecslab.lab.scenario;

import dev.ecslab.ecs.input.BadInputException;

/**
 * A scenario that cannot run, or a scenario or replay file that cannot be read: says what is wrong and
 * where, as a path into the scenario ({@code edits[3].system}) and, when it was read from a file, the
 * file and the line. A {@link BadInputException}, so the command line maps it to exit code 2; its
 * message is one line, {@code SOURCE (LOCATION): PROBLEM}.
 */
public final class ScenarioException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /** What a scenario built in code is called in messages (it has no file). */
    public static final String BUILT_IN_CODE = "the scenario";

    private final String path;

    /** A scenario (built in code, or read and then checked) breaks a rule at {@code path}. */
    public ScenarioException(String path, String problem) {
        super(BUILT_IN_CODE, path, problem);
        this.path = path;
    }

    /**
     * A problem of the file {@code source}: at {@code location} (a line and a path, in words), the path
     * alone for {@link #path()} ({@code ""} for the whole file).
     */
    public ScenarioException(String source, String location, String problem, String path, Throwable cause) {
        super(source, location, problem, cause);
        this.path = path == null ? "" : path;
    }

    /** Where in the scenario the problem is ({@code ""} for the whole file). */
    public String path() {
        return path;
    }
}
