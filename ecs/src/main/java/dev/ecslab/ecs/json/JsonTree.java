package dev.ecslab.ecs.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.input.InputNames;
import java.io.FilterReader;
import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * ecslab's one JSON reader: a tree that remembers, for every value and every field name, its line and
 * column in the source and its JSON path, so that every reader of user input (schedules, scenarios,
 * replay files, recorded matrices) names the file, line, column and path of a problem. Built with
 * Jackson's streaming parser (standard JSON only: no comments, no trailing commas, no single quotes, one
 * top-level value); a syntax error becomes a {@link JsonInputException} with the parser's location and
 * the path of the innermost value being read. Duplicate field names are rejected.
 *
 * <p><b>Bounded.</b> The input is read up to a character limit ({@link InputFile#MAX_BYTES} unless the
 * caller gives another), nesting deeper than {@link #MAX_DEPTH} and more than {@link #MAX_VALUES} values
 * (or the caller's limit) are refused, each limit naming itself; a value's path is kept as a link to its
 * parent and built only when an error names it, so a tree costs a few dozen bytes per value and the
 * parser never recurses deeper than the limit.
 *
 * <p>Contract: {@link #parse} returns the whole document or throws; the tree is immutable;
 * {@link #find} looks a value up by the paths the errors print.
 */
public final class JsonTree {
    /** How deep objects and arrays may nest: 64 levels unless {@code ecslab.limit.jsonDepth} says otherwise. */
    public static final InputLimit MAX_DEPTH = new InputLimit("ecslab.limit.jsonDepth", 64, "levels");
    /** How many JSON values a file may hold: 2 000 000 unless {@code ecslab.limit.jsonValues} says otherwise. */
    public static final InputLimit MAX_VALUES = new InputLimit("ecslab.limit.jsonValues", 2_000_000, "values");

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(10_000).build())
            .build();
    private static final Pattern SIMPLE_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private JsonTree() {
    }

    /** A 1-based position in the source. */
    public record Pos(int line, int column) {
        private static Pos of(JsonLocation loc) {
            return loc == null ? new Pos(-1, -1) : new Pos(loc.getLineNr(), loc.getColumnNr());
        }
    }

    /**
     * Where a value is: its parent and its field name or index. The path string is built only when asked
     * for (an error message), so reading a large file does not build one string per value.
     */
    public static final class Where {
        static final Where ROOT = new Where(null, "$", -1);
        private static final int UNWRAPPED = -2;
        private final Where parent;
        private final String key;
        /**
         * The item's index, -1 for a field, or {@link #UNWRAPPED}: set by {@link RonTree} before the tree is
         * returned when the first item of a parenthesised value turns out to be a newtype's content, which
         * stands for its parent (serde_json writes a newtype as its inner value) and adds nothing to the
         * path. Not final for that one change (a flag would add 8 bytes to every value's place); the tree
         * is unchanged once returned.
         */
        private int index;

        private Where(Where parent, String key, int index) {
            this.parent = parent;
            this.key = key;
            this.index = index;
        }

        Where field(String name) {
            return new Where(this, name, -1);
        }

        Where item(int i) {
            return new Where(this, null, i);
        }

        /** Makes this item stand for its parent in paths (see {@link #index}). */
        void unwrap() {
            index = UNWRAPPED;
        }

        public String path() {
            List<Where> chain = new ArrayList<>();
            for (Where w = this; w != null; w = w.parent) {
                chain.add(w);
            }
            String path = "$";
            for (int i = chain.size() - 2; i >= 0; i--) {
                Where w = chain.get(i);
                if (w.index != UNWRAPPED) {
                    path = w.key != null ? child(path, w.key) : JsonTree.item(path, w.index);
                }
            }
            return path;
        }

        @Override
        public String toString() {
            return path();
        }
    }

    /** A JSON value with its position and path. */
    public sealed interface Node permits Obj, Arr, Str, Num, Bool, Null {
        Where where();

        int line();

        int column();

        default Pos pos() {
            return new Pos(line(), column());
        }

        default String path() {
            return where().path();
        }

        /** "an object", "a string", ... for error messages. */
        String kind();
    }

    /** One field of an object: the name's position, and the value. */
    public record Member(String key, Pos keyPos, Node value) {
    }

    /** An object, its members in the order written (names are unique). */
    public record Obj(Where where, int line, int column, List<Member> members) implements Node {
        public Obj {
            members = List.copyOf(members);
        }

        /** The value of field {@code key}, if the object has it. */
        public Optional<Node> get(String key) {
            for (Member m : members) {
                if (m.key().equals(key)) {
                    return Optional.of(m.value());
                }
            }
            return Optional.empty();
        }

        @Override
        public String kind() {
            return "an object";
        }
    }

    /** An array. */
    public record Arr(Where where, int line, int column, List<Node> items) implements Node {
        public Arr {
            items = List.copyOf(items);
        }

        @Override
        public String kind() {
            return "an array";
        }
    }

    /** A string, unescaped. */
    public record Str(Where where, int line, int column, String value) implements Node {
        @Override
        public String kind() {
            return "a string";
        }
    }

    /** A number as written; {@link #integer()} is null for numbers with a fraction or exponent. */
    public record Num(Where where, int line, int column, String text, boolean isInteger) implements Node {
        public BigInteger integer() {
            return isInteger ? new BigInteger(text) : null;
        }

        @Override
        public String kind() {
            return "a number";
        }
    }

    /** {@code true} or {@code false}. */
    public record Bool(Where where, int line, int column, boolean value) implements Node {
        @Override
        public String kind() {
            return "a boolean";
        }
    }

    /** {@code null}. */
    public record Null(Where where, int line, int column) implements Node {
        @Override
        public String kind() {
            return "null";
        }
    }

    /** The path of field {@code key} of the value at {@code parent}. */
    public static String child(String parent, String key) {
        if (SIMPLE_KEY.matcher(key).matches()) {
            return parent + "." + key;
        }
        return parent + "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    /** The path of item {@code index} of the array at {@code parent}. */
    public static String item(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /**
     * Parses one JSON document from {@code in} within the default limits ({@link InputFile#MAX_BYTES}
     * characters, {@link #MAX_VALUES} values), skipping a leading byte order mark; the reader is not closed.
     *
     * @param sourceName names the input in errors (a file path)
     * @throws JsonInputException for a syntax error, a limit that is hit, or a reader that fails
     */
    public static Node parse(Reader in, String sourceName) {
        return parse(in, sourceName, InputFile.MAX_BYTES, MAX_VALUES);
    }

    /**
     * Parses text already read (by {@link InputFile}, within the caller's size limit), holding at most
     * {@code maxValues} values.
     *
     * @throws JsonInputException for a syntax error or a limit that is hit
     */
    public static Node parse(String text, String sourceName, InputLimit maxValues) {
        return parse(new StringReader(text), sourceName, null, maxValues);
    }

    /**
     * Parses one JSON document from {@code in}: at most {@code maxChars} characters (none when null) and
     * {@code maxValues} values, objects and arrays nesting at most {@link #MAX_DEPTH} levels.
     *
     * @throws JsonInputException for a syntax error, a limit that is hit, or a reader that fails
     */
    public static Node parse(Reader in, String sourceName, InputLimit maxChars, InputLimit maxValues) {
        Parse state = new Parse(sourceName, maxValues);
        Reader bounded = maxChars == null ? in : new BoundedReader(in, maxChars.value());
        try (JsonParser p = FACTORY.createParser(skipByteOrderMark(bounded))) {
            state.parser = p;
            JsonToken t = p.nextToken();
            if (t == null) {
                throw state.error(Pos.of(p.currentLocation()), Where.ROOT, "the input is empty; expected a JSON object");
            }
            Node root = state.value(t, Where.ROOT, 1);
            state.at = Where.ROOT;
            if (p.nextToken() != null) {
                throw state.error(Pos.of(p.currentTokenLocation()), Where.ROOT,
                        "unexpected content after the end of the top-level object");
            }
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new JsonInputException(sourceName, at == null ? -1 : at.getLineNr(), at == null ? -1 : at.getColumnNr(),
                    state.at.path(), JsonSyntaxWords.problem(e), e);
        } catch (BoundedReader.TooLong e) {
            throw new JsonInputException(sourceName, -1, -1, "$",
                    maxChars.problem("the input has more than " + e.limit + " characters"), e);
        } catch (IOException e) {
            throw new JsonInputException(sourceName, -1, -1, "$", "cannot read it: " + e.getMessage(), e);
        }
    }

    /**
     * The value at {@code path} under {@code root}, or the deepest value on the way to it when the path
     * leads to nothing (so that an error about a missing field points at the object that lacks it). A path
     * is what the errors print, with or without the leading {@code $}: {@code $.stages[0].name},
     * {@code trace.runs[3]}, {@code a["odd key"]}; a segment after a dot is always a field name (so
     * {@code criteria.1} is field "1").
     */
    public static Node find(Node root, String path) {
        Node at = root;
        int i = path.startsWith("$") ? 1 : 0;
        while (i < path.length()) {
            char c = path.charAt(i);
            String key = null;
            int index = -1;
            if (c == '[' && i + 1 < path.length() && path.charAt(i + 1) == '"') {
                StringBuilder k = new StringBuilder();
                int j = i + 2;
                for (; j < path.length() && path.charAt(j) != '"'; j++) {
                    if (path.charAt(j) == '\\' && j + 1 < path.length()) {
                        j++;
                    }
                    k.append(path.charAt(j));
                }
                key = k.toString();
                i = Math.min(path.length(), j + 2);
            } else if (c == '[') {
                int end = path.indexOf(']', i);
                if (end < 0) {
                    return at;
                }
                try {
                    index = Integer.parseInt(path.substring(i + 1, end));
                } catch (NumberFormatException e) {
                    return at;
                }
                i = end + 1;
            } else {
                int start = c == '.' ? i + 1 : i;
                int end = start;
                while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
                    end++;
                }
                key = path.substring(start, end);
                i = end;
            }
            Node next = key != null
                    ? at instanceof Obj o ? o.get(key).orElse(null) : null
                    : at instanceof Arr a && index >= 0 && index < a.items().size() ? a.items().get(index) : null;
            if (next == null) {
                return at;
            }
            at = next;
        }
        return at;
    }

    private static Reader skipByteOrderMark(Reader in) throws IOException {
        PushbackReader r = new PushbackReader(in, 1);
        int first = r.read();
        if (first >= 0 && first != '\uFEFF') {
            r.unread(first);
        }
        return r;
    }

    /** A reader that fails once more than {@code limit} characters have been read. */
    private static final class BoundedReader extends FilterReader {
        static final class TooLong extends IOException {
            private static final long serialVersionUID = 1L;
            final long limit;

            TooLong(long limit) {
                super("more than " + limit + " characters");
                this.limit = limit;
            }
        }

        private final long limit;
        private long count;

        BoundedReader(Reader in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                count(1);
            }
            return c;
        }

        @Override
        public int read(char[] buffer, int off, int len) throws IOException {
            int n = super.read(buffer, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws TooLong {
            count += n;
            if (count > limit) {
                throw new TooLong(limit);
            }
        }
    }

    private static final class Parse {
        final String sourceName;
        final long maxDepth = MAX_DEPTH.value();
        final InputLimit valueLimit;
        final long maxValues;
        /** Interned field names: a file of 20 000 systems repeats a dozen names. */
        final Map<String, String> keys = new HashMap<>();
        JsonParser parser;
        long values;
        /** Where the innermost value being read is, for syntax errors. */
        Where at = Where.ROOT;

        Parse(String sourceName, InputLimit valueLimit) {
            this.sourceName = sourceName;
            this.valueLimit = valueLimit;
            this.maxValues = valueLimit.value();
        }

        JsonInputException error(Pos pos, Where where, String problem) {
            return new JsonInputException(sourceName, pos.line(), pos.column(), where.path(), problem);
        }

        Node value(JsonToken t, Where where, int depth) throws IOException {
            Where outer = at;
            at = where;
            Pos pos = Pos.of(parser.currentTokenLocation());
            if (++values > maxValues) {
                throw error(pos, where, valueLimit.problem("the file holds more than " + maxValues + " JSON values"));
            }
            if ((t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) && depth > maxDepth) {
                throw error(pos, where, MAX_DEPTH.problem("objects and arrays nest more than " + maxDepth + " levels deep here"));
            }
            int line = pos.line();
            int column = pos.column();
            Node node = switch (t) {
                case START_OBJECT -> object(where, line, column, depth);
                case START_ARRAY -> array(where, line, column, depth);
                case VALUE_STRING -> new Str(where, line, column, parser.getText());
                case VALUE_NUMBER_INT -> new Num(where, line, column, parser.getText(), true);
                case VALUE_NUMBER_FLOAT -> new Num(where, line, column, parser.getText(), false);
                case VALUE_TRUE -> new Bool(where, line, column, true);
                case VALUE_FALSE -> new Bool(where, line, column, false);
                case VALUE_NULL -> new Null(where, line, column);
                default -> throw error(pos, where, "unexpected token " + t);
            };
            at = outer;
            return node;
        }

        private Obj object(Where where, int line, int column, int depth) throws IOException {
            List<Member> members = new ArrayList<>();
            Map<String, Member> byKey = new HashMap<>();
            for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
                // The parser only returns FIELD_NAME here (anything else is a syntax error it reports).
                String key = keys.computeIfAbsent(parser.currentName(), k -> k);
                Pos keyPos = Pos.of(parser.currentTokenLocation());
                Where child = where.field(key);
                Member first = byKey.get(key);
                if (first != null) {
                    throw error(keyPos, child, "duplicate field " + InputNames.shown(key) + " (first at line "
                            + first.keyPos().line() + ", column " + first.keyPos().column() + ")");
                }
                Member m = new Member(key, keyPos, value(parser.nextToken(), child, depth + 1));
                byKey.put(key, m);
                members.add(m);
            }
            return new Obj(where, line, column, members);
        }

        private Arr array(Where where, int line, int column, int depth) throws IOException {
            List<Node> items = new ArrayList<>();
            for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                items.add(value(t, where.item(items.size()), depth + 1));
            }
            return new Arr(where, line, column, items);
        }
    }
}
