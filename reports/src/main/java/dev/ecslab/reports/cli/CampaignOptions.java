package dev.ecslab.reports.cli;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Shard;
import dev.ecslab.lab.scenario.LabLayout;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.ShardFile;
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
    int tries = GateCampaign.Settings.DEFAULTS.tries();

    @Option(names = "--seed", description = "first campaign seed (default ${DEFAULT-VALUE})")
    long seed = GateCampaign.Settings.DEFAULTS.seed();

    @Option(names = "--strategy-jar", paramLabel = "JAR",
            description = "a jar providing more strategies through ServiceLoader (repeatable)")
    List<File> strategyJars = new ArrayList<>();

    @Option(names = "--executor-jar", paramLabel = "JAR",
            description = "a jar providing more executors through ServiceLoader (repeatable)")
    List<File> executorJars = new ArrayList<>();

    @Option(names = "--isolate", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "run the code of --strategy-jar, --executor-jar and --engine-jar in child JVMs, so that its System.exit,"
                    + " Runtime.halt, native crash, out-of-memory error, spinning thread or hang is a crash of its"
                    + " configuration and the lab goes on (the default); --no-isolate runs it in the lab's JVM")
    boolean isolate = true;

    @Option(names = "--no-memory", description = "skip criterion 6 (10 000 frames per strategy)")
    boolean noMemory;

    @picocli.CommandLine.Mixin
    ProgressDisplay.Options progress = new ProgressDisplay.Options();

    @Option(names = "--run-timeout", paramLabel = "SECONDS", description = "how long one scenario run may take before"
            + " it is abandoned and counted as a crash of the code under test (a hang); the rest of that configuration's"
            + " scenarios are then skipped (default ${DEFAULT-VALUE}; criterion 6's 10 000-frame run gets ten times as long)")
    int runTimeoutSeconds = (int) GateCampaign.Settings.DEFAULTS.runTimeout().toSeconds();

    @Option(names = "--explore", paramLabel = "random|pct:DEPTH", description = "how the random campaign's runs decide"
            + " their interleavings: a random walk, or PCT with the given depth (default ${DEFAULT-VALUE})")
    String explore = "random";

    @Option(names = "--search", paramLabel = "DEVIATIONS", description = "the catalogue's exhaustive search: at most this"
            + " many non-default choices per schedule; -1 runs the catalogue under two random seeds instead (default"
            + " ${DEFAULT-VALUE})")
    int searchDeviations = GateCampaign.Settings.DEFAULTS.searchDeviations();

    @Option(names = "--search-budget", paramLabel = "N", description = "at most this many schedules per catalogue"
            + " scenario and configuration (default ${DEFAULT-VALUE})")
    int searchBudget = GateCampaign.Settings.DEFAULTS.searchBudget();

    @Option(names = "--jobs", paramLabel = "N", description = "scenario runs at once (default: the processors available,"
            + " ${DEFAULT-VALUE} here); the results are those of --jobs 1, in the same order")
    int jobs = GateCampaign.Settings.DEFAULTS.jobs();

    @Option(names = "--shard", paramLabel = "K/N", description = "run only the K-th of N shares of the work (dealt by"
            + " scenario and configuration) and write the share's result file shard.json into --out, for lab merge;"
            + " exits 0 once the file is written, whatever it found")
    String shard;

    @Option(names = "--time-budget", paramLabel = "DURATION", description = "start no scenario after this long (such as"
            + " 50m, 90s, 1h30m): what ran is recorded in order and the rest is said to be not run (a gate then fails:"
            + " its campaign is not complete)")
    String timeBudget;

    @Option(names = "--layout", paramLabel = "mixed|references|columnar", description = "how the worlds store the"
            + " components: mixed (default: the catalogue as written, each campaign scenario as the generator drew it,"
            + " about half in columns), references (all as object references) or columnar (all as one primitive array"
            + " per field, the catalogue too)")
    String layout = "mixed";

    /** The value layouts from {@code --layout}. */
    LabLayout layout() {
        for (LabLayout l : LabLayout.values()) {
            if (l.option().equals(layout)) {
                return l;
            }
        }
        throw new IllegalArgumentException("--layout must be 'mixed', 'references' or 'columnar', was '" + layout + "'");
    }

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
    PluginSubjects openJars() {
        if (tries < 0) {
            throw new IllegalArgumentException("--tries must be 0 or more, was " + tries);
        }
        if (runTimeoutSeconds < 1) {
            throw new IllegalArgumentException("--run-timeout must be at least 1 second, was " + runTimeoutSeconds);
        }
        exploration();
        layout();
        if (searchDeviations < -1) {
            throw new IllegalArgumentException("--search must be -1 (no search) or more, was " + searchDeviations);
        }
        if (searchBudget < 1) {
            throw new IllegalArgumentException("--search-budget must be at least 1, was " + searchBudget);
        }
        if (jobs < 1 || jobs > 1024) {
            throw new IllegalArgumentException("--jobs must be from 1 to 1024, was " + jobs);
        }
        shard();
        budget();
        return PluginSubjects.open(paths(strategyJars), paths(executorJars), isolate);
    }

    /** The share from {@code --shard}, or null for the whole campaign. */
    Shard shard() {
        return shard == null ? null : Shard.parse(shard);
    }

    private static final java.util.regex.Pattern DURATION =
            java.util.regex.Pattern.compile("(?:(\\d{1,6})h)?(?:(\\d{1,7})m(?:in)?)?(?:(\\d{1,9})s)?");

    /** The budget from {@code --time-budget} ({@code 1h30m}, {@code 50m}, {@code 90s}), or null. */
    java.time.Duration budget() {
        if (timeBudget == null) {
            return null;
        }
        java.util.regex.Matcher m = DURATION.matcher(timeBudget.trim());
        if (timeBudget.isBlank() || !m.matches() || m.group(1) == null && m.group(2) == null && m.group(3) == null) {
            throw new IllegalArgumentException("--time-budget must be a duration such as 50m, 90s or 1h30m (h, m and s"
                    + " in that order), was '" + timeBudget + "'");
        }
        java.time.Duration d = java.time.Duration.ofHours(m.group(1) == null ? 0 : Long.parseLong(m.group(1)))
                .plusMinutes(m.group(2) == null ? 0 : Long.parseLong(m.group(2)))
                .plusSeconds(m.group(3) == null ? 0 : Long.parseLong(m.group(3)));
        if (d.isZero()) {
            throw new IllegalArgumentException("--time-budget must be more than 0, was '" + timeBudget + "'");
        }
        return d;
    }

    /**
     * What every shard of one campaign must share, and a merge compares: the lab's version and commit, the
     * command, and every option that changes what runs ({@code extra}: the command's own). The jars are compared
     * through the rows (each strategy's and executor's jar and SHA-256), not by their paths.
     */
    List<String> identity(String command, List<String> extra) {
        List<String> id = new ArrayList<>(List.of(LabVersion.line(), command, "--tries", String.valueOf(tries), "--seed",
                String.valueOf(seed), "--explore", explore, "--search", String.valueOf(searchDeviations), "--search-budget",
                String.valueOf(searchBudget), "--run-timeout", String.valueOf(runTimeoutSeconds), "--layout", layout().option()));
        if (noMemory) {
            id.add("--no-memory");
        }
        id.addAll(extra);
        return id;
    }

    static List<Path> paths(List<File> files) {
        return files.stream().map(File::toPath).toList();
    }

    /** Runs the catalogue and the campaign on every strategy under every executor, showing progress; no witnesses. */
    Matrix run(List<TrackerSubject> trackers, List<ExecutorSubject> executors) {
        return run(trackers, executors, LabOptions.NO_WITNESSES);
    }

    /**
     * The same, and the ambiguity witnesses of the catalogue and the campaign's first {@code witnessTries}
     * scenarios ({@link LabOptions#NO_WITNESSES}: none).
     */
    Matrix run(List<TrackerSubject> trackers, List<ExecutorSubject> executors, int witnessTries) {
        ProgressDisplay bar = progress.display();
        try {
            return lab(bar, witnessTries).run(trackers, executors, Catalogue.all());
        } finally {
            bar.finish();
        }
    }

    /** The gate's campaign ({@link GateCampaign#run}) on one strategy held to its promise, under one executor, showing progress. */
    Matrix gate(TrackerSubject held, ExecutorSubject executor) {
        ProgressDisplay bar = progress.display();
        try {
            return GateCampaign.run(held, executor, settings(), bar);
        } finally {
            bar.finish();
        }
    }

    /** Runs this process's share ({@code --shard}) and answers its result file's content; no witnesses. */
    ShardFile.Content runShard(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<String> identity) {
        ProgressDisplay bar = progress.display();
        try {
            return lab(bar, LabOptions.NO_WITNESSES).withShard(shard()).runShard(trackers, executors, Catalogue.all(),
                    identity);
        } finally {
            bar.finish();
        }
    }

    private Lab lab(ProgressDisplay bar, int witnessTries) {
        return settings().lab(bar, witnessTries);
    }

    /** The campaign these options describe, as {@link GateCampaign} runs it (the options checked by {@link #openJars}). */
    GateCampaign.Settings settings() {
        return new GateCampaign.Settings(tries, seed, !noMemory, java.time.Duration.ofSeconds(runTimeoutSeconds), jobs,
                searchDeviations, searchBudget, exploration(), layout(), budget());
    }

    /**
     * Writes a shard's result file into the staged output folder and says what it holds on standard output.
     *
     * @return 0: a shard's exit code does not depend on what it found (the merge decides)
     */
    static int writeShard(ShardFile.Content c, StagedReport report, String command) throws java.io.IOException {
        Path file = report.dir().resolve(ShardFile.NAME);
        ShardFile.write(file, c);
        report.commit();
        long ran = c.results().size() + c.segments().stream().mapToLong(ShardFile.SegmentEntry::units).sum();
        Shard s = Shard.parse(c.shard());
        long work = (long) c.rows().size() * c.units();
        long owned = work / s.count() + (s.index() - 1 < work % s.count() ? 1 : 0);
        System.out.printf(java.util.Locale.ROOT, "%s: shard %s ran %d of its %d unit(s) (a scenario under one"
                + " configuration; %d configuration(s))%s; wrote %s (merge every shard with: ./lab merge DIR...)%n",
                command, c.shard(), ran, owned, c.rows().size(),
                c.budgetRanOut() ? " (the time budget ran out: the rest were not run)" : "",
                report.out().resolve(ShardFile.NAME));
        return 0;
    }
}
