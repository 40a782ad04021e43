package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.input.BadInputException;

/**
 * A JSON schedule description is malformed: bad JSON syntax, an unknown or duplicate field, a value
 * of the wrong type, a missing name, an unknown enum value or filter operator, a malformed filter, or
 * a name that refers to nothing; or the file itself is unusable (unreadable, not UTF-8, too large, too
 * deeply nested). The message is one line, {@code SOURCE (line L, column C, PATH): PROBLEM}, where PATH
 * is the JSON path of the offending value, such as {@code $.stages[0].systems[2].access.queries[0].filter};
 * the parts are also available separately. A {@link BadInputException}, so the command line maps it
 * to exit code 2.
 *
 * <p>Rules about the schedule itself (cycles, unknown constraint targets, duplicate system or stage
 * names) are checked when the loaded schedule is compiled and raise
 * {@link dev.ecslab.ecs.schedule.ScheduleBuildException} instead.
 */
public final class ScheduleJsonException extends BadInputException {
    private static final long serialVersionUID = 1L;

    private final String sourceName;
    private final int line;
    private final int column;
    private final String path;

    /**
     * @param line   1-based, or a value below 1 when unknown
     * @param column 1-based, or a value below 1 when unknown
     */
    public ScheduleJsonException(String sourceName, int line, int column, String path, String problem,
            Throwable cause) {
        super(sourceName, location(line, column, path), problem, cause);
        this.sourceName = sourceName;
        this.line = line;
        this.column = column;
        this.path = path;
    }

    public ScheduleJsonException(String sourceName, int line, int column, String path, String problem) {
        this(sourceName, line, column, path, problem, null);
    }

    private static String location(int line, int column, String path) {
        StringBuilder sb = new StringBuilder();
        if (line >= 1) {
            sb.append("line ").append(line);
            if (column >= 1) {
                sb.append(", column ").append(column);
            }
            sb.append(", ");
        }
        return sb.append(path).toString();
    }

    /** The name the input was read under (a file path, or the name given to the reader). */
    public String sourceName() {
        return sourceName;
    }

    /** 1-based line of the offending token, or a value below 1 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column of the offending token, or a value below 1 when unknown. */
    public int column() {
        return column;
    }

    /** The JSON path of the offending value, from {@code $} (the top-level object). */
    public String path() {
        return path;
    }

}
