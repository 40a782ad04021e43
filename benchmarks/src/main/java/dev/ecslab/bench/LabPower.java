package dev.ecslab.bench;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The lab's power: for each in-repo mutant, in how many of N campaign seeds the default campaign (the
 * catalogue, then 200 random scenarios) kills it, and how many scenario runs it takes, under three
 * explorations: random (the catalogue under the seed, random turns everywhere), PCT depth 3 (everywhere)
 * and exhaustive (the catalogue searched with one deviation, then random). A mutant is killed by the
 * first run with a violation of a criterion it must fail (its {@code killedBy}). Tracker mutants run under
 * the dynamic executor, executor mutants with {@code generation}.
 *
 * <p>Not a JMH benchmark: it counts runs, not time. Usage:
 * {@code java -Decslab.commit=$(git rev-parse --short HEAD) -cp benchmarks/target/benchmarks.jar dev.ecslab.bench.LabPower
 * [seeds] [tries] [threads] [json] [executor]} (tracker mutants run under {@code executor}, {@code dynamic} unless
 * given). System properties narrow or vary it: {@code -Decslab.power.only=REGEX} keeps the mutants whose id
 * matches, {@code -Decslab.power.space=SWARMED} draws the random scenarios with swarming (to measure what
 * swarming adds), {@code -Decslab.power.catalogue=false} leaves the catalogue out, and
 * {@code -Decslab.power.modes=RANDOM} runs only the listed explorations;
 * the JSON (per mutant and exploration: seeds that killed it, median and largest runs to the kill) is what
 * the report's power table shows.
 */
public final class LabPower {
    private LabPower() {
    }

    enum Mode { RANDOM, PCT, EXHAUSTIVE }

    /** One mutant with the subjects it runs under. */
    private record Subject(String id, Set<Criterion> killedBy, TrackerSubject tracker, ExecutorSubject executor) {
    }

    public static void main(String[] args) throws Exception {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int tries = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        Path json = args.length > 3 && !args[3].equals("-") ? Path.of(args[3]) : null;
        TrackerSubject generation = TrackerSubject.find("generation", LabPower.class.getClassLoader());
        ExecutorSubject dynamic = ExecutorSubject.of(args.length > 4 ? args[4] : "dynamic");
        java.util.regex.Pattern only = java.util.regex.Pattern.compile(System.getProperty("ecslab.power.only", ".*"));
        List<Mode> modes = new ArrayList<>();
        for (String m : System.getProperty("ecslab.power.modes", "RANDOM,PCT,EXHAUSTIVE").split(",")) {
            modes.add(Mode.valueOf(m.trim()));
        }
        List<Subject> subjects = new ArrayList<>();
        for (Mutants.TrackerMutant m : Mutants.trackers()) {
            if (m.killedBy().contains(Criterion.BOUNDED_MEMORY) || !only.matcher(m.subject().id()).matches()) {
                continue;                                  // criterion 6 is one fixed 10 000-frame run, not a search
            }
            subjects.add(new Subject(m.subject().id(), Set.copyOf(m.killedBy()), m.subject(), dynamic));
        }
        for (Mutants.ExecutorMutant m : Mutants.executors()) {
            if (!only.matcher(m.subject().id()).matches()) {
                continue;
            }
            subjects.add(new Subject(m.subject().id(), Set.copyOf(m.killedBy()), generation, m.subject()));
        }
        // Every (mutant, exploration, seed) is independent and deterministic (controlled runs), so they are
        // spread over threads; the table does not depend on how.
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        Map<String, Future<Integer>> results = new LinkedHashMap<>();
        for (Subject sub : subjects) {
            for (Mode mode : modes) {
                for (int s = 0; s < seeds; s++) {
                    long seed = 1_000L * (s + 1);
                    results.put(sub.id() + "/" + mode + "/" + s,
                            pool.submit(() -> runsToKill(mode, sub.killedBy(), sub.tracker(), sub.executor(), seed, tries)));
                }
            }
        }
        Map<Mode, String> titles = Map.of(Mode.RANDOM, "random: killed / median runs", Mode.PCT, "PCT depth 3",
                Mode.EXHAUSTIVE, "exhaustive catalogue + random");
        System.out.println("| mutant |" + String.join("", modes.stream().map(m -> " " + titles.get(m) + " |").toList()));
        System.out.println("|---|" + "---|".repeat(modes.size()));
        StringBuilder out = new StringBuilder("{\n  \"kind\": \"ecslab-lab-power\",\n  \"date\": \""
                + java.time.LocalDate.now() + "\",\n  \"commit\": \"" + System.getProperty("ecslab.commit", "unknown")
                + "\",\n  \"seeds\": " + seeds + ",\n  \"tries\": " + tries + ",\n" + variant(dynamic, modes) + "  \"rows\": [");
        for (int i = 0; i < subjects.size(); i++) {
            Subject sub = subjects.get(i);
            StringBuilder line = new StringBuilder("| `" + sub.id() + "` |");
            out.append(i == 0 ? "\n" : ",\n").append("    {\"mutant\": \"").append(sub.id()).append('"');
            for (Mode mode : modes) {
                int killed = 0;
                List<Integer> runs = new ArrayList<>();
                for (int s = 0; s < seeds; s++) {
                    int n = results.get(sub.id() + "/" + mode + "/" + s).get();
                    if (n > 0) {
                        killed++;
                        runs.add(n);
                    }
                }
                Collections.sort(runs);
                String median = runs.isEmpty() ? "-" : Integer.toString(runs.get(runs.size() / 2));
                line.append(String.format(Locale.ROOT, " %d / %d, median %s |", killed, seeds, median));
                out.append(String.format(Locale.ROOT, ", \"%s\": {\"killed\": %d, \"median\": %s, \"max\": %s}",
                        mode.name().toLowerCase(Locale.ROOT), killed, runs.isEmpty() ? "null" : median,
                        runs.isEmpty() ? "null" : Integer.toString(runs.get(runs.size() - 1))));
            }
            out.append('}');
            System.out.println(line);
        }
        pool.shutdown();
        out.append("\n  ]\n}\n");
        System.out.printf(Locale.ROOT, "%n%d seeds x %d random tries, %d threads, %.0f s%n", seeds, tries, threads,
                (System.nanoTime() - started) / 1e9);
        if (json != null) {
            Files.writeString(json, out.toString());
            System.out.println("wrote " + json.toAbsolutePath());
        }
    }

