package dev.ecslab.reports.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The race-bug catalogue with its status, for the report: the entries come from the table in
 * {@code lincheck-tests/README.md} (the single place they are described), and the status from the
 * last test results found in this checkout: the Surefire reports of {@code lincheck-tests} and the
 * JCStress log of {@code jcstress-tests}. A test that was not run is reported as not run, never as
 * passed.
 */
public final class RaceCatalogueStatus {
    /** What the last run said about one named test. */
    public enum State { PASSED, FAILED, NOT_RUN }

    /** One entry: the README's columns, and the state of the tests named in "caught by" and "ecslab passing". */
    public record Entry(String number, String source, String symptom, String reproduction, String caughtBy,
            String ecslabPassing, Map<String, State> caughtTests, Map<String, State> fixTests) {

        /** Caught: every named catching test that ran passed (it asserts that the bug is caught), and one ran. */
        public State caught() {
            return summarize(caughtTests);
        }

        public State fixPasses() {
            return summarize(fixTests);
        }

        private static State summarize(Map<String, State> tests) {
            if (tests.containsValue(State.FAILED)) {
                return State.FAILED;
            }
            return tests.containsValue(State.PASSED) ? State.PASSED : State.NOT_RUN;
        }
    }

    private static final Pattern TICKED = Pattern.compile("`([A-Za-z0-9_.#]+)`");
    private static final Pattern TESTCASE = Pattern.compile(
            "<testcase name=\"([^\"]+)\" classname=\"([^\"]+)\"[^>]*?(/>|>(.*?)</testcase>)", Pattern.DOTALL);
    private static final Pattern JCSTRESS = Pattern.compile("\\[(OK|FAILED|ERROR)\\] dev\\.ecslab\\.stress\\.([A-Za-z0-9_.]+)");

    private RaceCatalogueStatus() {
    }

    /** Reads the catalogue and its status under the repository root {@code root}. */
    public static List<Entry> read(Path root) throws IOException {
        Path readme = root.resolve("lincheck-tests").resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            return List.of();
        }
        Map<String, State> results = new HashMap<>();
        Path surefire = root.resolve("lincheck-tests").resolve("target").resolve("surefire-reports");
        if (Files.isDirectory(surefire)) {
            try (Stream<Path> files = Files.list(surefire)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.getFileName().toString().startsWith("TEST-"))::iterator) {
                    readSurefire(Files.readString(f), results);
                }
            }
        }
        Path jcstress = root.resolve("jcstress-tests").resolve("target").resolve("jcstress-results").resolve("run.log");
        if (Files.isRegularFile(jcstress)) {
            Matcher m = JCSTRESS.matcher(Files.readString(jcstress));
            while (m.find()) {
                State s = m.group(1).equals("OK") ? State.PASSED : State.FAILED;
                results.merge(m.group(2), s, (a, b) -> a == State.FAILED || b == State.FAILED ? State.FAILED : a);
                String simple = m.group(2).substring(m.group(2).lastIndexOf('.') + 1);
                results.merge(simple, s, (a, b) -> a == State.FAILED || b == State.FAILED ? State.FAILED : a);
            }
        }
        List<Entry> entries = new ArrayList<>();
        for (String line : Files.readAllLines(readme)) {
            if (!line.matches("\\| [0-9]+ \\|.*")) {
                continue;
            }
            String[] cols = line.split("\\|", -1);
            if (cols.length < 8) {
                continue;
            }
            String caughtBy = cols[5].strip();
            String passing = cols[6].strip();
            entries.add(new Entry(cols[1].strip(), cols[2].strip(), cols[3].strip(), cols[4].strip(), caughtBy, passing,
                    states(caughtBy, results), states(passing, results)));
        }
        return entries;
    }

    /** Records each test case (by method, by "Class.method" and by class) as passed or failed. */
    private static void readSurefire(String xml, Map<String, State> results) {
        Matcher m = TESTCASE.matcher(xml);
        while (m.find()) {
            String method = m.group(1).replaceAll("\\(.*", "");
            String cls = m.group(2).substring(m.group(2).lastIndexOf('.') + 1);
            String body = m.group(4) == null ? "" : m.group(4);
            State s = body.contains("<failure") || body.contains("<error") ? State.FAILED
                    : body.contains("<skipped") ? State.NOT_RUN : State.PASSED;
            if (s == State.NOT_RUN) {
                continue;
            }
            results.merge(method, s, RaceCatalogueStatus::worst);
            results.merge(cls + "." + method, s, RaceCatalogueStatus::worst);
            results.merge(cls, s, RaceCatalogueStatus::worst);
            String outer = cls.contains("$") ? cls.substring(0, cls.indexOf('$')) : cls;
            results.merge(outer, s, RaceCatalogueStatus::worst);
        }
    }

    private static State worst(State a, State b) {
        return a == State.FAILED || b == State.FAILED ? State.FAILED : a;
    }

    /** The state of every test named in backticks in {@code column} that is a test at all. */
    private static Map<String, State> states(String column, Map<String, State> results) {
        Map<String, State> out = new java.util.LinkedHashMap<>();
        Matcher m = TICKED.matcher(column);
        while (m.find()) {
            String name = m.group(1);
            String key = name.startsWith("races.") ? name.substring("races.".length()) : name;
            if (key.endsWith("Test") || key.endsWith("Stress") || key.endsWith("Race") || key.startsWith("entry")
                    || key.endsWith("Properties") || key.contains("Test.")) {
                out.put(name, results.getOrDefault(key, State.NOT_RUN));
            }
        }
        return out;
    }
}
