package dev.ecslab.lab.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.LabLayout;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.witness.Witness;
import dev.ecslab.lab.witness.WitnessFinder;
import dev.ecslab.lab.witness.Witnesses;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The JSON form of {@code matrix.json}'s facts beside the cells ({@link TallyJson}): a row's strategy, its misses
 * past the horizon, the catalogue's coverage, the counterexamples (each named by its replay file), the witnesses
 * and the campaign's header (layout, reach, the compiler's ambiguity reports, criterion A's differences). Why here:
 * a fact the lab records is written and read in one place, so a report only adds words to what it reads back.
 *
 * <p>Contract: a {@link Reader} reading what the writers here wrote gets values that answer every question as the
 * written ones did; anything wrong is a {@link dev.ecslab.ecs.input.BadInputException} naming the path
 * ({@code rows[3].coverage[0].runs}). Replay files are the caller's: it names them when writing and opens them
 * (checking where they lie) when reading.
 */
public final class MatrixJson {
    /** The {@code format} of {@code matrix.json}. */
    public static final String FORMAT = "ecslab-matrix";
    /**
     * The version of {@code matrix.json}'s layout. 2: everything a report is drawn from, so a report is redrawn
     * without running: each row's strategy id, flavor, description and jar; every cell's note and each
     * counterexample's criterion; the delay figures' late-beyond-the-claim count and sums; the coverage's free runs
     * and search; each witnessed pair's states after every frame and its detector answers; classes spelt as
     * {@code --expect} spells them ({@code exact-delayed}, {@code not-judged}). 1 (unversioned): before.
     */
    public static final int VERSION = 2;

    private MatrixJson() {
    }

    /** A class as {@code --expect} spells it: {@code exact-delayed}, {@code not-judged}. */
    public static String name(Enum<?> c) {
        return c.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    // ------------------------------------------------------------------ writing

    /** A row's strategy: its label, id, flavor, description and plug-in jar (or {@code null}). */
    public static Map<String, Object> subject(TrackerSubject s) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("strategy", s.label());
        row.put("id", s.id());
        row.put("flavor", s.flavor().name());
        row.put("description", s.description());
        PluginJar jar = s.jar();
        row.put("jar", jar == null ? null : ordered("role", jar.role(), "file", jar.file(), "sha256", jar.sha256()));
        return row;
    }

