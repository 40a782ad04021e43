package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.json.JsonSyntaxWords;
import dev.ecslab.ecs.input.NearestName;
import dev.ecslab.ecs.json.JsonTree;
import dev.ecslab.ecs.json.JsonTree.Bool;
import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.json.JsonTree.Str;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scenarios as JSON: the record fields by name ({@code name}, {@code entities}, {@code stages},
 * {@code pauses}, {@code frames}, {@code edits}, ...), data and ops by their enum names. Reading
 * checks the scenario ({@link Scenario#validate()}) after its size ({@link ScenarioLimits}).
 *
 * <p><b>Errors.</b> Every problem of a file is a {@link ScenarioException} (a {@link BadInputException})
 * of one line: the file, the line (and column, for syntax errors) and the path of the culprit
 * ({@code edits[3].system}), and what was wrong in words (an unknown field with the known ones and the
 * nearest, a value of the wrong type, a missing required field, a number out of range), never a Java
 * class name. Reading is strict: unknown and duplicate fields, a {@link Required} field absent or
 * {@code null}, a fraction for a whole number, a string for a number and a number for an enum are all
 * errors. A file is read through {@link InputFile} (a regular file within the size limit, strict
 * UTF-8) and parsed by ecslab's one JSON reader ({@link JsonDocument} over {@link JsonTree}: nesting,
 * value count and duplicate fields are checked there, and every error gets a line and a column);
 * databind then binds the records from that tree.
 */
public final class ScenarioJson {
    /**
     * The mapper for scenarios and traces: strict binding from a {@link JsonDocument}'s tree (see the class
     * comment), indented output.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    /** Writes {@code value} as JSON on one line (a result file a program reads, not a person). */
    public static void writeCompact(java.nio.file.Path file, Object value) {
        try {
            MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT)
                    .writeValue(file.toFile(), value);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file, e);
        }
    }

    private static final Pattern MISSING = Pattern.compile("Missing required creator property '([^']*)'");
    private static final Pattern OUT_OF_RANGE = Pattern.compile("Numeric value \\(([^)]*)\\) out of range of (\\w+)");
    private static final Pattern JAVA_NAME = Pattern.compile("(java|com|dev|org)\\.[a-z]+\\.|Exception|`|\\bclass\\b");

    private ScenarioJson() {
    }

    public static String write(Scenario s) {
        try {
            return MAPPER.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write scenario " + s.name(), e);
        }
    }

    public static void write(Scenario s, Path file) {
        try {
            Files.writeString(file, write(s));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Reads, limits and validates a scenario.
     *
     * @param source names the input in error messages (a file name)
     * @throws ScenarioException what is wrong, with the line and the path
     */
    public static Scenario read(String json, String source) {
        JsonDocument doc = JsonDocument.parse(json, source, JsonTree.MAX_VALUES);
        Scenario s = doc.bind(Scenario.class);
        if (s == null) {
            throw new ScenarioException(source, "", "the file holds no scenario (null)", "", null);
        }
        return checked(s, doc, "", "the scenario file");
    }

    /**
     * Reads a scenario file through {@link InputFile}.
     *
     * @throws BadInputException when the file cannot be read, and a {@link ScenarioException} when it is no
     *         valid scenario
     */
    public static Scenario read(Path file) {
        return read(InputFile.readUtf8(file), file.toString());
    }

    /**
     * {@code s}, read from {@code doc}, after {@link ScenarioLimits#check} and {@link Scenario#validate()};
     * a problem is reported at its line and column in {@code doc}, its path prefixed with {@code prefix}
     * ({@code "scenario."} inside a replay file).
     *
     * @param what the input in words, for limit messages ({@code "the replay file"})
     */
    public static Scenario checked(Scenario s, JsonDocument doc, String prefix, String what) {
        try {
            ScenarioLimits.check(s, what);
            return s.validate();
        } catch (ScenarioException e) {
            throw doc.at(prefix + e.path(), e.problem(), e);
        }
    }

    /**
     * A binding error in words, located by the line and column of the value it names (Jackson reports
     * record errors at the end of the object; a missing field is located at the object that lacks it).
     */
    static ScenarioException error(JsonDocument doc, JsonProcessingException e) {
        String path = pathOf(e);
        ScenarioException unknown = unknownBesideMissing(doc, path, e);
        return unknown != null ? unknown : doc.at(path, words(e, doc.valueAt(path)), e);
    }

    /**
     * Jackson checks required fields before it reports unknown ones, so {@code "frame_count"} for
     * {@code "frames"} would be reported as a missing {@code frames}: when an object lacks a required
     * field and has an unknown one, the unknown one is the error (it is likely the misspelling).
     */
    private static ScenarioException unknownBesideMissing(JsonDocument doc, String path, JsonProcessingException e) {
        Matcher missing = MISSING.matcher(String.valueOf(e.getOriginalMessage()));
        if (!missing.find() || !(e instanceof MismatchedInputException m) || m.getPath().isEmpty()) {
            return null;
        }
        Object from = m.getPath().get(m.getPath().size() - 1).getFrom();
        Class<?> type = from instanceof Class<?> c ? c : from == null ? null : from.getClass();
        if (type == null || !type.isRecord()) {
            return null;
        }
        String object = path.endsWith(missing.group(1)) ? path.substring(0, path.length() - missing.group(1).length()) : path;
        object = object.endsWith(".") ? object.substring(0, object.length() - 1) : object;
        List<String> known = new ArrayList<>();
        for (java.lang.reflect.RecordComponent c : type.getRecordComponents()) {
            known.add(c.getName());
        }
        known.sort(null);
        Obj fields = doc.objectAt(object);
        for (Member field : fields == null ? List.<Member>of() : fields.members()) {
            if (!known.contains(field.key())) {
                String at = object.isEmpty() ? field.key() : object + "." + field.key();
                return doc.at(at, "unknown field " + InputNames.shown(field.key()) + "; expected one of "
                        + String.join(", ", known) + NearestName.hint(field.key(), known) + " (and \""
                        + missing.group(1) + "\", which is required, is missing)", e);
            }
        }
        return null;
    }

    /** The path of the value a mapping error is about ({@code trace.runs[3].startSeq}), or {@code ""}. */
    private static String pathOf(JsonProcessingException e) {
        if (!(e instanceof JsonMappingException m) || m.getPath().isEmpty()) {
            return "";
        }
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** What a parse or mapping error means, in words, without Java or Jackson names. */
    static String words(JsonProcessingException e, Node value) {
        String text = wordsOrNull(e, value);
        if (text == null || JAVA_NAME.matcher(text).find()) {
            JavaType target = e instanceof MismatchedInputException m && m.getTargetType() != null
                    ? MAPPER.getTypeFactory().constructType(m.getTargetType()) : null;
            return "a value of the wrong type or form here" + (target == null ? "" : " (expected " + expected(target) + ")");
        }
        return text;
    }

    private static String wordsOrNull(JsonProcessingException e, Node at) {
        String message = String.valueOf(e.getOriginalMessage());
        if (e instanceof UnrecognizedPropertyException u) {
            List<String> known = new ArrayList<>();
            if (u.getKnownPropertyIds() != null) {
                u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
            }
            known.sort(null);
            return "unknown field " + InputNames.shown(u.getPropertyName()) + "; expected one of " + String.join(", ", known)
                    + NearestName.hint(u.getPropertyName(), known);
        }
        if (e instanceof InvalidFormatException f && f.getTargetType() != null && f.getTargetType().isEnum()) {
            List<String> values = Arrays.stream(f.getTargetType().getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList();
            String value = String.valueOf(f.getValue());
            return "unknown value " + InputNames.shown(value) + "; expected one of " + String.join(", ", values)
                    + NearestName.hint(value, values);
        }
        Matcher missing = MISSING.matcher(message);
        if (missing.find()) {
            return "missing field \"" + missing.group(1) + "\" (it is required)";
        }
        if (e instanceof InvalidNullException) {
            return "must not be null (a value is required here)";
        }
        if (e instanceof ValueInstantiationException v) {
            Throwable cause = v.getCause();
            String why = cause == null ? null : cause.getMessage();
            if (why != null && why.matches("[A-Za-z]+")) {
                return "missing field \"" + why + "\" (it is required and may not be null)";
            }
            if (why != null && why.matches("an? [a-z][a-z ]*")) {
                return why + " (a required field is missing or null)";
            }
            return "this object is incomplete: a required field is missing or null";
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InputCoercionException c) {
                Matcher m = OUT_OF_RANGE.matcher(String.valueOf(c.getOriginalMessage()));
                return m.find() ? "the number " + InputNames.shown(m.group(1)) + " is out of range (expected "
                        + expectedNumber(m.group(2)) + ")" : "a number out of range";
            }
        }
        if (message.startsWith("Trailing token")) {
            return "unexpected content after the end of the top-level object";
        }
        if (e instanceof MismatchedInputException m) {
            JavaType target = m.getTargetType() == null ? null : MAPPER.getTypeFactory().constructType(m.getTargetType());
            return "expected " + (target == null ? "another kind of value" : expected(target)) + ", found " + (at != null ? found(at) : found(m));
        }
        if (e instanceof JsonMappingException && e.getCause() instanceof JsonProcessingException inner) {
            return wordsOrNull(inner, at);
        }
        return JsonSyntaxWords.problem(e);
    }

    /** What a value of {@code type} looks like in JSON, in words. */
    private static String expected(JavaType type) {
        Class<?> raw = type.getRawClass();
        if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class || raw == short.class) {
            return "a whole number";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "true or false";
        }
        if (raw == String.class) {
            return "a string";
        }
        if (raw.isEnum()) {
            return "one of " + String.join(", ", Arrays.stream(raw.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList());
        }
        if (type.isCollectionLikeType() || type.isArrayType()) {
            return "an array";
        }
        return "an object";
    }

    private static String expectedNumber(String javaType) {
        return switch (javaType) {
            case "int" -> "a whole number from -2147483648 to 2147483647";
            case "long" -> "a whole number from -9223372036854775808 to 9223372036854775807";
            default -> "a smaller number";
        };
    }

    /** The value a mapping failed on, in words. */
    private static String found(Node value) {
        if (value instanceof Str str) {
            return str.value().isEmpty() ? "a string" : "the string " + InputNames.shown(str.value());
        }
        if (value instanceof Num num) {
            return "the number " + num.text().substring(0, Math.min(num.text().length(), InputNames.SHOWN));
        }
        if (value instanceof Bool b) {
            return String.valueOf(b.value());
        }
        return value.kind();
    }

    /** The token the parser stood on when the mapping failed, in words. */
    private static String found(MismatchedInputException m) {
        if (!(m.getProcessor() instanceof JsonParser p)) {
            return "something else";
        }
        JsonToken t = p.currentToken();
        if (t == null) {
            return "the end of the input";
        }
        try {
            return switch (t) {
                case START_OBJECT, END_OBJECT, FIELD_NAME -> "an object";
                case START_ARRAY, END_ARRAY -> "an array";
                case VALUE_STRING -> p.getText().isEmpty() ? "a string" : "the string " + InputNames.shown(p.getText());
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getText().isEmpty() ? "a number"
                        : "the number " + p.getText().substring(0, Math.min(p.getText().length(), InputNames.SHOWN));
                case VALUE_TRUE -> "true";
                case VALUE_FALSE -> "false";
                case VALUE_NULL -> "null";
                default -> "something else";
            };
        } catch (IOException ex) {
            return "something else";
        }
    }
}
