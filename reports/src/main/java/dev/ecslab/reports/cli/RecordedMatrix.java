package dev.ecslab.reports.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.JsonFields;
import dev.ecslab.lab.results.MatrixJson;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.reports.gate.GateVerdict;
import dev.ecslab.reports.verdict.VerdictWords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A report's matrix read back from its folder: {@code matrix.json} (version {@value MatrixReport#JSON_VERSION})
 * and the replay files it names, so {@code lab report} redraws the report without running a scenario.
 *
 * <p>The contract:
 * <ul>
 *   <li>the matrix read back is the one written: its rows answer every question of the public view (statuses,
 *       tallies, measured classes, delays, coverage) as the written rows did, and {@link MatrixReport#json} of it
 *       is the file it was read from; each counterexample is one object wherever the file names it (by its replay
 *       file), with the scenario and the trace of that file;</li>
 *   <li>the figures are checked against the verdicts the file records (every cell's and class's status, every
 *       row's measured class, agreement and measured class per scenario class, every witness's end state): a file
 *       whose verdicts its figures do not give (edited by hand, or damaged) is refused, so a redraw never shows
 *       a pass the figures do not make;</li>
 *   <li>what cannot be read back is said here: the scenario before shrinking is not recorded (only that it was
 *       shrunk), so a shrunk counterexample's {@link Counterexample#original()} is a copy of its shrunk scenario,
 *       a distinct object; a memory counterexample (criterion 6) has no replay file and no trace; a witness pair
 *       that commutes keeps only its end state (matrix.json records every frame only for pairs with replay
 *       files); a strategy row cannot run (its factory refuses);</li>
 *   <li>anything wrong is a {@link BadInputException} naming the file, the line and the path
 *       ({@code rows[3].criteria.1.status}); a file of an older layout is refused with what to do; a replay file
 *       must lie in the report's {@code counterexamples/} or {@code witnesses/} folder and, when the folder has a
 *       manifest, be part of the report.</li>
 * </ul>
 */
final class RecordedMatrix {
    /** The largest {@code matrix.json} read. */
    static final InputLimit MAX_BYTES = new InputLimit("ecslab.limit.matrixBytes", 64L << 20, "bytes");
    /** The most JSON values a {@code matrix.json} read may hold, in proportion to {@link #MAX_BYTES}. */
    static final InputLimit MAX_VALUES = new InputLimit("ecslab.limit.matrixValues", 8_000_000, "values");

    /** What was read: the matrix and each counterexample's replay file, relative to the folder. */
    record Read(Matrix matrix, Map<Counterexample, String> files) {
    }

    private final Path folder;
    private final Path file;
    private final JsonDocument json;
    private final JsonFields in;
    private final Set<String> listed;
    private final Map<String, Replay.Saved> replays = new HashMap<>();
    private final MatrixJson.Reader facts;

    private RecordedMatrix(Path folder, Path file, JsonDocument json, Set<String> listed) {
        this.folder = folder;
        this.file = file;
        this.json = json;
        this.in = new JsonFields(json);
        this.listed = listed;
        this.facts = new MatrixJson.Reader(in, this::replay);
    }

    /**
     * Reads the report in {@code folder}.
     *
     * @throws BadInputException when there is no matrix.json, or it or a replay file it names is unreadable,
     *         malformed, of an older layout, or inconsistent
     */
    static Read read(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        Path file = dir.resolve("matrix.json");
        JsonDocument json = JsonDocument.parse(InputFile.readUtf8(file, MAX_BYTES), file.toString(), MAX_VALUES);
        Set<String> listed;
        try {
            listed = java.nio.file.Files.isRegularFile(dir.resolve(StagedReport.MANIFEST)) ? StagedReport.previous(dir) : null;
        } catch (IOException e) {
            throw new BadInputException(dir.resolve(StagedReport.MANIFEST).toString(), "", "cannot be read: "
                    + FileProblem.words(e), e);
        }
        RecordedMatrix r = new RecordedMatrix(dir, file, json, listed);
        Matrix matrix = r.matrix(json.jackson());
        return new Read(matrix, r.facts.files());
    }

    // ------------------------------------------------------------------ the matrix

    private Matrix matrix(JsonNode root) {
        facts.version(root);
        List<Row> rows = new ArrayList<>();
        JsonNode rj = in.array(root, "rows", "");
        for (int i = 0; i < rj.size(); i++) {
            rows.add(row(rj.get(i), "rows[" + i + "]"));
        }
        List<String> differences = facts.ambiguity(root);
        List<Long> seeds = facts.catalogueSeeds(root);
        int tries = in.integer(root, "tries", "");
        return new Matrix(rows, differences, in.integer(root, "scenarios", ""), tries, seeds,
                in.longValue(root, "campaignSeed", ""), in.decimal(root, "seconds", ""), facts.witnesses(root),
                facts.layout(root), facts.reach(root, tries), facts.compiledAmbiguities(root));
    }

    /** A row: its strategy and figures ({@link MatrixJson}), its verdicts checked against the figures. */
    private Row row(JsonNode r, String at) {
        TrackerSubject subject = facts.subject(r, at);
        Row row = new Row(subject, in.text(r, "executor", at), facts.tally(r, at));
        in.check(at + ".measured", in.text(r, "measured", at), GateVerdict.name(row.measured()));
        in.check(at + ".agrees", Boolean.toString(in.bool(r, "agrees", at)), Boolean.toString(row.agrees()));
        JsonNode measuredByClass = in.object(r, "measuredByClass", at);
        for (ScenarioClass cls : VerdictWords.CLASSES) {
            in.check(at + ".measuredByClass." + cls.title(), in.text(measuredByClass, cls.title(), at + ".measuredByClass"),
                    GateVerdict.name(row.measured(cls)));
        }
        return row;
    }

    /** A replay file the matrix names: inside {@code kind} of the folder, part of the report, valid. */
    private Replay.Saved replay(String relative, String at, String kind) {
        Replay.Saved cached = replays.get(relative);
        if (cached != null) {
            return cached;
        }
        Path p = folder.resolve(relative).normalize();
        if (!relative.startsWith(kind) || relative.contains("\\") || !p.startsWith(folder.resolve(kind))) {
            throw in.bad(at, "'" + relative + "' is not a file of the report's " + kind + " folder");
        }
        if (listed != null && !listed.contains(relative)) {
            throw in.bad(at, "'" + relative + "' is not part of the report in " + folder + " (its manifest does not list it)");
        }
        Path replayFile = CommandLineFile.regular(p, "a replay file");
        Replay.Saved saved = CommandLineFile.read(replayFile, "a replay file", () -> Replay.load(replayFile));
        replays.put(relative, saved);
        return saved;
    }
}
