package dev.ecslab.lab.scenario;

/**
 * A scenario that cannot run: says what is wrong and where, as a path into the scenario
 * ({@code edits[3].system}) and, when it was read from JSON, the line and column.
 */
public final class ScenarioException extends RuntimeException {
    private final String path;

    public ScenarioException(String path, String message) {
        super(path + ": " + message);
        this.path = path;
    }

    public ScenarioException(String message, Throwable cause) {
        super(message, cause);
        this.path = "";
    }

    /** Where in the scenario the problem is ({@code ""} for the whole file). */
    public String path() {
        return path;
    }
}
