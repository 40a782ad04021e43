package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress display: no carriage return unless standard error is a terminal (or {@code --progress
 * always}); elsewhere a plain line per configuration and one every {@value ProgressDisplay#LINE_SECONDS} s,
 * so a CI log shows the command alive. Time is a fake clock here, never the real one. The check "no
 * carriage return off a terminal" is shown to catch a display that draws the bar whatever stderr is.
 */
class ProgressDisplayTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void autoDrawsTheBarOnlyOnATerminal() {
        assertThat(ProgressDisplay.style(ProgressDisplay.Mode.AUTO, true)).isEqualTo(ProgressDisplay.Style.BAR);
        assertThat(ProgressDisplay.style(ProgressDisplay.Mode.AUTO, false)).isEqualTo(ProgressDisplay.Style.LINES);
        assertThat(ProgressDisplay.style(ProgressDisplay.Mode.ALWAYS, false)).isEqualTo(ProgressDisplay.Style.BAR);
        assertThat(ProgressDisplay.style(ProgressDisplay.Mode.NEVER, true)).isEqualTo(ProgressDisplay.Style.NONE);
    }

    @Test
    void offATerminalItWritesPlainLinesPerConfigurationAndEveryThirtySeconds() {
        AtomicLong clock = new AtomicLong();
        String log = campaign(ProgressDisplay.Style.LINES, clock);
        assertNoCarriageReturn(log);
        assertThat(log.lines()).containsExactly(
                "lab: 0/100 (0 %), ? left: generation: criterion 6 (10000 frames)",
                "lab: 10/100 (10 %), 3m00s left: generation / serial: Basic [component]",
                "lab: 25/100 (25 %), 2m30s left: generation / serial: random #14 (seed 1014)",
                "lab: 40/100 (40 %), 2m00s left: generation / serial: random #29 (seed 1029)",
                "lab: 50/100 (50 %), 1m40s left: generation / dynamic: Basic [component]",
                "lab: 65/100 (65 %), 1m10s left: generation / dynamic: Basic [component]",
                "lab: 80/100 (80 %), 40s left: generation / dynamic: Basic [component]",
                "lab: 95/100 (95 %), 10s left: generation / dynamic: Basic [component]",
                "lab: done in 1m40s");
    }

    @Test
    void onATerminalItRedrawsOneLine() {
        String bar = campaign(ProgressDisplay.Style.BAR, new AtomicLong());
        assertThat(bar).startsWith("\r[").contains("\rdone in 1m40s");
        assertThat(bar.chars().filter(c -> c == '\n').count()).as("one line feed, after the last redraw").isEqualTo(1);
        assertThat(campaign(ProgressDisplay.Style.NONE, new AtomicLong())).isEmpty();
    }

    @Test
    void theCheckCatchesABarDrawnWhateverStandardErrorIs() {
        Function<Boolean, ProgressDisplay.Style> broken = terminal -> ProgressDisplay.Style.BAR;
        assertNoCarriageReturn(campaign(ProgressDisplay.style(ProgressDisplay.Mode.AUTO, false), new AtomicLong()));
        assertThatThrownBy(() -> assertNoCarriageReturn(campaign(broken.apply(false), new AtomicLong())))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void aGateWhoseStandardErrorIsNotATerminalPrintsNoCarriageReturn(@TempDir Path dir) {
        String before = System.getProperty(ProgressDisplay.TERMINAL_PROPERTY);
        System.setProperty(ProgressDisplay.TERMINAL_PROPERTY, "false");
        try {
            CommandOutput r = CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial", "--tries", "2",
                    "--no-memory", "--search", "-1", "--out", dir.resolve("out").toString());
            assertThat(r.code()).as(r.out() + r.err()).isZero();
            assertNoCarriageReturn(r.err());
            assertThat(r.err()).contains("lab: 0/").contains("generation / serial: ").contains("lab: done in ");
            CommandOutput quiet = CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial", "--tries",
                    "0", "--no-memory", "--search", "-1", "--progress", "never", "--out", dir.resolve("out").toString());
            assertThat(quiet.code()).isZero();
            assertThat(quiet.err()).doesNotContain("lab: ");
            CommandOutput bad = CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial",
                    "--progress", "sometimes");
            assertThat(bad.code()).isEqualTo(2);
            assertThat(bad.err()).contains("'sometimes' is not auto, always or never");
        } finally {
            if (before == null) {
                System.clearProperty(ProgressDisplay.TERMINAL_PROPERTY);
            } else {
                System.setProperty(ProgressDisplay.TERMINAL_PROPERTY, before);
            }
        }
    }

    /** The check: a log with no carriage return (a CI log shows every redraw of a bar as a line, or a mess). */
    private static void assertNoCarriageReturn(String log) {
        assertThat(log).as("no carriage return in a log that is not a terminal").doesNotContain("\r");
    }

    /**
     * A campaign of 100 runs over two configurations, 2 s a run (so a line every 15 runs of one configuration):
     * criterion 6, then serial's runs (the catalogue, then random scenarios), then dynamic's.
     */
    private static String campaign(ProgressDisplay.Style style, AtomicLong clock) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        ProgressDisplay p = new ProgressDisplay(new PrintStream(buffer, true, StandardCharsets.UTF_8), style, clock::get);
        p.update(0, 100, "generation: criterion 6 (10000 frames)");
        for (int done = 10; done < 50; done++) {
            clock.set(done * 2 * SECOND);
            p.update(done, 100, "generation / serial: " + (done < 20 ? "Basic [component]"
                    : "random #" + (done - 11) + " (seed " + (1000 + done - 11) + ")"));
        }
        for (int done = 50; done < 100; done++) {
            clock.set(done * 2 * SECOND);
            p.update(done, 100, "generation / dynamic: Basic [component]");
        }
        clock.set(200 * SECOND / 2);
        p.update(100, 100, "done");
        p.finish();
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
