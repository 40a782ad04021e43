package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.reports.html.EnginesJson;
import dev.ecslab.reports.html.EnginesPage;
import dev.ecslab.reports.timeline.ScenarioText;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code lab engines}: every engine under test (the built-in ones, those of {@code --engine-jar}) judged on the
 * catalogue and a campaign, as a matrix of engine × criterion with each engine's measured class, contract and reach.
 */
@Command(name = "engines", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Judges ECS engines under test: a matrix of engine x criterion.",
    description = {
        "Runs each engine on the catalogue's scenarios and a generated campaign that its contract can express, with the"
            + " lab as the scheduler, and judges what it reports with the same oracle and criteria as ecslab's strategies."
            + " A criterion the contract makes meaningless (ordering, ambiguity and memory: the lab schedules the engine's"
            + " systems itself) is n/a, never a pass; one no scenario judged is 'not judged'.",
        "Each failing criterion's first counterexample is shrunk and written to --out as a replay file (the scenario and"
            + " its trace): lab replay FILE re-judges it and runs it again on the engine. Beside engines.md, --out gets"
            + " engines.html (the matrix, each engine's contract and each counterexample in words with its replay command)"
            + " and engines.json (the same rows as data, for CI); a lab report whose folder holds engines/engines.html"
            + " links it, and its main page summarises engines.json.",
        "Engines are found through META-INF/services/dev.ecslab.lab.engine.EngineProvider on the lab's class path and in"
            + " each --engine-jar; an engine in another language is a driver command that speaks the process protocol"
            + " (docs/engine-protocol.md), given with --engine-cmd. The drivers the checkout ships (koota, and the"
            + " protocol's reference driver in JavaScript) are included when Node.js and their npm dependencies are."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:every engine was judged (whatever it measured)", LabMain.BAD_INPUT_LINE, LabMain.INTERNAL_LINE,
        LabMain.STOPPED_LINE})
final class EnginesCommand implements Callable<Integer> {
    @Option(names = "--engine", paramLabel = "ID", description = "judge only these engines (repeatable; default: all)")
    List<String> ids = new ArrayList<>();

    @Option(names = "--engine-jar", paramLabel = "JAR", description = "a jar with engine providers (repeatable)")
    List<File> jars = new ArrayList<>();

    @Option(names = "--engine-cmd", paramLabel = "CMD", description = "a driver command that speaks the engine process"
            + " protocol (docs/engine-protocol.md), split at spaces, run in the working directory (repeatable)")
    List<String> commands = new ArrayList<>();

    @Option(names = "--tries", paramLabel = "N", description = "generated scenarios after the catalogue (default: 200)")
    int tries = 200;

