package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.json.JsonInputException;

/**
 * A JSON schedule description is malformed: bad JSON syntax, an unknown or duplicate field, a value
 * of the wrong type, a missing name, an unknown enum value or filter operator, a malformed filter, or
 * a name that refers to nothing; or the file itself is unusable (unreadable, not UTF-8, too large, too
 * deeply nested). The message is one line, {@code SOURCE (line L, column C, PATH): PROBLEM}, where PATH
 * is the JSON path of the offending value, such as {@code $.stages[0].systems[2].access.queries[0].filter};
 * the parts are also available separately. A {@link JsonInputException}, so a {@link BadInputException}
 * that the command line maps to exit code 2.
 *
 * <p>Rules about the schedule itself (cycles, unknown constraint targets, duplicate system or stage
 * names) are checked when the loaded schedule is compiled and raise
 * {@link dev.ecslab.ecs.schedule.ScheduleBuildException} instead.
 */
public final class ScheduleJsonException extends JsonInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param line   1-based, or a value below 1 when unknown
     * @param column 1-based, or a value below 1 when unknown
     */
    public ScheduleJsonException(String sourceName, int line, int column, String path, String problem,
            Throwable cause) {
        super(sourceName, line, column, path, problem, cause);
    }

    public ScheduleJsonException(String sourceName, int line, int column, String path, String problem) {
        this(sourceName, line, column, path, problem, null);
    }

    /** A syntax error or limit that the shared reader found, as a schedule error. */
    ScheduleJsonException(JsonInputException e) {
        super(e);
    }
}
