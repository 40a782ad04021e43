package dev.ecslab.ecs.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jackson's syntax errors in words a user can act on: what was wrong at the position the parser
 * reports, without the names of Jackson's classes and settings that its messages carry
 * ({@code StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION}, {@code StreamReadConstraints.getMaxNestingDepth()}).
 *
 * <p>Contract: the result is one line of words, never empty, never a Java class or method name.
 */
public final class JsonSyntaxWords {
    private static final Pattern SOURCE = Pattern.compile("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]");
    private static final Pattern CODE = Pattern.compile(",? ?\\(?from `[^`]*`\\)?|`[^`]*`");
    private static final Pattern NUMBERS = Pattern.compile("\\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");

    private JsonSyntaxWords() {
    }

    /** What the parser found wrong, in words. */
    public static String problem(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null || m.isBlank()) {
            return "invalid JSON";
        }
        if (e instanceof StreamConstraintsException) {
            Matcher n = NUMBERS.matcher(m);
            String found = n.find() ? n.group(1) : "?";
            String limit = n.find(0) ? n.group(2) : "?";
            if (m.contains("nesting depth")) {
                return "the JSON nests " + found + " levels deep; at most " + limit + " levels are read";
            }
            if (m.contains("Number value length")) {
                return "a number of " + found + " characters; at most " + limit + " are read";
            }
            if (m.contains("String value length")) {
                return "a string of " + found + " characters; at most " + limit + " are read";
            }
            if (m.contains("Name length")) {
                return "a field name of " + found + " characters; at most " + limit + " are read";
            }
            return "the JSON is larger than the parser reads";
        }
        m = SOURCE.matcher(m).replaceAll("line $1, column $2");
        m = CODE.matcher(m).replaceAll("");
        return "invalid JSON: " + m.strip();
    }
}
