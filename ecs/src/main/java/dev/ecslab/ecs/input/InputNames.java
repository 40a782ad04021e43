package dev.ecslab.ecs.input;

import java.util.Locale;

/**
 * The rule every name read from a file obeys (systems, stages, components, resources, sets, labels,
 * entities): at most {@link #MAX_LENGTH} characters, and no character that could forge or hide a line
 * of output where the name is printed: no control character (a line break, a tab, an escape sequence),
 * no line or paragraph separator, no bidirectional override.
 *
 * <p>Contract: {@link #problem} is {@code null} for an acceptable name and otherwise says in words what
 * is wrong and where in the name, with the offending character shown as {@code U+XXXX}; readers put it
 * into their own {@link BadInputException} with the file and location.
 */
public final class InputNames {
    /** The longest name a file may use: 1 000 characters unless {@code ecslab.limit.nameLength} says otherwise. */
    public static final InputLimit MAX_LENGTH = new InputLimit("ecslab.limit.nameLength", 1000, "characters");

    private InputNames() {
    }

    /** What is wrong with {@code name} as a name, or {@code null} when nothing is. */
    public static String problem(String name) {
        if (name.length() > MAX_LENGTH.value()) {
            return MAX_LENGTH.problem("a name of " + name.length() + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (unsafe(c)) {
                return "a name may not contain " + describe(c) + " (found at character " + (i + 1) + " of "
                        + shown(name) + ")";
            }
        }
        return null;
    }

    /**
     * Whether {@code text} holds no character a name may not hold, whatever its length: for values that are
     * made of names (a recorded decision names two systems) and so are not bound by the length of one.
     */
    public static boolean safeCharacters(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (unsafe(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code text} quoted for an error message: at most {@value #SHOWN} characters of it (a longer one is
     * cut and its length said), control characters shown as {@code \\uXXXX}.
     */
    public static String shown(String text) {
        if (text == null) {
            return "null";
        }
        if (text.length() <= SHOWN) {
            return "\"" + BadInputException.printable(text) + "\"";
        }
        return "\"" + BadInputException.printable(text.substring(0, SHOWN)) + "...\" (" + text.length() + " characters)";
    }

    /** How much of a value an error message shows. */
    public static final int SHOWN = 60;

    /** True for characters that must not appear raw in a name. */
    public static boolean unsafe(char c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029'
                || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069') || c == '\u200E' || c == '\u200F';
    }

    private static String describe(char c) {
        String code = String.format(Locale.ROOT, "U+%04X", (int) c);
        return switch (c) {
            case '\n' -> "a line break (" + code + ")";
            case '\r' -> "a carriage return (" + code + ")";
            case '\t' -> "a tab (" + code + ")";
            case '\u001B' -> "an escape character (" + code + ")";
            default -> Character.isISOControl(c) ? "the control character " + code
                    : c == '\u2028' || c == '\u2029' ? "a line or paragraph separator (" + code + ")"
                    : "a bidirectional text control (" + code + ")";
        };
    }
}
