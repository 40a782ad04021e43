package dev.ecslab.ecs.schedule.json;

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
import dev.ecslab.ecs.input.JsonSyntaxWords;
import java.io.FilterReader;
import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A small JSON tree that remembers, for every value and every field name, its line and column in the
 * source and its JSON path. Built with Jackson's streaming parser (standard JSON only: no comments,
 * no trailing commas, no single quotes, one top-level value); a syntax error becomes a
 * {@link ScheduleJsonException} with Jackson's location and the path of the innermost value being
 * read. Duplicate field names are rejected.
 *
 * <p><b>Bounded.</b> The input is read up to {@link InputFile#MAX_BYTES} characters, nesting deeper
 * than {@link #MAX_DEPTH} and more than {@link #MAX_VALUES} values are refused (each limit names itself),
 * and a value's path is kept as a link to its parent and built only when an error names it, so a tree
 * costs a few dozen bytes per value and the parser never recurses deeper than the limit.
 */
final class JsonTree {
    /** How deep objects and arrays may nest: 64 levels unless {@code ecslab.limit.jsonDepth} says otherwise. */
    static final InputLimit MAX_DEPTH = new InputLimit("ecslab.limit.jsonDepth", 64, "levels");
    /** How many JSON values a file may hold: 2 000 000 unless {@code ecslab.limit.jsonValues} says otherwise. */
    static final InputLimit MAX_VALUES = new InputLimit("ecslab.limit.jsonValues", 2_000_000, "values");

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(10_000).build())
            .build();
    private static final Pattern SIMPLE_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private JsonTree() {
    }

    /** A 1-based position in the source. */
    record Pos(int line, int column) {
        static Pos of(JsonLocation loc) {
            return loc == null ? new Pos(-1, -1) : new Pos(loc.getLineNr(), loc.getColumnNr());
        }
    }

    /**
     * Where a value is: its parent and its field name or index. The path string is built only when asked
     * for (an error message), so reading a large file does not build one string per value.
     */
    static final class Where {
        static final Where ROOT = new Where(null, "$", -1);
        private final Where parent;
        private final String key;
        private final int index;

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

        String path() {
            List<Where> chain = new ArrayList<>();
            for (Where w = this; w != null; w = w.parent) {
                chain.add(w);
            }
            String path = "$";
            for (int i = chain.size() - 2; i >= 0; i--) {
                Where w = chain.get(i);
                path = w.key != null ? child(path, w.key) : JsonTree.item(path, w.index);
            }
            return path;
        }

        @Override
        public String toString() {
            return path();
        }
    }

    /** A JSON value with its position and path. */
    sealed interface Node permits Obj, Arr, Str, Num, Bool, Null {
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
    record Member(String key, Pos keyPos, Node value) {
    }

    record Obj(Where where, int line, int column, List<Member> members) implements Node {
        Obj {
            members = List.copyOf(members);
        }

        @Override
        public String kind() {
            return "an object";
        }
    }

    record Arr(Where where, int line, int column, List<Node> items) implements Node {
        Arr {
            items = List.copyOf(items);
        }

        @Override
        public String kind() {
            return "an array";
        }
    }

    record Str(Where where, int line, int column, String value) implements Node {
        @Override
        public String kind() {
            return "a string";
        }
    }

    /** A number as written; {@link #integer()} is null for numbers with a fraction or exponent. */
    record Num(Where where, int line, int column, String text, boolean isInteger) implements Node {
        BigInteger integer() {
            return isInteger ? new BigInteger(text) : null;
        }

        @Override
        public String kind() {
            return "a number";
        }
    }

    record Bool(Where where, int line, int column, boolean value) implements Node {
        @Override
        public String kind() {
            return "a boolean";
        }
    }

    record Null(Where where, int line, int column) implements Node {
        @Override
        public String kind() {
            return "null";
        }
    }

    /** The path of field {@code key} of the value at {@code parent}. */
    static String child(String parent, String key) {
        if (SIMPLE_KEY.matcher(key).matches()) {
            return parent + "." + key;
        }
        return parent + "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    /** The path of item {@code index} of the array at {@code parent}. */
    static String item(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /**
     * Parses one JSON document, skipping a leading byte order mark; the reader is not closed.
     *
     * @throws ScheduleJsonException for a syntax error, a limit that is hit, or a reader that fails
     */
    static Node parse(Reader in, String sourceName) {
        Parse state = new Parse(sourceName);
        BoundedReader bounded = new BoundedReader(in, InputFile.MAX_BYTES.value());
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
            throw new ScheduleJsonException(sourceName, at == null ? -1 : at.getLineNr(), at == null ? -1 : at.getColumnNr(),
                    state.at.path(), JsonSyntaxWords.problem(e), e);
        } catch (BoundedReader.TooLong e) {
            throw new ScheduleJsonException(sourceName, -1, -1, "$",
                    InputFile.MAX_BYTES.problem("the input has more than " + e.limit + " characters"), e);
        } catch (IOException e) {
            throw new ScheduleJsonException(sourceName, -1, -1, "$", "cannot read it: " + e.getMessage(), e);
        }
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
        final long maxValues = MAX_VALUES.value();
        /** Interned field names: a file of 20 000 systems repeats a dozen names. */
        final Map<String, String> keys = new HashMap<>();
        JsonParser parser;
        long values;
        /** Where the innermost value being read is, for syntax errors. */
        Where at = Where.ROOT;

        Parse(String sourceName) {
            this.sourceName = sourceName;
        }

        ScheduleJsonException error(Pos pos, Where where, String problem) {
            return new ScheduleJsonException(sourceName, pos.line(), pos.column(), where.path(), problem);
        }

        Node value(JsonToken t, Where where, int depth) throws IOException {
            Where outer = at;
            at = where;
            Pos pos = Pos.of(parser.currentTokenLocation());
            if (++values > maxValues) {
                throw error(pos, where, MAX_VALUES.problem("the file holds more than " + maxValues + " JSON values"));
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
