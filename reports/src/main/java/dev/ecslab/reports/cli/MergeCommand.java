package dev.ecslab.reports.cli;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.ShardFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lab merge}: the shards of one campaign ({@code lab run --shard} or {@code lab gate --shard}) made into
 * the result the unsharded command gives: the same matrix, counterexamples and report, and for a gate the same
 * verdict, JUnit XML and exit code. It runs nothing: each shard already shrank its first failures.
 */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Merges the shards of one campaign into its matrix and report (and, for a gate, its verdict).",
    description = {
        "Reads the shard.json of each DIR (or each FILE given directly), written by lab run --shard K/N or lab gate"
            + " --shard K/N, and writes what the command would have written unsharded: the same figures, counterexamples"
            + " and replay files. For gate shards it prints the gate's verdict, writes --junit and exits as the gate"
            + " does; for run shards it writes the report (ambiguity witnesses are not run in shards).",
        "Every shard 1..N must be given once, and all must come from the same lab commit, command and options; anything"
            + " else is refused (exit 2) naming the shard. A shard whose time budget ran out leaves its configuration"
            + " incomplete, and a gate then fails."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:merged (for gate shards: every promise of the expected class holds)", "1:gate shards only: a crash,"
            + " a broken promise, a promised check that no run judged, or a campaign not complete", LabMain.BAD_INPUT_LINE,
        LabMain.INTERNAL_LINE, LabMain.STOPPED_LINE})
final class MergeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "a shard's output folder (holding shard.json), or the file")
    List<Path> shards = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "where the merged report goes (default: reports/out/merged"
            + " in the ecslab checkout, ecslab-out/merged here without one: ${DEFAULT-VALUE})")
    Path out = RepositoryRoot.defaultOut("merged");

    @Option(names = "--junit", paramLabel = "FILE", description = "gate shards: write the gate's JUnit XML here")
    Path junit;

    @Option(names = "--annotations", paramLabel = "FORMAT", description = "gate shards: also print each check that did"
            + " not pass as a CI annotation (github)")
    String annotations;

    /**
     * A shard's folder is a lab output folder whose report is its shard.json: a merge into it would replace that
     * report, removing the shard it reads. Refused before anything is written, as is any --out whose report in place
     * lists an input.
     */
    private void refuseOutHoldingAnInput(List<Path> inputs) {
        Path folder = out.toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) {
            return;
        }
        java.util.Set<String> previous;
        try {
            previous = StagedReport.previous(folder);
        } catch (java.io.IOException e) {
            return;                                   // StagedReport.open says what is wrong with the folder
        }
        for (Path in : inputs) {
            for (String f : previous) {
                Path p = folder.resolve(f).normalize();
                if (p.startsWith(folder) && AtomicFiles.sameFile(p, in)) {
                    throw new BadInputException(folder.toString(), "--out", "holds the shard " + in + " this merge reads"
                            + " (its report would replace it): give --out another folder");
                }
            }
        }
    }

    @Override
    public Integer call() throws Exception {
        long start = System.nanoTime();
        if (annotations != null && !annotations.equals("github")) {
            System.err.println("lab merge: --annotations " + BadInputException.printable(annotations)
                    + ": the only format is github");
            return LabMain.BAD_INPUT;
        }
        List<Path> given = shards.stream().map(p -> Files.isDirectory(p) ? p.resolve(ShardFile.NAME) : p).toList();
        long engineShards = given.stream().filter(dev.ecslab.lab.engine.EngineShardFile::isOne).count();
        if (engineShards > 0) {
            return mergeEngine(given, engineShards, start);
        }
        List<ShardFile.Content> read = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Matrix m;
        try (Interrupts reading = Interrupts.arm(null)) {        // Ctrl-C while reading says so; nothing is written yet
            for (Path p : shards) {
                Path file = Files.isDirectory(p) ? p.resolve(ShardFile.NAME) : p;
                read.add(ShardFile.read(file));
                names.add(file.toString());
            }
            m = Lab.merge(read, names, Catalogue.all());
        } catch (IllegalArgumentException e) {
            System.err.println("lab merge: " + BadInputException.printable(e.getMessage()));
            return LabMain.BAD_INPUT;
        }
        List<String> identity = read.get(0).identity();
        boolean gate = identity.size() > 1 && identity.get(1).equals("gate");
        if (!gate && (junit != null || annotations != null)) {
            System.err.println("lab merge: --junit and --annotations are for gate shards; these are lab run's");
            return LabMain.BAD_INPUT;
        }
        List<Path> inputs = names.stream().map(Path::of).toList();
        if (junit != null) {
            AtomicFiles.checkWritable(junit, "--junit", out, "--out", inputs);
        }
        refuseOutHoldingAnInput(inputs);
        say(read.size(), identity);
        try (StagedReport report = StagedReport.open(out, "--out", "lab merge", LabMain::note);
                Interrupts stop = Interrupts.arm(report)) {
            if (!gate) {
                return LabMain.report(m, report, stop, "lab merge");
            }
            if (m.rows().size() != 1) {
                throw new BadInputException(names.get(0), "", "is a gate's shard with " + m.rows().size()
                        + " rows; a gate has one");
            }
            ClaimedClass expected = m.rows().get(0).claimed();
            return GateCommand.verdict(m, expected, read.get(0).settings().memory(), start, report, stop, junit, annotations);
        }
    }

    /**
     * The shards of an engine's gate ({@code lab gate --engine ID --shard K/N}) merged into the gate's row, verdict,
     * files and exit code, as the unsharded gate gives them.
     */
    private int mergeEngine(List<Path> files, long engineShards, long start) throws Exception {
        if (engineShards != files.size()) {
            System.err.println("lab merge: " + engineShards + " of the " + files.size() + " files are an engine gate's shards"
                    + " and the others are not: merge the shards of one gate");
            return LabMain.BAD_INPUT;
        }
        List<dev.ecslab.lab.engine.EngineShardFile.Content> read = new ArrayList<>();
        List<String> names = new ArrayList<>();
        dev.ecslab.lab.engine.EngineLab.Row row;
        try (Interrupts reading = Interrupts.arm(null)) {
            for (Path file : files) {
                read.add(dev.ecslab.lab.engine.EngineShardFile.read(file));
                names.add(file.toString());
            }
            row = dev.ecslab.lab.engine.EngineShardFile.merge(read, names);
        } catch (IllegalArgumentException e) {
            System.err.println("lab merge: " + BadInputException.printable(e.getMessage()));
            return LabMain.BAD_INPUT;
        }
        List<String> identity = read.get(0).identity();
        int at = identity.indexOf("--expect");
        ClaimedClass expected;
        try {
            expected = ClaimedClass.valueOf(identity.get(at + 1));
        } catch (RuntimeException e) {
            throw new BadInputException(names.get(0), "identity", "names no expected class (--expect CLASS)");
        }
        if (junit != null) {
            AtomicFiles.checkWritable(junit, "--junit", out, "--out", files);
        }
        refuseOutHoldingAnInput(files);
        say(read.size(), identity);
        try (StagedReport report = StagedReport.open(out, "--out", "lab merge", LabMain::note);
                Interrupts stop = Interrupts.arm(report)) {
            return GateCommand.engineVerdict(row, read.get(0).scenarios(), expected, start, report, stop, junit, annotations,
                    read.get(0).replayArgs());
        }
    }

    /** Says what is merged: how many shards, of which command and options, made by which lab. */
    private static void say(int shards, List<String> identity) {
        System.out.println("lab merge: " + shards + " shard(s) of " + String.join(" ", identity.subList(1, identity.size()))
                + " (" + identity.get(0) + ")");
    }
}
