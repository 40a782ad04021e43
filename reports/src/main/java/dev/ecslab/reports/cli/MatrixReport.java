package dev.ecslab.reports.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.DelayTally;
import dev.ecslab.lab.results.MatrixJson;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.witness.Witness;
import dev.ecslab.lab.witness.Witnesses;
import dev.ecslab.reports.gate.GateVerdict;
import dev.ecslab.reports.text.SafeText;
import dev.ecslab.reports.verdict.CoverageWords;
import dev.ecslab.reports.verdict.MatrixCounterexamples;
import dev.ecslab.reports.verdict.VerdictWords;
import dev.ecslab.reports.verdict.WitnessWords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the matrix: {@code matrix.md} (a table per executor, rows are strategies, columns the
 * criteria with the crash column X first; each cell {@code pass}, {@code FAIL} with its failing scopes,
 * classes and first counterexample, or {@code not judged}; the claim beside the measured class and
 * what broke it; then per executor the measured class on each scenario class and criterion 1's
 * delays), {@code matrix.json} (the same as data), one replay file per counterexample under
 * {@code counterexamples/} (scenario and trace, for {@code lab replay}), and the ambiguity witnesses
 * (a section of both files, and under {@code witnesses/} a replay file per order of every witnessed or
 * inconclusive pair). The commands write into a fresh staging folder ({@link StagedReport}) that replaces the
 * previous report as a whole, so an interrupted run never leaves half a report or a mix of two.
 *
 * <p>A counterexample shown in several places (its cell, the scenario classes it touched, the views 7
 * and L) has one replay file, and every place names that file ({@link MatrixCounterexamples}).
 */
public final class MatrixReport {
    private MatrixReport() {
    }

    /**
     * Writes the files and returns each counterexample's replay file, relative to {@code dir}: every
     * distinct counterexample object of the matrix (cells and scenario classes) but those of criterion 6,
     * whose 10 000-frame trace would re-measure rather than replay (its figures are the evidence).
     */
    public static Map<Counterexample, String> write(Matrix m, Path dir) {
        try {
            Files.createDirectories(dir.resolve("counterexamples"));
            Map<Counterexample, String> files = new IdentityHashMap<>();   // records hash their traces: use identity
            int n = 0;
            for (MatrixCounterexamples.Entry e : MatrixCounterexamples.of(m).entries()) {
                MatrixCounterexamples.Place p = e.first();
                if (p.criterion() == Criterion.BOUNDED_MEMORY) {
                    continue;
                }
                Counterexample x = e.counterexample();
                String name = String.format(Locale.ROOT, "counterexamples/%03d-%s-%s-%s%s.json", ++n, slug(p.row().strategy()),
                        slug(p.row().executor()), p.criterion().code(), p.isClass() ? "-" + p.scenarioClass().title() : "");
                Replay.save(dir.resolve(name), x.scenario(), x.trace(), x.shrinking());
                files.put(x, name);
            }
            writeWitnesses(m, dir);
            AtomicFiles.write(dir.resolve("matrix.md"), markdown(m, files));
            AtomicFiles.write(dir.resolve("matrix.json"), json(m, files));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the matrix to " + dir, e);
        }
    }

    /**
     * The witnesses' replay files ({@link WitnessWords#files}), one per order of every witnessed or
     * inconclusive pair (an earlier run's files are removed when this report replaces it: {@link StagedReport}).
     */
    private static void writeWitnesses(Matrix m, Path dir) throws IOException {
        Path witnesses = dir.resolve(WitnessWords.DIRECTORY);
        Map<Witness, List<String>> names = WitnessWords.files(m.witnesses());
        if (names.isEmpty()) {
            return;
        }
        Files.createDirectories(witnesses);
        for (Map.Entry<Witness, List<String>> e : names.entrySet()) {
            List<Witness.Order> ran = e.getKey().orders().stream().filter(o -> o.trace() != null).toList();
            for (int i = 0; i < ran.size(); i++) {
                Replay.save(dir.resolve(e.getValue().get(i)), ran.get(i).scenario(), ran.get(i).trace());
            }
        }
    }