    /** The criteria a row of {@code matrix.json} holds a cell of, X first: every one but A, a property of schedules. */
    public static List<Criterion> columns() {
        List<Criterion> out = new ArrayList<>();
        for (Criterion c : Criterion.values()) {
            if (c != Criterion.AMBIGUITY) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * A row's figures, the last fields of its object: why part of it was not run, its misses past the horizon,
     * criterion 1's delays (over all classes and per class, beside the delay the claim allows), a cell per
     * {@linkplain #columns() column} ({@link TallyJson}) and the coverage; each counterexample named by
     * {@code replayFile} (or {@code null}, criterion 6's).
     */
    public static Map<String, Object> tally(RowTally t, int allowedFrames, Function<Counterexample, String> replayFile) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("skipped", t.skippedWhy());
        row.put("pastHorizon", pastHorizon(t.pastHorizon()));
        CellTally first = t.cell(Criterion.AT_LEAST_ONCE);
        Map<String, Object> dj = new LinkedHashMap<>();
        dj.put("allowedFrames", allowedFrames);
        dj.put("all", TallyJson.delays(first.delays()));
        Map<String, Object> delaysByClass = new LinkedHashMap<>();
        for (ScenarioClass c : ScenarioClass.values()) {
            delaysByClass.put(c.title(), TallyJson.delays(first.delaysIn(c)));
        }
        dj.put("byClass", delaysByClass);
        row.put("delays", dj);
        Map<String, Object> cells = new LinkedHashMap<>();
        for (Criterion c : columns()) {
            cells.put(c.code(), TallyJson.cell(c, t.cell(c), x -> counterexample(x, replayFile.apply(x))));
        }
        row.put("criteria", cells);
        List<Object> coverage = new ArrayList<>();
        t.coverage().values().forEach(c -> coverage.add(coverage(c)));
        row.put("coverage", coverage);
        return row;
    }

    /** Misses past the claimed horizon: runs, changes and the first in words, or {@code null} for none. */
    public static Map<String, Object> pastHorizon(HorizonTally past) {
        return past.runs() == 0 ? null : ordered("runs", past.runs(), "changes", past.changes(), "first", past.firstWords());
    }

    /**
     * An object whose fields are written in the order given ({@code Map.of}'s iteration order changes from one JVM to
     * the next, and so would the file's bytes).
     */
    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    /** A scenario's coverage: runs, free runs, schedules, the exhaustive search when there was one, the pairs. */
    public static Map<String, Object> coverage(Coverage c) {
        Map<String, Object> cj = new LinkedHashMap<>();
        cj.put("scenario", c.scenario().name());
        cj.put("runs", c.runs());
        cj.put("freeRuns", c.freeRuns());
        cj.put("distinctSchedules", c.distinctSchedules());
        cj.put("estimatedSchedules", c.estimatedSchedules());
        if (c.search() != null) {
            cj.put("searchComplete", c.search().complete());
            cj.put("searchStoppedAtFailure", c.search().stopped());
            Map<String, Object> sj = new LinkedHashMap<>();
            sj.put("schedules", c.search().schedules());
            sj.put("complete", c.search().complete());
            sj.put("redundant", c.search().redundant());
            sj.put("stopped", c.search().stopped());
            sj.put("free", c.search().free());
            cj.put("search", sj);
        }
        Map<String, Object> pairs = new LinkedHashMap<>();
        c.pairs().forEach((k, v) -> pairs.put(k, v.stream().map(o -> o.name().toLowerCase(Locale.ROOT)).toList()));
        cj.put("unorderedConflictingPairs", pairs);
        return cj;
    }

    /** A counterexample: criterion, scope, message, scenario, shrinking, seed, config and its replay file. */
    public static Map<String, Object> counterexample(Counterexample x, String replayFile) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("criterion", x.criterion().code());
        f.put("scope", x.scope() == null ? null : x.scope().toString());
        f.put("message", x.message());
        f.put("scenario", x.scenario().name());
        f.put("shrunk", x.shrinking().shrunk());
        f.put("shrinkSteps", x.shrinking().shrunk() ? x.shrinking().steps() : 0);
        f.put("shrinking", x.shrinking().describe());
        f.put("seed", x.seed());
        f.put("config", x.config());
        f.put("replayFile", replayFile);
        return f;
    }

    /** The compiler's ambiguity reports per scenario. */
    public static List<Object> compiledAmbiguities(Map<String, String> reports) {
        List<Object> compiled = new ArrayList<>();
        reports.forEach((scenario, report) -> {
            Map<String, Object> cj = new LinkedHashMap<>();
            cj.put("scenario", scenario);
            cj.put("report", report);
            compiled.add(cj);
        });
        return compiled;
    }

    /**
     * The witnesses: what was looked for and its cost, then every pair with its verdict and differences, and per
     * order the stage order, the end state (for a pair with replay files, {@code full}, the state after every frame
     * and every detector answer too) and its replay file ({@code files}, one per order that ran).
     */
    public static Map<String, Object> witnesses(Witnesses w, Map<Witness, List<String>> files, Predicate<Witness> full) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ran", w.ran());
        out.put("scenarios", w.scenarios());
        out.put("campaignScenarios", w.campaignScenarios());
        out.put("seconds", w.seconds());
        out.put("strategy", WitnessFinder.STRATEGY);
        out.put("executor", SerialExecutor.ID);
        Map<String, Object> counts = new LinkedHashMap<>();
        for (Witness.Verdict v : Witness.Verdict.values()) {
            counts.put(v.name(), w.count(v));
        }
        out.put("counts", counts);
        List<Object> pairs = new ArrayList<>();
        for (Witness x : w.pairs()) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("scenario", x.scenario());
            p.put("stage", x.stage());
            p.put("systems", List.of(x.first(), x.second()));
            p.put("conflictsOn", x.conflict());
            p.put("exempted", x.exempted());
            p.put("verdict", x.verdict().name());
            p.put("verdictWords", x.verdict().words());
            p.put("endStateDiffers", x.endStateDiffers());
            p.put("note", x.note());
            p.put("stateDifferences", x.stateDifferences());
            p.put("detectionDifferences", x.detectionDifferences());
            List<String> replay = files.getOrDefault(x, List.of());
            boolean all = full.test(x);
            List<Object> orders = new ArrayList<>();
            int ran = 0;
            for (Witness.Order o : x.orders()) {
                Map<String, Object> oj = new LinkedHashMap<>();
                oj.put("order", o.label());
                oj.put("first", o.first());
                oj.put("second", o.second());
                oj.put("stageOrder", o.stageOrder());
                oj.put("finalState", o.finalState());
                oj.put("frames", o.frameStates().size());
                if (all) {
                    oj.put("frameStates", o.frameStates());
                    oj.put("detections", o.detections());
                }
                oj.put("replayFile", o.trace() != null && ran < replay.size() ? replay.get(ran++) : null);
                orders.add(oj);
            }
            p.put("orders", orders);
            pairs.add(p);
        }
        out.put("pairs", pairs);
        return out;
    }

