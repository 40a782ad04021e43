package dev.ecslab.reports.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.json.JsonTree;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.Required;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code engines.json}, what {@code lab engines} measured as data for CI: the rows of {@code engines.md} with each
 * engine's contract, measured class, reach, and per criterion the status, the runs that judged and failed it and the
 * replay file of its first counterexample. Documented in docs/command-line.md. The main page of a report beside it
 * reads it back to summarise each engine's result ({@link #read}).
 *
 * <p>Contract: the document names its format ({@value #FORMAT}) and {@code version} ({@value #VERSION}); a reader
 * refuses another format or another version. A field added later that an older reader ignores keeps the version; a
 * field whose meaning changes, or that is removed, takes the next one. What is written reads back equal; what is
 * read is as a lab writes it (every field present, counts and statuses that agree), or refused with where.
 */
public final class EnginesJson {
    /** The format's name, in every file. */
    public static final String FORMAT = "ecslab-engines";
    /** The layout's version; a file of another version is refused. */
    public static final int VERSION = 1;
    /** The file's name in the engines' folder, beside {@link EnginesPage#PAGE}. */
    public static final String FILE = "engines.json";

    /** The document. */
    public record Document(@Required String format, @Required int version, @Required int scenarios, @Required int tries,
            @Required long seed, @Required List<String> columns, @Required List<Engine> engines) {
    }

    /**
     * One engine's row.
     *
     * @param measured       the measured class's label ({@code exact}, {@code exact-delayed}, {@code conservative},
     *                       {@code flaky}, {@code broken}, {@code not judged})
     * @param leftOut        scenarios it could not express, even narrowed
     * @param notExpressible why, by reason (a scenario counts under each)
     * @param cells          by criterion code, in {@link EnginesPage#COLUMNS}' order
     */
    public record Engine(@Required String id, @Required String name, @Required Contract contract, @Required String measured,
            @Required int ran, @Required int narrowed, @Required int leftOut, @Required Map<String, Integer> notExpressible,
            @Required boolean late, @Required Map<String, Cell> cells) {
    }

    /** The contract, as declared and in the words the page shows. */
    public record Contract(@Required String source, @Required List<String> components, @Required List<String> resources,
            @Required boolean ownWrites, @Required boolean equalWritesCount, @Required int delayFrames,
            @Required List<String> features, @Required String coalescing, @Required List<String> words) {
    }

    /**
     * One criterion of one engine.
     *
     * @param status         {@code pass}, {@code fail}, {@code not-judged} (no run judged it) or {@code not-applicable}
     *                       (the contract makes it meaningless); neither of the last two is a pass
     * @param counterexample the first failure's, or null
     */
    public record Cell(@Required String status, @Required int judged, @Required int failed, Counterexample counterexample) {
    }

    /**
     * A failing criterion's first counterexample: the replay file relative to the engines' folder, the violation in
     * words, the scenario it was found in and the shrunk one's name (null when it was kept as found).
     */
    public record Counterexample(@Required String file, @Required String violation, @Required String foundIn, String scenario) {
    }

    /** A cell's statuses, as {@link #status} names them. */
    static final List<String> STATUSES = List.of("pass", "fail", "not-judged", "not-applicable");

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private EnginesJson() {
    }

    /** The document of {@code rows}. */
    public static Document of(List<EngineLab.Row> rows, int scenarios, int tries, long seed) {
        List<Engine> engines = new ArrayList<>();
        for (EngineLab.Row r : rows) {
            EngineContract c = r.contract();
            Map<String, Cell> cells = new LinkedHashMap<>();
            for (Criterion k : EnginesPage.COLUMNS) {
                EngineLab.Cell cell = r.cells().get(k);
                EngineLab.Counterexample x = cell.first();
                cells.put(k.code(), new Cell(status(cell), cell.judged(), cell.failed(), x == null ? null
                        : new Counterexample(EnginesPage.replayFile(r, k), x.violation(), x.foundIn(),
                                x.shrunk() == null ? null : x.shrunk().name())));
            }
            Contract contract = new Contract(c.source(), names(c.components()), names(c.resources()), c.ownWrites(),
                    c.equalWritesCount(), c.delayFrames(), names(c.features()), c.coalescing().name(), c.describe());
            engines.add(new Engine(c.id(), c.name(), contract, r.measured().label(), r.ran(), r.narrowed(), r.skipped(),
                    new LinkedHashMap<>(r.notExpressible()), r.late(), cells));
        }
        return new Document(FORMAT, VERSION, scenarios, tries, seed, EnginesPage.COLUMNS.stream().map(Criterion::code).toList(),
                engines);
    }

    /** {@code pass}, {@code fail}, {@code not-judged} or {@code not-applicable}. */
    static String status(EngineLab.Cell cell) {
        return !cell.applicable() ? "not-applicable" : cell.failed() > 0 ? "fail" : cell.judged() == 0 ? "not-judged" : "pass";
    }

    private static List<String> names(Set<? extends Enum<?>> values) {
        return values.stream().sorted(java.util.Comparator.comparingInt(Enum::ordinal)).map(Enum::name).toList();
    }

    /** The document as the file holds it. */
    public static String write(Document d) {
        try {
            return JSON.writeValueAsString(d) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write engines.json", e);
        }
    }

    /**
     * Reads an {@code engines.json} strictly: a regular file of at most {@link InputFile#MAX_BYTES}, strict UTF-8, JSON
     * of at most {@link JsonTree#MAX_VALUES} values, of this format and version, every field present (fields a later
     * lab adds are ignored), and counts and statuses as a lab writes them.
     *
     * @throws BadInputException naming the file and, inside it, the line, the column and the field
     */
    public static Document read(Path file) {
        JsonDocument doc = JsonDocument.readVersioned(file, FORMAT, VERSION, "engines file", InputFile.MAX_BYTES,
                JsonTree.MAX_VALUES);
        Document d = doc.bindIgnoringNewFields(Document.class);
        need(doc, d.scenarios() >= 0 && d.tries() >= 0 && d.tries() <= d.scenarios(), "tries",
                "is " + d.tries() + " generated scenarios of " + d.scenarios() + "; a lab writes 0 <= tries <= scenarios");
        Set<String> columns = new HashSet<>();
        for (int i = 0; i < d.columns().size(); i++) {
            String code = d.columns().get(i);
            need(doc, code != null && CODE.matcher(code).matches() && columns.add(code), "columns[" + i + "]",
                    "is not a criterion's code (a letter or digit or a few) given once");
        }
        for (int i = 0; i < d.engines().size(); i++) {
            String at = "engines[" + i + "]";
            Engine e = d.engines().get(i);
            need(doc, e != null, at, "is null");
            need(doc, !e.id().isEmpty(), at + ".id", "is empty");
            need(doc, measured(e.measured()) != null, at + ".measured", "is not a measured class; expected one of "
                    + String.join(", ", MEASURED));
            need(doc, e.ran() >= 0 && e.narrowed() >= 0 && e.leftOut() >= 0 && e.narrowed() <= e.ran(), at,
                    "has a negative count, or more narrowed scenarios than ran");
            need(doc, (long) e.ran() + e.leftOut() == d.scenarios(), at, "accounts for " + ((long) e.ran() + e.leftOut())
                    + " scenario(s) (ran plus left out) of the " + d.scenarios() + " each engine was offered");
            need(doc, e.cells().keySet().equals(columns), at + ".cells", "has the criteria " + e.cells().keySet()
                    + "; the columns are " + d.columns());
            for (Map.Entry<String, Cell> k : e.cells().entrySet()) {
                cell(doc, at + ".cells." + k.getKey(), k.getValue(), e.ran());
            }
        }
        return d;
    }

    /** One cell as a lab writes it: counts within the runs, the status they give, a counterexample only of a failure. */
    private static void cell(JsonDocument doc, String at, Cell c, int ran) {
        need(doc, c != null, at, "is null");
        need(doc, STATUSES.contains(c.status()), at + ".status", "is not a status; expected one of " + String.join(", ", STATUSES));
        need(doc, 0 <= c.failed() && c.failed() <= c.judged() && c.judged() <= ran, at, "counts " + c.failed()
                + " failure(s) of " + c.judged() + " judged run(s) of " + ran + "; a lab writes 0 <= failed <= judged <= ran");
        String given = c.failed() > 0 ? "fail" : c.judged() == 0 ? "not-judged" : "pass";
        need(doc, c.status().equals("not-applicable") || c.status().equals(given), at + ".status", "is " + c.status()
                + ", but its counts give " + given);
        need(doc, c.counterexample() == null || c.status().equals("fail"), at + ".counterexample",
                "is there, but the criterion did not fail");
    }

    private static void need(JsonDocument doc, boolean ok, String path, String problem) {
        if (!ok) {
            throw doc.at(path, problem, null);
        }
    }

    /** The measured class whose label ({@link MeasuredClass#label}) is {@code label}, or null. */
    static MeasuredClass measured(String label) {
        return Arrays.stream(MeasuredClass.values()).filter(m -> m.label().equals(label)).findFirst().orElse(null);
    }

    /** A criterion's code as a column may name it. */
    private static final java.util.regex.Pattern CODE = java.util.regex.Pattern.compile("[A-Za-z0-9]{1,8}");

    /** The measured classes' labels. */
    private static final List<String> MEASURED = Arrays.stream(MeasuredClass.values()).map(MeasuredClass::label).toList();
}
