package dev.ecslab.reports.cli;

import dev.ecslab.reports.html.ReportPage;
import dev.ecslab.reports.html.ReportWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

/** Where the report's pictures and benchmark data come from, for {@code lab run}. */
final class Report {
    private Report() {
    }

    /** Counterexamples in words and as timelines. */
    static ReportPage.CounterexampleRenderer renderer() {
        return null;
    }

    /** The benchmark charts and scores, from {@code benchmarks/results/} and {@code OUT/bench/}. */
    static ReportWriter.Benchmarks benchmarks(Path out) {
        return new ReportWriter.Benchmarks(List.of(), "", (b, p) -> OptionalDouble.empty());
    }
}