    @Option(names = "--seed", paramLabel = "S", description = "the campaign's first seed (default: 1)")
    long seed = 1;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "how long one scenario run may take (default: 30)")
    int timeoutSeconds = 30;

    @Option(names = "--isolate", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "run the code of --engine-jar in child JVMs, so that its System.exit, Runtime.halt, native crash,"
                    + " out-of-memory error or hang is a crash of its engine and the lab goes on (the default); --no-isolate"
                    + " runs it in the lab's JVM")
    boolean isolate = true;

    @Option(names = "--out", paramLabel = "DIR", description = "where engines.md, engines.html, engines.json and the"
            + " counterexamples go (default: reports/out/engines in the checkout, which the report in reports/out links;"
            + " ecslab-out/engines here without one)")
    Path out;

    /** The exit status when an engine jar's code ended its isolated JVM while the jar was loaded: a crash. */
    static final int CRASHED_LOADING = 1;

    /** How long a driver may take to start and answer hello. */
    static final Duration HELLO = Duration.ofSeconds(20);

    /**
     * The drivers the checkout ships, by id: a Node.js script, and the folder its npm dependencies must be installed in
     * ({@code null}: none), whose sibling {@code package-lock.json} a trace's fingerprint of the driver covers.
     */
    static final List<String[]> SHIPPED = List.of(
            new String[] {"koota", "engines/koota/driver.mjs", "engines/koota/node_modules"},
            new String[] {"reference-js", "engines/drivers/reference/driver.mjs", null});

    @Override
    public Integer call() throws Exception {
        if (tries < 0 || timeoutSeconds < 1) {
            throw new BadInputException("--tries/--timeout", "", "--tries must be 0 or more and --timeout at least 1, were "
                    + tries + " and " + timeoutSeconds);
        }
        EngineJars given;
        try {
            given = EngineJars.open(jars, isolate);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new BadInputException("--engine", "", e.getMessage());
        } catch (dev.ecslab.lab.isolate.PluginCrashedException e) {
            System.err.println("lab engines: " + BadInputException.printable(e.getMessage()));
            return CRASHED_LOADING;
        }
        try (Interrupts stop = Interrupts.arm(null); given) {
            if (out == null) {
                out = RepositoryRoot.defaultOut("engines");
            }
            out = out.toAbsolutePath().normalize();
            refuseAReportsFolder(out);
            List<EngineSubject> engines;
            try {
                engines = given.find(ids, commands);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--engine", "", e.getMessage());
            }
            var scenarios = EngineLab.scenarios(Catalogue.all(), tries, seed);
            List<EngineLab.Row> rows = new ArrayList<>();
            try {
                for (EngineSubject e : engines) {
                    System.err.println("lab engines: " + e.id() + " (" + e.contract().name() + ")");
                    rows.add(EngineLab.run(e, scenarios, seed, Duration.ofSeconds(timeoutSeconds), line -> System.err.println("  " + line)));
                    e.close();              // a reusable driver's idle process ends with its engine's row
                }
            } finally {
                engines.forEach(EngineSubject::close);
            }
            String md = markdown(rows, scenarios.size());
            System.out.print(md);
            Files.createDirectories(out);
            AtomicFiles.write(out.resolve("engines.md"), md);
            writeCounterexamples(rows, out);
            AtomicFiles.write(out.resolve(EnginesJson.FILE), EnginesJson.write(EnginesJson.of(rows, scenarios.size(), tries, seed)));
            AtomicFiles.write(out.resolve(EnginesPage.PAGE), page(rows, scenarios.size(), tries, seed, out,
                    replayOptions(engines, jars, commands), java.time.ZonedDateTime.now()));
            System.err.println("lab engines: wrote " + out.resolve("engines.md") + ", " + out.resolve(EnginesPage.PAGE) + " and "
                    + out.resolve(EnginesJson.FILE) + (insideAReport(out) ? "" : "; no lab report is in " + out.getParent()
                    + ", so the page links none (the default, engines/ in the default output folder, is below the report's"
                    + " folder, and lab report adds the link to a report written before)"));
            return 0;
        }
    }

    /**
     * The engines named by {@code ids} (all when empty) among those {@code loader} finds, the drivers the checkout ships
     * and {@code commands}' drivers.
     *
     * @throws IllegalArgumentException naming an unknown id, a driver that cannot state its contract, a shipped
     *                                  driver asked for whose npm dependencies are missing
     */
    static List<EngineSubject> find(List<String> ids, List<String> commands, ClassLoader loader) {
        return find(ids, commands, loader, List.of());
    }

    /**
     * As {@link #find(List, List, ClassLoader)}, with {@code isolated}: the engines of jars that run in child JVMs
     * ({@link EngineJars}), in id order among {@code loader}'s as they would be if {@code loader} held their jars.
     */
    static List<EngineSubject> find(List<String> ids, List<String> commands, ClassLoader loader, List<EngineSubject> isolated) {
        List<EngineSubject> all = new ArrayList<>(EngineSubject.all(loader));
        all.addAll(isolated);
        all.sort(java.util.Comparator.comparing(EngineSubject::id));
        all.addAll(shipped(ids));
        for (String cmd : commands) {
            if (cmd.isBlank()) {
                throw new IllegalArgumentException("--engine-cmd is empty");
            }
            all.add(EngineSubject.process(List.of(cmd.trim().split("\\s+")), null, HELLO));
        }
        if (ids.isEmpty()) {
            return all;
        }
        List<EngineSubject> out = new ArrayList<>();
        for (String id : ids) {
            out.add(all.stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "no engine '" + id + "'; known: " + String.join(", ", java.util.stream.Stream.concat(
                            all.stream().map(EngineSubject::id), SHIPPED.stream().map(d -> d[0])).distinct().sorted().toList()))));
        }
        return out;
    }

    /**
     * The drivers the checkout ships whose dependencies are installed, each asked for its contract; one left out is
     * named on standard error with what to do.
     */
    private static List<EngineSubject> shipped(List<String> ids) {
        List<EngineSubject> out = new ArrayList<>();
        Optional<Path> checkout = RepositoryRoot.checkout();
        if (checkout.isEmpty()) {
            for (String[] d : SHIPPED) {
                if (ids.contains(d[0])) {
                    RepositoryRoot.required("lab engines", "the driver of engine " + d[0] + " (" + d[1] + ")");
                }
            }
            return out;                                  // the executable jar alone: the engines it carries
        }
        Path home = checkout.get();
        for (String[] d : SHIPPED) {
            Path script = home.resolve(d[1]);
            if (!Files.isRegularFile(script) || !ids.isEmpty() && !ids.contains(d[0])) {
                continue;
            }
            if (d[2] != null && !Files.isDirectory(home.resolve(d[2]))) {
                if (ids.contains(d[0])) {
                    throw new IllegalArgumentException("engine " + d[0] + " needs its driver's npm dependencies: run 'npm ci' in "
                            + home.resolve(d[2]).getParent());
                }
                System.err.println("lab engines: " + d[0] + " left out: its driver's npm dependencies are not installed (run"
                        + " 'npm ci' in " + home.resolve(d[2]).getParent() + ")");
                continue;
            }
            // The engine itself is an npm package: the lock that npm ci installs it from is part of what a replay must match.
            List<Path> pinned = d[2] == null ? List.of() : List.of(home.resolve(d[2]).resolveSibling("package-lock.json"));
            out.add(EngineSubject.process(List.of("node", script.toString()), null, HELLO, pinned));
        }
        return out;
    }

    static final List<Criterion> COLUMNS = EnginesPage.COLUMNS;

    /**
     * The engines' page of {@code rows}, written into {@code out}: with the report's navigation when {@code out} is
     * a folder inside a lab report's ({@link #insideAReport}).
     */
    static String page(List<EngineLab.Row> rows, int scenarios, int tries, long seed, Path out, Map<String, String> replayOptions,
            java.time.ZonedDateTime now) {
        return EnginesPage.render(new EnginesPage.Input(rows, scenarios, tries, seed, out, insideAReport(out), replayOptions,
                ScenarioText::html, RepositoryRoot.checkout().orElse(null), now));
    }

    /** Whether {@code out}'s parent holds a lab report (its manifest and main page): {@code lab engines}' default place. */
    static boolean insideAReport(Path out) {
        Path parent = out.toAbsolutePath().normalize().getParent();
        return parent != null && Files.isRegularFile(parent.resolve(StagedReport.MANIFEST))
                && Files.isRegularFile(parent.resolve("index.html"));
    }

    /**
     * A folder that holds a lab report (its manifest) is refused: the engines' files and an engine's folder of replay
     * files (an engine may be called {@code counterexamples}) would mix with the report's. Below it is the place.
     */
    static void refuseAReportsFolder(Path out) {
        if (Files.exists(out.resolve(StagedReport.MANIFEST)) || Files.exists(out.resolve(StagedReport.JOURNAL))) {
            throw new BadInputException(out.toString(), "--out", "holds a lab report: give --out a folder of its own, such as "
                    + out.resolve("engines") + ", where the report links the engines' page");
        }
    }

    /**
     * What {@code lab replay} needs besides the file, per engine id: nothing for the lab's own engines and the drivers
     * the checkout ships (it finds them by id), this run's {@code --engine-jar} and {@code --engine-cmd} options for the
     * others.
     */
    static Map<String, String> replayOptions(List<EngineSubject> engines, List<File> jars, List<String> commands) {
        java.util.Set<String> known = new java.util.HashSet<>();
        EngineSubject.all(EnginesCommand.class.getClassLoader()).forEach(e -> known.add(e.id()));
        SHIPPED.forEach(d -> known.add(d[0]));
        List<String> options = new ArrayList<>();
        jars.forEach(j -> options.add("--engine-jar " + shellWord(j.toPath().toAbsolutePath().normalize().toString())));
        commands.forEach(c -> options.add("--engine-cmd " + shellWord(c.trim())));
        Map<String, String> out = new LinkedHashMap<>();
        for (EngineSubject e : engines) {
            if (!known.contains(e.id()) && !options.isEmpty()) {
                out.put(e.id(), String.join(" ", options));
            }
        }
        return out;
    }

    /** A word as a POSIX shell reads it: as it is when it is plain, else in single quotes. */
    static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./:=@%+,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    static String markdown(List<EngineLab.Row> rows, int scenarios) {
        StringBuilder b = new StringBuilder("# Engines under test\n\n");
        b.append("Each engine ran every scenario of ").append(scenarios).append(" (the catalogue, then the campaign) that its"
                + " contract can express, with the lab as the scheduler; a scenario it cannot express whole runs narrowed"
                + " (its resources and the watches the contract does not answer taken out) when a watch is left. n/a: the"
                + " contract makes the criterion meaningless (never a pass).\n\n");
        b.append("| engine | measured | ran | narrowed | left out |");
        COLUMNS.forEach(c -> b.append(' ').append(c.code()).append(" |"));
        b.append("\n|---|---|---:|---:|---:|");
        COLUMNS.forEach(c -> b.append("---|"));
        b.append('\n');
        for (EngineLab.Row r : rows) {
            b.append("| `").append(r.contract().id()).append("` | ").append(r.measured().label()).append(" | ").append(r.ran())
                    .append(" | ").append(r.narrowed()).append(" | ").append(r.skipped()).append(" |");
            COLUMNS.forEach(c -> b.append(' ').append(r.cells().get(c).status()).append(" |"));
            b.append('\n');
        }
        for (EngineLab.Row r : rows) {
            b.append("\n## `").append(r.contract().id()).append("`: ").append(r.contract().name()).append("\n\n");
            r.contract().describe().forEach(line -> b.append("- ").append(line).append('\n'));
            if (!r.contract().source().isEmpty()) {
                b.append("- source: ").append(r.contract().source()).append('\n');
            }
            if (!r.notExpressible().isEmpty()) {
                b.append("\nLeft out (a scenario counts under each reason):\n\n");
                r.notExpressible().forEach((why, n) -> b.append("- ").append(n).append(": ").append(why).append('\n'));
            }
            for (Criterion c : COLUMNS) {
                EngineLab.Cell cell = r.cells().get(c);
                if (cell.first() != null) {
                    b.append("\n**").append(c).append("**: ").append(cell.first().violation()).append(" (shrunk from ")
                            .append(cell.first().foundIn()).append("; `").append(file(r, c)).append("`)\n");
                }
            }
        }
        return b.toString();
    }

    static String file(EngineLab.Row r, Criterion c) {
        return EnginesPage.replayFile(r, c);
    }

    /** Writes each failing criterion's counterexample under {@code dir}; answers the files by criterion (the last row's). */
    static Map<Criterion, String> writeCounterexamples(List<EngineLab.Row> rows, Path dir) throws java.io.IOException {
        Map<Criterion, String> written = new java.util.EnumMap<>(Criterion.class);
        for (EngineLab.Row r : rows) {
            for (Criterion c : COLUMNS) {
                EngineLab.Cell cell = r.cells().get(c);
                if (cell.first() != null) {                  // a replay file: lab replay re-judges it and re-runs the engine
                    Path f = dir.resolve(file(r, c));
                    Files.createDirectories(f.getParent());
                    dev.ecslab.lab.replay.Replay.save(f, cell.first().shrunk(), cell.first().trace());
                    written.put(c, file(r, c));
                }
            }
        }
        return written;
    }
}