    // ------------------------------------------------------------------ reading

    /** Opens a replay file a matrix names ({@code relative} to its folder) in its {@code kind} folder. */
    @FunctionalInterface
    public interface ReplayFiles {
        Replay.Saved open(String relative, String at, String kind);
    }

    /**
     * Reads the facts of one {@code matrix.json}: each counterexample is one object wherever the file names it (by
     * its replay file), and {@link #files()} gives each its file. Not thread-safe: one reader per file.
     */
    public static final class Reader {
        private final JsonFields in;
        private final ReplayFiles replays;
        private final Map<String, Counterexample> byFile = new HashMap<>();
        private final Map<Counterexample, String> files = new IdentityHashMap<>();
        private Map<String, Scenario> catalogue;

        public Reader(JsonFields in, ReplayFiles replays) {
            this.in = in;
            this.replays = replays;
        }

        /** Each counterexample read so far and its replay file (identity: records hash their traces). */
        public Map<Counterexample, String> files() {
            return files;
        }

        /** Refuses a file that is no matrix.json of this version, saying what to do. */
        public void version(JsonNode root) {
            if (root == null || !root.isObject()) {
                throw in.bad("", "expected a JSON object (a matrix.json written by lab run or lab gate)");
            }
            if (!FORMAT.equals(root.path("format").asText(null)) || !root.path("version").isInt()) {
                throw in.bad("", "written by an older lab (no \"format\": \"" + FORMAT + "\" and \"version\": "
                        + VERSION + "); run the command that wrote it again (lab run or lab gate) to redraw"
                        + " its report with this lab");
            }
            int version = root.get("version").asInt();
            if (version != VERSION) {
                throw in.bad("version", "version " + version + " of matrix.json; this lab reads version "
                        + VERSION + " (run the command that wrote it again with this lab)");
            }
        }

        /** Criterion A's differences, checked against the status recorded beside them. */
        public List<String> ambiguity(JsonNode root) {
            JsonNode amb = in.object(root, "ambiguity", "");
            List<String> differences = in.strings(amb, "differences", "ambiguity");
            String status = in.text(amb, "status", "ambiguity");
            if (!status.equals(differences.isEmpty() ? "pass" : "fail")) {
                throw in.bad("ambiguity.status", "says " + status + " but lists " + differences.size() + " difference(s)");
            }
            return differences;
        }

        /** The catalogue's seeds. */
        public List<Long> catalogueSeeds(JsonNode root) {
            List<Long> seeds = new ArrayList<>();
            JsonNode sj = in.array(root, "catalogueSeeds", "");
            for (int i = 0; i < sj.size(); i++) {
                seeds.add(in.whole(sj.get(i), "catalogueSeeds[" + i + "]"));
            }
            return seeds;
        }

