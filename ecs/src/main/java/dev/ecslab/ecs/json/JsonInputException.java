package dev.ecslab.ecs.json;

import dev.ecslab.ecs.input.BadInputException;

/**
 * A JSON (or RON) input is malformed or holds a value its reader cannot use, at a known place: the message
 * is one line, {@code SOURCE (line L, column C, PATH): PROBLEM}, where PATH is the JSON path of the
 * offending value from {@code $} (the top-level value), such as {@code $.stages[0].systems[2].name}. The
 * parts are also available separately. Raised by {@link JsonTree} and {@link RonTree} for syntax errors and
 * limits, and by the readers built on their tree (or a subclass of theirs) for values of the wrong type or
 * form.
 *
 * <p>Contract: the line and column are 1-based, or below 1 when unknown (a file that cannot be read at
 * all); the path is never null and starts with {@code $}.
 */
public class JsonInputException extends BadInputException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final String path;

    /**
     * @param line   1-based, or a value below 1 when unknown
     * @param column 1-based, or a value below 1 when unknown
     * @param path   the JSON path from {@code $}
     */
    public JsonInputException(String source, int line, int column, String path, String problem, Throwable cause) {
        super(source, location(line, column, path), problem, cause);
        this.line = line;
        this.column = column;
        this.path = path;
    }

    public JsonInputException(String source, int line, int column, String path, String problem) {
        this(source, line, column, path, problem, null);
    }

    /**
     * The same error (same place, problem and cause) under another type, for readers whose callers expect
     * their own subclass.
     */
    protected JsonInputException(JsonInputException e) {
        this(e.source(), e.line, e.column, e.path, e.problem(), e.getCause());
    }

    /** {@code "line L, column C, PATH"}, leaving out what is unknown. */
    public static String location(int line, int column, String path) {
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
        return source();
    }

    /** 1-based line of the offending token, or a value below 1 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column of the offending token, or a value below 1 when unknown. */
    public int column() {
        return column;
    }

    /** The JSON path of the offending value, from {@code $} (the top-level value). */
    public String path() {
        return path;
    }
}
