package dev.ecslab.reports.cli;

import dev.ecslab.lab.classify.Lab;
import java.io.PrintStream;
import java.util.Locale;

/** A one-line progress bar with a count and an estimate of the time left, redrawn at most 5 times a second. */
final class ProgressBar implements Lab.Progress {
    private final PrintStream out;
    private final long start = System.nanoTime();
    private long lastDraw;

    ProgressBar(PrintStream out) {
        this.out = out;
    }

    @Override
    public void update(long done, long total, String what) {
        if (out == null) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastDraw < 200_000_000L && done < total) {
            return;
        }
        lastDraw = now;
        double fraction = total == 0 ? 1 : Math.min(1, (double) done / total);
        int width = 30;
        int filled = (int) Math.round(fraction * width);
        double elapsed = (now - start) / 1e9;
        String eta = done == 0 ? "?" : format(elapsed / fraction - elapsed);
        String label = what.length() > 50 ? what.substring(0, 49) + "…" : what;
        out.printf(Locale.ROOT, "\r[%s%s] %d/%d  %s left  %-50s", "#".repeat(filled), " ".repeat(width - filled), done, total,
                eta, label);
        out.flush();
    }

    void finish() {
        if (out != null) {
            out.printf(Locale.ROOT, "\rdone in %s%s%n", format((System.nanoTime() - start) / 1e9), " ".repeat(90));
        }
    }

    private static String format(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }
}
