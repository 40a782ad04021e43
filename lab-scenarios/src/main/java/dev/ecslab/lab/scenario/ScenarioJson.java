package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Scenarios as JSON: the record fields by name ({@code name}, {@code entities}, {@code stages},
 * {@code pauses}, {@code frames}, {@code edits}, ...), data and ops by their enum names. Reading
 * checks the scenario ({@link Scenario#validate()}); every error names the line and column, and for
 * a scenario that parses but cannot run, the path of the culprit ({@code edits[3].system}).
 */
public final class ScenarioJson {
    /** The mapper for scenarios and traces: unknown fields are errors, output is indented. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

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
     * Reads and validates a scenario.
     *
     * @param source names the input in error messages (a file name)
     * @throws ScenarioException what is wrong, with the line and column
     */
    public static Scenario read(String json, String source) {
        Scenario s;
        try {
            s = MAPPER.readValue(json, Scenario.class);
        } catch (JsonProcessingException e) {
            throw new ScenarioException(where(json, source, e) + ": " + e.getOriginalMessage(), e);
        }
        if (s == null) {
            throw new ScenarioException(source + ": the file holds no scenario (null)", (Throwable) null);
        }
        try {
            return s.validate();
        } catch (ScenarioException e) {
            Integer line = lines(json).get(e.path());
            String prefix = line == null ? source : source + ":" + line;
            throw new ScenarioException(prefix + ": " + e.getMessage(), e);
        }
    }

    public static Scenario read(Path file) {
        try {
            return read(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new ScenarioException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Where a parse or mapping error is: the line of the offending field when the error names one
     * (Jackson reports record errors at the end of the object), else the parser's line and column.
     */
    public static String where(String json, String source, JsonProcessingException e) {
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            StringBuilder path = new StringBuilder();
            for (JsonMappingException.Reference r : m.getPath()) {
                if (r.getFieldName() != null) {
                    path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
                } else if (r.getIndex() >= 0) {
                    path.append('[').append(r.getIndex()).append(']');
                }
            }
            Integer line = lines(json).get(path.toString());
            if (line != null) {
                return source + ":" + line + " (" + path + ")";
            }
        }
        JsonLocation at = e.getLocation();
        return at == null ? source : source + ":" + at.getLineNr() + ":" + at.getColumnNr();
    }

    /** The line of every value in the JSON text, by path ({@code stages[0].systems[1].name}). */
    static Map<String, Integer> lines(String json) {
        Map<String, Integer> out = new HashMap<>();
        Deque<String> path = new ArrayDeque<>();
        Deque<int[]> arrays = new ArrayDeque<>();        // next index of each open array
        try (JsonParser p = new JsonFactory().createParser(json)) {
            String field = null;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME) {
                    field = p.currentName();
                    continue;
                }
                if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    if (t == JsonToken.END_ARRAY) {
                        arrays.pop();
                    }
                    if (!path.isEmpty()) {
                        path.pop();
                    }
                    continue;
                }
                String segment;
                if (field != null) {
                    segment = field;
                    field = null;
                } else if (!arrays.isEmpty()) {
                    segment = "[" + arrays.peek()[0]++ + "]";
                } else {
                    segment = "";
                }
                String here = join(path, segment);
                out.putIfAbsent(here, (int) p.currentTokenLocation().getLineNr());
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    path.push(here);
                    if (t == JsonToken.START_ARRAY) {
                        arrays.push(new int[] {0});
                    }
                }
            }
        } catch (IOException e) {
            // already parsed once; nothing to add
        }
        return out;
    }

    private static String join(Deque<String> path, String segment) {
        String parent = path.isEmpty() ? "" : path.peek();
        if (segment.startsWith("[") || parent.isEmpty()) {
            return parent + segment;
        }
        return parent + "." + segment;
    }
}
