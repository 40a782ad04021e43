package dev.ecslab.ecs.races;

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
 * What one tool measured on one race-bug catalogue entry, written to
 * {@code target/race-catalogue/entry-N.TOOL.properties} under the module that ran it, for {@code lab races}
 * and the report: whether the tool caught the twin (the production class with the documented bug put back) in
 * every attempt, the time each attempt took, and whether the real code passed the same test in this run. An
 * entry's test catches its twin {@link #runs()} times (1 in {@code mvn verify}; {@code -Decslab.races.runs=10}
 * from {@code lab races}) and records the median. One entry has one record per tool that applies to it, so
 * the tools can be compared entry by entry on the same machine in the same run.
 *
 * <p>Public, in ecs's test jar, because every module that runs catalogue entries (the Lincheck module and
 * the Fray lane) writes the same records.
 */
public final class CatalogueRecord {
    /** Where the records go, under the module's directory (Surefire's working directory). */
    public static final Path DIRECTORY = Path.of("target", "race-catalogue");

    /** The tools that catch catalogue entries; each names its records. */
    public enum Tool {
        /** The lab's controlled exploration of a scenario's system interleavings, judged by its criteria. */
        LAB("lab"),
        /** Lincheck's model checker (sequential consistency) on a linearizability test. */
        LINCHECK("lincheck"),
        /** JCStress, on the real memory model. */
        JCSTRESS("jcstress"),
        /** Fray's controlled concurrency testing (POS) on JDK 25, with the test's own threads. */
        FRAY("fray"),
        /** A test written for the bug that forces the interleaving it needs. */
        DIRECTED("directed");

        private final String id;

        Tool(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    private CatalogueRecord() {
    }

    public static int runs() {
        return Math.max(1, Integer.getInteger("ecslab.races.runs", 1));
    }

    /**
     * Times {@link #runs()} attempts to catch the twin; each attempt answers whether it caught it.
     * Returns the times of the attempts in nanoseconds, -1 for an attempt that did not catch it.
     */
    public static List<Long> timeToCatch(BooleanSupplier attempt) {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < runs(); i++) {
            long start = System.nanoTime();
            boolean caught = attempt.getAsBoolean();
            times.add(caught ? System.nanoTime() - start : -1L);
        }
        return times;
    }

    /** The median of the attempts that caught the twin, in milliseconds; -1 when none did. */
    public static double medianMillis(List<Long> nanos) {
        List<Long> caught = nanos.stream().filter(t -> t >= 0).sorted().toList();
        if (caught.isEmpty()) {
            return -1;
        }
        int m = caught.size() / 2;
        double median = caught.size() % 2 == 1 ? caught.get(m) : (caught.get(m - 1) + caught.get(m)) / 2.0;
        return median / 1e6;
    }

    /**
     * Writes what {@code tool} measured on {@code entry}: the twin caught in every attempt or not, the times,
     * whether the real code passed, and how the run was made. Written before the test asserts anything, so a
     * twin that stopped showing its bug is recorded as such.
     */
    public static void write(int entry, Tool tool, String twin, List<Long> nanos, boolean realPasses) {
        write(entry, tool, twin, nanos, "real.passes=" + realPasses);
    }

    /**
     * Writes the record of an entry whose real code passes the same test in its own test class,
     * {@code realTest}, in this run (the report takes that class's result from Surefire's report).
     */
    public static void write(int entry, Tool tool, String twin, List<Long> nanos, Class<?> realTest) {
        write(entry, tool, twin, nanos, "real.test=" + realTest.getSimpleName());
    }

    private static void write(int entry, Tool tool, String twin, List<Long> nanos, String real) {
        boolean caught = !nanos.isEmpty() && nanos.stream().allMatch(t -> t >= 0);
        String text = "entry=" + entry + "\n"
                + "tool=" + tool.id() + "\n"
                + "twin=" + twin.replace('\n', ' ') + "\n"
                + "caught=" + caught + "\n"
                + "runs=" + nanos.size() + "\n"
                + "caught.runs=" + nanos.stream().filter(t -> t >= 0).count() + "\n"
                + "median.ms=" + String.format(Locale.ROOT, "%.1f", medianMillis(nanos)) + "\n"
                + "times.ms=" + nanos.stream().map(t -> t < 0 ? "-" : String.format(Locale.ROOT, "%.1f", t / 1e6))
                        .collect(Collectors.joining(",")) + "\n"
                + real + "\n"
                + "lincheck.full=" + Boolean.getBoolean("ecslab.lincheck.full") + "\n"
                + "java=" + System.getProperty("java.version") + "\n"
                + "cores=" + Runtime.getRuntime().availableProcessors() + "\n"
                + "written=" + Instant.now() + "\n";
        try {
            Files.createDirectories(DIRECTORY);
            Files.writeString(DIRECTORY.resolve("entry-" + entry + "." + tool.id() + ".properties"), text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the race catalogue's " + tool.id() + " record of entry " + entry, e);
        }
    }
}
