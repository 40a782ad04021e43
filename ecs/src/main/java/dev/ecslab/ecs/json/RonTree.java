package dev.ecslab.ecs.json;

import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.json.JsonTree.Arr;
import dev.ecslab.ecs.json.JsonTree.Bool;
import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Null;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.json.JsonTree.Pos;
import dev.ecslab.ecs.json.JsonTree.Str;
import dev.ecslab.ecs.json.JsonTree.Where;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads RON (Rusty Object Notation, as the Rust crate {@code ron} 0.12 writes it through serde) into the
 * same tree as {@link JsonTree}, valued as {@code serde_json} would write the same Rust data, so that a
 * reader of a JSON shape reads the RON file of the same data without knowing which it was given: Bevy's
 * schedule export is written as RON by its plugin and as JSON by its remote protocol. Every value keeps
 * its line and column in the RON text and a JSON path, so errors downstream name the place in the file.
 *
 * <h2>What is read, and the JSON value it becomes</h2>
 * <ul>
 *   <li>a struct {@code (a: 1, b: 2)}, optionally named {@code Name(a: 1)} → an object; a map
 *       {@code {"k": v}} → an object whose field names are the keys (a string, a whole number, a boolean
 *       or a unit variant, written as text, as serde_json writes map keys);</li>
 *   <li>a list {@code [1, 2]} and a tuple {@code (1, 2)} → an array;</li>
 *   <li>{@code (x)} → {@code x}. ron writes a newtype struct {@code SystemSetIndex(3)} as {@code (3)} and a
 *       one-element tuple {@code (3,)} also as {@code (3)} (its tuples have no trailing comma unless
 *       {@code separate_tuple_members} is set): the text cannot tell them apart, and serde_json writes the
 *       first as {@code 3} and the second as {@code [3]}. {@code (x)} is read as the newtype, which is what
 *       Bevy's export holds; {@code (x,)}, with the comma Rust writes for a one-element tuple, is read as
 *       {@code [x]}. The newtype's value has the path of the parentheses;</li>
 *   <li>an enum variant: unit {@code World} → {@code "World"}; newtype {@code System(2)} →
 *       {@code {"System": 2}}; tuple {@code V(1, 2)} → {@code {"V": [1, 2]}}; struct-like {@code V(a: 1)} →
 *       {@code {"V": {"a": 1}}}; {@code V()} → {@code {"V": []}};</li>
 *   <li>{@code Name(...)} is a struct name only when {@code Name} is one of the {@code structNames} the
 *       caller gives (ron writes no struct names by default, so any other {@code Name(...)} is a variant);
 *       a bare {@code Name} of that set is a unit struct, {@code null}; {@code Name()} is an empty struct,
 *       {@code {}};</li>
 *   <li>{@code ()} (the unit value, and an unnamed unit struct) → {@code null}; {@code Some(x)} → {@code x};
 *       {@code None} → {@code null}; {@code true}, {@code false};</li>
 *   <li>a string {@code "..."} with RON's escapes ({@code \" \' \\ \n \r \t \0}, {@code \xNN} as UTF-8
 *       bytes, <code>&#92;u{1F600}</code>; ron writes Rust's {@code escape_debug}), a raw string {@code r#"..."#}
 *       (with at most 255 {@code #}), a character {@code 'c'} → a string;</li>
 *   <li>an integer (decimal, {@code 0x}, {@code 0o}, {@code 0b}, {@code _} between digits, an optional type
 *       suffix such as {@code 3u8}, checked against its type) → a whole number; a float ({@code 1.5},
 *       {@code 1e-3}, {@code 2f32}) → a number with a fraction; {@code inf} and {@code NaN} → {@code null},
 *       as serde_json writes them;</li>
 *   <li>{@code //} and nested {@code /* *}{@code /} comments, the extension headers
 *       {@code #![enable(implicit_some, unwrap_newtypes, unwrap_variant_newtypes, explicit_struct_names)]}
 *       (checked by name; each writes values that already read as above), trailing commas.</li>
 * </ul>
 * Byte strings ({@code b"..."}) are refused with their place: serde data of schedules holds none.
 *
 * <p><b>Bounded, like {@link JsonTree}.</b> Structs, tuples, lists, maps and variants nest at most
 * {@link JsonTree#MAX_DEPTH} levels and the file holds at most the caller's number of values; a number
 * has at most {@value #MAX_NUMBER_LENGTH} characters; the parser reads the text once, left to right
 * (every lookahead is a name or a comment), so it never hangs.
 *
 * <p>Contract: {@link #parse} returns the whole document or throws a {@link JsonInputException} with the
 * line and column of the offending character, the path of the value being read and what was expected
 * ({@code expected ':' after field name "systems", found '['}); duplicate field names are refused; the
 * tree is immutable.
 */
public final class RonTree {
    /** The longest number read, in characters: Jackson's default for JSON. */
    public static final int MAX_NUMBER_LENGTH = 1000;
    /** The most {@code #} around a raw string: Rust's own limit. */
    static final int MAX_RAW_HASHES = 255;
    private static final List<String> EXTENSIONS = List.of("implicit_some", "unwrap_newtypes", "unwrap_variant_newtypes",
            "explicit_struct_names");
    private static final Set<String> NON_FINITE = Set.of("inf", "inff32", "inff64", "NaN", "NaNf32", "NaNf64");
    private static final List<String> INTEGER_SUFFIXES = List.of("i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32",
            "u64", "u128");

    private RonTree() {
    }

    /**
     * Parses a RON document in which every {@code Name(...)} is an enum variant (ron's default output).
     *
     * @throws JsonInputException for a syntax error or a limit that is hit
     */
    public static Node parse(String text, String sourceName, InputLimit maxValues) {
        return parse(text, sourceName, maxValues, Set.of());
    }

    /**
     * Parses a RON document; {@code structNames} are the names that, before {@code (} or alone, name a
     * struct rather than an enum variant (the names of the data's Rust structs, for a file written with
     * {@code struct_names} or {@code explicit_struct_names}).
     *
     * @throws JsonInputException for a syntax error or a limit that is hit
     */
    public static Node parse(String text, String sourceName, InputLimit maxValues, Set<String> structNames) {
        return new Parse(text, sourceName, maxValues, Set.copyOf(structNames)).document();
    }

    /** A name as written, without {@code r#}. */
    private record Ident(String name, boolean raw) {
    }

    /** What a parenthesised value follows, which decides what {@code ()} is. */
    private enum Before { NOTHING, STRUCT_NAME, VARIANT }

    private static final class Parse {
        final String s;
        final int n;
        final String sourceName;
        final Set<String> structNames;
        final InputLimit valueLimit;
        final long maxValues;
        final long maxDepth = JsonTree.MAX_DEPTH.value();
        final int[] lineStarts;
        final int lines;
        /** Interned field names: a file of 20 000 systems repeats a dozen names. */
        final Map<String, String> keys = new HashMap<>();
        int pos;
        long values;
        /** The value being read, for errors found between values (a comment that is never closed). */
        Where at = Where.ROOT;

        Parse(String text, String sourceName, InputLimit valueLimit, Set<String> structNames) {
            this.s = text;
            this.n = text.length();
            this.sourceName = sourceName;
            this.structNames = structNames;
            this.valueLimit = valueLimit;
            this.maxValues = valueLimit.value();
            this.pos = n > 0 && s.charAt(0) == '\uFEFF' ? 1 : 0;
            int[] starts = new int[16];
            int count = 1;
            starts[0] = pos;
            for (int i = pos; i < n; i++) {
                char c = s.charAt(i);
                if (c == '\n' || (c == '\r' && (i + 1 == n || s.charAt(i + 1) != '\n'))) {
                    if (count == starts.length) {
                        starts = Arrays.copyOf(starts, count * 2);
                    }
                    starts[count++] = i + 1;
                }
            }
            this.lineStarts = starts;
            this.lines = count;
        }

        Pos position(int offset) {
            int i = Arrays.binarySearch(lineStarts, 0, lines, offset);
            int line = i >= 0 ? i : -i - 2;
            return new Pos(line + 1, offset - lineStarts[line] + 1);
        }

        JsonInputException error(int offset, Where where, String problem) {
            Pos p = position(Math.min(offset, n));
            return new JsonInputException(sourceName, p.line(), p.column(), where.path(), problem);
        }

        Node document() {
            skipSpace();
            while (pos < n && s.charAt(pos) == '#') {
                header();
                skipSpace();
            }
            if (pos >= n) {
                throw error(pos, Where.ROOT, "the input is empty; expected a RON value");
            }
            Node root = value(Where.ROOT, 1);
            at = Where.ROOT;
            skipSpace();
            if (pos < n) {
                throw error(pos, Where.ROOT, "expected the end of the input after the top-level value, found " + found());
            }
            return root;
        }

        /** {@code #![enable(name, ...)]}: ron writes one per extension, before the value. */
        private void header() {
            for (String part : List.of("#", "!", "[", "enable", "(")) {
                if (!s.startsWith(part, pos)) {
                    throw error(pos, Where.ROOT, "expected '" + part + "' in an extension header #![enable(...)], found "
                            + found());
                }
                pos += part.length();
                skipSpace();
            }
            while (true) {
                int start = pos;
                Ident name = identifier();
                if (name == null) {
                    throw error(pos, Where.ROOT, "expected the name of an extension in #![enable(...)], found " + found());
                }
                if (!EXTENSIONS.contains(name.name())) {
                    throw error(start, Where.ROOT, "unknown extension " + InputNames.shown(name.name()) + "; ron 0.12 has "
                            + String.join(", ", EXTENSIONS));
                }
                skipSpace();
                if (take(',')) {
                    skipSpace();
                    if (peek() == ')') {
                        break;
                    }
                } else if (peek() != ')') {
                    throw error(pos, Where.ROOT, "expected ',' or ')' after the extension " + InputNames.shown(name.name())
                            + ", found " + found());
                }
                if (peek() == ')') {
                    break;
                }
            }
            pos++;
            skipSpace();
            if (!take(']')) {
                throw error(pos, Where.ROOT, "expected ']' to end the extension header #![enable(...)], found " + found());
            }
        }

        Node value(Where where, int depth) {
            Where outer = at;
            at = where;
            skipSpace();
            int start = pos;
            if (pos >= n) {
                throw error(pos, where, "the input ends where a value was expected");
            }
            if (++values > maxValues) {
                throw error(pos, where, valueLimit.problem("the file holds more than " + maxValues + " RON values"));
            }
            char c = s.charAt(pos);
            Node node;
            if (c == '(') {
                node = parens(where, depth, start, Before.NOTHING);
            } else if (c == '[') {
                node = list(where, depth);
            } else if (c == '{') {
                node = map(where, depth);
            } else if (c == '"') {
                Pos p = position(start);
                node = new Str(where, p.line(), p.column(), string(where));
            } else if (c == '\'') {
                Pos p = position(start);
                node = new Str(where, p.line(), p.column(), character(where));
            } else if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
                node = number(where);
            } else if (s.startsWith("b\"", pos) || s.startsWith("b'", pos) || s.startsWith("br\"", pos)
                    || s.startsWith("br#", pos)) {
                throw error(pos, where, "a byte string or byte literal (b\"...\", b'x') is not read: expected a string,"
                        + " a number or a structure");
            } else if (s.startsWith("r\"", pos) || s.startsWith("r#\"", pos) || s.startsWith("r##", pos)) {
                Pos p = position(start);
                node = new Str(where, p.line(), p.column(), rawString(where));
            } else if (identifierStart(pos)) {
                node = named(where, depth);
            } else {
                throw error(pos, where, "expected a value (a struct (...), a list [...], a map {...}, a string, a number,"
                        + " true, false, None, Some(...) or an enum variant), found " + found());
            }
            at = outer;
            return node;
        }

        /** A value that starts with a name: a keyword, {@code Some(x)}, a struct name or an enum variant. */
        private Node named(Where where, int depth) {
            int start = pos;
            Pos p = position(start);
            Ident id = identifier();
            String name = id.name();
            if (!id.raw()) {
                switch (name) {
                    case "true", "false" -> {
                        return new Bool(where, p.line(), p.column(), name.equals("true"));
                    }
                    case "None" -> {
                        return new Null(where, p.line(), p.column());
                    }
                    case "Some" -> {
                        return some(where, depth, start);
                    }
                    default -> {
                        if (NON_FINITE.contains(name)) {
                            return new Null(where, p.line(), p.column());
                        }
                    }
                }
            }
            skipSpace();
            boolean parens = peek() == '(';
            if (structNames.contains(name)) {
                return parens ? parens(where, depth, start, Before.STRUCT_NAME) : new Null(where, p.line(), p.column());
            }
            if (!parens) {
                return new Str(where, p.line(), p.column(), name);
            }
            checkDepth(depth, start, where);
            String key = intern(name);
            Node content = parens(where.field(key), depth + 1, pos, Before.VARIANT);
            return new Obj(where, p.line(), p.column(), List.of(new Member(key, p, content)));
        }

        private Node some(Where where, int depth, int start) {
            checkDepth(depth, start, where);
            skipSpace();
            if (!take('(')) {
                throw error(pos, where, "expected '(' after Some, found " + found());
            }
            Node inner = value(where, depth + 1);
            skipSpace();
            if (take(',')) {
                skipSpace();
            }
            if (!take(')')) {
                throw error(pos, where, "expected ')' to end Some(...), found " + found());
            }
            return inner;
        }

        /**
         * {@code (...)} at {@code pos}: a struct's fields, a newtype's value, a tuple, or nothing. {@code start}
         * is where the value begins (its name, if it has one).
         */
        private Node parens(Where where, int depth, int start, Before before) {
            checkDepth(depth, pos, where);
            Pos open = position(before == Before.VARIANT ? pos : start);
            pos++;
            skipSpace();
            if (take(')')) {
                return switch (before) {
                    case NOTHING -> new Null(where, open.line(), open.column());
                    case STRUCT_NAME -> new Obj(where, open.line(), open.column(), List.of());
                    case VARIANT -> new Arr(where, open.line(), open.column(), List.of());
                };
            }
            int headAt = pos;
            Ident name = identifier();
            boolean field = false;
            if (name != null) {
                skipSpace();
                field = peek() == ':';
            }
            pos = headAt;
            if (field) {
                return members(where, depth, open, true);
            }
            Where first = where.item(0);
            Node head = value(first, depth + 1);
            skipSpace();
            if (take(')')) {
                first.unwrap();
                return head;
            }
            if (name != null && head instanceof Str str && str.value().equals(name.name()) && peek() != ',') {
                // (systems [...]): a struct's first field without its ':' reads as a name in a tuple
                throw error(pos, where.field(name.name()), "expected ':' after field name " + InputNames.shown(name.name())
                        + ", found " + found());
            }
            List<Node> items = new ArrayList<>();
            items.add(head);
            return items(where, depth, open, items, ')', "tuple");
        }

        /** The members of a struct ({@code name: value} up to {@code )}) or of a map ({@code key: value} up to <code>}</code>). */
        private Obj members(Where where, int depth, Pos open, boolean struct) {
            char close = struct ? ')' : '}';
            String what = struct ? "field" : "map key";
            List<Member> members = new ArrayList<>();
            Map<String, Member> byKey = new HashMap<>();
            while (true) {
                skipSpace();
                if (take(close)) {
                    break;
                }
                int keyAt = pos;
                String key;
                if (struct) {
                    Ident id = identifier();
                    if (id == null) {
                        throw error(pos, where, "expected a field name or ')', found " + found());
                    }
                    key = intern(id.name());
                } else {
                    key = intern(key(value(where, depth + 1), keyAt, where));
                }
                Where child = where.field(key);
                skipSpace();
                if (!take(':')) {
                    throw error(pos, child, "expected ':' after " + (struct ? "field name " : "map key ") + InputNames.shown(key)
                            + ", found " + found());
                }
                Member first = byKey.get(key);
                if (first != null) {
                    throw error(keyAt, child, "duplicate " + what + " " + InputNames.shown(key) + " (first at line "
                            + first.keyPos().line() + ", column " + first.keyPos().column() + ")");
                }
                Member m = new Member(key, position(keyAt), value(child, depth + 1));
                byKey.put(key, m);
                members.add(m);
                skipSpace();
                if (take(close)) {
                    break;
                }
                if (!take(',')) {
                    throw error(pos, where, "expected ',' or '" + close + "' after the value of " + what + " "
                            + InputNames.shown(key) + ", found " + found());
                }
            }
            return new Obj(where, open.line(), open.column(), members);
        }

        private Arr list(Where where, int depth) {
            checkDepth(depth, pos, where);
            Pos open = position(pos);
            pos++;
            return items(where, depth, open, new ArrayList<>(), ']', "list");
        }

        /** The items of a list or tuple up to {@code close}, after those already read into {@code items}. */
        private Arr items(Where where, int depth, Pos open, List<Node> items, char close, String what) {
            while (true) {
                skipSpace();
                if (take(close)) {
                    break;
                }
                if (!items.isEmpty() && !take(',')) {
                    throw error(pos, where, "expected ',' or '" + close + "' after item " + (items.size() - 1) + " of a "
                            + what + ", found " + found());
                }
                skipSpace();
                if (take(close)) {
                    break;
                }
                items.add(value(where.item(items.size()), depth + 1));
            }
            return new Arr(where, open.line(), open.column(), items);
        }

        private Obj map(Where where, int depth) {
            checkDepth(depth, pos, where);
            Pos open = position(pos);
            pos++;
            return members(where, depth, open, false);
        }

        /** A map key as serde_json names the field: strings as they are, whole numbers and booleans as text. */
        private String key(Node k, int keyAt, Where where) {
            if (k instanceof Str str) {
                return str.value();
            }
            if (k instanceof Num num && num.isInteger()) {
                return num.text();
            }
            if (k instanceof Bool b) {
                return Boolean.toString(b.value());
            }
            throw error(keyAt, where, "a map key must be a string, a whole number, a boolean or a unit variant (JSON"
                    + " names fields with text), found " + k.kind());
        }

        private void checkDepth(int depth, int offset, Where where) {
            if (depth > maxDepth) {
                throw error(offset, where, JsonTree.MAX_DEPTH.problem("structs, tuples, lists, maps and variants nest more"
                        + " than " + maxDepth + " levels deep here"));
            }
        }

        private String intern(String key) {
            return keys.computeIfAbsent(key, k -> k);
        }

        /** {@code "..."} at {@code pos}. */
        private String string(Where where) {
            int start = pos++;
            StringBuilder out = new StringBuilder();
            int chunk = pos;
            while (true) {
                if (pos >= n) {
                    throw error(start, where, "a string that is never closed: no '\"' before the end of the input");
                }
                char c = s.charAt(pos);
                if (c == '"') {
                    out.append(s, chunk, pos++);
                    return out.toString();
                }
                if (c == '\\') {
                    out.append(s, chunk, pos);
                    escape(out, where, false);
                    chunk = pos;
                } else {
                    pos++;
                }
            }
        }

        /** {@code 'c'} at {@code pos}: one character, which serde_json writes as a string. */
        private String character(Where where) {
            int start = pos++;
            StringBuilder out = new StringBuilder();
            if (pos >= n || s.charAt(pos) == '\'') {
                throw error(start, where, "a character literal holds one character, such as 'a' or '\\n', found "
                        + (pos >= n ? "the end of the input" : "''"));
            }
            if (s.charAt(pos) == '\\') {
                escape(out, where, true);
            } else {
                int cp = s.codePointAt(pos);
                out.appendCodePoint(cp);
                pos += Character.charCount(cp);
            }
            if (!take('\'')) {
                throw error(pos, where, "expected ''' to end the character literal, found " + found());
            }
            return out.toString();
        }

        /** {@code r#"..."#} at {@code pos}. */
        private String rawString(Where where) {
            int start = pos++;
            int hashes = 0;
            while (pos < n && s.charAt(pos) == '#') {
                hashes++;
                pos++;
            }
            if (hashes > MAX_RAW_HASHES) {
                throw error(start, where, "a raw string with " + hashes + " '#'; at most " + MAX_RAW_HASHES + " are read");
            }
            if (!take('"')) {
                throw error(pos, where, "expected '\"' to open the raw string r" + "#".repeat(hashes) + "\"...\", found "
                        + found());
            }
            String end = "\"" + "#".repeat(hashes);
            int close = s.indexOf(end, pos);
            if (close < 0) {
                throw error(start, where, "a raw string that is never closed: no '" + end + "' before the end of the input");
            }
            String content = s.substring(pos, close);
            pos = close + end.length();
            return content;
        }

        /** The escape at {@code pos} (a backslash), appended to {@code out}. */
        private void escape(StringBuilder out, Where where, boolean inCharacter) {
            int at = pos++;
            if (pos >= n) {
                throw error(at, where, "the input ends inside an escape");
            }
            char c = s.charAt(pos++);
            switch (c) {
                case '\'', '"', '\\' -> out.append(c);
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case '0' -> out.append('\0');
                case 'x' -> byteEscapes(out, where, at, inCharacter);
                case 'u' -> {
                    if (!take('{')) {
                        throw error(pos, where, "expected '{' after \\u: RON writes a Unicode escape as \\u{1F600}, found "
                                + found());
                    }
                    int digits = 0;
                    int cp = 0;
                    while (digits < 6 && pos < n && Character.digit(s.charAt(pos), 16) >= 0) {
                        cp = cp * 16 + Character.digit(s.charAt(pos++), 16);
                        digits++;
                    }
                    if (digits == 0 || !take('}')) {
                        throw error(pos, where, "expected 1 to 6 hexadecimal digits and '}' in \\u{...}, found " + found());
                    }
                    if (cp > Character.MAX_CODE_POINT || (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE)) {
                        throw error(at, where, String.format(Locale.ROOT, "\\u{%X} is not a Unicode character", cp));
                    }
                    out.appendCodePoint(cp);
                }
                default -> throw error(at, where, "unknown escape " + (c > ' ' && c < 0x7F ? "\\" + c
                        : "\\ followed by " + shown(c)) + "; RON has \\\", \\', \\\\, \\n, \\r, \\t,"
                        + " \\0, \\xNN and \\u{N}");
            }
        }

        /** {@code \xNN}, after its {@code x}: an ASCII character, or the first byte of a UTF-8 sequence of escapes. */
        private void byteEscapes(StringBuilder out, Where where, int at, boolean inCharacter) {
            int lead = hexByte(where);
            if (lead < 0x80) {
                out.append((char) lead);
                return;
            }
            int length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
            if (length == 0 || inCharacter) {
                throw error(at, where, String.format(Locale.ROOT, "\\x%02X is not %s", lead, inCharacter
                        ? "an ASCII character (a character literal writes others as \\u{...})" : "the first byte of a UTF-8 character"));
            }
            byte[] bytes = new byte[length];
            bytes[0] = (byte) lead;
            for (int i = 1; i < length; i++) {
                if (!s.startsWith("\\x", pos)) {
                    throw error(pos, where, String.format(Locale.ROOT, "\\x%02X starts a UTF-8 character of %d bytes: expected"
                            + " %d more \\xNN, found %s", lead, length, length - i, found()));
                }
                pos += 2;
                bytes[i] = (byte) hexByte(where);
            }
            try {
                out.append(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)));
            } catch (CharacterCodingException e) {
                throw error(at, where, "these \\xNN escapes do not form a UTF-8 character");
            }
        }

        private int hexByte(Where where) {
            for (int i = pos; i < pos + 2; i++) {
                if (i >= n || Character.digit(s.charAt(i), 16) < 0) {
                    throw error(i, where, "expected two hexadecimal digits after \\x, found "
                            + (i >= n ? "the end of the input" : shown(s.charAt(i))));
                }
            }
            int b = Character.digit(s.charAt(pos), 16) * 16 + Character.digit(s.charAt(pos + 1), 16);
            pos += 2;
            return b;
        }

        /** A number at {@code pos}: its sign, digits, fraction, exponent and type suffix. */
        private Node number(Where where) {
            int start = pos;
            Pos p = position(start);
            boolean negative = s.charAt(pos) == '-';
            if (negative || s.charAt(pos) == '+') {
                pos++;
            }
            for (String word : NON_FINITE) {
                if (s.startsWith(word, pos) && !identifierPart(pos + word.length())) {
                    pos += word.length();
                    return new Null(where, p.line(), p.column());
                }
            }
            int radix = s.startsWith("0x", pos) ? 16 : s.startsWith("0o", pos) ? 8 : s.startsWith("0b", pos) ? 2 : 10;
            return radix == 10 ? decimal(where, start, negative, p) : radixInteger(where, start, negative, radix, p);
        }

        private Node radixInteger(Where where, int start, boolean negative, int radix, Pos p) {
            pos += 2;
            if (peek() == '_') {
                throw error(pos, where, "the digits of a number may not start with '_'");
            }
            StringBuilder digits = new StringBuilder();
            while (pos < n && (Character.digit(s.charAt(pos), 16) >= 0 || s.charAt(pos) == '_')) {
                char c = s.charAt(pos);
                if (c != '_' && Character.digit(c, radix) < 0) {
                    throw error(pos, where, "'" + c + "' is not a digit in base " + radix);
                }
                if (c != '_') {
                    digits.append(c);
                }
                pos++;
                tooLong(start, where);
            }
            if (digits.isEmpty()) {
                throw error(pos, where, "expected digits after " + s.substring(start, pos) + ", found " + found());
            }
            BigInteger value = new BigInteger(digits.toString(), radix);
            value = negative ? value.negate() : value;
            String suffix = suffix(where, start, true, false);
            return integer(where, start, value, suffix, p);
        }

        private Node decimal(Where where, int start, boolean negative, Pos p) {
            if (peek() == '_') {
                throw error(pos, where, "the digits of a number may not start with '_'");
            }
            String whole = digits(where, start);
            boolean dot = take('.');
            String fraction = "";
            if (dot) {
                if (peek() == '_') {
                    throw error(pos, where, "a number's fraction may not start with '_'");
                }
                fraction = digits(where, start);
            }
            if (whole.isEmpty() && fraction.isEmpty()) {
                throw error(pos, where, "expected a digit after " + InputNames.shown(s.substring(start, pos)) + ", found "
                        + found());
            }
            String exponent = "";
            if (peek() == 'e' || peek() == 'E') {
                pos++;
                String sign = peek() == '-' || peek() == '+' ? String.valueOf(s.charAt(pos++)) : "";
                String e = digits(where, start);
                if (e.isEmpty()) {
                    throw error(pos, where, "expected the digits of the exponent, found " + found());
                }
                exponent = "e" + sign + e;
            }
            boolean isFloat = dot || !exponent.isEmpty();
            String suffix = suffix(where, start, !isFloat, true);
            if (!isFloat && !suffix.startsWith("f")) {
                return integer(where, start, new BigInteger((negative ? "-" : "") + whole), suffix, p);
            }
            String intPart = whole.isEmpty() ? "0" : whole.replaceFirst("^0+(?=\\d)", "");
            String text = (negative ? "-" : "") + intPart + "." + (fraction.isEmpty() ? "0" : fraction) + exponent;
            return new Num(where, p.line(), p.column(), text, false);
        }

        /** Decimal digits and {@code _} at {@code pos}, without the {@code _}. */
        private String digits(Where where, int start) {
            StringBuilder digits = new StringBuilder();
            while (pos < n && ((s.charAt(pos) >= '0' && s.charAt(pos) <= '9') || s.charAt(pos) == '_')) {
                if (s.charAt(pos) != '_') {
                    digits.append(s.charAt(pos));
                }
                pos++;
                tooLong(start, where);
            }
            return digits.toString();
        }

        private void tooLong(int start, Where where) {
            if (pos - start > MAX_NUMBER_LENGTH) {
                throw error(start, where, "a number of more than " + MAX_NUMBER_LENGTH + " characters; at most "
                        + MAX_NUMBER_LENGTH + " are read");
            }
        }

        /** The type suffix at {@code pos} ({@code u8}, {@code f32}), or "" when the number ends here. */
        private String suffix(Where where, int start, boolean integerAllowed, boolean floatAllowed) {
            if (!identifierPart(pos)) {
                return "";
            }
            int at = pos;
            while (identifierPart(pos)) {
                pos += Character.charCount(s.codePointAt(pos));
                tooLong(start, where);
            }
            String suffix = s.substring(at, pos);
            boolean known = (integerAllowed && INTEGER_SUFFIXES.contains(suffix))
                    || (floatAllowed && (suffix.equals("f32") || suffix.equals("f64")));
            if (!known) {
                throw error(at, where, "unexpected " + InputNames.shown(suffix) + " after the number "
                        + s.substring(start, at) + ": a number ends with a digit or a type suffix ("
                        + (integerAllowed ? String.join(", ", INTEGER_SUFFIXES) + (floatAllowed ? ", " : "") : "")
                        + (floatAllowed ? "f32, f64" : "") + ")");
            }
            return suffix;
        }

        private Num integer(Where where, int start, BigInteger value, String suffix, Pos p) {
            if (!suffix.isEmpty()) {
                int bits = Integer.parseInt(suffix.substring(1));
                boolean signed = suffix.charAt(0) == 'i';
                BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
                BigInteger max = (signed ? BigInteger.ONE.shiftLeft(bits - 1) : BigInteger.ONE.shiftLeft(bits)).subtract(BigInteger.ONE);
                if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
                    throw error(start, where, value + " does not fit in " + suffix + " (" + min + " to " + max + ")");
                }
            }
            return new Num(where, p.line(), p.column(), value.toString(), true);
        }

        /** A name at {@code pos} ({@code name} or {@code r#name}), or null (and nothing read) when none is there. */
        private Ident identifier() {
            if (s.startsWith("r#", pos) && pos + 2 < n && rawIdentifierPart(pos + 2)) {
                int start = pos + 2;
                pos = start;
                while (pos < n && rawIdentifierPart(pos)) {
                    pos += Character.charCount(s.codePointAt(pos));
                }
                return new Ident(s.substring(start, pos), true);
            }
            if (!identifierStart(pos)) {
                return null;
            }
            int start = pos;
            pos += Character.charCount(s.codePointAt(pos));
            while (identifierPart(pos)) {
                pos += Character.charCount(s.codePointAt(pos));
            }
            return new Ident(s.substring(start, pos), false);
        }

        private boolean identifierStart(int i) {
            if (i >= n) {
                return false;
            }
            int cp = s.codePointAt(i);
            return cp == '_' || Character.isUnicodeIdentifierStart(cp);
        }

        private boolean identifierPart(int i) {
            if (i >= n) {
                return false;
            }
            int cp = s.codePointAt(i);
            return cp == '_' || (Character.isUnicodeIdentifierPart(cp) && !Character.isIdentifierIgnorable(cp));
        }

        private boolean rawIdentifierPart(int i) {
            return identifierPart(i) || (i < n && (s.charAt(i) == '.' || s.charAt(i) == '+' || s.charAt(i) == '-'));
        }

        /** Skips white space (ron's: with VT, FF, NEL, LRM, RLM and the Unicode line and paragraph separators) and comments. */
        private void skipSpace() {
            while (pos < n) {
                char c = s.charAt(pos);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\u000B' || c == '\u000C' || c == '\u0085'
                        || c == '\u200E' || c == '\u200F' || c == '\u2028' || c == '\u2029') {
                    pos++;
                } else if (s.startsWith("//", pos)) {
                    int end = s.indexOf('\n', pos);
                    pos = end < 0 ? n : end + 1;
                } else if (s.startsWith("/*", pos)) {
                    blockComment();
                } else if (c == '/') {
                    throw error(pos, at, "expected a comment ('//' or '/*') after '/', found "
                            + (pos + 1 < n ? shown(s.charAt(pos + 1)) : "the end of the input"));
                } else {
                    return;
                }
            }
        }

        /** A {@code /* ... *}{@code /} comment, which may hold others. */
        private void blockComment() {
            int start = pos;
            pos += 2;
            int level = 1;
            while (level > 0) {
                if (pos >= n) {
                    throw error(start, at, "a comment that is never closed: no '*/' before the end of the input");
                }
                if (s.startsWith("/*", pos)) {
                    level++;
                    pos += 2;
                } else if (s.startsWith("*/", pos)) {
                    level--;
                    pos += 2;
                } else {
                    pos++;
                }
            }
        }

        private char peek() {
            return pos < n ? s.charAt(pos) : '\0';
        }

        private boolean take(char c) {
            if (pos < n && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        /** What is at {@code pos}, for "expected X, found Y". */
        private String found() {
            if (pos >= n) {
                return "the end of the input";
            }
            if (identifierStart(pos)) {
                int end = pos;
                while (end - pos < 40 && identifierPart(end)) {
                    end += Character.charCount(s.codePointAt(end));
                }
                return "the name " + InputNames.shown(s.substring(pos, end)) + (identifierPart(end) ? "..." : "");
            }
            return shown(s.charAt(pos));
        }

        private static String shown(char c) {
            return c >= ' ' && c < 0x7F ? "'" + c + "'" : String.format(Locale.ROOT, "U+%04X", (int) c);
        }
    }
}
