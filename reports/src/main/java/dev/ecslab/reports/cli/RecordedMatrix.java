package dev.ecslab.reports.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.results.CellTally;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.DelayTally;
import dev.ecslab.lab.results.First;
import dev.ecslab.lab.results.HorizonTally;
import dev.ecslab.lab.results.JsonFields;
import dev.ecslab.lab.results.RowTally;
import dev.ecslab.lab.results.TallyJson;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.witness.Witness;
import dev.ecslab.lab.witness.Witnesses;
import dev.ecslab.reports.gate.GateVerdict;
import dev.ecslab.reports.verdict.VerdictWords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

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
    private final Map<String, Counterexample> byFile = new HashMap<>();
    private final Map<String, Replay.Saved> replays = new HashMap<>();
    private final Map<Counterexample, String> files = new IdentityHashMap<>();
    private Map<String, Scenario> catalogue;

    private RecordedMatrix(Path folder, Path file, JsonDocument json, Set<String> listed) {
        this.folder = folder;
        this.file = file;
        this.json = json;
        this.in = new JsonFields(json);
        this.listed = listed;
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
        return new Read(r.matrix(json.jackson()), r.files);
    }

    // ------------------------------------------------------------------ the matrix

    private Matrix matrix(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw in.bad("", "expected a JSON object (a matrix.json written by lab run or lab gate)");
        }
        if (!MatrixReport.JSON_FORMAT.equals(root.path("format").asText(null)) || !root.path("version").isInt()) {
            throw in.bad("", "written by an older lab (no \"format\": \"" + MatrixReport.JSON_FORMAT + "\" and \"version\": "
                    + MatrixReport.JSON_VERSION + "); run the command that wrote it again (lab run or lab gate) to redraw"
                    + " its report with this lab");
        }
        int version = root.get("version").asInt();
        if (version != MatrixReport.JSON_VERSION) {
            throw in.bad("version", "version " + version + " of matrix.json; this lab reads version "
                    + MatrixReport.JSON_VERSION + " (run the command that wrote it again with this lab)");
        }
        List<Row> rows = new ArrayList<>();
        JsonNode rj = in.array(root, "rows", "");
        for (int i = 0; i < rj.size(); i++) {
            rows.add(row(rj.get(i), "rows[" + i + "]"));
        }
        JsonNode amb = in.object(root, "ambiguity", "");
        List<String> differences = in.strings(amb, "differences", "ambiguity");
        String ambStatus = in.text(amb, "status", "ambiguity");
        if (!ambStatus.equals(differences.isEmpty() ? "pass" : "fail")) {
            throw in.bad("ambiguity.status", "says " + ambStatus + " but lists " + differences.size() + " difference(s)");
        }
        List<Long> seeds = new ArrayList<>();
        JsonNode sj = in.array(root, "catalogueSeeds", "");
        for (int i = 0; i < sj.size(); i++) {
            seeds.add(in.whole(sj.get(i), "catalogueSeeds[" + i + "]"));
        }
        int tries = in.integer(root, "tries", "");
        return new Matrix(rows, differences, in.integer(root, "scenarios", ""),
                tries, seeds, in.longValue(root, "campaignSeed", ""), in.decimal(root, "seconds", ""),
                witnesses(in.object(root, "witnesses", ""), "witnesses"), layout(root.has("layout") ? in.optionalText(root, "layout", "") : null),
                reach(root, tries), compiledAmbiguities(root));
    }

    /** The catalogue's ambiguity reports as the lab that ran recorded them (none in files made before they were). */
    private Map<String, String> compiledAmbiguities(JsonNode root) {
        Map<String, String> out = new LinkedHashMap<>();
        if (!root.has("compiledAmbiguities")) {
            return out;
        }
        JsonNode a = in.array(root, "compiledAmbiguities", "");
        for (int i = 0; i < a.size(); i++) {
            String at = "compiledAmbiguities[" + i + "]";
            String scenario = in.text(a.get(i), "scenario", at);
            if (out.put(scenario, in.text(a.get(i), "report", at)) != null) {
                throw in.bad(at + ".scenario", "names '" + scenario + "' twice");
            }
        }
        return out;
    }

    /** The campaign's reach, when recorded: each boundary's count of scenarios, between 0 and the tries. */
    private Map<String, Integer> reach(JsonNode root, int tries) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (!root.has("reach")) {
            return out;
        }
        JsonNode r = in.object(root, "reach", "");
        for (java.util.Iterator<String> names = r.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            int n = in.integer(r, name, "reach");
            if (n < 0 || n > tries) {
                throw in.bad("reach." + name, "counts " + n + " scenario(s) of a campaign of " + tries);
            }
            out.put(name, n);
        }
        return out;
    }

    /** The recorded {@code --layout}; none for a matrix from before layouts. */
    private dev.ecslab.lab.scenario.LabLayout layout(String option) {
        if (option == null) {
            return null;
        }
        for (dev.ecslab.lab.scenario.LabLayout l : dev.ecslab.lab.scenario.LabLayout.values()) {
            if (l.option().equals(option)) {
                return l;
            }
        }
        throw in.bad("layout", "is '" + option + "'; expected mixed, references or columnar");
    }

    private Row row(JsonNode r, String at) {
        String label = in.text(r, "strategy", at);
        String id = in.text(r, "id", at);
        ChangeFlavor flavor = constant(ChangeFlavor.class, in.text(r, "flavor", at), at + ".flavor");
        String claimedName = in.optionalText(r, "claimed", at);
        ClaimedClass claimed = claimedName == null ? null : claimedClass(claimedName, at + ".claimed");
        int delay = in.integer(r, "allowedDelayFrames", at);
        JsonNode jar = r.path("jar");
        PluginJar pluginJar = jar.isNull() || jar.isMissingNode() ? null
                : new PluginJar(in.text(jar, "role", at + ".jar"), in.text(jar, "file", at + ".jar"), in.text(jar, "sha256", at + ".jar"));
        TrackerSubject subject;
        try {
            subject = new TrackerSubject(id, flavor, claimed, in.text(r, "description", at), () -> {
                throw new IllegalStateException("a strategy read back from matrix.json cannot run");
            }, delay, pluginJar);
        } catch (IllegalArgumentException e) {
            throw in.bad(at, e.getMessage());
        }
        if (!subject.label().equals(label)) {
            throw in.bad(at + ".strategy", "'" + label + "' is not the label of strategy '" + id + "' with flavor " + flavor);
        }
        Map<Criterion, CellTally> cells = new EnumMap<>(Criterion.class);
        JsonNode criteria = in.object(r, "criteria", at);
        for (Criterion c : MatrixReport.columns()) {
            cells.put(c, TallyJson.cell(in, c, in.object(criteria, c.code(), at + ".criteria"), at + ".criteria." + c.code(),
                    this::counterexample));
        }
        JsonNode delays = in.object(r, "delays", at);
        DelayTally all = TallyJson.delays(in, in.object(delays, "all", at + ".delays"), at + ".delays.all");
        Map<ScenarioClass, DelayTally> delaysByClass = new EnumMap<>(ScenarioClass.class);
        JsonNode byClass = in.object(delays, "byClass", at + ".delays");
        for (ScenarioClass cls : VerdictWords.CLASSES) {
            delaysByClass.put(cls, TallyJson.delays(in, in.object(byClass, cls.title(), at + ".delays.byClass"),
                    at + ".delays.byClass." + cls.title()));
        }
        cells.merge(Criterion.AT_LEAST_ONCE, CellTally.delays(all, delaysByClass), CellTally::plus);
        String skipped = in.optionalText(r, "skipped", at);
        HorizonTally horizon = HorizonTally.NONE;
        if (r.has("pastHorizon") && !r.get("pastHorizon").isNull()) {       // absent from files written before horizons
            JsonNode past = in.object(r, "pastHorizon", at);
            int runs = in.integer(past, "runs", at + ".pastHorizon");
            long changes = in.longValue(past, "changes", at + ".pastHorizon");
            if (runs < 1 || changes < runs) {
                throw in.bad(at + ".pastHorizon", "expected at least 1 run and at least one change per run, was " + runs
                        + " run(s) and " + changes + " change(s)");
            }
            horizon = new HorizonTally(runs, changes, new First<>(0, 0, in.text(past, "first", at + ".pastHorizon")));
        }
        TreeMap<Integer, Coverage> covered = new TreeMap<>();
        JsonNode coverage = in.array(r, "coverage", at);
        for (int i = 0; i < coverage.size(); i++) {
            covered.put(i, coverage(coverage.get(i), at + ".coverage[" + i + "]"));
        }
        Row row = new Row(subject, in.text(r, "executor", at), new RowTally(cells, horizon,
                skipped == null ? null : new First<>(0, 0, skipped), covered));
        in.check(at + ".measured", in.text(r, "measured", at), GateVerdict.name(row.measured()));
        in.check(at + ".agrees", Boolean.toString(in.bool(r, "agrees", at)), Boolean.toString(row.agrees()));
        JsonNode measuredByClass = in.object(r, "measuredByClass", at);
        for (ScenarioClass cls : VerdictWords.CLASSES) {
            in.check(at + ".measuredByClass." + cls.title(), in.text(measuredByClass, cls.title(), at + ".measuredByClass"),
                    GateVerdict.name(row.measured(cls)));
        }
        return row;
    }

    /** A counterexample: the one object of its replay file, or (criterion 6, no file) one of its own. */
    private Counterexample counterexample(JsonNode j, String at) {
        Criterion criterion = criterion(in.text(j, "criterion", at), at + ".criterion");
        String scopeText = in.optionalText(j, "scope", at);
        Scope scope = scopeText == null ? null : scope(scopeText, at + ".scope");
        String message = in.text(j, "message", at);
        String scenarioName = in.text(j, "scenario", at);
        boolean shrunk = in.bool(j, "shrunk", at);
        long seed = in.longValue(j, "seed", at);
        String config = in.text(j, "config", at);
        String replayFile = in.optionalText(j, "replayFile", at);
        if (replayFile == null) {
            if (criterion != Criterion.BOUNDED_MEMORY) {
                throw in.bad(at + ".replayFile", "missing: every counterexample but criterion 6's has a replay file");
            }
            Scenario memory = MemoryBound.scenario(MemoryBound.FRAMES);
            if (!memory.name().equals(scenarioName)) {
                throw in.bad(at + ".scenario", "'" + scenarioName + "' is not criterion 6's scenario '" + memory.name() + "'");
            }
            return new Counterexample(criterion, scope, message, memory, memory, seed, config, null);
        }
        Counterexample known = byFile.get(replayFile);
        if (known != null) {
            if (known.criterion() != criterion || !Objects.equals(known.scope(), scope) || !known.message().equals(message)
                    || known.seed() != seed || !known.config().equals(config)
                    || known.shrinking().shrunk() != shrunk) {
                throw in.bad(at, "names " + replayFile + ", which another place of the file describes otherwise");
            }
            return known;
        }
        Replay.Saved saved = replay(replayFile, at + ".replayFile", "counterexamples/");
        if (!saved.scenario().name().equals(scenarioName)) {
            throw in.bad(at + ".scenario", "'" + scenarioName + "', but " + replayFile + " holds scenario '"
                    + saved.scenario().name() + "'");
        }
        // The replay file's shrink record (files since shrink records exist) gives the scenario first found; an
        // older file knows only that it was shrunk: its record says so, with the shrunk form standing for the original.
        Shrinking shrinking = saved.shrinking();
        if (shrinking != null && shrinking.shrunk() != shrunk) {
            throw in.bad(at, (shrunk ? "says shrunk" : "says not shrunk") + ", but the shrink record in " + replayFile
                    + " says otherwise");
        }
        Scenario original = shrinking != null && shrinking.original() != null ? shrinking.original() : saved.scenario();
        if (shrinking == null && shrunk) {
            shrinking = Shrinking.shrunk(Shrinking.NOT_RECORDED, 0, false, saved.scenario(), null);
        }
        Counterexample x = new Counterexample(criterion, scope, message, saved.scenario(), original, seed, config,
                saved.trace(), shrinking);
        byFile.put(replayFile, x);
        files.put(x, replayFile);
        return x;
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

    private Coverage coverage(JsonNode c, String at) {
        String name = in.text(c, "scenario", at);
        Scenario s = catalogue().get(name);
        if (s == null) {
            throw in.bad(at + ".scenario", "no catalogue scenario is named '" + name + "' (a matrix.json of another version"
                    + " of the lab? run it again)");
        }
        Map<String, EnumSet<Coverage.Order>> pairs = new LinkedHashMap<>();
        JsonNode pj = in.object(c, "unorderedConflictingPairs", at);
        for (var it = pj.fields(); it.hasNext();) {
            var e = it.next();
            EnumSet<Coverage.Order> seen = EnumSet.noneOf(Coverage.Order.class);
            for (int i = 0; i < e.getValue().size(); i++) {
                String where = at + ".unorderedConflictingPairs." + e.getKey() + "[" + i + "]";
                if (!e.getValue().get(i).isTextual()) {
                    throw in.bad(where, "expected an order's name");
                }
                seen.add(constant(Coverage.Order.class, e.getValue().get(i).asText().toUpperCase(Locale.ROOT), where));
            }
            pairs.put(e.getKey(), seen);
        }
        JsonNode search = c.path("search");
        ExhaustiveSearch.Result result = search.isMissingNode() || search.isNull() ? null
                : new ExhaustiveSearch.Result(in.integer(search, "schedules", at + ".search"), in.bool(search, "complete", at + ".search"),
                        in.integer(search, "redundant", at + ".search"), in.bool(search, "stopped", at + ".search"),
                        in.bool(search, "free", at + ".search"));
        return Coverage.recorded(s, pairs, in.integer(c, "runs", at), in.integer(c, "freeRuns", at),
                in.integer(c, "distinctSchedules", at), in.decimal(c, "estimatedSchedules", at), result);
    }

    private Map<String, Scenario> catalogue() {
        if (catalogue == null) {
            catalogue = new HashMap<>();
            Catalogue.all().forEach(s -> catalogue.putIfAbsent(s.name(), s));
        }
        return catalogue;
    }

    private Witnesses witnesses(JsonNode w, String at) {
        List<Witness> pairs = new ArrayList<>();
        JsonNode pj = in.array(w, "pairs", at);
        for (int i = 0; i < pj.size(); i++) {
            pairs.add(witness(pj.get(i), at + ".pairs[" + i + "]"));
        }
        return new Witnesses(pairs, in.integer(w, "scenarios", at), in.integer(w, "campaignScenarios", at), in.decimal(w, "seconds", at));
    }

    private Witness witness(JsonNode p, String at) {
        List<String> systems = in.strings(p, "systems", at);
        if (systems.size() != 2) {
            throw in.bad(at + ".systems", "expected the pair's two systems, found " + systems.size());
        }
        List<Witness.Order> orders = new ArrayList<>();
        JsonNode oj = in.array(p, "orders", at);
        for (int i = 0; i < oj.size(); i++) {
            String where = at + ".orders[" + i + "]";
            JsonNode o = oj.get(i);
            List<String> finalState = in.strings(o, "finalState", where);
            int frames = in.integer(o, "frames", where);
            List<List<String>> states = new ArrayList<>();
            if (o.has("frameStates")) {
                JsonNode fs = in.array(o, "frameStates", where);
                for (int f = 0; f < fs.size(); f++) {
                    states.add(in.strings(fs.get(f), where + ".frameStates[" + f + "]"));
                }
                if (states.size() != frames || !states.get(states.size() - 1).equals(finalState)) {
                    throw in.bad(where + ".frameStates", "does not end in finalState after " + frames + " frame(s)");
                }
            } else if (frames > 0) {
                states.add(finalState);                               // a pair that commutes: its end state only
            }
            String replayFile = in.optionalText(o, "replayFile", where);
            Replay.Saved saved = replayFile == null ? null : replay(replayFile, where + ".replayFile", "witnesses/");
            orders.add(new Witness.Order(in.text(o, "first", where), in.text(o, "second", where), in.strings(o, "stageOrder", where),
                    saved == null ? null : saved.scenario(), saved == null ? null : saved.trace(), states,
                    o.has("detections") ? in.strings(o, "detections", where) : List.of()));
        }
        Witness x = new Witness(in.text(p, "scenario", at), in.text(p, "stage", at), systems.get(0), systems.get(1),
                in.text(p, "conflictsOn", at), in.bool(p, "exempted", at),
                constant(Witness.Verdict.class, in.text(p, "verdict", at), at + ".verdict"), in.text(p, "note", at), orders,
                in.strings(p, "stateDifferences", at), in.strings(p, "detectionDifferences", at));
        in.check(at + ".endStateDiffers", Boolean.toString(in.bool(p, "endStateDiffers", at)), Boolean.toString(x.endStateDiffers()));
        return x;
    }

    // ------------------------------------------------------------------ values

    private ClaimedClass claimedClass(String name, String at) {
        for (ClaimedClass c : ClaimedClass.values()) {
            if (GateVerdict.name(c).equals(name)) {
                return c;
            }
        }
        throw in.bad(at, "'" + name + "' is not a class (exact, exact-delayed, conservative or flaky)");
    }

    private Criterion criterion(String code, String at) {
        for (Criterion c : Criterion.values()) {
            if (c.code().equals(code)) {
                return c;
            }
        }
        throw in.bad(at, "'" + code + "' is not a criterion's code");
    }

    /** {@code "component Added"}, {@code "resource Removed"}: as {@link Scope#toString()} writes it. */
    private Scope scope(String text, String at) {
        for (boolean resource : new boolean[] {false, true}) {
            for (WatchKind k : WatchKind.values()) {
                Scope s = new Scope(resource, k);
                if (s.toString().equals(text)) {
                    return s;
                }
            }
        }
        throw in.bad(at, "'" + text + "' is not a scope (component or resource, then Added, Mutated, Changed or Removed)");
    }

    private <E extends Enum<E>> E constant(Class<E> type, String name, String at) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        throw in.bad(at, "'" + name + "' is not one of " + java.util.Arrays.toString(type.getEnumConstants()));
    }
}
