package dev.ecslab.reports.html;

import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.results.Counterexample;
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

    /**
     * Every page of the report, keyed by its path relative to the report's folder, {@code index.html} first; the
     * navigation links the engines' page when {@code lab engines} wrote it below {@code folder} (its default folder,
     * {@value EnginesPage#FROM_REPORT}), and the main page then summarises each engine's result from the
     * {@code engines.json} beside it, or says why it could not ({@link EnginesSummary}: a bad file never stops the
     * report). {@code repositoryRoot} is the ecslab checkout whose race catalogue the report shows, or null without
     * one (the executable jar alone): the report then shows no catalogue.
     */
    public static Map<String, String> pages(Matrix m, Map<Counterexample, String> replayFiles, CounterexampleRenderer renderer,
            Benchmarks benchmarks, Path repositoryRoot, Path folder) throws IOException {
        // what the lab's compiler said when it ran (a redraw never compiles today's catalogue instead)
        List<AmbiguityView> ambiguities = new ArrayList<>();
        m.compiledAmbiguities().forEach((scenario, report) -> ambiguities.add(new AmbiguityView(scenario, report)));
        boolean engines = java.nio.file.Files.isRegularFile(folder.resolve(EnginesPage.FROM_REPORT));
        return ReportPage.pages(new ReportPage.Input(m, replayFiles, renderer, ambiguities,
                repositoryRoot == null ? RaceCatalogueStatus.Results.NONE
                        : RaceCatalogueStatus.read(repositoryRoot), benchmarks.charts(), benchmarks.note(),
                Conclusions.answer(m, benchmarks.scores()), ZonedDateTime.now(), folder, engines,
                engines ? EnginesSummary.read(folder) : null));
    }
}
