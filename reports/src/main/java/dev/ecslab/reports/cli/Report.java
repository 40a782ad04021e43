package dev.ecslab.reports.cli;

import dev.ecslab.reports.chart.BenchmarkCharts;
import dev.ecslab.reports.chart.BenchmarkResult;
import dev.ecslab.reports.chart.BenchmarkResults;
import dev.ecslab.reports.chart.Chart;
import dev.ecslab.reports.html.ReportPage;
import dev.ecslab.reports.html.ReportWriter;
import dev.ecslab.reports.timeline.CounterexampleText;
import dev.ecslab.reports.timeline.ScenarioText;
import dev.ecslab.reports.timeline.Timeline;
import dev.ecslab.reports.timeline.ViolationTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/** Where the report's pictures and benchmark data come from, for {@code lab run} and {@code lab bench}. */
final class Report {
    private Report() {
    }

    /**
     * Counterexamples in words (what went wrong and why), as a timeline picture (inline SVG) where asked and
     * as a text timeline, with the scenario, what shrinking did, and the scenario as first found when shrunk.
     */
    static ReportPage.CounterexampleRenderer renderer() {
        return (c, id, picture) -> {
            ViolationTrace vt = ViolationTrace.of(c);
            Timeline t = Timeline.of(vt);
            return new ReportPage.CounterexampleView(CounterexampleText.describe(vt), picture ? t.svg(id + "-") : "", t.text(),
                    ScenarioText.html(c.scenario()), c.shrinking().describe(),
                    c.shrinking().shrunk() ? ScenarioText.html(c.shrinking().original()) : "");
        };
    }

    /**
     * The result directories: the committed ones, then those of {@code lab bench} (with its {@code quick/} folder,
     * which {@link BenchmarkResults} reads as quick runs).
     */
    static List<Path> resultDirectories(Path root, Path out) {
        if (root == null) {
            return List.of(out.resolve("bench"));       // no checkout: no committed results
        }
        return List.of(root.toAbsolutePath().resolve("benchmarks").resolve("results"), out.resolve("bench"));
    }

    /** Draws the charts (PNG files into {@code pngDirectory}) from the results found. */
    static List<Chart> charts(BenchmarkResults data, Path pngDirectory) {
        return new BenchmarkCharts(data, pngDirectory).build();
    }

    /**
     * The benchmark charts and scores, from {@code benchmarks/results/} and {@code OUT/bench/}; the PNG copies
     * go to {@code staging/charts} (they become {@code OUT/charts} with the rest of the report).
     */
    static ReportWriter.Benchmarks benchmarks(Path root, Path out, Path staging) {
        BenchmarkResults data = BenchmarkResults.read(resultDirectories(root, out));
        List<ReportPage.ChartView> views = new ArrayList<>();
        for (Chart c : charts(data, staging.resolve("charts"))) {
            views.add(new ReportPage.ChartView(c.id(), c.title(), c.caption(),
                    c.panels().stream().map(Chart.Panel::svg).toList(), c.missing().orElse(""), c.noisy()));
        }
        data.power().ifPresent(p -> views.add(new ReportPage.ChartView("lab-power", "The lab's power: mutants killed per"
                + " campaign seed", p.caption(), List.of(p.html()), "", "")));
        StringBuilder note = new StringBuilder();
        note.append(data.files().isEmpty()
                ? "No benchmark results were found in benchmarks/results/ or " + out.resolve("bench") + "; ./lab bench makes them."
                : "From " + data.files().size() + " result files (benchmarks/results/, " + out.resolve("bench") + " and its "
                        + BenchmarkResults.QUICK + "/ folder). For each benchmark and parameters a careful result wins over"
                        + " a quick one (./lab bench --quick), whatever their dates, and the newest careful one over older"
                        + " ones; a quick result is shown only where no careful one exists, and its chart is marked "
                        + dev.ecslab.reports.chart.BenchmarkCharts.NOISY + ". Each caption names the file, date, JMH settings"
                        + " and commit of its data. PNG copies: " + out.resolve("charts") + ".");
        for (String w : data.warnings()) {
            note.append(" Warning: ").append(w);
        }
        MicrosecondScores scores = new MicrosecondScores(data);
        return new ReportWriter.Benchmarks(views, note.toString(), scores::micros);
    }

    /**
     * Scores in microseconds per operation, for the conclusions: careful results only (a quick run's figure is
     * too noisy to quote, so a conclusion without a careful one stays undecided).
     */
    private record MicrosecondScores(BenchmarkResults data) {
        OptionalDouble micros(String name, java.util.Map<String, String> params) {
            return data.find(name, params).filter(r -> !r.quick()).filter(BenchmarkResult::isTimePerOperation)
                    .map(r -> OptionalDouble.of(r.score(TimeUnit.MICROSECONDS))).orElse(OptionalDouble.empty());
        }
    }
}
