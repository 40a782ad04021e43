package dev.ecslab.reports.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.reports.html.EnginesPage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code engines.json}, what {@code lab engines} measured as data for CI: the rows of {@code engines.md} with each
 * engine's contract, measured class, reach, and per criterion the status, the runs that judged and failed it and the
 * replay file of its first counterexample. Documented in docs/command-line.md.
 *
 * <p>Contract: the document names its format ({@value #FORMAT}) and {@code version} ({@value #VERSION}); a reader
 * refuses another format or a newer version. A field added later that an older reader ignores keeps the version; a
 * field whose meaning changes, or that is removed, takes the next one. What is written reads back equal ({@link #read}).
 */
final class EnginesJson {
    static final String FORMAT = "ecslab-engines";
    static final int VERSION = 1;

    /** The document. */
    record Document(String format, int version, int scenarios, int tries, long seed, List<String> columns, List<Engine> engines) {
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
    record Engine(String id, String name, Contract contract, String measured, int ran, int narrowed, int leftOut,
            Map<String, Integer> notExpressible, boolean late, Map<String, Cell> cells) {
    }

    /** The contract, as declared and in the words the page shows. */
    record Contract(String source, List<String> components, List<String> resources, boolean ownWrites, boolean equalWritesCount,
            int delayFrames, List<String> features, String coalescing, List<String> words) {
    }

    /**
     * One criterion of one engine.
     *
     * @param status         {@code pass}, {@code fail}, {@code not-judged} (no run judged it) or {@code not-applicable}
     *                       (the contract makes it meaningless); neither of the last two is a pass
     * @param counterexample the first failure's, or null
     */
    record Cell(String status, int judged, int failed, Counterexample counterexample) {
    }

    /**
     * A failing criterion's first counterexample: the replay file relative to the engines' folder, the violation in
     * words, the scenario it was found in and the shrunk one's name.
     */
    record Counterexample(String file, String violation, String foundIn, String scenario) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private EnginesJson() {
    }

    /** The document of {@code rows}. */
    static Document of(List<EngineLab.Row> rows, int scenarios, int tries, long seed) {
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

    private static List<String> names(java.util.Set<? extends Enum<?>> values) {
        return values.stream().sorted(java.util.Comparator.comparingInt(Enum::ordinal)).map(Enum::name).toList();
    }

    static String write(Document d) {
        try {
            return JSON.writeValueAsString(d) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write engines.json", e);
        }
    }

    /**
     * Reads an {@code engines.json}.
     *
     * @throws IllegalArgumentException when it is not JSON of this format and a version this lab reads
     */
    static Document read(String json) {
        Document d;
        try {
            d = JSON.readValue(json, Document.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not an engines.json: " + e.getOriginalMessage(), e);
        }
        if (d == null || !FORMAT.equals(d.format())) {
            throw new IllegalArgumentException("not an engines.json: its format is not '" + FORMAT + "'");
        }
        if (d.version() < 1 || d.version() > VERSION) {
            throw new IllegalArgumentException("engines.json version " + d.version() + ": this lab reads versions 1 to " + VERSION);
        }
        return d;
    }
}
