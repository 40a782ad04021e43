package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.json.JsonInputException;
import dev.ecslab.ecs.json.JsonTree;
import dev.ecslab.ecs.json.JsonTree.Arr;
import dev.ecslab.ecs.json.JsonTree.Bool;
import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.json.JsonTree.Str;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A JSON file of the lab (a scenario, a replay file, a recorded matrix) read by ecslab's one reader,
 * {@link JsonTree}: syntax, duplicate fields, nesting and size are checked there, and every value keeps
 * its line and column. Records are then bound from that tree by Jackson's databind ({@link #bind}), and
 * readers that walk the JSON themselves get databind's view of the same tree ({@link #jackson}).
 *
 * <p>Contract: every problem, of syntax or of binding or found later by a check that knows only a path
 * ({@link #at}), is a {@link ScenarioException} located as {@code line L, column C, PATH}, where PATH is
 * the path within the file ({@code trace.runs[3].startSeq}; empty for the whole file) and the line and
 * column are where that value begins (for a field that is missing, where the object that lacks it
 * begins).
 */
public final class JsonDocument {
    private final String source;
    private final Node root;

    private JsonDocument(String source, Node root) {
        this.source = source;
        this.root = root;
    }

    /**
     * Parses {@code json} (already read within its size limit, as by {@code InputFile}), holding at most
     * {@code maxValues} values.
     *
     * @param source names the file in errors
     * @throws ScenarioException for a syntax error or a limit that is hit, at its line, column and path
     */
    public static JsonDocument parse(String json, String source, InputLimit maxValues) {
        try {
            return new JsonDocument(source, JsonTree.parse(json, source, maxValues));
        } catch (JsonInputException e) {
            String path = withoutRoot(e.path());
            return failWith(new ScenarioException(source, location(e.line(), e.column(), path), e.problem(), path,
                    e.getCause()));
        }
    }

    /**
     * Reads a versioned file of the lab's strictly: a regular file of at most {@code maxBytes}, strict UTF-8, JSON of
     * at most {@code maxValues} values, whose {@code "format"} is {@code format} and {@code "version"} is
     * {@code version}.
     *
     * @param what the kind of file, as errors name it ({@code shard file})
     * @throws dev.ecslab.ecs.input.BadInputException naming the file: another format or another version (at the line
     *         and column of its {@code "format"} or {@code "version"}, when it has one), or what {@link #parse} refuses
     */
    public static JsonDocument readVersioned(java.nio.file.Path file, String format, int version, String what,
            InputLimit maxBytes, InputLimit maxValues) {
        String source = file.toString();
        String json = dev.ecslab.ecs.input.InputFile.readUtf8(file, maxBytes);
        JsonDocument doc = parse(json, source, maxValues);
        JsonNode root = doc.jackson();
        if (!root.isObject() || !format.equals(root.path("format").asText(null))) {
            throw doc.at(root.has("format") ? "format" : "", "is not an ecslab " + what + " (its \"format\" is not \""
                    + format + "\")", null);
        }
        if (root.path("version").asInt(-1) != version) {
            String article = what.matches("[aeiou].*") ? "an " : "a ";
            String is = root.has("version") ? "is " + article + what + " of layout version " + root.path("version")
                    : "has no \"version\"";
            throw doc.at(root.has("version") ? "version" : "", is + "; this lab reads version " + version
                    + " (read it with the lab that wrote it)", null);
        }
        return doc;
    }

    /** {@code line L, column C, PATH}, without the path when it is the whole file. */
    private static String location(int line, int column, String path) {
        String at = JsonInputException.location(line, column, path);
        return at.endsWith(", ") ? at.substring(0, at.length() - 2) : at;
    }

    private static JsonDocument failWith(ScenarioException e) {
        throw e;
    }

    /** The file's name, as errors give it. */
    public String source() {
        return source;
    }

    /** The top-level value. */
    public Node root() {
        return root;
    }

    /**
     * The document bound to {@code type} by {@link ScenarioJson#MAPPER} (strict: unknown fields, missing
     * required ones, wrong types and enum values that do not exist are refused); {@code null} for a
     * document that is {@code null}.
     *
     * @throws ScenarioException what is wrong, in words, at its line, column and path
     */
    public <T> T bind(Class<T> type) {
        return bind(ScenarioJson.MAPPER.readerFor(type));
    }

    /**
     * The document bound as {@link #bind} binds it, except that fields {@code type} does not know are ignored: for a
     * format whose readers promise to read a file with the fields a later lab adds ({@code engines.json}).
     *
     * @throws ScenarioException what is wrong, in words, at its line, column and path
     */
    public <T> T bindIgnoringNewFields(Class<T> type) {
        return bind(ScenarioJson.MAPPER.readerFor(type).without(
                com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
    }

    private <T> T bind(com.fasterxml.jackson.databind.ObjectReader reader) {
        try {
            return reader.readValue(jackson());
        } catch (JsonProcessingException e) {
            throw ScenarioJson.error(this, e);
        } catch (IOException e) {
            throw new ScenarioException(source, "", "cannot read it: " + e.getMessage(), "", e);
        }
    }

    /** Databind's view of the document, for readers that walk the JSON themselves. */
    public JsonNode jackson() {
        return jackson(root);
    }

    /** The problem {@code problem} of the value at {@code path} ({@code ""}: the whole file). */
    public ScenarioException at(String path, String problem, Throwable cause) {
        if (path.isEmpty()) {
            return new ScenarioException(source, "", problem, path, cause);
        }
        Node n = JsonTree.find(root, path);
        return new ScenarioException(source, JsonInputException.location(n.line(), n.column(), path), problem, path, cause);
    }

    /** The value at {@code path}, or null when there is none. */
    Node valueAt(String path) {
        Node n = JsonTree.find(root, path);
        return withoutRoot(n.path()).equals(path) ? n : null;
    }

    /** The object at {@code path}, or null when there is none. */
    Obj objectAt(String path) {
        return valueAt(path) instanceof Obj o ? o : null;
    }

    /** A path as the tree prints it ({@code $.a[0]}) in the form of the lab's files ({@code a[0]}). */
    static String withoutRoot(String path) {
        return path.startsWith("$.") ? path.substring(2) : path.startsWith("$") ? path.substring(1) : path;
    }

    private static JsonNode jackson(Node n) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (n instanceof Obj o) {
            ObjectNode out = f.objectNode();
            for (Member m : o.members()) {
                out.set(m.key(), jackson(m.value()));
            }
            return out;
        }
        if (n instanceof Arr a) {
            ArrayNode out = f.arrayNode(a.items().size());
            for (Node item : a.items()) {
                out.add(jackson(item));
            }
            return out;
        }
        if (n instanceof Str s) {
            return f.textNode(s.value());
        }
        if (n instanceof Num num) {
            return number(f, num);
        }
        return n instanceof Bool b ? f.booleanNode(b.value()) : f.nullNode();
    }

    /** A number as databind's own parser would give it: int, long or big integer; a decimal otherwise. */
    private static JsonNode number(JsonNodeFactory f, Num num) {
        if (num.isInteger()) {
            BigInteger v = num.integer();
            return v.bitLength() < 32 ? f.numberNode(v.intValue())
                    : v.bitLength() < 64 ? f.numberNode(v.longValue()) : f.numberNode(v);
        }
        try {
            return f.numberNode(new BigDecimal(num.text()));
        } catch (NumberFormatException e) {
            return f.numberNode(Double.parseDouble(num.text()));       // an exponent beyond BigDecimal's range
        }
    }
}
