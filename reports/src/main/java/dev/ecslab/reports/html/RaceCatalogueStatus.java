package dev.ecslab.reports.html;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The race-bug catalogue with, for every entry and every tool, what the last run in this checkout said, for
 * {@code lab races}, its page and the report. The entries come from the entries table of
 * {@code lincheck-tests/README.md} (the single place they are described), which tools apply to each from its
 * "Which tools apply" table (the two are told apart by their header row), and the results from what the
 * last run left:
 * <ul>
 *   <li>each tool's record of an entry, {@code <module>/target/race-catalogue/entry-N.TOOL.properties}, written
 *       by its test in the modules of {@link #RECORDING_MODULES}: whether the twin (the production class with
 *       the bug put back) was caught in every one of its runs, the median time, and whether the real code
 *       passed the same test (or which test class it passed, whose Surefire report is read);</li>
 *   <li>{@code jcstress-tests/target/jcstress-results/verdict.tsv}, written by {@code run.sh}, for the JCStress
 *       tests an entry names: a twin counts only when it SHOWN its must-show outcome in that run, the real test
 *       only when it PASSED;</li>
 *   <li>{@code lincheck-tests/target/race-catalogue/run.properties}, written by {@code lab races}: the commit,
 *       command, time, cores and load of the run that made the results.</li>
 * </ul>
 *
 * <p>Contract: nothing is assumed. A tool that cannot apply is {@link Verdict#NOT_APPLICABLE}, never missed;
 * a tool with no result is {@link Verdict#NOT_RUN} and a result older than the sources it tests is
 * {@link Verdict#STALE}, never a pass. An entry is caught when at least one tool caught its twin in this run
 * and the real code passed every test of it that ran; the run meets the catalogue's rule
 * ({@link Results#exitCode()} 0) only when, besides, every tool the README names for an entry caught it.
 */
public final class RaceCatalogueStatus {
    /** The command that runs the catalogue and refreshes every result this class reads. */
    public static final String REFRESH = "./lab races";

    /** What the last run said about one piece of evidence. */
    public enum State { PASSED, FAILED, NOT_RUN }

    /** The tools that can catch a catalogue entry, in the tables' column order; ids name the records. */
    public enum Tool {
        /** The lab's controlled exploration of a catalogue scenario's system interleavings. */
        LAB("lab", "lab"),
        /** Lincheck's model checker on a linearizability test. */
        LINCHECK("lincheck", "Lincheck"),
        /** JCStress on the real memory model ({@code run.sh}'s verdict, not a record). */
        JCSTRESS("jcstress", "JCStress"),
        /** Fray's controlled concurrency testing, in module {@code fray-tests}. */
        FRAY("fray", "Fray"),
        /** A test written for the bug that forces the interleaving it needs. */
        DIRECTED("directed", "directed");

        private final String id;
        private final String heading;

        Tool(String id, String heading) {
            this.id = id;
            this.heading = heading;
        }

        /** The id in record file names ({@code entry-N.ID.properties}). */
        public String id() {
            return id;
        }

        /** The column heading in the README's and the page's tables. */
        public String heading() {
            return heading;
        }

        static Optional<Tool> byHeading(String heading) {
            for (Tool t : values()) {
                if (t.heading.equalsIgnoreCase(heading.strip())) {
                    return Optional.of(t);
                }
            }
            return Optional.empty();
        }
    }

    /** One tool's result on one entry. */
    public enum Verdict {
        /** The tool's test caught the twin in every one of its runs in this run. */
        CAUGHT("caught"),
        /** The tool's test ran and did not catch the twin in at least one of its runs. */
        MISSED("MISSED"),
        /** The README names the tool's test, but this checkout has no result of it. */
        NOT_RUN("not run"),
        /** The tool's result is older than the sources it tests. */
        STALE("stale"),
        /** The tool cannot apply to this bug (the README says why). */
        NOT_APPLICABLE("n/a"),
        /** The tool could apply, but no test of this repository applies it (the README says why). */
        NO_TEST("no test"),
        /** The README's "Which tools apply" table has no row for the entry, and the tool left no result. */
        NOT_DECLARED("not declared");

        private final String word;

        Verdict(String word) {
            this.word = word;
        }

        /** The word the tables show. */
        public String word() {
            return word;
        }
    }

    /**
     * One tool on one entry: its verdict, whether the real code passed the tool's test, how long a catch took
     * and how many runs caught it ({@code measure}, empty when there is nothing measured), and why (the README's
     * reason for n/a or no test, what is stale or missing, what failed).
     */
    public record Cell(Tool tool, Verdict verdict, State real, String measure, String detail) {
        /** Whether the README names a test of this tool for the entry (or its record counts as one). */
        public boolean named() {
            return verdict == Verdict.CAUGHT || verdict == Verdict.MISSED || verdict == Verdict.NOT_RUN
                    || verdict == Verdict.STALE;
        }

        /** The verdict, its measure and a failing real code, without the reason: what a terminal shows. */
        public String words() {
            return verdict.word() + (measure.isEmpty() ? "" : " " + measure)
                    + (real == State.FAILED ? ", real code FAILS" : "");
        }

        /** {@link #words()} and the reason: what the page and the report show. */
        public String text() {
            return detail.isEmpty() ? words() : words() + ": " + detail;
        }

        /** Whether this tool did what the catalogue's rule asks of a named tool: caught it, the real code passing. */
        public boolean meetsTheRule() {
            return !named() || (verdict == Verdict.CAUGHT && real == State.PASSED);
        }
    }

    /**
     * One entry: the columns of the README's entries table, whether its "Which tools apply" row exists, and one
     * {@link Cell} per {@link Tool}, in their order.
     */
    public record Entry(String number, String source, String symptom, String reproduction, String caughtByColumn,
            String ecslabPassing, boolean declared, List<Cell> cells) {

        public Cell cell(Tool tool) {
            return cells.get(tool.ordinal());
        }

        /**
         * PASSED when at least one tool caught the twin in this run with the real code passing that tool's test,
         * and the real code failed none; FAILED when the real code failed a test, or a tool missed and none caught;
         * NOT_RUN otherwise.
         */
        public State caught() {
            if (fixPasses() == State.FAILED) {
                return State.FAILED;
            }
            if (cells.stream().anyMatch(c -> c.verdict() == Verdict.CAUGHT && c.real() == State.PASSED)) {
                return State.PASSED;
            }
            return cells.stream().anyMatch(c -> c.verdict() == Verdict.MISSED) ? State.FAILED : State.NOT_RUN;
        }

        /** FAILED when the real code failed a tool's test in this run, PASSED when it passed one, else NOT_RUN. */
        public State fixPasses() {
            if (cells.stream().anyMatch(c -> c.real() == State.FAILED)) {
                return State.FAILED;
            }
            return cells.stream().anyMatch(c -> c.real() == State.PASSED) ? State.PASSED : State.NOT_RUN;
        }

        /** Each named tool that did not catch the entry in this run, with the real code passing, and why. */
        public List<String> shortfalls() {
            List<String> out = new ArrayList<>();
            for (Cell c : cells) {
                if (!c.meetsTheRule()) {
                    out.add(c.tool().heading() + " " + c.text());
                }
            }
            return out;
        }

        /** Caught, and caught by every tool the README names for it. */
        public boolean meetsTheRule() {
            return caught() == State.PASSED && shortfalls().isEmpty();
        }
    }

    /**
     * How the results were made: the commit ({@code null} when unknown) and whether the tree had uncommitted
     * changes, the command ({@code null} when the results were not written by {@code lab races}), when it started
     * and finished, the cores and the load average at the start (empty when unknown).
     */
    public record Run(String commit, boolean dirty, String command, Instant started, Instant finished, int cores,
            String load) {

        /** The commit in words: {@code `abc1234`}, with uncommitted changes, or unknown. */
        public String commitWords() {
            if (commit == null) {
                return "an unknown commit (not measured in a git checkout)";
            }
            return "commit `" + commit + "`" + (dirty ? " with uncommitted changes" : "");
        }

        /** One sentence: commit, command, date, cores and load. */
        public String describe() {
            String machine = cores + " cores" + (load.isEmpty() ? "" : ", load average " + load + " at the start");
            if (command == null) {
                return "Measured by a test run other than `" + REFRESH + "` (such as `mvn verify`), between " + started
                        + " and " + finished + ", on " + machine + "; the commit and the command are unknown.";
            }
            return "Measured at " + commitWords() + " with `" + command + "`, started " + started + " on " + machine + ".";
        }
    }

    /**
     * The catalogue with this checkout's results: the entries, how the results were made ({@code null} when there
     * are none), what the README leaves unsaid (an entry without a "Which tools apply" row, a record the README
     * says cannot exist), and the last recorded page, {@value #PAGE} ({@code null} when there is none or it has no
     * table), which the report shows when this checkout has no results of its own.
     */
    public record Results(List<Entry> entries, Run run, List<String> warnings, RaceCataloguePage.Recorded lastPage) {
        /** No catalogue (a report drawn outside a checkout). */
        public static final Results NONE = new Results(List.of(), null, List.of(), null);

        /** Whether any tool left a result of this run (a catch or a miss, not stale). */
        public boolean anyResults() {
            return entries.stream().flatMap(e -> e.cells().stream())
                    .anyMatch(c -> c.verdict() == Verdict.CAUGHT || c.verdict() == Verdict.MISSED);
        }

        /** 0 when every entry is caught by every tool the README names for it, 1 otherwise (or with no entries). */
        public int exitCode() {
            return !entries.isEmpty() && entries.stream().allMatch(Entry::meetsTheRule) ? 0 : 1;
        }
    }

    private static final Pattern TICKED = Pattern.compile("`([A-Za-z0-9_.#]+)`");
    private static final Pattern TESTCASE = Pattern.compile(
            "<testcase name=\"([^\"]+)\" classname=\"([^\"]+)\"[^>]*?(/>|>(.*?)</testcase>)", Pattern.DOTALL);
    private static final Pattern RECORD_NAME = Pattern.compile("entry-([0-9]+)\\.([a-z]+)\\.properties");

    /**
     * The sources the results test (a directory or file, and the ending of the file names that count):
     * a result older than the newest of them is stale. Of ecs's tests only the twins count.
     */
    private record Source(String path, String ending) {
    }

    private static final List<Source> SOURCES = List.of(new Source("ecs/src/main", ""),
            new Source("ecs/src/test/java", "Twins.java"), new Source("lab-scenarios/src/main", ""),
            new Source("lincheck-tests/src", ""), new Source("fray-tests/src", ""), new Source("jcstress-tests/src", ""),
            new Source("jcstress-tests/run.sh", ""));

    /** The modules whose tests write catalogue records, under the repository root. */
    public static final List<String> RECORDING_MODULES = List.of("lincheck-tests", "fray-tests");

    /** The page {@code lab races} writes by default, under the repository root. */
    public static final String PAGE = "docs/race-catalogue.md";

    /** The Fray lane's module, which needs a JDK 25 and may be absent from a checkout. */
    public static final String FRAY_MODULE = "fray-tests";

    private RaceCatalogueStatus() {
    }

    /** Where the Lincheck module's records are, under the repository root ({@code lab races} locks it while it runs). */
    public static Path recordsDirectory(Path root) {
        return recordsDirectory(root, "lincheck-tests");
    }

    static Path recordsDirectory(Path root, String module) {
        return root.resolve(module).resolve("target").resolve("race-catalogue");
    }

    /** Where {@code lab races} says how it made the results (beside the Lincheck module's records). */
    public static Path runFile(Path root) {
        return recordsDirectory(root).resolve("run.properties");
    }

    /** Where {@code run.sh} writes its verdict, under the repository root. */
    public static Path jcstressVerdict(Path root) {
        return root.resolve("jcstress-tests").resolve("target").resolve("jcstress-results").resolve("verdict.tsv");
    }

    /** Whether {@code module} is a module of this checkout (a directory with a {@code pom.xml}). */
    public static boolean hasModule(Path root, String module) {
        return Files.isRegularFile(root.resolve(module).resolve("pom.xml"));
    }

    /** Every record file of the recording modules, by entry number and tool id. */
    static Map<String, Map<String, Path>> records(Path root) throws IOException {
        Map<String, Map<String, Path>> out = new LinkedHashMap<>();
        for (String module : RECORDING_MODULES) {
            Path dir = recordsDirectory(root, module);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    Matcher m = RECORD_NAME.matcher(f.getFileName().toString());
                    if (m.matches()) {
                        out.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>()).put(m.group(2), f);
                    }
                }
            }
        }
        return out;
    }

    /**
     * What is wrong with the README's "Which tools apply" table under {@code root}, each as "line N: what" (a tool
     * column missing, an empty cell, n/a or no test without a reason, a row twice or for an entry that does not
     * exist); empty when nothing is. An entry without a row is not wrong: {@link #read} judges it on its records
     * and says so.
     */
    public static List<String> readmeProblems(Path root) throws IOException {
        Path readme = root.resolve("lincheck-tests").resolve("README.md");
        return Files.isRegularFile(readme) ? Readme.parse(Files.readAllLines(readme)).problems() : List.of();
    }

    /** Reads the catalogue and this checkout's results under the repository root {@code root}. */
    public static Results read(Path root) throws IOException {
        Path readme = root.resolve("lincheck-tests").resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            return Results.NONE;
        }
        Readme tables = Readme.parse(Files.readAllLines(readme));
        Instant sources = newestSource(root);
        Map<String, Map<String, Path>> records = records(root);
        Instant verdictTime = modified(jcstressVerdict(root));
        Run run = run(root, sources, records, verdictTime);
        // the results of a lab races run are what it wrote: an older result in the checkout is not of that run
        Instant since = run != null && run.command() != null ? run.started() : Instant.EPOCH;
        Evidence evidence = new Evidence(sources, since, records, readVerdict(jcstressVerdict(root)), verdictTime,
                hasModule(root, FRAY_MODULE));
        List<Entry> entries = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Map<String, String> row : tables.entries()) {
            Map<Tool, String> declared = tables.tools().get(row.get("#"));
            entries.add(evidence.entry(row, declared, warnings));
        }
        return new Results(entries, run, warnings, lastPage(root.resolve(PAGE)));
    }

    /** The recorded page, read back; null when it is missing, unreadable or has no table of results. */
    private static RaceCataloguePage.Recorded lastPage(Path page) {
        try {
            return Files.isRegularFile(page) ? RaceCataloguePage.parse(Files.readString(page)).orElse(null) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The README's two tables: the entries (by column heading) and which tools apply (by entry number, by tool).
     * A table is known by its header row: the entries table has "source" and "caught by" columns, the tools
     * table a column per tool; rows of any other table are ignored.
     */
    record Readme(List<Map<String, String>> entries, Map<String, Map<Tool, String>> tools, List<String> problems) {
        static Readme parse(List<String> lines) {
            List<Map<String, String>> entries = new ArrayList<>();
            Map<String, Map<Tool, String>> tools = new LinkedHashMap<>();
            Map<String, Integer> toolsLine = new LinkedHashMap<>();
            List<String> problems = new ArrayList<>();
            List<String> header = null;
            String kind = "";
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (!line.startsWith("|")) {
                    header = null;
                    continue;
                }
                List<String> cells = cells(line);
                if (header == null) {
                    header = cells.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
                    kind = header.contains("source") && header.contains("caught by") ? "entries"
                            : header.contains("lincheck") && header.contains("lab") ? "tools" : "";
                    if (kind.equals("tools")) {
                        for (Tool t : Tool.values()) {
                            if (!header.contains(t.heading().toLowerCase(Locale.ROOT))) {
                                problems.add("line " + (i + 1) + ": the \"Which tools apply\" table has no " + t.heading()
                                        + " column");
                            }
                        }
                    }
                    continue;
                }
                if (cells.isEmpty() || !cells.get(0).matches("[0-9]+")) {
                    continue;                                  // the separator row, or a row of some other table
                }
                Map<String, String> row = new LinkedHashMap<>();
                for (int c = 0; c < header.size(); c++) {
                    row.put(header.get(c), c < cells.size() ? cells.get(c) : "");
                }
                if (kind.equals("entries")) {
                    entries.add(row);
                } else if (kind.equals("tools")) {
                    String number = cells.get(0);
                    int lineNumber = i + 1;
                    Map<Tool, String> byTool = new EnumMap<>(Tool.class);
                    row.forEach((heading, text) -> Tool.byHeading(heading).ifPresent(t -> byTool.put(t, text)));
                    byTool.forEach((t, text) -> {
                        String problem = cellProblem(text);
                        if (problem != null) {
                            problems.add("line " + lineNumber + ": entry " + number + "'s " + t.heading() + " cell "
                                    + problem);
                        }
                    });
                    if (tools.put(number, byTool) != null) {
                        problems.add("line " + lineNumber + ": a second \"Which tools apply\" row for entry " + number);
                    }
                    toolsLine.put(number, lineNumber);
                }
            }
            for (Map.Entry<String, Integer> t : toolsLine.entrySet()) {
                if (entries.stream().noneMatch(e -> t.getKey().equals(e.get("#")))) {
                    problems.add("line " + t.getValue() + ": \"Which tools apply\" has a row for entry " + t.getKey()
                            + ", which the entries table does not have");
                }
            }
            return new Readme(entries, tools, problems);
        }

        /** What is wrong with a "Which tools apply" cell, or null: it names a test, or says why none applies. */
        private static String cellProblem(String text) {
            String t = text.strip();
            if (t.isEmpty()) {
                return "is empty: name the test that applies the tool, or say `n/a: reason` or `no test: reason`";
            }
            for (String word : List.of("n/a", "no test")) {
                if (t.regionMatches(true, 0, word, 0, word.length()) && Evidence.reason(t.substring(word.length())).isEmpty()) {
                    return "says " + word + " without the reason";
                }
            }
            return null;
        }

        /** The cells of a table row, stripped, without the empty ones before the first and after the last bar. */
        static List<String> cells(String row) {
            String inner = row.strip();
            inner = inner.substring(1, inner.endsWith("|") && inner.length() > 1 ? inner.length() - 1 : inner.length());
            List<String> out = new ArrayList<>();
            for (String c : inner.split("\\|", -1)) {
                out.add(c.strip());
            }
            return out;
        }
    }

    /** Everything a run left, and how to turn it into cells. */
    private record Evidence(Instant sources, Instant since, Map<String, Map<String, Path>> records,
            Map<String, String[]> jcstress, Instant verdictTime, boolean frayLane) {

        Entry entry(Map<String, String> row, Map<Tool, String> declared, List<String> warnings) throws IOException {
            String number = row.getOrDefault("#", "");
            Map<String, Path> mine = records.getOrDefault(number, Map.of());
            if (declared == null) {
                warnings.add("entry " + number + " has no row in \"Which tools apply\" (lincheck-tests/README.md): its"
                        + " tools are the ones that left a record");
            }
            List<Cell> cells = new ArrayList<>();
            for (Tool tool : Tool.values()) {
                String text = declared == null ? null : declared.getOrDefault(tool, "");
                cells.add(tool == Tool.JCSTRESS ? jcstressCell(number, text, row, warnings)
                        : recordCell(number, tool, text, mine.get(tool.id()), warnings));
            }
            return new Entry(number, row.getOrDefault("source", ""), row.getOrDefault("symptom", ""),
                    row.getOrDefault("buggy variant", ""), row.getOrDefault("caught by", ""),
                    row.getOrDefault("ecslab passing", ""), declared != null, cells);
        }

        /** Why a result does not count: an earlier run wrote it, not the last {@code lab races}. */
        private String earlier(String what, Instant written) {
            return what + " (" + written + ") is from a run before the last `" + REFRESH + "` (started " + since + ")";
        }

        /** A cell the README says nothing runs in (n/a, no test), or that it does not declare; null when it names a test. */
        private static Cell unnamed(Tool tool, String declared) {
            if (declared == null) {
                return new Cell(tool, Verdict.NOT_DECLARED, State.NOT_RUN, "", "");
            }
            String d = declared.strip();
            if (d.isEmpty() || d.equals("-") || d.equals("—")) {
                return new Cell(tool, Verdict.NOT_DECLARED, State.NOT_RUN, "", "the README's cell is empty");
            }
            if (d.regionMatches(true, 0, "n/a", 0, 3)) {
                return new Cell(tool, Verdict.NOT_APPLICABLE, State.NOT_RUN, "", reason(d.substring(3)));
            }
            if (d.regionMatches(true, 0, "no test", 0, 7)) {
                return new Cell(tool, Verdict.NO_TEST, State.NOT_RUN, "", reason(d.substring(7)));
            }
            return null;
        }

        private static String reason(String rest) {
            String r = rest.strip();
            return r.startsWith(":") ? r.substring(1).strip() : r;
        }

        private Cell recordCell(String number, Tool tool, String declared, Path record, List<String> warnings)
                throws IOException {
            Cell unnamed = unnamed(tool, declared);
            if (record == null) {
                if (unnamed != null) {
                    return unnamed;
                }
                String why = tool == Tool.FRAY && !frayLane ? "the Fray lane (" + FRAY_MODULE + ") is not in this checkout"
                        : "no record of this test; run `" + REFRESH + "`";
                return new Cell(tool, Verdict.NOT_RUN, State.NOT_RUN, "", why);
            }
            if (unnamed != null && unnamed.verdict() != Verdict.NOT_DECLARED) {
                warnings.add("entry " + number + ": " + tool.heading() + " left a record, though lincheck-tests/README.md"
                        + " says " + unnamed.text() + "; the record counts");
            }
            Instant written = modified(record);
            if (written == null || written.isBefore(sources)) {
                return new Cell(tool, Verdict.STALE, State.NOT_RUN, "", "its record (" + written + ") is older than the"
                        + " sources (changed " + sources + "); refresh with `" + REFRESH + "`");
            }
            if (written.isBefore(since)) {
                return new Cell(tool, Verdict.NOT_RUN, State.NOT_RUN, "", earlier("its record", written));
            }
            Properties p = properties(record);
            int runs = integer(p.getProperty("runs"));
            int caughtRuns = integer(p.getProperty("caught.runs"));
            boolean caught = "true".equals(p.getProperty("caught"));
            String fraction = "(" + caughtRuns + "/" + runs + ")";
            String measure = caught ? time(p.getProperty("median.ms", "")) + " " + fraction : fraction;
            List<String> details = new ArrayList<>();
            State real = State.NOT_RUN;
            if (p.getProperty("real.passes") != null) {
                real = "true".equals(p.getProperty("real.passes")) ? State.PASSED : State.FAILED;
                if (real == State.FAILED) {
                    details.add("the real code failed the same test");
                }
            } else if (p.getProperty("real.test") != null) {
                String test = p.getProperty("real.test");
                Path module = record.getParent().getParent().getParent();
                Path report = module.resolve("target").resolve("surefire-reports")
                        .resolve("TEST-" + qualified(module, test) + ".xml");
                real = surefire(report);
                if (real != State.NOT_RUN && isStale(report, sources)) {
                    real = State.NOT_RUN;
                    details.add(test + "'s Surefire report is older than the sources; refresh with `" + REFRESH + "`");
                } else if (real != State.NOT_RUN && modified(report).isBefore(since)) {
                    real = State.NOT_RUN;
                    details.add(earlier(test + "'s Surefire report", modified(report)));
                } else if (real == State.NOT_RUN) {
                    details.add("no Surefire report of the real test " + test + "; run `" + REFRESH + "`");
                } else if (real == State.FAILED) {
                    details.add("the real code failed " + test);
                }
            } else {
                details.add("the record does not say whether the real code passed");
            }
            return new Cell(tool, caught ? Verdict.CAUGHT : Verdict.MISSED, real, measure, String.join("; ", details));
        }

        private Cell jcstressCell(String number, String declared, Map<String, String> row, List<String> warnings) {
            Cell unnamed = unnamed(Tool.JCSTRESS, declared);
            List<String> names = new ArrayList<>();
            // the README's cell names the tests; without a row, the entries table's JCStress names count (as before)
            Matcher m = TICKED.matcher(unnamed == null ? declared
                    : declared == null ? row.getOrDefault("caught by", "") + " " + row.getOrDefault("ecslab passing", "") : "");
            while (m.find()) {
                if (m.group(1).endsWith("Stress") || m.group(1).endsWith("Twin")) {
                    names.add(m.group(1));
                }
            }
            if (names.isEmpty()) {
                if (unnamed != null) {
                    return unnamed;
                }
                warnings.add("entry " + number + ": the JCStress cell names no test (a name ending in Stress or Twin)");
                return new Cell(Tool.JCSTRESS, Verdict.NOT_DECLARED, State.NOT_RUN, "", "the README names no JCStress test");
            }
            List<String> missing = new ArrayList<>();
            boolean shown = true;
            boolean anyTwin = false;
            State real = State.NOT_RUN;
            List<String> failed = new ArrayList<>();
            for (String name : names) {
                String[] v = jcstress.entrySet().stream().filter(e -> e.getKey().endsWith("." + name))
                        .map(Map.Entry::getValue).findFirst().orElse(null);
                if (v == null) {
                    missing.add(name);
                } else if (name.endsWith("Twin")) {
                    anyTwin = true;
                    shown &= v[1].equals("SHOWN");
                    if (!v[1].equals("SHOWN")) {
                        failed.add(name + ": " + v[1]);
                    }
                } else if (v[1].equals("PASSED")) {
                    real = real == State.FAILED ? State.FAILED : State.PASSED;
                } else {
                    real = State.FAILED;
                    failed.add(name + ": " + v[1]);
                }
            }
            if (!missing.isEmpty()) {
                return new Cell(Tool.JCSTRESS, Verdict.NOT_RUN, State.NOT_RUN, "", "no JCStress verdict of "
                        + String.join(", ", missing) + "; run `" + REFRESH + "`");
            }
            if (verdictTime == null || verdictTime.isBefore(sources)) {
                return new Cell(Tool.JCSTRESS, Verdict.STALE, State.NOT_RUN, "", "run.sh's verdict (" + verdictTime
                        + ") is older than the sources (changed " + sources + "); refresh with `" + REFRESH + "`");
            }
            if (verdictTime.isBefore(since)) {
                return new Cell(Tool.JCSTRESS, Verdict.NOT_RUN, State.NOT_RUN, "", earlier("run.sh's verdict", verdictTime));
            }
            String[] header = jcstress.getOrDefault("#", new String[] {"", "", ""});
            String mode = header[0].isEmpty() ? "" : header[0] + " ";
            String detail = "JCStress says whether an outcome was seen in its run, not when" + header[2];
            if (!failed.isEmpty()) {
                detail = String.join(", ", failed) + "; " + detail;
            }
            Verdict verdict = anyTwin && shown ? Verdict.CAUGHT : Verdict.MISSED;
            return new Cell(Tool.JCSTRESS, verdict, real, "(" + (verdict == Verdict.CAUGHT ? 1 : 0) + "/1 " + mode + "run)",
                    detail);
        }
    }

    /** A median in milliseconds as the tables show it: 5.1 ms, 420 ms, 43.6 s. */
    static String time(String medianMillis) {
        double ms;
        try {
            ms = Double.parseDouble(medianMillis);
        } catch (NumberFormatException e) {
            return "?";
        }
        if (ms >= 1000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000);
        }
        return ms >= 10 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.1f ms", ms);
    }

    private static int integer(String s) {
        try {
            return s == null ? 0 : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * How the fresh results (those not older than the sources) were made: {@code lab races}'s run file when it wrote
     * some of them and none was written after it ended (older ones are then results of an earlier run, which do not
     * count); otherwise what the records say (their times and cores), with the command and commit unknown. Null
     * when nothing fresh is there.
     */
    private static Run run(Path root, Instant sources, Map<String, Map<String, Path>> records, Instant verdictTime)
            throws IOException {
        List<Instant> fresh = new ArrayList<>();
        int cores = 0;
        for (Map<String, Path> byTool : records.values()) {
            for (Path f : byTool.values()) {
                Instant t = modified(f);
                if (t != null && !t.isBefore(sources)) {
                    fresh.add(t);
                    cores = Math.max(cores, integer(properties(f).getProperty("cores")));
                }
            }
        }
        if (verdictTime != null && !verdictTime.isBefore(sources)) {
            fresh.add(verdictTime);
        }
        if (fresh.isEmpty()) {
            return null;
        }
        Instant first = fresh.stream().min(Instant::compareTo).orElseThrow();
        Instant last = fresh.stream().max(Instant::compareTo).orElseThrow();
        Optional<Run> recorded = readRun(runFile(root));
        if (recorded.isPresent() && !last.isBefore(recorded.get().started())
                && !last.isAfter(recorded.get().finished().plusSeconds(2))) {
            return recorded.get();
        }
        return new Run(null, false, null, first.truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                last.truncatedTo(java.time.temporal.ChronoUnit.SECONDS), cores, "");
    }

    /** Writes {@code lab races}'s run file: how the results beside it were made. */
    public static void writeRun(Path file, Run run) throws IOException {
        String text = "commit=" + (run.commit() == null ? "unknown" : run.commit()) + "\n"
                + "dirty=" + run.dirty() + "\n"
                + "command=" + run.command() + "\n"
                + "started=" + run.started() + "\n"
                + "finished=" + run.finished() + "\n"
                + "cores=" + run.cores() + "\n"
                + "load=" + run.load() + "\n";
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** The run file, or empty when there is none or it is not one. */
    static Optional<Run> readRun(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = properties(file);
        try {
            String commit = p.getProperty("commit", "unknown");
            return Optional.of(new Run(commit.equals("unknown") ? null : commit, "true".equals(p.getProperty("dirty")),
                    p.getProperty("command", REFRESH), Instant.parse(p.getProperty("started", "")),
                    Instant.parse(p.getProperty("finished", "")), integer(p.getProperty("cores")), p.getProperty("load", "")));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** The test class named {@code simple} in {@code module}, qualified by where its source is. */
    private static String qualified(Path module, String simple) throws IOException {
        Path tests = module.resolve("src").resolve("test").resolve("java");
        if (Files.isDirectory(tests)) {
            try (Stream<Path> files = Files.walk(tests)) {
                Optional<Path> source = files.filter(f -> f.getFileName().toString().equals(simple + ".java")).findFirst();
                if (source.isPresent()) {
                    String rel = tests.relativize(source.get()).toString();
                    return rel.substring(0, rel.length() - ".java".length()).replace(java.io.File.separatorChar, '.');
                }
            }
        }
        return "dev.ecslab.concurrency." + simple;
    }

    /** PASSED when the report has test cases and none failed, FAILED when one did, NOT_RUN without a report. */
    static State surefire(Path report) throws IOException {
        if (!Files.isRegularFile(report)) {
            return State.NOT_RUN;
        }
        Matcher m = TESTCASE.matcher(Files.readString(report));
        int cases = 0;
        while (m.find()) {
            String body = m.group(4) == null ? "" : m.group(4);
            if (body.contains("<failure") || body.contains("<error")) {
                return State.FAILED;
            }
            if (!body.contains("<skipped")) {
                cases++;
            }
        }
        return cases > 0 ? State.PASSED : State.NOT_RUN;
    }

    /**
     * The verdict's lines by test name: {kind, verdict, detail}. Empty when there is none. Its header is kept
     * under "#": {mode, "", what the header says of the run's length}.
     */
    static Map<String, String[]> readVerdict(Path verdict) throws IOException {
        Map<String, String[]> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(verdict)) {
            return out;
        }
        int tests = 0;
        String header = "";
        for (String line : Files.readAllLines(verdict)) {
            String[] f = line.split("\t", -1);
            if (line.startsWith("#")) {
                header = line;
            } else if (f.length >= 3) {
                out.put(f[0], new String[] {f[1], f[2], f.length > 3 ? f[3] : ""});
                tests++;
            }
        }
        out.put("#", new String[] {headerField(header, "mode"), "", runLength(header, tests)});
        return out;
    }

    /** "; the run of N tests took S s", from the header's start and finish times, or empty when it lacks them. */
    private static String runLength(String header, int tests) {
        try {
            Duration d = Duration.between(Instant.parse(headerField(header, "started")),
                    Instant.parse(headerField(header, "finished")));
            return "; the JCStress run (" + tests + (tests == 1 ? " test" : " tests") + ") took " + d.toSeconds() + " s";
        } catch (DateTimeParseException e) {
            return "";
        }
    }

    private static String headerField(String header, String name) {
        Matcher m = Pattern.compile("(?:^#|\\s)" + name + "=(\\S+)").matcher(header);
        return m.find() ? m.group(1) : "";
    }

    private static Properties properties(Path file) throws IOException {
        Properties p = new Properties();
        if (Files.isRegularFile(file)) {
            p.load(new StringReader(Files.readString(file)));
        }
        return p;
    }

    private static boolean isStale(Path result, Instant sources) throws IOException {
        Instant at = modified(result);
        return at == null || at.isBefore(sources);
    }

    private static Instant modified(Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.getLastModifiedTime(file).toInstant() : null;
    }

    /** The newest modification time among the sources the catalogue's results test. */
    static Instant newestSource(Path root) throws IOException {
        Instant newest = Instant.EPOCH;
        for (Source s : SOURCES) {
            Path p = root.resolve(s.path());
            if (!Files.exists(p)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(p)) {
                Optional<FileTime> t = files.filter(Files::isRegularFile)
                        .filter(f -> f.getFileName().toString().endsWith(s.ending())).map(f -> {
                    try {
                        return Files.getLastModifiedTime(f);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }).max(FileTime::compareTo);
                if (t.isPresent() && t.get().toInstant().isAfter(newest)) {
                    newest = t.get().toInstant();
                }
            }
        }
        return newest;
    }
}
