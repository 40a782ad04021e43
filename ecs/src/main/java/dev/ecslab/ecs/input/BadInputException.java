package dev.ecslab.ecs.input;

import dev.ecslab.ecs.EcsException;

/**
 * A file or value given to ecslab from outside cannot be used: unreadable, not UTF-8, malformed,
 * inconsistent, too large, or refused (a FIFO or device). Every reader of user input raises this (or a
 * subclass) and nothing else for bad input, so that the command line can map it to exit code 2 with one
 * line and no stack trace.
 *
 * <p>Contract: {@link #getMessage()} is one line of the form {@code SOURCE[ (LOCATION)]: PROBLEM}, where
 * SOURCE names the file (as the user gave it, or an absolute path), LOCATION says where in it (a line and
 * column, a JSON path, a run id; empty when the whole file is at fault) and PROBLEM says what was wrong in
 * words, without Java class names. Control characters from the input never appear raw in the message.
 */
public class BadInputException extends EcsException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String location;
    private final String problem;

    public BadInputException(String source, String location, String problem, Throwable cause) {
        super(format(source, location, problem), cause);
        this.source = source;
        this.location = location == null ? "" : location;
        this.problem = problem;
    }

    public BadInputException(String source, String location, String problem) {
        this(source, location, problem, null);
    }

    private static String format(String source, String location, String problem) {
        StringBuilder sb = new StringBuilder(printable(source));
        if (location != null && !location.isEmpty()) {
            sb.append(" (").append(printable(location)).append(')');
        }
        return sb.append(": ").append(printable(problem)).toString();
    }

    /** {@code text} with every control character shown as {@code \\uXXXX}, so that it stays one line. */
    public static String printable(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                if (sb == null) {
                    sb = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                sb.append(String.format("\\u%04x", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? text : sb.toString();
    }

    /** The file (or stream name) at fault. */
    public String source() {
        return source;
    }

    /** Where in it; empty when the whole input is at fault. */
    public String location() {
        return location;
    }

    /** What was wrong, without the location. */
    public String problem() {
        return problem;
    }
}
