package dev.ecslab.reports.text;

import dev.ecslab.ecs.input.BadInputException;
import java.util.Locale;

/**
 * Text from outside (names from scenario files, plug-in ids, messages from the code under test) made
 * safe for one output format, so that no name can forge a line of the terminal or of a Markdown table,
 * or break the markup of HTML, SVG or JUnit XML. Every writer in {@code reports} puts names through here.
 *
 * <p>Contract, for every method: the result shows the text (nothing is dropped); no character of it
 * can end the line, the cell, the element or the attribute it is written into; control characters
 * that the format cannot carry are shown as {@code \\uXXXX}.
 */
public final class SafeText {
    private SafeText() {
    }

    /** One line of terminal or plain text: control characters (line breaks included) as {@code \\uXXXX}. */
    public static String line(String s) {
        return BadInputException.printable(s);
    }

    /**
     * HTML text or a double- or single-quoted attribute value: as {@link #xmlText}, plus {@code "} and
     * {@code '} as entities.
     */
    public static String html(String s) {
        return xmlText(s).replace("\"", "&quot;").replace("'", "&#39;");
    }

    /**
     * Text with Markdown code spans ({@code `x`}) as HTML: each span a {@code <code>} element, everything
     * escaped with {@link #html}. The one form in which the lab's words, written for the terminal and Markdown
     * too, reach a page.
     */
    public static String htmlWithCodeSpans(String s) {
        String[] parts = s.split("`", -1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            b.append(i % 2 == 1 ? "<code>" + html(parts[i]) + "</code>" : html(parts[i]));
        }
        return b.toString();
    }

    /**
     * XML 1.0 text (JUnit XML, SVG): {@code & < >} as entities; line breaks and tabs kept; characters
     * XML 1.0 cannot carry (other control characters, U+FFFE, U+FFFF, lone surrogates) as {@code \\uXXXX}.
     */
    public static String xmlText(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '\n', '\t' -> b.append(c);
                default -> {
                    if (Character.isSurrogate(c)) {
                        boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                                && Character.isLowSurrogate(s.charAt(i + 1));
                        if (paired) {
                            b.append(c).append(s.charAt(++i));
                        } else {
                            b.append(code(c));
                        }
                    } else if (c == '\uFFFE' || c == '\uFFFF') {
                        b.append(code(c));
                    } else {
                        control(b, c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** A double-quoted XML attribute value: as {@link #xmlText}, plus {@code "} and line breaks and tabs as references. */
    public static String xmlAttribute(String s) {
        return xmlText(s).replace("\"", "&quot;").replace("\n", "&#10;").replace("\t", "&#9;");
    }

    /**
     * A Markdown table cell (GitHub's tables): one line, {@code |} escaped as {@code \|} (which also holds
     * inside code spans in a table), control characters as {@code \\uXXXX}.
     */
    public static String markdownCell(String s) {
        return line(s).replace("|", "\\|");
    }

    /**
     * A Markdown code span around {@code s}, safe in a table cell too: one line, {@code |} escaped, and a
     * fence longer than any run of backticks in the text (with spaces, so a backtick at either end stays
     * text).
     */
    public static String markdownCode(String s) {
        String text = markdownCell(s);
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        if (longest == 0) {
            return "`" + text + "`";
        }
        String fence = "`".repeat(longest + 1);
        return fence + " " + text + " " + fence;
    }

    private static void control(StringBuilder b, char c) {
        if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
            b.append(code(c));
        } else {
            b.append(c);
        }
    }

    private static String code(char c) {
        return String.format(Locale.ROOT, "\\u%04x", (int) c);
    }
}
