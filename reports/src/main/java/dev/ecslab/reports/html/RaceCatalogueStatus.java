package dev.ecslab.reports.html;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The race-bug catalogue with the status of its last run, for the report and {@code lab races}. The
 * entries come from the table in {@code lincheck-tests/README.md} (the single place they are
 * described); their status from what the last run left in this checkout:
 * <ul>
 *   <li>each entry's record, {@code lincheck-tests/target/race-catalogue/entry-N.properties}, written by
 *       its test: whether the twin (the production class with the bug put back) was caught in every
 *       attempt, the median time, and whether the real code passed the same test (or which test class
 *       it passed, whose Surefire report is read);</li>
 *   <li>{@code jcstress-tests/target/jcstress-results/verdict.tsv}, written by {@code run.sh}, for the
 *       JCStress twins and real tests an entry names: a twin counts only when it SHOWN its must-show
 *       outcome in that run, the real test only when it PASSED (no FORBIDDEN outcome observed).</li>
 * </ul>
 * An entry is caught only when every piece of evidence it names says so and the real code passed in
 * the same results. Nothing is assumed: no results is "not run"; results older than the sources they
 * test are stale, reported as not run with the command that refreshes them ({@value #REFRESH}).
 */
public final class RaceCatalogueStatus {
    /** The command that runs the catalogue and refreshes every result this class reads. */
    public static final String REFRESH = "./lab races";

    /** What the last run said about one piece of evidence. */
    public enum State { PASSED, FAILED, NOT_RUN }

    /**
     * One entry: the README's columns, the state of each piece of evidence for "the twin is caught"
     * ({@code caughtTests}) and for "the real code passes" ({@code fixTests}), the median time to
     * catch, and a note on the results (stale, missing, or when they were made).
     */
    public record Entry(String number, String source, String symptom, String reproduction, String caughtByColumn,
            String ecslabPassing, Map<String, State> caughtTests, Map<String, State> fixTests, String medianTime,
            String note) {

        /** The "caught by" column with the note on this run's results (what the report shows). */
        public String caughtBy() {
            return note.isEmpty() ? caughtByColumn : caughtByColumn + " — " + note;
        }

        /**
         * Caught: every piece of evidence says the twin showed its bug in this run, and the real code
         * passed the same test. Failed when any says otherwise; not run when any is missing or stale.
         */
        public State caught() {
            State twins = summarize(caughtTests);
            State real = summarize(fixTests);
            if (twins == State.FAILED || real == State.FAILED) {
                return State.FAILED;
            }
            return twins == State.PASSED && real == State.PASSED ? State.PASSED : State.NOT_RUN;
        }

        public State fixPasses() {
            return summarize(fixTests);
        }

        private static State summarize(Map<String, State> tests) {
            if (tests.containsValue(State.FAILED)) {
                return State.FAILED;
            }
            return tests.isEmpty() || tests.containsValue(State.NOT_RUN) ? State.NOT_RUN : State.PASSED;
        }
    }

    private static final Pattern TICKED = Pattern.compile("`([A-Za-z0-9_.#]+)`");
    private static final Pattern TESTCASE = Pattern.compile(
            "<testcase name=\"([^\"]+)\" classname=\"([^\"]+)\"[^>]*?(/>|>(.*?)</testcase>)", Pattern.DOTALL);
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

    private RaceCatalogueStatus() {
    }

    /** The modules whose tests write catalogue records, under the repository root. */
    static final List<String> RECORDING_MODULES = List.of("lincheck-tests", "fray-tests");

    /** Where the Lincheck module's records are, under the repository root ({@code lab races} locks it while it runs). */
    public static Path recordsDirectory(Path root) {
        return recordsDirectory(root, "lincheck-tests");
    }

    static Path recordsDirectory(Path root, String module) {
        return root.resolve(module).resolve("target").resolve("race-catalogue");
    }

    /** Entry {@code number}'s records, one per tool ({@code entry-N.TOOL.properties}), in every recording module. */
    static List<Path> records(Path root, String number) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String module : RECORDING_MODULES) {
            Path dir = recordsDirectory(root, module);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.getFileName().toString().matches("entry-" + Pattern.quote(number) + "\\.[a-z]+\\.properties"))
                        .sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** Where {@code run.sh} writes its verdict, under the repository root. */
    public static Path jcstressVerdict(Path root) {
        return root.resolve("jcstress-tests").resolve("target").resolve("jcstress-results").resolve("verdict.tsv");
    }

    /** Reads the catalogue and its status under the repository root {@code root}. */
    public static List<Entry> read(Path root) throws IOException {
        Path readme = root.resolve("lincheck-tests").resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            return List.of();
        }
        Instant sources = newestSource(root);
        Map<String, String[]> jcstress = readVerdict(jcstressVerdict(root));
        Instant verdictTime = modified(jcstressVerdict(root));
        List<Entry> entries = new ArrayList<>();
        for (String line : Files.readAllLines(readme)) {
            if (!line.matches("\\| [0-9]+ \\|.*")) {
                continue;
            }
            String[] cols = line.split("\\|", -1);
            if (cols.length < 8) {
                continue;
            }
            entries.add(entry(root, cols, sources, jcstress, verdictTime));
        }
        return entries;
    }

    private static Entry entry(Path root, String[] cols, Instant sources, Map<String, String[]> jcstress,
            Instant verdictTime) throws IOException {
        String number = cols[1].strip();
        String caughtBy = cols[5].strip();
        String passing = cols[6].strip();
        Map<String, State> caught = new LinkedHashMap<>();
        Map<String, State> real = new LinkedHashMap<>();
        List<String> stale = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        String median = "";
        List<Path> records = records(root, number);
        if (records.isEmpty()) {
            String recordKey = "entry " + number + "'s records";
            caught.put(recordKey, State.NOT_RUN);
            missing.add(recordKey);
        }
        for (Path recordFile : records) {
            Properties p = properties(recordFile).orElseThrow();
            String recordKey = "entry " + number + "'s " + p.getProperty("tool", "") + " record";
            if (isStale(recordFile, sources)) {
                caught.put(recordKey, State.NOT_RUN);
                stale.add(recordKey + " (" + modified(recordFile) + ")");
                continue;
            }
            caught.put(recordKey, "true".equals(p.getProperty("caught")) ? State.PASSED : State.FAILED);
            if (median.isEmpty()) {
                median = p.getProperty("median.ms", "") + " ms (" + p.getProperty("caught.runs", "?") + " of "
                        + p.getProperty("runs", "?") + " runs)";
            }
            if (p.getProperty("real.passes") != null) {
                real.put(recordKey + ": real code", "true".equals(p.getProperty("real.passes")) ? State.PASSED : State.FAILED);
            } else if (p.getProperty("real.test") != null) {
                String test = p.getProperty("real.test");
                Path module = recordFile.getParent().getParent().getParent();
                Path report = module.resolve("target").resolve("surefire-reports")
                        .resolve("TEST-" + qualified(module, test) + ".xml");
                State s = surefire(report);
                if (s != State.NOT_RUN && isStale(report, sources)) {
                    s = State.NOT_RUN;
                    stale.add(test + "'s Surefire report");
                } else if (s == State.NOT_RUN) {
                    missing.add(test + "'s Surefire report");
                }
                real.put(test, s);
            }
        }
        Matcher m = TICKED.matcher(caughtBy + " " + passing);
        while (m.find()) {
            String name = m.group(1);
            if (!name.endsWith("Stress") && !name.endsWith("Twin")) {
                continue;
            }
            String[] v = jcstress.entrySet().stream().filter(e -> e.getKey().endsWith("." + name)).map(Map.Entry::getValue)
                    .findFirst().orElse(null);
            String key = "JCStress " + name;
            Map<String, State> into = name.endsWith("Twin") ? caught : real;
            if (v == null) {
                into.put(key, State.NOT_RUN);
                missing.add(key);
            } else if (verdictTime == null || verdictTime.isBefore(sources)) {
                into.put(key, State.NOT_RUN);
                stale.add(key);
            } else {
                into.put(key, v[1].equals("SHOWN") || v[1].equals("PASSED") ? State.PASSED : State.FAILED);
            }
        }
        String note;
        if (!stale.isEmpty()) {
            note = "stale: " + String.join(", ", stale) + " older than the sources (changed " + sources + "); refresh with `"
                    + REFRESH + "`";
        } else if (!missing.isEmpty()) {
            note = "no results for " + String.join(", ", missing) + "; run `" + REFRESH + "`";
        } else {
            note = median.isEmpty() ? "" : "median time to catch " + median;
        }
        return new Entry(number, cols[2].strip(), cols[3].strip(), cols[4].strip(), caughtBy, passing, caught, real,
                median, note);
    }

    /** The lincheck-tests test class named {@code simple}, qualified by where its source is. */
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

    /** The verdict's lines by test name: {kind, verdict, detail}. Empty when there is none. */
    static Map<String, String[]> readVerdict(Path verdict) throws IOException {
        Map<String, String[]> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(verdict)) {
            return out;
        }
        for (String line : Files.readAllLines(verdict)) {
            String[] f = line.split("\t", -1);
            if (!line.startsWith("#") && f.length >= 3) {
                out.put(f[0], new String[] {f[1], f[2], f.length > 3 ? f[3] : ""});
            }
        }
        return out;
    }

    private static Optional<Properties> properties(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(file)));
        return Optional.of(p);
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
