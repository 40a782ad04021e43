package dev.ecslab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.LabOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The figures the README quotes are the figures of the documents it cites. Each {@link Quote} is the
 * README's sentence with its figures as groups, and the same figures read from where they were measured:
 * {@code benchmarks/RESULTS.md}, {@code docs/ci.md}, the race catalogue, or the code. A README that changes a
 * figure fails here, and so does a source measured again without the README; a README that stops quoting a
 * figure in these words fails too, so that the quote is moved with the sentence instead of silently dropped.
 *
 * <p>Contract: every quote matches the README exactly once and its source exactly once (a table row, a
 * sentence of a named section), and the README's figures equal the source's as text, after the rounding
 * the quote names (the test suite's module times: to the half minute, the total to the minute).
 */
class ReadmeFiguresTest {
    /** The repository root, relative to the reports module (Surefire's working directory). */
    static final Path ROOT = Path.of("..");

    /** The documents a figure can come from, as committed. */
    record Docs(String readme, String results, String ci, String races) {
        static Docs read() throws IOException {
            return new Docs(text("README.md"), text("benchmarks/RESULTS.md"), text("docs/ci.md"), text("docs/race-catalogue.md"));
        }

        /** The section of RESULTS.md whose heading starts with {@code heading}. */
        String results(String heading) {
            return section(results, heading);
        }
    }

    /** One quote: what it is, the README's words with the figures as groups, and the figures from their source. */
    record Quote(String what, String readme, Function<Docs, List<String>> source) {
    }

    static final List<Quote> QUOTES = List.of(
            new Quote("the default ./lab run's wall time",
                    "The default `\\./lab run` then takes \\*\\*about (\\d+) minutes? on 2 cores\\*\\* \\(([\\d.]+) s at ([0-9a-f]{7}):",
                    d -> {
                        String s = d.results("## Controlled runs on one processor, and a quadratic in the oracle");
                        List<String> head = groups(s, "\\| command \\| [0-9a-f]{7} \\(s\\) \\| ([0-9a-f]{7}) \\(s\\) \\| ratio \\|");
                        String seconds = groups(s, "\\| `\\./lab run --jobs 2`, mean \\| [\\d.]+ \\| ([\\d.]+) \\|").get(0);
                        return List.of(String.valueOf(Math.round(Double.parseDouble(seconds) / 60)), seconds, head.get(0));
                    }),
            new Quote("the gate's campaign scenarios per second per core",
                    "about \\*\\*(\\d+) campaign scenarios per second per core\\*\\*",
                    d -> groups(d.results("### A 20 000-scenario gate in two shards"), "on 2 cores, about (\\d+) per core\\*\\*")),
            new Quote("what a 10⁶-scenario gate costs",
                    "costs about ([\\d.]+) core-hours \\(about (\\d+) on a slower machine\\)",
                    d -> groups(d.results("### A 20 000-scenario gate in two shards"),
                            "costs about ([\\d.]+) core-hours here, about (\\d+) on the slower machine")),
            new Quote("the shards for 10⁶ scenarios in an hour",
                    "\\*\\*(\\d+) shards\\*\\* on 4-core runners or \\*\\*(\\d+)\\*\\* on 2-core ones",
                    d -> {
                        String s = d.results("### A 20 000-scenario gate in two shards");
                        List<String> out = new ArrayList<>(groups(s, "\\*\\*(\\d+) shards\\*\\* on GitHub-hosted 4-core runners"));
                        out.addAll(groups(s, "\\*\\*(\\d+) shards\\*\\* on 2-core runners"));
                        return out;
                    }),
            new Quote("what --jobs gains",
                    "so `--jobs 2` gains little on 2 cores \\(([\\d.]+)–([\\d.]+)×\\)\\. With C1 alone, `--jobs 2` gains"
                            + " ([\\d.]+)–([\\d.]+)× and `--jobs 4` ([\\d.]+)–([\\d.]+)×",
                    d -> jobsGains(d.results("### The command line, timed"))),
            new Quote("the default build's time",
                    "on 2 cores it takes about (\\d+) minutes \\(([\\d-]+): ecs ([\\d.]+), lab-scenarios ([\\d.]+), reports"
                            + " ([\\d.]+), Lincheck ([\\d.]+), JCStress ([\\d.]+);.*?\\), (?:over|within) the (\\d+) minutes",
                    d -> buildTimes(section(d.ci(), "## ecslab's own test suite"))),
            new Quote("the long profile's time",
                    "under every JVM configuration, about (\\d+) minutes on 2 cores",
                    d -> groups(section(d.ci(), "## ecslab's own test suite"), "the rest of the executor sweeps, about (\\d+) minutes")),
            new Quote("the default run's scenarios",
                    "Criterion A \\(ambiguity detection\\) passes on all (\\d+) scenarios",
                    ReadmeFiguresTest::defaultRunScenarios),
            new Quote("the default run's scenarios, again",
                    "are exact on these (\\d+) scenarios",
                    ReadmeFiguresTest::defaultRunScenarios),
            new Quote("the race-bug catalogue's size",
                    "the race-bug catalogue \\((\\d+) documented ECS bugs",
                    d -> List.of(String.valueOf(Pattern.compile("(?m)^\\| \\d+ \\| ").matcher(d.races()).results().count()))));

    @Test
    void everyQuotedFigureIsTheFigureOfItsSource() throws IOException {
        Docs docs = Docs.read();
        SoftAssertions soft = new SoftAssertions();
        for (Quote q : QUOTES) {
            List<String> quoted;
            try {
                quoted = groups(fold(docs.readme()), q.readme());
            } catch (AssertionError e) {
                soft.fail("README.md no longer quotes " + q.what() + " in these words (change the quote with the"
                        + " sentence): " + e.getMessage());
                continue;
            }
            soft.assertThat(quoted).as("%s: README.md quotes %s, its source says otherwise", q.what(), quoted)
                    .isEqualTo(q.source().apply(docs));
        }
        soft.assertAll();
    }

    @Test
    void aChangedFigureIsCaught() throws IOException {
        Docs docs = Docs.read();
        Quote perCore = QUOTES.get(1);
        String altered = fold(docs.readme()).replaceFirst("about \\*\\*(\\d+) campaign", "about **999 campaign");
        assertThat(groups(altered, perCore.readme())).isNotEqualTo(perCore.source().apply(docs));
        assertThatThrownBy(() -> groups(altered.replace("campaign scenarios per second per core", "runs a second"),
                perCore.readme())).as("a sentence reworded away from its quote").isInstanceOf(AssertionError.class);
    }

    @Test
    void theJobsTableIsReadByColumnAndCompiler() {
        String table = """
                | what | JIT | `--jobs 1` | `--jobs 2` | `--jobs 4` |
                |---|---|---:|---:|---:|
                | a | default (C2) | 61.1 (2.5 GB) | 53.0 (1.15×; 2.5 GB) | |
                | b | C1 only | 5.4 | 3.4 (1.60×) | 3.2 (1.68×) |
                | c | C1 only | 18.1 | 11.5 (1.57×) | 9.4 (**1.93×**) |
                | d | default (C2) | 41.8 | 28.9 (1.45×) | 24.9 (1.68×) |
                """;
        assertThat(jobsGains(table)).containsExactly("1.15", "1.45", "1.57", "1.60", "1.68", "1.93");
    }

    // ------------------------------------------------------------------ sources

    /** The default run's scenarios, from the code: the catalogue and the default campaign's random tries. */
    static List<String> defaultRunScenarios(Docs unused) {
        return List.of(String.valueOf(Catalogue.all().size() + LabOptions.defaults().tries()));
    }

    /**
     * The speed-ups of {@code --jobs} in RESULTS.md's timed table: the least and the most of the default JVM's
     * {@code --jobs 2} column, then of C1's {@code --jobs 2} and {@code --jobs 4} columns.
     */
    static List<String> jobsGains(String section) {
        List<Double> c2Two = new ArrayList<>();
        List<Double> c1Two = new ArrayList<>();
        List<Double> c1Four = new ArrayList<>();
        Pattern ratio = Pattern.compile("\\(\\**([\\d.]+)×");
        for (String line : section.split("\n")) {
            String[] cells = line.split("\\|", -1);
            if (cells.length < 6 || !(cells[2].contains("C2") || cells[2].contains("C1 only"))) {
                continue;
            }
            boolean c1 = cells[2].contains("C1 only");
            Matcher two = ratio.matcher(cells[4]);
            Matcher four = ratio.matcher(cells[5]);
            if (two.find()) {
                (c1 ? c1Two : c2Two).add(Double.parseDouble(two.group(1)));
            }
            if (c1 && four.find()) {
                c1Four.add(Double.parseDouble(four.group(1)));
            }
        }
        assertThat(c2Two).as("the default JVM's --jobs 2 ratios").isNotEmpty();
        assertThat(c1Two).as("C1's --jobs 2 ratios").isNotEmpty();
        assertThat(c1Four).as("C1's --jobs 4 ratios").isNotEmpty();
        List<String> out = new ArrayList<>();
        for (List<Double> column : List.of(c2Two, c1Two, c1Four)) {
            out.add(String.format(Locale.ROOT, "%.2f", column.stream().mapToDouble(x -> x).min().orElseThrow()));
            out.add(String.format(Locale.ROOT, "%.2f", column.stream().mapToDouble(x -> x).max().orElseThrow()));
        }
        return out;
    }

    /**
     * docs/ci.md's module times of the default build (its "default build now" column, m:ss), as the README
     * rounds them: the total to the minute, then the date, each module to the half minute, and the budget.
     */
    static List<String> buildTimes(String section) {
        List<String> out = new ArrayList<>();
        out.add(String.valueOf(Math.round(minutes(groups(section, "\\| total \\| [^|]* \\| (\\d+:\\d\\d) \\|").get(0)))));
        out.add(groups(section, "reactor summary; (\\d{4}-\\d\\d-\\d\\d)\\)").get(0));
        for (String module : List.of("ecs", "lab-scenarios", "reports", "lincheck-tests", "jcstress-tests")) {
            double m = minutes(groups(section, "\\| " + module + " \\| [\\d:]+ \\| (\\d+:\\d\\d) \\|").get(0));
            double half = Math.round(m * 2) / 2.0;
            out.add(half == Math.rint(half) ? String.valueOf((long) half) : String.valueOf(half));
        }
        out.add(groups(section, "must stay within (\\d+) minutes on 2 cores").get(0));
        return out;
    }

    static double minutes(String mss) {
        String[] p = mss.split(":");
        return Integer.parseInt(p[0]) + Integer.parseInt(p[1]) / 60.0;
    }

    // ------------------------------------------------------------------ text

    /** The groups of the one match of {@code regex} in {@code text} (white space folded); fails unless there is exactly one. */
    static List<String> groups(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(fold(text));
        if (!m.find()) {
            throw new AssertionError("no match for /" + regex + "/");
        }
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= m.groupCount(); i++) {
            out.add(m.group(i));
        }
        int at = m.start();
        if (m.find()) {
            throw new AssertionError("two matches for /" + regex + "/, at " + at + " and " + m.start());
        }
        return out;
    }

    /** The Markdown section whose heading starts with {@code heading}, up to the next heading at its level or above. */
    static String section(String markdown, String heading) {
        int level = heading.indexOf(' ');
        StringBuilder out = null;
        for (String line : markdown.split("\n", -1)) {
            if (out == null) {
                if (line.startsWith(heading)) {
                    out = new StringBuilder();
                }
            } else if (line.matches("#{1," + level + "} .*")) {
                break;
            }
            if (out != null) {
                out.append(line).append('\n');
            }
        }
        if (out == null) {
            throw new AssertionError("no section '" + heading + "'");
        }
        return out.toString();
    }

    /** Every run of white space as one space, so that a quote may cross a line break. */
    static String fold(String text) {
        return text.replaceAll("\\s+", " ");
    }

    static String text(String relative) throws IOException {
        return Files.readString(ROOT.resolve(relative), StandardCharsets.UTF_8);
    }
}