        /** The catalogue's ambiguity reports as the lab that ran recorded them (none in files made before they were). */
        public Map<String, String> compiledAmbiguities(JsonNode root) {
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
        public Map<String, Integer> reach(JsonNode root, int tries) {
            Map<String, Integer> out = new LinkedHashMap<>();
            if (!root.has("reach")) {
                return out;
            }
            JsonNode r = in.object(root, "reach", "");
            for (Iterator<String> names = r.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                int n = in.integer(r, name, "reach");
                if (n > tries) {
                    throw in.bad("reach." + name, "counts " + n + " scenario(s) of a campaign of " + tries);
                }
                out.put(name, n);
            }
            return out;
        }

        /** The recorded {@code --layout}; none for a matrix from before layouts. */
        public LabLayout layout(JsonNode root) {
            String option = root.has("layout") ? in.optionalText(root, "layout", "") : null;
            if (option == null) {
                return null;
            }
            for (LabLayout l : LabLayout.values()) {
                if (l.option().equals(option)) {
                    return l;
                }
            }
            throw in.bad("layout", "is '" + option + "'; expected mixed, references or columnar");
        }

        /** A row's strategy (it cannot run: its factory refuses), its label checked against its id and flavor. */
        public TrackerSubject subject(JsonNode r, String at) {
            String label = in.text(r, "strategy", at);
            String id = in.text(r, "id", at);
            ChangeFlavor flavor = constant(ChangeFlavor.class, in.text(r, "flavor", at), at + ".flavor");
            String claimedName = in.optionalText(r, "claimed", at);
            ClaimedClass claimed = claimedName == null ? null : claimedClass(claimedName, at + ".claimed");
            int delay = in.integer(r, "allowedDelayFrames", at);
            JsonNode jar = r.path("jar");
            PluginJar pluginJar = jar.isNull() || jar.isMissingNode() ? null
                    : new PluginJar(in.text(jar, "role", at + ".jar"), in.text(jar, "file", at + ".jar"),
                            in.text(jar, "sha256", at + ".jar"));
            TrackerSubject subject;
            try {
                subject = new TrackerSubject(id, flavor, claimed, in.text(r, "description", at), () -> {
                    throw new IllegalStateException("a strategy read back from matrix.json cannot run");
                }, delay, pluginJar);
            } catch (IllegalArgumentException e) {
                throw in.bad(at, e.getMessage());
            }
            if (!subject.label().equals(label)) {
                throw in.bad(at + ".strategy", "'" + label + "' is not the label of strategy '" + id + "' with flavor "
                        + flavor);
            }
            return subject;
        }

        /**
         * A row's figures written by {@link MatrixJson#tally}: its cells with criterion 1's delays, why part of it was
         * not run, its misses past the horizon and its coverage.
         */
        public RowTally tally(JsonNode r, String at) {
            Map<Criterion, CellTally> cells = new EnumMap<>(Criterion.class);
            JsonNode criteria = in.object(r, "criteria", at);
            for (Criterion c : columns()) {
                cells.put(c, TallyJson.cell(in, c, in.object(criteria, c.code(), at + ".criteria"),
                        at + ".criteria." + c.code(), this::counterexample));
            }
            JsonNode delays = in.object(r, "delays", at);
            DelayTally all = TallyJson.delays(in, in.object(delays, "all", at + ".delays"), at + ".delays.all");
            Map<ScenarioClass, DelayTally> delaysByClass = new EnumMap<>(ScenarioClass.class);
            JsonNode byClass = in.object(delays, "byClass", at + ".delays");
            for (ScenarioClass cls : ScenarioClass.values()) {
                delaysByClass.put(cls, TallyJson.delays(in, in.object(byClass, cls.title(), at + ".delays.byClass"),
                        at + ".delays.byClass." + cls.title()));
            }
            cells.merge(Criterion.AT_LEAST_ONCE, CellTally.delays(all, delaysByClass), CellTally::plus);
            String skipped = in.optionalText(r, "skipped", at);
            HorizonTally horizon = pastHorizon(r, at);
            TreeMap<Integer, Coverage> covered = new TreeMap<>();
            JsonNode coverage = in.array(r, "coverage", at);
            for (int i = 0; i < coverage.size(); i++) {
                covered.put(i, coverage(coverage.get(i), at + ".coverage[" + i + "]"));
            }
            return new RowTally(cells, horizon, skipped == null ? null : new First<>(0, 0, skipped), covered);
        }

        /** A row's misses past the horizon (absent from files written before horizons). */
        public HorizonTally pastHorizon(JsonNode r, String at) {
            if (!r.has("pastHorizon") || r.get("pastHorizon").isNull()) {
                return HorizonTally.NONE;
            }
            JsonNode past = in.object(r, "pastHorizon", at);
            int runs = in.integer(past, "runs", at + ".pastHorizon");
            long changes = in.longValue(past, "changes", at + ".pastHorizon");
            if (runs < 1 || changes < runs) {
                throw in.bad(at + ".pastHorizon", "expected at least 1 run and at least one change per run, was " + runs
                        + " run(s) and " + changes + " change(s)");
            }
            return new HorizonTally(runs, changes, new First<>(0, 0, in.text(past, "first", at + ".pastHorizon")));
        }

        /** A scenario's coverage, the scenario found in the catalogue by name. */
        public Coverage coverage(JsonNode c, String at) {
            String name = in.text(c, "scenario", at);
            Scenario s = catalogue().get(name);
            if (s == null) {
                throw in.bad(at + ".scenario", "no catalogue scenario is named '" + name + "' (a matrix.json of another"
                        + " version of the lab? run it again)");
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
            String sat = at + ".search";
            ExhaustiveSearch.Result result = search.isMissingNode() || search.isNull() ? null
                    : new ExhaustiveSearch.Result(in.integer(search, "schedules", sat), in.bool(search, "complete", sat),
                            in.integer(search, "redundant", sat), in.bool(search, "stopped", sat),
                            in.bool(search, "free", sat));
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

        /** A counterexample: the one object of its replay file, or (criterion 6, no file) one of its own. */
        public Counterexample counterexample(JsonNode j, String at) {
            Criterion criterion = TallyJson.criterion(in, in.text(j, "criterion", at), at + ".criterion");
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
                    throw in.bad(at + ".scenario", "'" + scenarioName + "' is not criterion 6's scenario '"
                            + memory.name() + "'");
                }
                return new Counterexample(criterion, scope, message, memory, memory, seed, config, null);
            }
            Counterexample known = byFile.get(replayFile);
            if (known != null) {
                if (known.criterion() != criterion || !Objects.equals(known.scope(), scope)
                        || !known.message().equals(message) || known.seed() != seed || !known.config().equals(config)
                        || known.shrinking().shrunk() != shrunk) {
                    throw in.bad(at, "names " + replayFile + ", which another place of the file describes otherwise");
                }
                return known;
            }
            Replay.Saved saved = replays.open(replayFile, at + ".replayFile", "counterexamples/");
            if (!saved.scenario().name().equals(scenarioName)) {
                throw in.bad(at + ".scenario", "'" + scenarioName + "', but " + replayFile + " holds scenario '"
                        + saved.scenario().name() + "'");
            }
            // The replay file's shrink record (files since shrink records exist) gives the scenario first found; an
            // older file knows only that it was shrunk: its record says so, the shrunk form standing for the original.
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

        /** The witnesses, each pair's end-state verdict checked against its orders. */
        public Witnesses witnesses(JsonNode root) {
            String at = "witnesses";
            JsonNode w = in.object(root, at, "");
            List<Witness> pairs = new ArrayList<>();
            JsonNode pj = in.array(w, "pairs", at);
            for (int i = 0; i < pj.size(); i++) {
                pairs.add(witness(pj.get(i), at + ".pairs[" + i + "]"));
            }
            return new Witnesses(pairs, in.integer(w, "scenarios", at), in.integer(w, "campaignScenarios", at),
                    in.decimal(w, "seconds", at));
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
                Replay.Saved saved = replayFile == null ? null : replays.open(replayFile, where + ".replayFile", "witnesses/");
                orders.add(new Witness.Order(in.text(o, "first", where), in.text(o, "second", where),
                        in.strings(o, "stageOrder", where), saved == null ? null : saved.scenario(),
                        saved == null ? null : saved.trace(), states,
                        o.has("detections") ? in.strings(o, "detections", where) : List.of()));
            }
            Witness x = new Witness(in.text(p, "scenario", at), in.text(p, "stage", at), systems.get(0), systems.get(1),
                    in.text(p, "conflictsOn", at), in.bool(p, "exempted", at),
                    constant(Witness.Verdict.class, in.text(p, "verdict", at), at + ".verdict"), in.text(p, "note", at),
                    orders, in.strings(p, "stateDifferences", at), in.strings(p, "detectionDifferences", at));
            in.check(at + ".endStateDiffers", Boolean.toString(in.bool(p, "endStateDiffers", at)),
                    Boolean.toString(x.endStateDiffers()));
            return x;
        }

        private ClaimedClass claimedClass(String name, String at) {
            for (ClaimedClass c : ClaimedClass.values()) {
                if (name(c).equals(name)) {
                    return c;
                }
            }
            throw in.bad(at, "'" + name + "' is not a class (exact, exact-delayed, conservative or flaky)");
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
            throw in.bad(at, "'" + text + "' is not a scope (component or resource, then Added, Mutated, Changed or"
                    + " Removed)");
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
}
