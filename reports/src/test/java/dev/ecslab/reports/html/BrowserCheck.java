package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a real browser sees of a page of the report: headless Chromium opens a copy of the page (beside it,
 * so relative links resolve) with two scripts added, one at the top that records script errors and
 * {@code console.error} calls, one at the end that measures the laid-out page and writes the figures as JSON
 * into the DOM, which {@code --dump-dom} prints. The figures: the page's scroll width against the viewport's
 * (horizontal overflow), its height with every {@code <details>} closed (what a reader first gets) against
 * the viewport's height, and the text labels within each SVG whose boxes intersect, measured with every
 * {@code <details>} open so that no picture is hidden.
 *
 * <p>Contract: {@link #problems} names every broken limit in words (empty: the page is fine); the checks
 * are tested on a deliberately broken page ({@code BrowserRenderTest}), so each can fail.
 */
final class BrowserCheck {
    /** {@code ECSLAB_CHROMIUM} when set, else the first {@code chromium} on the {@code PATH}. */
    static final Path CHROMIUM = chromium();
    /** The main page's limits: under 1 MB, and under 20 screens (viewport heights) tall. */
    static final long MAX_BYTES = 1_000_000;
    static final int MAX_SCREENS = 20;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger COPIES = new AtomicInteger();
    private static final Pattern MEASURED = Pattern.compile("<pre id=\"lab-measure\">(.*?)</pre>", Pattern.DOTALL);

    /** What the browser measured; {@code wide} and {@code overlaps} describe the offenders, at most a few. */
    record Measurement(int scrollWidth, int innerWidth, int closedHeight, int innerHeight, List<String> wide,
            List<String> overlaps, List<String> errors, int svgs, int texts, String stderr) {
        double screens() {
            return (double) closedHeight / innerHeight;
        }
    }

    /** The output of one Chromium run. */
    record Result(int code, String stdout, String stderr) {
    }

    private BrowserCheck() {
    }

    /** Where Chromium is: {@code ECSLAB_CHROMIUM}, else {@code chromium} on the {@code PATH} (a relative name if none is). */
    private static Path chromium() {
        String given = System.getenv("ECSLAB_CHROMIUM");
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = dir.isEmpty() ? null : Path.of(dir, "chromium");
            if (candidate != null && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return Path.of("chromium");
    }

    /**
     * Skips the calling test when Chromium is absent, unless {@code ECSLAB_REQUIRE_BROWSER=1} (CI sets it),
     * when its absence fails the test.
     */
    static void assumeChromium() {
        boolean required = "1".equals(System.getenv("ECSLAB_REQUIRE_BROWSER"));
        if (!Files.isExecutable(CHROMIUM)) {
            assertThat(required).as("ECSLAB_REQUIRE_BROWSER=1 but %s is missing (apt-get install chromium)", CHROMIUM).isFalse();
            assumeTrue(false, CHROMIUM + " is missing; install Debian's chromium to run this check");
        }
    }

    /** Opens {@code page} at {@code width} × {@code height} and measures it, the labels of every SVG included. */
    static Measurement measure(Path page, int width, int height, Path scratch) throws Exception {
        return measure(page, width, height, "svg", scratch);
    }

    /**
     * Opens {@code page} at {@code width} × {@code height} and measures it (see the class comment); the labels
     * are those of the SVGs {@code pictures} selects (a CSS selector), or none when it is empty.
     */
    static Measurement measure(Path page, int width, int height, String pictures, Path scratch) throws Exception {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int head = html.indexOf("<head>");
        int end = html.lastIndexOf("</body>");
        assertThat(head).as("%s has a <head>", page).isGreaterThanOrEqualTo(0);
        assertThat(end).as("%s has a </body>", page).isGreaterThan(head);
        String copy = html.substring(0, head + 6) + ERRORS + html.substring(head + 6, end) + "<script>var labPictures = '"
                + pictures + "';" + MEASURE + "</script>" + html.substring(end);
        Path instrumented = page.resolveSibling("." + page.getFileName() + ".measure-" + COPIES.incrementAndGet() + ".html");
        Files.writeString(instrumented, copy, StandardCharsets.UTF_8);
        try {
            Result r = chromium(scratch, "--window-size=" + width + "," + height, "--dump-dom", instrumented.toUri().toString());
            assertThat(r.code()).as(r.stderr()).isZero();
            Matcher m = MEASURED.matcher(r.stdout());
            assertThat(m.find()).as("the measuring script ran on %s; stderr: %s", page, r.stderr()).isTrue();
            JsonNode j = JSON.readTree(unescape(m.group(1)));
            return new Measurement(j.path("scrollWidth").asInt(), j.path("innerWidth").asInt(), j.path("closedHeight").asInt(),
                    j.path("innerHeight").asInt(), strings(j.path("wide")), strings(j.path("overlaps")), strings(j.path("errors")),
                    j.path("svgs").asInt(), j.path("texts").asInt(), r.stderr());
        } finally {
            Files.deleteIfExists(instrumented);
        }
    }

    /**
     * Every limit the page breaks, in words: horizontal overflow, overlapping labels, script or console
     * errors, and for a main page ({@code maxBytes > 0}) its size and its height in screens.
     */
    static List<String> problems(Measurement m, long bytes, long maxBytes, int maxScreens) {
        List<String> out = new ArrayList<>();
        if (m.scrollWidth() > m.innerWidth()) {
            out.add("overflows horizontally: " + m.scrollWidth() + " px wide in a " + m.innerWidth() + " px viewport " + m.wide());
        }
        if (!m.overlaps().isEmpty()) {
            out.add("overlapping labels in a timeline: " + m.overlaps());
        }
        if (!m.errors().isEmpty()) {
            out.add("script errors: " + m.errors());
        }
        if (m.stderr().contains("Uncaught") || m.stderr().contains(":ERROR:CONSOLE")) {
            out.add("console errors in Chromium's log");
        }
        if (maxBytes > 0 && bytes >= maxBytes) {
            out.add("too large: " + bytes + " bytes, the limit is " + maxBytes);
        }
        if (maxScreens > 0 && m.closedHeight() > maxScreens * m.innerHeight()) {
            out.add(String.format(java.util.Locale.ROOT, "too long: %d px, %.1f screens of %d px, the limit is %d screens",
                    m.closedHeight(), m.screens(), m.innerHeight(), maxScreens));
        }
        return out;
    }

    /** A screenshot of the page from its top, {@code height} px tall, into {@code png}. */
    static void screenshot(String url, int width, int height, Path png, Path scratch) throws Exception {
        Files.createDirectories(png.toAbsolutePath().getParent());
        Result r = chromium(scratch, "--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath(), url);
        assertThat(r.code()).as(r.stderr()).isZero();
        assertThat(png).exists();
    }

    static Result chromium(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=" + dir.resolve("profile-" + System.nanoTime())));
        cmd.addAll(List.of(args));
        File stdout = dir.resolve("chromium-" + System.nanoTime() + ".out").toFile();
        File stderr = dir.resolve("chromium-" + System.nanoTime() + ".err").toFile();
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout).redirectError(stderr).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);     // Chromium's renderer and GPU processes too
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 180 s: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(stdout.toPath()), Files.readString(stderr.toPath()));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The JSON as the DOM dump escapes a text node. */
    private static String unescape(String s) {
        return s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    /** Records uncaught errors and console.error calls, before any of the page's own scripts runs. */
    private static final String ERRORS = """
            <script>window.__labErrors=[];window.addEventListener('error',function(e){window.__labErrors.push(String(e.message));});
            (function(){var o=console.error;console.error=function(){window.__labErrors.push(Array.prototype.join.call(arguments,' '));
            return o.apply(console,arguments);};})();</script>""";

    /** Measures the page (see the class comment) and writes the figures into {@code <pre id="lab-measure">}. */
    private static final String MEASURE = """
            (function () {
              var de = document.documentElement, W = window.innerWidth, out = {};
              out.closedHeight = de.scrollHeight;
              document.querySelectorAll('details').forEach(function (d) { d.open = true; });
              out.scrollWidth = de.scrollWidth; out.innerWidth = W; out.innerHeight = window.innerHeight;
              var wide = [];
              document.querySelectorAll('body *').forEach(function (e) {
                if (wide.length >= 8) return;
                var b = e.getBoundingClientRect();
                if (b.right <= W + 0.5) return;
                for (var p = e.parentElement; p; p = p.parentElement) {
                  var s = getComputedStyle(p).overflowX;
                  if (s === 'auto' || s === 'scroll' || s === 'hidden') return;
                }
                wide.push(e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className ? '.' + e.className : '')
                  + ' ends at ' + Math.round(b.right) + ' px');
              });
              out.wide = wide;
              var overlaps = [], texts = 0;
              (labPictures ? document.querySelectorAll(labPictures) : []).forEach(function (svg, k) {
                var t = Array.prototype.slice.call(svg.querySelectorAll('text'))
                  .filter(function (e) { return e.textContent.trim() !== ''; })
                  .map(function (e) { return [e, e.getBoundingClientRect()]; })
                  .filter(function (x) { return x[1].width > 0 && x[1].height > 0; });
                texts += t.length;
                for (var i = 0; i < t.length; i++) for (var j = i + 1; j < t.length; j++) {
                  var a = t[i][1], b = t[j][1];
                  var w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                  var h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                  if (w > 0.5 && h > 0.5 && overlaps.length < 12) {
                    var id = svg.closest('details[id]');
                    overlaps.push((id ? id.id + ' ' : '') + 'svg ' + k + ': "' + t[i][0].textContent + '" and "'
                      + t[j][0].textContent + '" (' + w.toFixed(1) + ' x ' + h.toFixed(1) + ' px)');
                  }
                }
              });
              out.overlaps = overlaps; out.texts = texts; out.svgs = document.querySelectorAll('svg').length;
              out.errors = window.__labErrors || [];
              var pre = document.createElement('pre'); pre.id = 'lab-measure'; pre.textContent = JSON.stringify(out);
              document.body.appendChild(pre);
            })();
            """;
}
