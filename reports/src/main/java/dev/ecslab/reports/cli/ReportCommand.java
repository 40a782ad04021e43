package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.reports.html.ReportWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code lab report}: redraws a report from the files of the run that wrote it ({@code matrix.json} and the
 * replay files it names, {@link RecordedMatrix}) and from the benchmark results there are now, without
 * running a scenario: after {@code lab bench}, or with a newer lab, the page shows the same matrix with the
 * new charts and layout.
 *
 * <p>It is as safe as {@code lab run}: the same lock and staging ({@link StagedReport}), the same page writer
 * ({@link ReportWriter}); the new {@code index.html}, {@code matrix.md} and charts replace the old ones as a
 * whole with the run's other files carried over unchanged, and Ctrl-C leaves the previous report as it was.
 * A folder without a report's {@code matrix.json} is bad input (exit 2), and so is a matrix.json that its
 * own figures contradict.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Redraws a report from its run's files, without running anything.",
    description = {
        "Reads matrix.json and the replay files of the report in --out (written by lab run or lab gate) and draws"
            + " index.html, matrix.md and the benchmark charts again, with the benchmark results there are now"
            + " (benchmarks/results/ and --out/bench/; careful results before quick ones) and this lab's layout. No"
            + " scenario is run: the matrix is the run's.",
        "The report is redrawn in a staging folder and replaces the old pages (index.html and the pages it links), matrix.md and charts at the end;"
            + " the run's other files (matrix.json, the replay files) are kept as they are. Ctrl-C leaves the previous"
            + " report untouched. One lab command at a time writes into a folder (the lock file .lab-lock)."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:the report was redrawn", LabMain.BAD_INPUT_LINE + "; a folder without a report to redraw, or a"
            + " matrix.json of an older lab, or one its own figures contradict", LabMain.INTERNAL_LINE, LabMain.STOPPED_LINE})
final class ReportCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", description = "the report folder to redraw (default: reports/out in the"
            + " ecslab checkout, ecslab-out here without one: ${DEFAULT-VALUE}; a gate's: its gate folder)")
    Path out = RepositoryRoot.defaultOut();

    @Override
    public Integer call() {
        Path folder = out.toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) {
            throw new BadInputException(folder.toString(), "--out", "no such folder: there is no report to redraw"
                    + " (lab run writes one)");
        }
        if (!Files.isRegularFile(folder.resolve("matrix.json"))) {
            throw new BadInputException(folder.toString(), "--out", "no report to redraw here: there is no matrix.json"
                    + " (lab run or lab gate writes one)");
        }
        Path root = RepositoryRoot.checkout().orElse(null);
        RecordedMatrix.Read read;
        int carried = 0;
        try (StagedReport report = StagedReport.open(out, "--out", "lab report", LabMain::note);
                Interrupts stop = Interrupts.arm(report)) {
            Set<String> files = StagedReport.previous(report.out());
            if (!files.contains("matrix.json")) {
                throw new BadInputException(report.out().resolve("matrix.json").toString(), "", "is not part of the lab"
                        + " report in this folder (its manifest " + StagedReport.MANIFEST + " does not list it)");
            }
            read = RecordedMatrix.read(report.out());
            Checkpoints.reached("staging", stop);
            // every page is drawn first, so that a page of the old report is replaced, never carried over
            Map<String, String> pages = ReportWriter.pages(read.matrix(), read.files(), Report.renderer(),
                    Report.benchmarks(root, report.out(), report.dir()), root, report.out());
            for (String f : files) {
                if (!redrawn(f) && !pages.containsKey(f) && !f.endsWith(".html")) {
                    Path to = report.dir().resolve(f).normalize();
                    Path from = report.out().resolve(f).normalize();
                    if (!to.startsWith(report.dir()) || !from.startsWith(report.out()) || !Files.isRegularFile(from)) {
                        continue;                                // a manifest is data: nothing outside, nothing gone
                    }
                    Files.createDirectories(to.getParent());
                    Files.copy(from, to);
                    carried++;
                }
            }
            report.write("matrix.md", MatrixReport.markdown(read.matrix(), read.files()));
            pages.forEach(report::write);
            Checkpoints.reached("commit", stop);
            report.commit();
            Checkpoints.reached("committed", stop);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot redraw the report", e);
        }
        System.out.println("redrew " + folder.resolve("index.html") + " and " + folder.resolve("matrix.md") + " from "
                + folder.resolve("matrix.json") + " and " + carried + " file(s) of its run, kept as they were; nothing"
                + " was run");
        System.out.println(MatrixReport.summaryLine(read.matrix(), folder));
        return 0;
    }

    /** The files {@code lab report} draws again: the page, the Markdown matrix and the chart pictures. */
    static boolean redrawn(String file) {
        return file.equals("index.html") || file.equals("matrix.md") || file.startsWith("charts/");
    }
}