    /**
     * The file's {@code "variant"} line when the run differs from the default measurement (another executor,
     * a narrowed set of mutants or explorations, no catalogue, another scenario space), empty otherwise. A
     * report shows only a default measurement as the lab's power; a variant is an experiment of its own.
     */
    static String variant(ExecutorSubject executor, List<Mode> modes) {
        String only = System.getProperty("ecslab.power.only", ".*");
        String space = System.getProperty("ecslab.power.space", "FULL");
        boolean catalogue = Boolean.parseBoolean(System.getProperty("ecslab.power.catalogue", "true"));
        if (executor.id().equals("dynamic") && only.equals(".*") && space.equals("FULL") && catalogue
                && modes.equals(List.of(Mode.values()))) {
            return "";
        }
        return "  \"variant\": {\"executor\": \"" + executor.id() + "\", \"only\": \"" + only.replace("\\", "\\\\")
                .replace("\"", "\\\"") + "\", \"space\": \"" + space + "\", \"catalogue\": " + catalogue + ", \"modes\": \""
                + String.join(",", modes.stream().map(Enum::name).toList()) + "\"},\n";
    }

    /** The number of scenario runs until the first kill, or 0 when the campaign does not kill it. */
    static int runsToKill(Mode mode, Set<Criterion> killedBy, TrackerSubject t, ExecutorSubject e, long seed, int tries) {
        int[] runs = {0};
        boolean catalogue = Boolean.parseBoolean(System.getProperty("ecslab.power.catalogue", "true"));
        ScenarioGenerator.Space space = ScenarioGenerator.Space.valueOf(System.getProperty("ecslab.power.space", "FULL"));
        for (Scenario s : catalogue ? Catalogue.all() : List.<Scenario>of()) {
            Predicate<Trace> kills = trace -> Judge.judge(s, trace).violations().stream()
                    .anyMatch(v -> killedBy.contains(v.criterion()));
            LabConfig config = new LabConfig(t, e, seed);
            if (mode == Mode.EXHAUSTIVE) {
                ExhaustiveSearch.Result r = ExhaustiveSearch.search(x -> ScenarioRunner.run(s, config.withExploration(x)), 1,
                        48, kills, trace -> runs[0]++);
                if (r.stopped()) {
                    return runs[0];
                }
            } else {
                for (long k = 0; k < 2; k++) {
                    runs[0]++;
                    if (kills.test(ScenarioRunner.run(s, config.withSeed(seed + k).withExploration(exploration(mode))))) {
                        return runs[0];
                    }
                }
            }
        }
        for (int i = 0; i < tries; i++) {
            Scenario s = ScenarioGenerator.generate("random #" + i, Choices.seeded(seed + i), space);
            runs[0]++;
            LabConfig config = new LabConfig(t, e, seed + i).withExploration(mode == Mode.PCT ? exploration(mode)
                    : Exploration.RANDOM);
            if (Judge.judge(s, ScenarioRunner.run(s, config)).violations().stream().anyMatch(v -> killedBy.contains(v.criterion()))) {
                return runs[0];
            }
        }
        return 0;
    }

    private static Exploration exploration(Mode mode) {
        return mode == Mode.PCT ? new Exploration.Pct(3) : Exploration.RANDOM;
    }
}
