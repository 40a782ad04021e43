package dev.ecslab.lab.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.scenario.JsonDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Typed reads of a results file's fields ({@code matrix.json}), each failing with a {@link BadInputException} that
 * names the file, the line and the path of the value ({@code rows[3].criteria.1.status}) and what was expected.
 * Why one class: the results codec and the report's reader check the same file, so they say what is wrong the same
 * way.
 */
public final class JsonFields {
    private final java.util.function.BiFunction<String, String, BadInputException> problems;

    /** Fields of {@code json}: a problem is located by its line in the file. */
    public JsonFields(JsonDocument json) {
        this.problems = (path, problem) -> json.at(path, problem, null);
    }

    /** Fields of a value of {@code source} read before: a problem names the path only. */
    public JsonFields(String source) {
        this.problems = (path, problem) -> new BadInputException(source, path, problem);
    }

    /** A problem at {@code path} ({@code rows[3].criteria.1.status}), located by its line in the file. */
    public BadInputException bad(String path, String problem) {
        return problems.apply(path, problem);
    }

    /** A verdict the file records must be the one its figures give. */
    public void check(String at, String recorded, String fromFigures) {
        if (!recorded.equals(fromFigures)) {
            throw bad(at, "says " + recorded + ", but the figures recorded beside it give " + fromFigures
                    + " (the file was changed after the lab wrote it?)");
        }
    }

    public JsonNode field(JsonNode node, String name, String at) {
        JsonNode v = node == null ? null : node.get(name);
        if (v == null) {
            throw bad(at.isEmpty() ? name : at, at.isEmpty() ? "missing" : "has no \"" + name + "\"");
        }
        return v;
    }

    /** {@code name} under {@code at}, as a path. */
    public static String join(String at, String name) {
        return at.isEmpty() ? name : at + "." + name;
    }

    /** The field {@code name} of {@code node}, which must be {@code expected} ({@code ok}). */
    public JsonNode typed(JsonNode node, String name, String at, Predicate<JsonNode> ok, String expected) {
        JsonNode v = field(node, name, at);
        if (!ok.test(v)) {
            throw bad(join(at, name), "expected " + expected);
        }
        return v;
    }

    public String text(JsonNode node, String name, String at) {
        return typed(node, name, at, JsonNode::isTextual, "a string").asText();
    }

    public String optionalText(JsonNode node, String name, String at) {
        JsonNode v = typed(node, name, at, x -> x.isTextual() || x.isNull(), "a string or null");
        return v.isNull() ? null : v.asText();
    }

    /** A whole number from 0 to {@link Integer#MAX_VALUE}. */
    public int integer(JsonNode node, String name, String at) {
        return typed(node, name, at, v -> v.isIntegralNumber() && v.canConvertToInt() && v.asInt() >= 0,
                "a whole number from 0 to " + Integer.MAX_VALUE).asInt();
    }

    public long longValue(JsonNode node, String name, String at) {
        return whole(field(node, name, at), join(at, name));
    }

    /** A count: a whole number from 0 (a lab never writes a negative one). */
    public long count(JsonNode node, String name, String at) {
        long n = longValue(node, name, at);
        if (n < 0) {
            throw bad(join(at, name), "expected a whole number from 0, was " + n);
        }
        return n;
    }

    public long whole(JsonNode v, String at) {
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw bad(at, "expected a whole number");
        }
        return v.asLong();
    }

    public double decimal(JsonNode node, String name, String at) {
        return typed(node, name, at, JsonNode::isNumber, "a number").asDouble();
    }

    public boolean bool(JsonNode node, String name, String at) {
        return typed(node, name, at, JsonNode::isBoolean, "true or false").asBoolean();
    }

    public JsonNode object(JsonNode node, String name, String at) {
        return typed(node, name, at, JsonNode::isObject, "an object");
    }

    public JsonNode array(JsonNode node, String name, String at) {
        return typed(node, name, at, JsonNode::isArray, "an array");
    }

    public List<String> strings(JsonNode node, String name, String at) {
        return strings(field(node, name, at), join(at, name));
    }

    public List<String> strings(JsonNode v, String at) {
        if (!v.isArray()) {
            throw bad(at, "expected an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            if (!v.get(i).isTextual()) {
                throw bad(at + "[" + i + "]", "expected a string");
            }
            out.add(v.get(i).asText());
        }
        return out;
    }
}
