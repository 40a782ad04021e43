package dev.ecslab.reports.html;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Counterexample;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.reports.html.ReportPage.AmbiguityView;
import dev.ecslab.reports.html.ReportPage.ChartView;
import dev.ecslab.reports.html.ReportPage.CounterexampleRenderer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Gathers what the report shows besides the matrix (the catalogue's ambiguity reports, the race-bug
 * catalogue's status, the charts, the conclusions) and renders the pages of {@link ReportPage}: the caller
 * writes each under its relative path into the report's folder (so each is listed in the report's manifest).
 */
public final class ReportWriter {
    /** The benchmark side of the report: charts (possibly missing) and the scores the conclusions cite. */
    public record Benchmarks(List<ChartView> charts, String note, Conclusions.Scores scores) {
    }

    private ReportWriter() {
    }

    /** Every page of the report, keyed by its path relative to the report's folder, {@code index.html} first. */
    public static Map<String, String> pages(Matrix m, Map<Counterexample, String> replayFiles, CounterexampleRenderer renderer,
            Benchmarks benchmarks, Path repositoryRoot, Path folder) throws IOException {
        List<AmbiguityView> ambiguities = new ArrayList<>();
        for (Scenario s : Catalogue.all()) {
            try {
                var report = ScenarioRunner.compile(s).ambiguities();
                ambiguities.add(new AmbiguityView(s.name(), report.isEmpty() ? "" : report.format()));
            } catch (RuntimeException e) {
                ambiguities.add(new AmbiguityView(s.name(), "the schedule does not compile: " + e.getMessage()));
            }
        }
        return ReportPage.pages(new ReportPage.Input(m, replayFiles, renderer, ambiguities,
                RaceCatalogueStatus.read(repositoryRoot), benchmarks.charts(), benchmarks.note(),
                Conclusions.answer(m, benchmarks.scores()), ZonedDateTime.now(), folder));
    }
}
