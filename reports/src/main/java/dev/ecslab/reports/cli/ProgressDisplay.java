package dev.ecslab.reports.cli;

import dev.ecslab.lab.classify.Lab;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The progress of a long command on standard error, in the form the place it goes to can show.
 * <ul>
 *   <li>{@link Style#BAR} on a terminal: one line with a bar, a count and the time left, redrawn in place
 *       (carriage returns) at most 5 times a second;</li>
 *   <li>{@link Style#LINES} anywhere else (a CI log, a file, a pipe): plain lines, never a carriage return,
 *       one when the work moves to another configuration (the text before the first {@code ": "} changes)
 *       and otherwise one every {@value #LINE_SECONDS} seconds, so a log shows that the command is alive
 *       without thousands of redraws;</li>
 *   <li>{@link Style#NONE} with {@code --progress never} (or {@code --quiet}).</li>
 * </ul>
 * {@code --progress auto} (the default) decides from standard error itself, not from
 * {@link System#console()}, which speaks of standard input and output: see {@link #stderrIsTerminal()}.
 */
final class ProgressDisplay implements Lab.Progress {
    /** Seconds between two plain lines about the same configuration. */
    static final long LINE_SECONDS = 30;
    /** Set by the {@code lab} script from {@code [ -t 2 ]}: whether standard error is a terminal. */
    static final String TERMINAL_PROPERTY = "ecslab.stderr.terminal";

    /** How the user asked progress to be shown. */
    enum Mode {
        /** A bar on a terminal, plain lines elsewhere. */
        AUTO,
        /** The redrawn bar, even when standard error is not a terminal. */
        ALWAYS,
        /** Nothing. */
        NEVER
    }

    /** How progress is drawn. */
    enum Style { BAR, LINES, NONE }

    /** The options that choose the display, shared by every long command (a picocli mixin). */
    static final class Options {
        @Option(names = "--progress", paramLabel = "auto|always|never", converter = ModeConverter.class,
                description = "progress on standard error: auto (a bar on a terminal; otherwise, e.g. in CI, a plain line"
                        + " when the work moves on to the next configuration or benchmark class and every " + LINE_SECONDS
                        + " s), always (the bar), never (default: auto)")
        Mode mode = Mode.AUTO;

        @Option(names = "--quiet", description = "no progress (the same as --progress never)")
        boolean quiet;

        /** The display these options ask for, on {@code System.err}. */
        ProgressDisplay display() {
            Mode m = quiet ? Mode.NEVER : mode;
            return new ProgressDisplay(System.err, style(m, stderrIsTerminal()), System::nanoTime);
        }
    }

    /** Reads {@code auto}, {@code always} and {@code never}, in any case. */
    static final class ModeConverter implements CommandLine.ITypeConverter<Mode> {
        @Override
        public Mode convert(String value) {
            for (Mode m : Mode.values()) {
                if (m.name().equalsIgnoreCase(value)) {
                    return m;
                }
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not auto, always or never");
        }
    }

    private final PrintStream out;
    private final Style style;
    private final LongSupplier clock;
    private final long start;
    private long lastDraw;
    private boolean drawn;
    private String lastKey;

    /** A display of the given style on {@code out}; {@code clock} gives nanoseconds (tests pass their own). */
    ProgressDisplay(PrintStream out, Style style, LongSupplier clock) {
        this.out = out;
        this.style = out == null ? Style.NONE : style;
        this.clock = clock;
        this.start = clock.getAsLong();
    }

    /** The style for a mode, given whether standard error is a terminal. */
    static Style style(Mode mode, boolean terminal) {
        return switch (mode) {
            case NEVER -> Style.NONE;
            case ALWAYS -> Style.BAR;
            case AUTO -> terminal ? Style.BAR : Style.LINES;
        };
    }

    Style style() {
        return style;
    }

    /**
     * Whether standard error is a terminal: what the {@code lab} script measured ({@value #TERMINAL_PROPERTY});
     * without it, where {@code /proc/self/fd/2} leads (Linux); when neither tells, not a terminal (plain lines
     * are readable anywhere, a bar is not).
     */
    static boolean stderrIsTerminal() {
        String told = System.getProperty(TERMINAL_PROPERTY);
        if (told != null && !told.isBlank()) {
            return Boolean.parseBoolean(told.strip());
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    @Override
    public void update(long done, long total, String what) {
        switch (style) {
            case NONE -> { }
            case BAR -> bar(done, total, what);
            case LINES -> line(done, total, what);
        }
    }

    private void bar(long done, long total, String what) {
        long now = clock.getAsLong();
        if (drawn && now - lastDraw < 200_000_000L && done < total) {
            return;
        }
        drawn = true;
        lastDraw = now;
        double fraction = fraction(done, total);
        int width = 30;
        int filled = (int) Math.round(fraction * width);
        String label = what.length() > 50 ? what.substring(0, 49) + "…" : what;
        out.printf(Locale.ROOT, "\r[%s%s] %d/%d  %s left  %-50s", "#".repeat(filled), " ".repeat(width - filled), done, total,
                left(done, fraction, now), label);
        out.flush();
    }

    private void line(long done, long total, String what) {
        if (done >= total && what.equals("done")) {
            return;                                            // finish() says it
        }
        long now = clock.getAsLong();
        int colon = what.indexOf(": ");
        String key = colon < 0 ? what : what.substring(0, colon);
        if (drawn && key.equals(lastKey) && now - lastDraw < LINE_SECONDS * 1_000_000_000L) {
            return;
        }
        drawn = true;
        lastDraw = now;
        lastKey = key;
        double fraction = fraction(done, total);
        out.printf(Locale.ROOT, "lab: %d/%d (%d %%), %s left: %s%n", done, total, Math.round(fraction * 100),
                left(done, fraction, now), what);
        out.flush();
    }

    /** The last word: how long it took (a bar's line is overwritten). */
    void finish() {
        switch (style) {
            case NONE -> { }
            case BAR -> out.printf(Locale.ROOT, "\rdone in %s%s%n", format((clock.getAsLong() - start) / 1e9), " ".repeat(90));
            case LINES -> out.printf(Locale.ROOT, "lab: done in %s%n", format((clock.getAsLong() - start) / 1e9));
        }
    }

    private static double fraction(long done, long total) {
        return total == 0 ? 1 : Math.min(1, (double) done / total);
    }

    private String left(long done, double fraction, long now) {
        double elapsed = (now - start) / 1e9;
        return done == 0 || fraction == 0 ? "?" : format(elapsed / fraction - elapsed);
    }

    private static String format(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }
}
