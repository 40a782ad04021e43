package dev.ecslab.concurrency.races;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * What one run of a race-bug catalogue entry measured, written to
 * {@code target/race-catalogue/entry-N.properties} for {@code lab races} and the report: whether the
 * twin was caught in every attempt, the time each attempt took to catch it, and whether the real code
 * passed the same test in this run. An entry's test catches its twin {@link #runs()} times (1 in
 * {@code mvn verify}; {@code -Decslab.races.runs=10} from {@code lab races}) and records the median.
 */
final class CatalogueRecord {
    /** Where the records go, under the module's directory (Surefire's working directory). */
    static final Path DIRECTORY = Path.of("target", "race-catalogue");

    private CatalogueRecord() {
    }

    static int runs() {
        return Math.max(1, Integer.getInteger("ecslab.races.runs", 1));
    }

    /**
     * Times {@link #runs()} attempts to catch the twin; each attempt answers whether it caught it.
     * Returns the times of the attempts in nanoseconds, -1 for an attempt that did not catch it.
     */
    static List<Long> timeToCatch(BooleanSupplier attempt) {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < runs(); i++) {
            long start = System.nanoTime();
            boolean caught = attempt.getAsBoolean();
            times.add(caught ? System.nanoTime() - start : -1L);
        }
        return times;
    }

    /** The median of the attempts that caught the twin, in milliseconds; -1 when none did. */
    static double medianMillis(List<Long> nanos) {
        List<Long> caught = nanos.stream().filter(t -> t >= 0).sorted().toList();
        if (caught.isEmpty()) {
            return -1;
        }
        int m = caught.size() / 2;
        double median = caught.size() % 2 == 1 ? caught.get(m) : (caught.get(m - 1) + caught.get(m)) / 2.0;
        return median / 1e6;
    }

    /**
     * Writes the record of {@code entry}: the twin caught in every attempt or not, the times, whether
     * the real code passed, and how the run was made. Written before the test asserts anything, so a
     * twin that stopped showing its bug is recorded as such.
     */
    static void write(int entry, String twin, List<Long> nanos, boolean realPasses) {
        write(entry, twin, nanos, "real.passes=" + realPasses);
    }

    /**
     * Writes the record of an entry whose real code passes the same test in its own test class,
     * {@code realTest}, in this run (the report takes that class's result from Surefire's report).
     */
    static void write(int entry, String twin, List<Long> nanos, Class<?> realTest) {
        write(entry, twin, nanos, "real.test=" + realTest.getSimpleName());
    }

    private static void write(int entry, String twin, List<Long> nanos, String real) {
        boolean caught = !nanos.isEmpty() && nanos.stream().allMatch(t -> t >= 0);
        String text = "entry=" + entry + "\n"
                + "twin=" + twin + "\n"
                + "caught=" + caught + "\n"
                + "runs=" + nanos.size() + "\n"
                + "caught.runs=" + nanos.stream().filter(t -> t >= 0).count() + "\n"
                + "median.ms=" + String.format(Locale.ROOT, "%.1f", medianMillis(nanos)) + "\n"
                + "times.ms=" + nanos.stream().map(t -> t < 0 ? "-" : String.format(Locale.ROOT, "%.1f", t / 1e6))
                        .collect(Collectors.joining(",")) + "\n"
                + real + "\n"
                + "lincheck.full=" + Boolean.getBoolean("ecslab.lincheck.full") + "\n"
                + "cores=" + Runtime.getRuntime().availableProcessors() + "\n"
                + "written=" + Instant.now() + "\n";
        try {
            Files.createDirectories(DIRECTORY);
            Files.writeString(DIRECTORY.resolve("entry-" + entry + ".properties"), text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the race catalogue's record of entry " + entry, e);
        }
    }
}
