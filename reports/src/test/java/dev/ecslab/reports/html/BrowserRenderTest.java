package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ecslab.reports.cli.LabMain;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real browser opens the report: headless Chromium (Debian's, which {@code .ci/run} installs) renders the
 * pages from disk at 1 024 and 1 400 px and {@link BrowserCheck} measures them: no horizontal overflow, no
 * overlapping labels in the timeline pictures, no script error, and the main page (with its summary of the engines'
 * results) under 1 MB and under 20 screens. The screenshots (main page, a counterexample page and the engines' page,
 * at both widths) are kept in {@code reports/target/browser/} for a reviewer. A deliberately broken page shows that
 * each check can fail.
 *
 * <p>The report here is a small campaign (two strategies, two executors, two random scenarios) for time. The
 * main page's size grows with the matrix's rows, not with the counterexamples ({@link ReportPage}'s contract),
 * and {@code ReportPageTest} checks that; the default run's own page is measured by setting
 * {@code ECSLAB_BROWSER_REPORT} to its folder ({@link #aReportNamedByTheEnvironmentPassesTheSameChecks}).
 * Where Chromium is absent the tests are skipped, unless {@code ECSLAB_REQUIRE_BROWSER=1} (set by
 * {@code .ci/run}), when its absence fails the build.
 */
class BrowserRenderTest {
    static final int[] WIDTHS = {1024, 1400};
    /** The window's height; the viewport is somewhat smaller (the measurement uses the viewport's). */
    static final int HEIGHT = 900;
    static final Path SHOTS = Path.of("target", "browser");

    @TempDir
    static Path dir;
    static Path out;

    @BeforeAll
    static void smallReport() {
        if (!Files.isExecutable(BrowserCheck.CHROMIUM)) {
            return;                                         // each test skips (or fails when the browser is required)
        }
        out = dir.resolve("out");
        int code = LabMain.execute("run", "--tries", "2", "--no-memory", "--quiet", "--executor", "serial", "--executor",
                "staged", "--strategy", "flags", "--strategy", "generation", "--out", out.toString());
        assertThat(code).isZero();
        // the engines' page below the report (lab engines' default place), and the report redrawn to link it
        assertThat(LabMain.execute("engines", "--engine", "reference", "--engine", "test-drops-removals", "--tries", "0",
                "--out", out.resolve("engines").toString())).isZero();
        assertThat(LabMain.execute("report", "--out", out.toString())).isZero();
    }

    /** The engines' page: the matrix of engine × criterion and a counterexample fit at both widths, and link back. */
    @Test
    void theEnginesPageFitsAt1024And1400() throws Exception {
        BrowserCheck.assumeChromium();
        Path page = out.resolve(EnginesPage.FROM_REPORT);
        assertThat(Files.readString(out.resolve(PageFrame.INDEX))).contains("href=\"" + EnginesPage.FROM_REPORT + "\"");
        assertThat(Files.readString(page)).contains("<table class=\"matrix engines\">").contains("<td class=\"na\"")
                .contains("./lab replay ").contains("<a href=\"../index.html\">Report</a>");
        for (int width : WIDTHS) {
            BrowserCheck.Measurement m = BrowserCheck.measure(page, width, HEIGHT, "", dir);
            assertThat(BrowserCheck.problems(m, Files.size(page), 0, 0)).as("engines.html at %d px", width).isEmpty();
            BrowserCheck.screenshot(page.toUri().toString(), width, m.closedHeight() + HEIGHT - m.innerHeight(),
                    SHOTS.resolve("engines-" + width + ".png"), dir);
        }
    }

    @Test
    void theMainPageFitsAt1024And1400() throws Exception {
        BrowserCheck.assumeChromium();
        Path page = out.resolve("index.html");
        String html = Files.readString(page);
        assertThat(html).contains("<table class=\"matrix\">").contains("id=\"verdict\"").contains("ecslab report")
                .as("the engines' summary, measured with the rest").contains("<table class=\"matrix engines-summary\">");
        for (int width : WIDTHS) {
            BrowserCheck.Measurement m = BrowserCheck.measure(page, width, HEIGHT, dir);
            assertThat(BrowserCheck.problems(m, Files.size(page), BrowserCheck.MAX_BYTES, BrowserCheck.MAX_SCREENS))
                    .as("index.html at %d px", width).isEmpty();
            Path png = SHOTS.resolve("index-" + width + ".png");
            BrowserCheck.screenshot(page.toUri().toString(), width, m.closedHeight() + HEIGHT - m.innerHeight(), png, dir);
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image.getWidth()).isEqualTo(width);
            assertThat(distinctColours(image)).as("a rendered page, not a blank one").isGreaterThan(20);
        }
    }

    @Test
    void aCounterexamplePageFitsAt1024And1400() throws Exception {
        BrowserCheck.assumeChromium();
        Path page = pageWithATimeline(out);
        String id = firstPictureId(Files.readString(page));
        for (int width : WIDTHS) {
            BrowserCheck.Measurement m = BrowserCheck.measure(page, width, HEIGHT, "", dir);
            assertThat(BrowserCheck.problems(m, Files.size(page), 0, 0)).as("%s at %d px", page.getFileName(), width).isEmpty();
            BrowserCheck.screenshot(page.toUri() + "#" + id, width, 2400, SHOTS.resolve("counterexample-" + width + ".png"), dir);
        }
    }

    /** Every other page at the narrower width, for overflow and script errors (the timelines' labels are the next test's). */
    @Test
    void everyOtherPageFitsAt1024() throws Exception {
        BrowserCheck.assumeChromium();
        List<Path> pages = new java.util.ArrayList<>(List.of(out.resolve(CounterexamplePages.INDEX), out.resolve(PageFrame.CLASSES),
                out.resolve(PageFrame.AMBIGUITIES), out.resolve(PageFrame.COVERAGE), out.resolve(PageFrame.BENCHMARKS)));
        pages.addAll(counterexamplePages(out));
        assertThat(pages).hasSizeGreaterThan(5);
        for (Path page : pages) {
            BrowserCheck.Measurement m = BrowserCheck.measure(page, 1024, HEIGHT, "", dir);
            assertThat(BrowserCheck.problems(m, Files.size(page), 0, 0)).as("%s at 1024 px", page.getFileName()).isEmpty();
        }
    }

    /**
     * No two labels of a timeline picture overlap, on any counterexample page (a timeline scales as a whole, so
     * its labels overlap at every width or at none: one width is measured).
     */
    @Test
    void theTimelinesLabelsDoNotOverlap() throws Exception {
        BrowserCheck.assumeChromium();
        List<String> overlaps = new java.util.ArrayList<>();
        int texts = 0;
        for (Path page : counterexamplePages(out)) {
            BrowserCheck.Measurement m = BrowserCheck.measure(page, 1024, HEIGHT, "svg", dir);
            texts += m.texts();
            m.overlaps().forEach(o -> overlaps.add(page.getFileName() + ": " + o));
        }
        assertThat(texts).as("labels were measured").isPositive();
        assertThat(overlaps).isEmpty();
    }

    /** Each check fails on a page made to break it, and passes on the same page without the breakage. */
    @Test
    void theChecksCatchABrokenPage(@TempDir Path pages) throws Exception {
        BrowserCheck.assumeChromium();
        Path broken = pages.resolve("broken.html");
        Files.writeString(broken, page("<table><tr><td style=\"white-space:nowrap\">" + "wide ".repeat(400) + "</td></tr></table>"
                + "<svg width=\"300\" height=\"60\"><text x=\"10\" y=\"30\">detector#0</text><text x=\"40\" y=\"32\">remover#1</text>"
                + "</svg><script>undefinedFunction();</script><script>console.error('lost');</script>"
                + "<div style=\"height:30000px\"></div>"), StandardCharsets.UTF_8);
        BrowserCheck.Measurement m = BrowserCheck.measure(broken, 1024, HEIGHT, pages);
        List<String> problems = BrowserCheck.problems(m, 2_000_000, BrowserCheck.MAX_BYTES, BrowserCheck.MAX_SCREENS);
        assertThat(problems).anyMatch(p -> p.startsWith("overflows horizontally"))
                .anyMatch(p -> p.startsWith("overlapping labels") && p.contains("detector#0") && p.contains("remover#1"))
                .anyMatch(p -> p.startsWith("script errors") && p.contains("undefinedFunction") && p.contains("lost"))
                .anyMatch(p -> p.startsWith("too large"))
                .anyMatch(p -> p.startsWith("too long"));

        Path inDetails = pages.resolve("hidden.html");
        Files.writeString(inDetails, page("<details><summary>closed</summary><svg width=\"300\" height=\"60\"><text x=\"10\""
                + " y=\"30\">run #2.1</text><text x=\"20\" y=\"30\">run #3</text></svg></details>"), StandardCharsets.UTF_8);
        assertThat(BrowserCheck.problems(BrowserCheck.measure(inDetails, 1024, HEIGHT, pages), 100, 0, 0))
                .as("labels in a closed <details> are measured too").anyMatch(p -> p.startsWith("overlapping labels"));

        Path fine = pages.resolve("fine.html");
        Files.writeString(fine, page("<div class=\"wide\" style=\"overflow-x:auto\"><table><tr><td style=\"white-space:nowrap\">"
                + "wide ".repeat(400) + "</td></tr></table></div><svg width=\"300\" height=\"60\"><text x=\"10\" y=\"20\">"
                + "detector#0</text><text x=\"10\" y=\"45\">remover#1</text><text x=\"150\" y=\"20\">run #2.1</text></svg>"),
                StandardCharsets.UTF_8);
        BrowserCheck.Measurement ok = BrowserCheck.measure(fine, 1024, HEIGHT, pages);
        assertThat(ok.texts()).isEqualTo(3);
        assertThat(BrowserCheck.problems(ok, 1000, BrowserCheck.MAX_BYTES, BrowserCheck.MAX_SCREENS))
                .as("a table that scrolls inside its container, labels apart").isEmpty();
    }

    /** The limits as figures, without a browser: each broken on its own, and a page exactly at the limits. */
    @Test
    void theLimitsAreJudgedFromTheFigures() {
        BrowserCheck.Measurement fine = new BrowserCheck.Measurement(1024, 1024, 20 * 757, 757, List.of(), List.of(), List.of(),
                1, 3, "");
        assertThat(BrowserCheck.problems(fine, BrowserCheck.MAX_BYTES - 1, BrowserCheck.MAX_BYTES, BrowserCheck.MAX_SCREENS)).isEmpty();
        assertThat(BrowserCheck.problems(new BrowserCheck.Measurement(1025, 1024, 100, 757, List.of("table ends at 1025 px"),
                List.of(), List.of(), 0, 0, ""), 10, 0, 0)).singleElement().asString().startsWith("overflows horizontally: 1025 px");
        assertThat(BrowserCheck.problems(new BrowserCheck.Measurement(1024, 1024, 20 * 757 + 1, 757, List.of(), List.of(),
                List.of(), 0, 0, ""), 10, BrowserCheck.MAX_BYTES, BrowserCheck.MAX_SCREENS)).singleElement().asString()
                .startsWith("too long: 15141 px");
        assertThat(BrowserCheck.problems(fine, BrowserCheck.MAX_BYTES, BrowserCheck.MAX_BYTES, 0)).singleElement().asString()
                .startsWith("too large: 1000000 bytes");
        assertThat(BrowserCheck.problems(new BrowserCheck.Measurement(1024, 1024, 100, 757, List.of(), List.of(), List.of(), 0, 0,
                "[1:2:ERROR:CONSOLE(3)] \"Uncaught TypeError\""), 10, 0, 0)).singleElement().asString().startsWith("console errors");
    }

    /**
     * The default run's report, measured with the same checks: {@code ECSLAB_BROWSER_REPORT=/path/to/out}
     * (the folder {@code ./lab run --out} wrote). Skipped when unset: a default run takes minutes.
     */
    @Test
    void aReportNamedByTheEnvironmentPassesTheSameChecks() throws Exception {
        String named = System.getenv("ECSLAB_BROWSER_REPORT");
        assumeTrue(named != null && !named.isBlank(), "ECSLAB_BROWSER_REPORT is not set");
        BrowserCheck.assumeChromium();
        Path report = Path.of(named).toAbsolutePath();
        Path page = report.resolve("index.html");
        for (int width : WIDTHS) {
            BrowserCheck.Measurement m = BrowserCheck.measure(page, width, HEIGHT, dir);
            System.out.printf("%s at %d px: %d bytes, %d px tall, %.1f screens of %d px, %d px wide%n", page, width, Files.size(page),
                    m.closedHeight(), m.screens(), m.innerHeight(), m.scrollWidth());
            assertThat(BrowserCheck.problems(m, Files.size(page), BrowserCheck.MAX_BYTES, BrowserCheck.MAX_SCREENS))
                    .as("%s at %d px", page, width).isEmpty();
            BrowserCheck.screenshot(page.toUri().toString(), width, m.closedHeight() + HEIGHT - m.innerHeight(),
                    SHOTS.resolve("default-index-" + width + ".png"), dir);
        }
        List<String> problems = new java.util.ArrayList<>();
        List<Path> pages = new java.util.ArrayList<>(counterexamplePages(report));
        pages.add(report.resolve(CounterexamplePages.INDEX));
        for (Path p : pages) {
            BrowserCheck.problems(BrowserCheck.measure(p, 1024, HEIGHT, dir), Files.size(p), 0, 0)
                    .forEach(x -> problems.add(p.getFileName() + ": " + x));
        }
        assertThat(problems).as("the counterexample pages at 1024 px").isEmpty();
    }

    // ------------------------------------------------------------------ helpers

    /** The counterexample pages of a report (its index aside), in name order. */
    static List<Path> counterexamplePages(Path report) throws Exception {
        try (Stream<Path> files = Files.list(report.resolve(CounterexamplePages.FOLDER))) {
            return files.filter(p -> p.toString().endsWith(".html") && !p.endsWith("index.html")).sorted().toList();
        }
    }

    /** The first counterexample page (in name order) that has a timeline picture. */
    static Path pageWithATimeline(Path report) throws Exception {
        for (Path p : counterexamplePages(report)) {
            if (Files.readString(p).contains("<svg")) {
                return p;
            }
        }
        throw new AssertionError("no counterexample page with a timeline in " + report);
    }

    /** The id of the first counterexample on a page that has a picture. */
    private static String firstPictureId(String html) {
        int svg = html.indexOf("<svg");
        assertThat(svg).as("a counterexample with a picture").isPositive();
        Matcher m = Pattern.compile("<details class=\"cx\" id=\"(cx-[0-9]+)\">").matcher(html.substring(0, svg));
        String id = null;
        while (m.find()) {
            id = m.group(1);
        }
        assertThat(id).as("the picture is inside a counterexample").isNotNull();
        return id;
    }

    private static String page(String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head><body>" + body
                + "</body></html>\n";
    }

    private static int distinctColours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }
}