    static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "_");
    }

    /**
     * The catalogue's schedule coverage under one executor: for the row that ran the most schedules (a
     * strategy that fails stops a scenario's search at its first failing schedule), each scenario's
     * schedules and its unordered conflicting pairs run both ways.
     */
    static void coverage(StringBuilder out, String executor, List<Row> rows) {
        Row widest = CoverageWords.widest(rows);
        if (widest == null) {
            return;
        }
        out.append("\n### Schedule coverage of the catalogue (").append(SafeText.markdownCode(executor)).append(", runs of ")
                .append(SafeText.markdownCode(widest.strategy())).append(")\n\n| scenario | schedules | unordered conflicting pairs run both ways |\n|---|---|---|\n");
        for (Coverage c : widest.coverage()) {
            out.append("| ").append(SafeText.markdownCell(c.scenario().name())).append(" | ").append(CoverageWords.schedules(c)).append(" | ")
                    .append(CoverageWords.pairs(c)).append(" |\n");
        }
    }

    /** The columns of the matrix tables: every criterion but A, which is a property of schedules (shown below them). */
    static List<Criterion> columns() {
        return MatrixJson.columns();
    }

    /**
     * The Markdown matrix: short cells ({@code pass}, {@code FAIL 12/128} linked to its details, {@code not
     * judged}) under a legend of the columns, the details of every failing cell in a list under its table.
     */
    public static String markdown(Matrix m, Map<Counterexample, String> files) {
        StringBuilder out = new StringBuilder();
        out.append("# ecslab matrix\n\n");
        boolean searched = m.rows().stream().flatMap(r -> r.coverage().stream()).anyMatch(c -> c.search() != null);
        long counterexamples = MatrixCounterexamples.of(m).entries().size();
        out.append(String.format(Locale.ROOT, "%d scenarios (the catalogue %s, %d random from seed %d%s), %.1f s; %d"
                + " counterexample(s), each replayable with `./lab replay FILE` (listed at the end).%n%n", m.scenarios(),
                searched ? "with its schedules searched exhaustively (see the coverage tables)" : "under seeds "
                + m.catalogueSeeds(), m.tries(), m.campaignSeed(), m.layoutWords(), m.seconds(), counterexamples));
        out.append("**Legend.** Columns: ");
        out.append(String.join("; ", columnLegend().stream().map(l -> "`" + l.substring(0, l.indexOf(' ')) + "`"
                + l.substring(l.indexOf(' '))).toList()));
        out.append(". Criterion A (ambiguity detection) is a property of schedules: it is below the tables. Cells: `pass`;"
                + " `FAIL n/m` (it failed in n of the m runs that judged it; the link leads to the cell's details under the"
                + " table: scenario classes, scopes, first counterexample and its replay file); `not judged` (no run judged"
                + " it: never a pass). Measured: ✓ agrees with the claim, ✗ does not.\n\n");
        out.append(VerdictWords.RULES).append(" Failing scopes are component/resource × filter; \"in pausing, looping\""
                + " names the scenario classes a cell of 1 or 2 failed in, and \"broken by\" the classes (or the crash) that"
                + " broke the claim.\n\n");
        int[] details = {0};
        for (String e : executors(m)) {
            List<Row> rows = m.rows().stream().filter(r -> r.executor().equals(e)).toList();
            out.append("## Executor ").append(SafeText.markdownCode(e)).append("\n\n");
            out.append("| strategy | claimed | measured |");
            columns().forEach(c -> out.append(' ').append(c.code()).append(" |"));
            out.append("\n|---|---|---|");
            columns().forEach(c -> out.append("---|"));
            out.append('\n');
            StringBuilder below = new StringBuilder();
            for (Row r : rows) {
                out.append("| ").append(SafeText.markdownCode(r.strategy())).append(" | ").append(VerdictWords.claimed(r)).append(" | ")
                        .append(shortMeasured(r)).append(" |");
                String by = VerdictWords.brokenByWords(r);
                if (!by.isEmpty()) {
                    below.append("- ").append(SafeText.markdownCode(r.strategy())).append(": measured ")
                            .append(r.measured().label()).append(", claimed ").append(VerdictWords.claimed(r)).append("; ")
                            .append(by).append('\n');
                }
                for (Criterion c : columns()) {
                    Cell cell = r.cell(c);
                    if (cell.status() != CellStatus.FAIL) {
                        out.append(' ').append(VerdictWords.status(cell.status())).append(" |");
                        continue;
                    }
                    String id = "d" + (++details[0]);
                    out.append(" [").append(rate(cell)).append("](#").append(id).append(") |");
                    below.append("- <a name=\"").append(id).append("\"></a>**").append(id).append("** ")
                            .append(SafeText.markdownCode(r.strategy())).append(", ").append(c.code()).append(' ')
                            .append(c.title()).append(": ").append(detail(cell, files)).append('\n');
                }
                out.append('\n');
            }
            if (below.length() > 0) {
                out.append("\nFailing cells and broken claims (").append(SafeText.markdownCode(e)).append("):\n\n").append(below);
            }
            coverage(out, e, rows);
            out.append("\n### Measured class per scenario class (").append(SafeText.markdownCode(e)).append(")\n\n");
            out.append("| strategy | measured |");
            VerdictWords.CLASSES.forEach(c -> out.append(' ').append(c.title()).append(" |"));
            out.append("\n|---|---|");
            VerdictWords.CLASSES.forEach(c -> out.append("---|"));
            out.append('\n');
            for (Row r : rows) {
                out.append("| ").append(SafeText.markdownCode(r.strategy())).append(" | ").append(r.measured().label()).append(" |");
                for (ScenarioClass cls : VerdictWords.CLASSES) {
                    out.append(' ').append(SafeText.markdownCell(VerdictWords.inClass(r, cls)));
                    Counterexample first = firstIn(r, cls);
                    if (first != null && files.containsKey(first)) {
                        out.append(" [first](").append(files.get(first)).append(')');
                    }
                    out.append(" |");
                }
                out.append('\n');
            }
            out.append("\n### Timeliness of criterion 1 (").append(SafeText.markdownCode(e)).append(")\n\n");
            out.append("Delays count the detector's runs and the frames between a change's due run (its first run after"
                    + " the change) and the run that reported it; max and mean are over the reported changes.\n\n");
            out.append("| strategy | delay allowed | changes | on time | late | never | max delay (runs / frames) |"
                    + " mean delay (runs / frames) |\n|---|---|---|---|---|---|---|---|\n");
            for (Row r : rows) {
                DelayTally f = r.cell(Criterion.AT_LEAST_ONCE).delays().all();
                out.append("| ").append(SafeText.markdownCode(r.strategy())).append(" | ").append(VerdictWords.allowedDelay(r)).append(" | ");
                if (f.obligations() == 0) {
                    out.append("not judged | | | | | |\n");
                } else {
                    out.append(f.obligations()).append(" | ").append(f.reported() - f.late()).append(" | ").append(f.late())
                            .append(" | ").append(f.missed()).append(" | ").append(f.maxRuns()).append(" / ")
                            .append(f.maxFrames()).append(" | ").append(VerdictWords.mean(f.meanRuns())).append(" / ")
                            .append(VerdictWords.mean(f.meanFrames())).append(" |\n");
                }
            }
            List<Row> past = rows.stream().filter(r -> r.pastHorizon().runs() > 0).toList();
            if (!past.isEmpty()) {
                out.append("\nPast the claimed horizon (reported, not gated):\n\n");
                past.forEach(r -> out.append("- ").append(SafeText.markdownCode(r.strategy())).append(": ")
                        .append(SafeText.line(r.pastHorizon().describe())).append('\n'));
            }
            List<Row> skipped = rows.stream().filter(r -> r.skipped() != null).toList();
            if (!skipped.isEmpty()) {
                out.append("\nPartly not run (what was not run was not judged):\n\n");
                skipped.forEach(r -> out.append("- ").append(SafeText.markdownCode(r.strategy())).append(": ")
                        .append(SafeText.line(r.skipped())).append('\n'));
            }
            out.append('\n');
        }
        out.append("## Ambiguity detection (criterion A)\n\n");
        if (m.ambiguity().isEmpty()) {
            out.append("pass: the compiler's report equals the oracle on all ").append(m.scenarios())
                    .append(" scenarios.\n\n");
        } else {
            out.append("FAIL on ").append(m.ambiguity().size()).append(" pair(s):\n\n");
            m.ambiguity().forEach(a -> out.append("- ").append(SafeText.line(String.valueOf(a))).append('\n'));
            out.append('\n');
        }
        witnessesMarkdown(m, out);
        out.append("## Counterexamples\n\n");
        out.append("Each replays with `./lab replay FILE` (the file holds the scenario and its trace; a shrunk one also the"
                + " scenario as first found, which `--original` replays). A counterexample"
                + " that is also the first of its scenario classes, or of a view (7, L), is listed once with those places.\n\n");
        for (MatrixCounterexamples.Entry en : MatrixCounterexamples.of(m).entries()) {
            Counterexample x = en.counterexample();
            String also = en.alsoShownAt();
            out.append("- **").append(en.first().describe()).append("**")
                    .append(also.isEmpty() ? "" : " (also the first of " + also + ")").append(": ").append(SafeText.line(x.message()))
                    .append(" — scenario '").append(SafeText.line(x.scenario().name())).append("'")
                    .append(x.shrinking().shrunk() ? " (shrunk)" : "").append(", seed ").append(x.seed())
                    .append(files.containsKey(x) ? ", `" + files.get(x) + "`" : "").append('\n');
        }
        Row any = m.rows().isEmpty() ? null : m.rows().get(0);
        if (any != null && !any.cell(Criterion.BOUNDED_MEMORY).note().isEmpty()) {
            out.append("\n## Criterion 6 figures\n\n");
            for (Row r : m.rows()) {
                if (r.executor().equals(any.executor())) {
                    out.append("- `").append(r.strategy()).append("`: ").append(r.cell(Criterion.BOUNDED_MEMORY).note()).append('\n');
                }
            }
        }
        return out.toString();
    }

    /**
     * The witnesses: every pair of the catalogue's scenarios, and of the campaign's the witnessed and
     * inconclusive ones (those that commute are counted); where the end states differ, the lines that do
     * (both end states in full are in matrix.json).
     */
    private static void witnessesMarkdown(Matrix m, StringBuilder out) {
        Witnesses w = m.witnesses();
        out.append("## Ambiguity witnesses (criterion A)\n\n");
        if (!w.ran()) {
            out.append("Not looked for in this run (`lab run` looks for them; `--witness-tries` sets how many campaign"
                    + " scenarios).\n\n");
            return;
        }
        out.append(WitnessWords.WHAT).append("\n\n").append(WitnessWords.summary(w)).append(".\n\n");
        Map<Witness, List<String>> files = WitnessWords.files(w);
        List<Witness> shown = w.pairs().stream().filter(x -> !WitnessWords.fromCampaign(x) || WitnessWords.hasFiles(x))
                .toList();
        long hidden = w.pairs().size() - shown.size();
        if (shown.isEmpty()) {
            out.append("No pair to show.\n\n");
            return;
        }
        out.append("Pairs are named in declaration order, `a / b`; in a difference `x ≠ y`, x is what `a` before `b` gives and"
                + " y what `b` before `a` gives (\"after frame 0\" is the state after that frame; the end is after the last,"
                + " the quiet frames included).\n\n");
        out.append("| scenario | stage | pair | conflicts on | verdict | first difference | end state | replay files |\n"
                + "|---|---|---|---|---|---|---|---|\n");
        for (Witness x : shown) {
            List<String> replay = files.getOrDefault(x, List.of()).stream().map(f -> "`" + f + "`").toList();
            out.append("| ").append(cellText(x.scenario())).append(" | ").append(cellText(x.stage())).append(" | ")
                    .append(SafeText.markdownCode(x.first())).append(" / ").append(SafeText.markdownCode(x.second())).append(" | ")
                    .append(cellText(x.conflict())).append(" | ").append(cellText(WitnessWords.verdict(x))).append(" | ")
                    .append(cellText(WitnessWords.difference(x))).append(" | ").append(cellText(WitnessWords.endState(x)))
                    .append(" | ").append(String.join(", ", replay)).append(" |\n");
        }
        out.append('\n');
        if (hidden > 0) {
            out.append(hidden).append(" campaign pair(s) that commute here are not listed (all are in matrix.json).\n\n");
        }
        out.append("Replay either order with `./lab replay FILE` (it prints the end state); each file holds the scenario"
                + " with the constraints that force its order, and its trace.\n\n");
    }

    private static String cellText(String s) {
        return SafeText.markdownCell(s);
    }

    private static List<String> executors(Matrix m) {
        List<String> executors = new ArrayList<>();
        m.rows().forEach(r -> {
            if (!executors.contains(r.executor())) {
                executors.add(r.executor());
            }
        });
        return executors;
    }

    /** The first counterexample of criterion 1 on a class, else of criterion 2. */
    private static Counterexample firstIn(Row r, ScenarioClass cls) {
        Counterexample x = r.cell(Criterion.AT_LEAST_ONCE).inClass(cls).first();
        return x != null ? x : r.cell(Criterion.AT_MOST_ONCE).inClass(cls).first();
    }

    /**
     * What each column of the matrix means, one {@code "CODE meaning"} per column in column order, for the
     * legends of the terminal and of {@code matrix.md} (the criteria of {@code docs/lab.md}, in a line each).
     */
    static List<String> columnLegend() {
        List<String> out = new ArrayList<>();
        for (Criterion c : columns()) {
            out.add(c.code() + " " + c.title() + switch (c) {
                case CRASH -> " (an exception from the strategy or executor under test)";
                case AT_LEAST_ONCE -> " (every change reported, within the delay the claim allows)";
                case AT_MOST_ONCE -> " (nothing reported twice or that did not change)";
                case SAME_FRAME -> " (a writer ordered before the detector is reported in the same frame)";
                case BOUNDED_MEMORY -> " (the tracking state stops growing over 10 000 frames)";
                case NOT_LOST_WHEN_PAUSED -> " (1 on pausing scenarios)";
                case PURE_FUNCTION -> " (the end state is the lab's model's)";
                case LOOPING -> " (1 and 2 on looping stages)";
                case ORDERING -> " (every run once, orders held, no conflicting overlap)";
                case AMBIGUITY -> "";
            });
        }
        return out;
    }

    /**
     * The last line a command prints about a report: how many counterexamples it holds and where to open it,
     * {@code "442 counterexamples; the report: /abs/out/index.html (open it in a browser)"}.
     */
    static String summaryLine(Matrix m, Path dir) {
        int n = MatrixCounterexamples.of(m).entries().size();
        return n + (n == 1 ? " counterexample" : " counterexamples") + " (replay one with ./lab replay FILE); the report: "
                + dir.resolve("index.html") + " (open it in a browser)";
    }

    /**
     * {@code text} in lines of at most {@code width} characters, broken at spaces (a longer word stands alone),
     * the lines after the first indented by four spaces; each line ends with a line break.
     */
    static String wrap(String text, int width) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                out.append(line).append('\n');
                line.setLength(0);
                line.append("   ");
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        return out.append(line).append('\n').toString();
    }

    /** The measured class and whether it agrees with the claim, short: {@code "flaky ✗"}. */
    private static String shortMeasured(Row r) {
        return r.measured().label() + (r.claimed() == null ? "" : r.agrees() ? " ✓" : " ✗");
    }

    /** A failing cell's verdict and rate: {@code "FAIL 12/128"}. */
    static String rate(Cell c) {
        return "FAIL " + c.failedRuns() + "/" + c.judgedRuns();
    }

    /**
     * A failing cell in full, for the list under its table: runs, classes, scopes, the first counterexample,
     * its scenario and seed, and its replay file.
     */
    private static String detail(Cell c, Map<Counterexample, String> files) {
        List<String> scopes = new ArrayList<>();
        c.failures().keySet().forEach(s -> {
            if (s != null) {
                scopes.add(s.toString());
            }
        });
        Counterexample first = c.first();
        String classes = VerdictWords.failingClassesWords(c);
        String file = files.get(first);
        return SafeText.line("failed in " + c.failedRuns() + " of " + c.judgedRuns() + " runs" + (classes.isEmpty() ? ""
                : ", " + classes) + (scopes.isEmpty() ? "" : "; scopes: " + String.join(", ", scopes)) + "; first: "
                + first.message() + " [" + first.scenario().name() + ", seed " + first.seed() + "]")
                + (file == null ? "" : "; replay `" + file + "`");
    }

    /** The {@code format} of {@code matrix.json}. */
    public static final String JSON_FORMAT = MatrixJson.FORMAT;
    /** The version of {@code matrix.json}'s layout ({@link MatrixJson#VERSION} says what each version added). */
    public static final int JSON_VERSION = MatrixJson.VERSION;

    /**
     * The JSON matrix, version {@value #JSON_VERSION}. Per row: the strategy (id, flavor, description, jar),
     * the claim and the delay it allows, the measured class (overall and per scenario class), what broke the
     * claim, whether part of it was not run, criterion 1's delays, and per criterion (X first) its status
     * ({@code pass}, {@code fail}, {@code not-judged}), evidence, runs, failures and, for criteria judged per
     * scenario class, the class tallies; the catalogue's coverage. Every counterexample names its replay
     * file; one shown in several places names the same file everywhere. Then criterion A and the witnesses.
     */
    public static String json(Matrix m, Map<Counterexample, String> files) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", JSON_FORMAT);
        root.put("version", JSON_VERSION);
        root.put("scenarios", m.scenarios());
        root.put("tries", m.tries());
        root.put("catalogueSeeds", m.catalogueSeeds());
        root.put("campaignSeed", m.campaignSeed());
        if (m.layout() != null) {
            root.put("layout", m.layout().option());
        }
        root.put("seconds", m.seconds());
        if (!m.reach().isEmpty()) {
            root.put("reach", m.reach());
        }
        List<Object> rows = new ArrayList<>();
        for (Row r : m.rows()) {
            Map<String, Object> row = MatrixJson.subject(r.subject());
            row.put("executor", r.executor());
            row.put("claimed", r.claimed() == null ? null : GateVerdict.name(r.claimed()));
            row.put("allowedDelayFrames", r.allowedDelayFrames());
            row.put("measured", GateVerdict.name(r.measured()));
            row.put("measuredLabel", r.measured().label());
            row.put("agrees", r.agrees());
            row.put("brokenBy", VerdictWords.brokenBy(r));
            Map<String, Object> byClass = new LinkedHashMap<>();
            VerdictWords.CLASSES.forEach(c -> byClass.put(c.title(), GateVerdict.name(r.measured(c))));
            row.put("measuredByClass", byClass);
            row.putAll(MatrixJson.tally(r.tally(), r.allowedDelayFrames(), files::get));
            rows.add(row);
        }
        root.put("rows", rows);
        Map<String, Object> ambiguity = new LinkedHashMap<>();
        ambiguity.put("status", m.ambiguity().isEmpty() ? "pass" : "fail");
        ambiguity.put("differences", m.ambiguity());
        root.put("ambiguity", ambiguity);
        root.put("witnesses", MatrixJson.witnesses(m.witnesses(), WitnessWords.files(m.witnesses()), WitnessWords::hasFiles));
        if (!m.compiledAmbiguities().isEmpty()) {
            root.put("compiledAmbiguities", MatrixJson.compiledAmbiguities(m.compiledAmbiguities()));
        }
        try {
            return ScenarioJson.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
