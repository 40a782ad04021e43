package dev.ecslab.reports.chart;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * One JMH result (one benchmark method under one parameter combination) as read from a
 * {@code -rf json} file, so the report can chart it and quote it without knowing JMH's format.
 *
 * <p>{@code score}, {@code scoreError} and {@code median} are in {@code unit}, exactly as JMH wrote
 * them; {@link #score(TimeUnit)} and friends convert a time-per-operation unit ({@code ns/op},
 * {@code us/op}, {@code ms/op}, {@code s/op}) into another time unit. {@code params} is empty for a
 * benchmark without {@code @Param}s and is never null. {@code median} is NaN when the file has no
 * percentiles.
 *
 * @param benchmarkClass the simple class name, e.g. {@code ChangeTrackingBenchmark}
 * @param method the benchmark method, e.g. {@code changed}
 * @param params the JMH parameters, in the file's order
 * @param mode JMH's mode as written ({@code avgt}, {@code thrpt}, {@code ss}, {@code sample})
 * @param jvmArgs the JVM arguments of the forks (a run under other JVM options is another measurement)
 * @param source the file the result was read from
 * @param settings how JMH measured it (forks, iterations, JDK)
 * @param quick whether it comes from a quick run ({@code lab bench --quick}, or settings as short as its):
 *     too noisy to quote, shown only where no careful result exists, and marked
 */
public record BenchmarkResult(String benchmarkClass, String method, Map<String, String> params, String mode,
        double score, double scoreError, String unit, double median, List<String> jvmArgs, Path source,
        Settings settings, boolean quick) {

    public BenchmarkResult {
        Objects.requireNonNull(benchmarkClass, "benchmarkClass");
        Objects.requireNonNull(method, "method");
        params = Map.copyOf(params);
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(unit, "unit");
        jvmArgs = List.copyOf(jvmArgs);
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(settings, "settings");
    }

    /**
     * JMH's settings for one result, as its JSON records them ({@code -1} or {@code "?"} where a file lacks
     * one).
     */
    public record Settings(int forks, int warmupIterations, String warmupTime, int measurementIterations,
            String measurementTime, String jdkVersion, String jmhVersion) {
        /** No settings recorded. */
        public static final Settings UNKNOWN = new Settings(-1, -1, "?", -1, "?", "?", "?");

        /**
         * Whether these are the settings of a quick run: one fork and at most 3 measured iterations (what
         * {@code lab bench --quick} asks, {@code -f 1 -wi 2 -i 3}); too few to tell noise from a difference.
         */
        public boolean quick() {
            return forks >= 0 && forks <= 1 && measurementIterations >= 0 && measurementIterations <= 3;
        }

        /** {@code "2 forks × 10 × 1 s measured after 5 × 1 s warm-up, JMH 1.37, JDK 17.0.15"}. */
        public String describe() {
            if (this.equals(UNKNOWN)) {
                return "JMH settings not recorded";
            }
            return forks + (forks == 1 ? " fork" : " forks") + " × " + measurementIterations + " × " + measurementTime
                    + " measured after " + warmupIterations + " × " + warmupTime + " warm-up, JMH " + jmhVersion + ", JDK "
                    + jdkVersion;
        }
    }

    /** {@code Class.method}, the name lookups use. */
    public String name() {
        return benchmarkClass + "." + method;
    }

    /** A parameter's value, or null when the benchmark has no such parameter. */
    public String param(String key) {
        return params.get(key);
    }

    /** The median, when the file has percentiles. */
    public OptionalDouble medianIfPresent() {
        return Double.isNaN(median) ? OptionalDouble.empty() : OptionalDouble.of(median);
    }

    /** Whether {@code unit} is a time per operation, so the {@code TimeUnit} conversions apply. */
    public boolean isTimePerOperation() {
        return timeUnitOf(unit) != null;
    }

    /** The score converted to {@code target} per operation. */
    public double score(TimeUnit target) {
        return convert(score, target);
    }

    /** The score error (JMH's 99.9 % half-width) converted to {@code target} per operation. */
    public double scoreError(TimeUnit target) {
        return convert(scoreError, target);
    }

    /** The median converted to {@code target} per operation (NaN when absent). */
    public double median(TimeUnit target) {
        return convert(median, target);
    }

    private double convert(double value, TimeUnit target) {
        TimeUnit from = timeUnitOf(unit);
        if (from == null) {
            throw new IllegalStateException(name() + " " + params + " is in " + unit + ", not a time per operation");
        }
        return value * from.toNanos(1) / target.toNanos(1);
    }

    /** The time unit of a JMH {@code x/op} unit, or null for throughput and other units. */
    static TimeUnit timeUnitOf(String jmhUnit) {
        return switch (jmhUnit) {
            case "ns/op" -> TimeUnit.NANOSECONDS;
            case "us/op" -> TimeUnit.MICROSECONDS;
            case "ms/op" -> TimeUnit.MILLISECONDS;
            case "s/op" -> TimeUnit.SECONDS;
            case "min/op" -> TimeUnit.MINUTES;
            default -> null;
        };
    }
}
