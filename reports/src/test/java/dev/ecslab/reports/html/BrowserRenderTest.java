package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ecslab.reports.cli.LabMain;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real browser opens the report: headless Chromium (Debian's, which {@code .ci/run} installs) renders
 * {@code index.html} from disk to a PNG and dumps its DOM. The page must render (a screenshot that is
 * not blank), log no script error, and contain the matrix table. The screenshot is kept as
 * {@code reports/out/screenshot.png}. Where Chromium is absent the test is skipped, unless
 * {@code ECSLAB_REQUIRE_BROWSER=1} (set by {@code .ci/run}), when its absence fails the build.
 */
class BrowserRenderTest {
    static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("ECSLAB_CHROMIUM", "/usr/bin/chromium"));

    @Test
    void headlessChromiumRendersTheReport(@TempDir Path dir) throws Exception {
        boolean required = "1".equals(System.getenv("ECSLAB_REQUIRE_BROWSER"));
        if (!Files.isExecutable(CHROMIUM)) {
            assertThat(required).as("ECSLAB_REQUIRE_BROWSER=1 but %s is missing (apt-get install chromium)", CHROMIUM).isFalse();
            assumeTrue(false, CHROMIUM + " is missing; install Debian's chromium to run this check");
        }
        Path out = dir.resolve("out");
        int code = LabMain.execute("run", "--tries", "2", "--no-memory", "--quiet", "--executor", "serial",
                "--strategy", "flags", "--strategy", "generation", "--out", out.toString());
        assertThat(code).isZero();
        Path page = out.resolve("index.html");
        assertThat(page).exists();

        Path png = dir.resolve("screenshot.png");
        Result shot = chromium(dir, "--window-size=1400,2200", "--screenshot=" + png, page.toUri().toString());
        assertThat(shot.code()).as(shot.stderr()).isZero();
        assertThat(png).exists();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1400);
        assertThat(distinctColours(image)).as("a rendered page, not a blank one").isGreaterThan(20);

        Result dom = chromium(dir, "--dump-dom", page.toUri().toString());
        assertThat(dom.code()).as(dom.stderr()).isZero();
        assertThat(dom.stdout()).contains("<table class=\"matrix\">").contains("ecslab report").contains("id=\"cx-1\"");
        assertThat(shot.stderr() + dom.stderr()).doesNotContain("Uncaught").doesNotContain(":ERROR:CONSOLE");

        Path kept = Path.of("out", "screenshot.png");
        Files.createDirectories(kept.getParent());
        Files.copy(png, kept, StandardCopyOption.REPLACE_EXISTING);
    }

    record Result(int code, String stdout, String stderr) {
    }

    private static Result chromium(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=" + dir.resolve("profile-" + System.nanoTime())));
        cmd.addAll(List.of(args));
        File stdout = dir.resolve("chromium.out").toFile();
        File stderr = dir.resolve("chromium.err").toFile();
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout).redirectError(stderr).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 120 s: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(stdout.toPath()), Files.readString(stderr.toPath()));
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
