package dev.ecslab.ecs.schedule.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A small JSON tree that remembers, for every value and every field name, its line and column in the
 * source and its JSON path. Built with Jackson's streaming parser (standard JSON only: no comments,
 * no trailing commas, no single quotes, one top-level value); a syntax error becomes a
 * {@link ScheduleJsonException} with Jackson's location and the path of the innermost value being
 * read. Duplicate field names are rejected.
 */
final class JsonTree {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
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

    /** A JSON value with its position and path. */
    sealed interface Node permits Obj, Arr, Str, Num, Bool, Null {
        Pos pos();

        String path();

        /** "an object", "a string", ... for error messages. */
        String kind();
    }

    /** One field of an object: the name's position and path, and the value. */
    record Member(String key, Pos keyPos, Node value) {
    }

    record Obj(Pos pos, String path, List<Member> members) implements Node {
        Obj {
            members = List.copyOf(members);
        }

        @Override
        public String kind() {
            return "an object";
        }
    }

    record Arr(Pos pos, String path, List<Node> items) implements Node {
        Arr {
            items = List.copyOf(items);
        }

        @Override
        public String kind() {
            return "an array";
        }
    }

    record Str(Pos pos, String path, String value) implements Node {
        @Override
        public String kind() {
            return "a string";
        }
    }

    /** A number; {@code integer} is null for numbers with a fraction or exponent. */
    record Num(Pos pos, String path, String text, BigInteger integer) implements Node {
        @Override
        public String kind() {
            return "a number";
        }
    }

    record Bool(Pos pos, String path, boolean value) implements Node {
        @Override
        public String kind() {
            return "a boolean";
        }
    }

    record Null(Pos pos, String path) implements Node {
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

    /** Parses one JSON document, skipping a leading byte order mark; the reader is not closed. */
    static Node parse(Reader in, String sourceName) {
        Parse state = new Parse(sourceName);
        try (JsonParser p = FACTORY.createParser(skipByteOrderMark(in))) {
            state.parser = p;
            JsonToken t = p.nextToken();
            if (t == null) {
                throw state.error(Pos.of(p.currentLocation()), "$", "the input is empty; expected a JSON object");
            }
            Node root = state.value(t, "$");
            state.at = "$";
            if (p.nextToken() != null) {
                throw state.error(Pos.of(p.currentTokenLocation()), "$",
                        "unexpected content after the end of the top-level object");
            }
            return root;
        } catch (JsonProcessingException e) {
            String msg = e.getOriginalMessage();
            throw new ScheduleJsonException(sourceName, e.getLocation() == null ? -1 : e.getLocation().getLineNr(),
                    e.getLocation() == null ? -1 : e.getLocation().getColumnNr(), state.at,
                    "invalid JSON: " + (msg == null ? e.getClass().getSimpleName() : msg), e);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + sourceName + ": " + e.getMessage(), e);
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

    private static final class Parse {
        final String sourceName;
        JsonParser parser;
        /** The path of the innermost value being read, for syntax errors. */
        String at = "$";

        Parse(String sourceName) {
            this.sourceName = sourceName;
        }

        ScheduleJsonException error(Pos pos, String path, String problem) {
            return new ScheduleJsonException(sourceName, pos.line(), pos.column(), path, problem);
        }

        Node value(JsonToken t, String path) throws IOException {
            String outer = at;
            at = path;
            Pos pos = Pos.of(parser.currentTokenLocation());
            Node node = switch (t) {
                case START_OBJECT -> object(pos, path);
                case START_ARRAY -> array(pos, path);
                case VALUE_STRING -> new Str(pos, path, parser.getText());
                case VALUE_NUMBER_INT -> new Num(pos, path, parser.getText(), parser.getBigIntegerValue());
                case VALUE_NUMBER_FLOAT -> new Num(pos, path, parser.getText(), null);
                case VALUE_TRUE -> new Bool(pos, path, true);
                case VALUE_FALSE -> new Bool(pos, path, false);
                case VALUE_NULL -> new Null(pos, path);
                default -> throw error(pos, path, "unexpected token " + t);
            };
            at = outer;
            return node;
        }

        private Obj object(Pos pos, String path) throws IOException {
            List<Member> members = new ArrayList<>();
            for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
                // The parser only returns FIELD_NAME here (anything else is a syntax error it reports).
                String key = parser.currentName();
                Pos keyPos = Pos.of(parser.currentTokenLocation());
                String childPath = child(path, key);
                for (Member m : members) {
                    if (m.key().equals(key)) {
                        throw error(keyPos, childPath, "duplicate field \"" + key + "\" (first at line "
                                + m.keyPos().line() + ", column " + m.keyPos().column() + ")");
                    }
                }
                members.add(new Member(key, keyPos, value(parser.nextToken(), childPath)));
            }
            return new Obj(pos, path, members);
        }

        private Arr array(Pos pos, String path) throws IOException {
            List<Node> items = new ArrayList<>();
            for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                items.add(value(t, item(path, items.size())));
            }
            return new Arr(pos, path, items);
        }
    }
}
