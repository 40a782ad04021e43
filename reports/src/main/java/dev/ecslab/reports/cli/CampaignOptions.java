package dev.ecslab.reports.cli;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.TrackerSubject;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of a lab campaign shared by {@code lab run} and {@code lab gate} (a picocli mixin), and
 * running it: the catalogue plus {@code --tries} random scenarios, showing its progress ({@link ProgressDisplay}).
 */
final class CampaignOptions {
    @Option(names = "--tries", description = "random scenarios per strategy and executor (default ${DEFAULT-VALUE})")
    int tries = 200;

    @Option(names = "--seed", description = "first campaign seed (default ${DEFAULT-VALUE})")
    long seed = 1_000;

    @Option(names = "--strategy-jar", paramLabel = "JAR",
            description = "a jar providing more strategies through ServiceLoader (repeatable)")
    List<File> strategyJars = new ArrayList<>();

    @Option(names = "--executor-jar", paramLabel = "JAR",
            description = "a jar providing more executors through ServiceLoader (repeatable)")
    List<File> executorJars = new ArrayList<>();

    @Option(names = "--no-memory", description = "skip criterion 6 (10 000 frames per strategy)")
    boolean noMemory;

    @picocli.CommandLine.Mixin
    ProgressDisplay.Options progress = new ProgressDisplay.Options();

    @Option(names = "--run-timeout", paramLabel = "SECONDS", description = "how long one scenario run may take before"
            + " it is abandoned and counted as a crash of the code under test (a hang); the rest of that configuration's"
            + " scenarios are then skipped (default ${DEFAULT-VALUE}; criterion 6's 10 000-frame run gets ten times as long)")
    int runTimeoutSeconds = (int) dev.ecslab.lab.run.LabConfig.DEFAULT_TIMEOUT.toSeconds();

    @Option(names = "--explore", paramLabel = "random|pct:DEPTH", description = "how the random campaign's runs decide"
            + " their interleavings: a random walk, or PCT with the given depth (default ${DEFAULT-VALUE})")
    String explore = "random";

    @Option(names = "--search", paramLabel = "DEVIATIONS", description = "the catalogue's exhaustive search: at most this"
            + " many non-default choices per schedule; -1 runs the catalogue under two random seeds instead (default"
            + " ${DEFAULT-VALUE})")
    int searchDeviations = Lab.Options.DEFAULT_DEVIATIONS;

    @Option(names = "--search-budget", paramLabel = "N", description = "at most this many schedules per catalogue"
            + " scenario and configuration (default ${DEFAULT-VALUE})")
    int searchBudget = Lab.Options.DEFAULT_BUDGET;

    /** The campaign's exploration from {@code --explore}. */
    Exploration exploration() {
        if (explore.equals("random")) {
            return Exploration.RANDOM;
        }
        if (explore.startsWith("pct:")) {
            try {
                int depth = Integer.parseInt(explore.substring(4));
                if (depth >= 1 && depth <= 64) {
                    return new Exploration.Pct(depth);
                }
            } catch (NumberFormatException e) {
                // falls through to the message
            }
        }
        throw new IllegalArgumentException("--explore must be 'random' or 'pct:DEPTH' with a depth from 1 to 64, was '"
                + explore + "'");
    }

    /**
     * The strategy and executor jars, checked and opened (one loader over both kinds), after checking the
     * other options. Close it once the campaign has run.
     *
     * @throws IllegalArgumentException naming the bad option, or the bad jar and what is wrong with it
     * @throws IllegalStateException    when two providers claim one id
     */
    PluginJars openJars() {
        if (tries < 0) {
            throw new IllegalArgumentException("--tries must be 0 or more, was " + tries);
        }
        if (runTimeoutSeconds < 1) {
            throw new IllegalArgumentException("--run-timeout must be at least 1 second, was " + runTimeoutSeconds);
        }
        exploration();
        if (searchDeviations < -1) {
            throw new IllegalArgumentException("--search must be -1 (no search) or more, was " + searchDeviations);
        }
        if (searchBudget < 1) {
            throw new IllegalArgumentException("--search-budget must be at least 1, was " + searchBudget);
        }
        return PluginJars.open(paths(strategyJars), paths(executorJars));
    }

    static List<Path> paths(List<File> files) {
        return files.stream().map(File::toPath).toList();
    }

    /** Runs the catalogue and the campaign on every strategy under every executor, showing progress; no witnesses. */
    Matrix run(List<TrackerSubject> trackers, List<ExecutorSubject> executors) {
        return run(trackers, executors, Lab.Options.NO_WITNESSES);
    }

    /**
     * The same, and the ambiguity witnesses of the catalogue and the campaign's first {@code witnessTries}
     * scenarios ({@link Lab.Options#NO_WITNESSES}: none).
     */
    Matrix run(List<TrackerSubject> trackers, List<ExecutorSubject> executors, int witnessTries) {
        ProgressDisplay bar = progress.display();
        try {
            return new Lab(Lab.Options.defaults().withTries(tries).withCampaignSeed(seed).withMemory(!noMemory)
                    .withRunTimeout(java.time.Duration.ofSeconds(runTimeoutSeconds)).withProgress(bar)
                    .withCatalogueSearch(searchDeviations, searchBudget).withCampaignExploration(exploration())
                    .withWitnesses(witnessTries))
                    .run(trackers, executors, Catalogue.all());
        } finally {
            bar.finish();
        }
    }
}
