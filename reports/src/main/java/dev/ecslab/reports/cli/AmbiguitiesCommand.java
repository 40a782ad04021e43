package dev.ecslab.reports.cli;

import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lab ambiguities FILE.json}: another engine's schedule, described as JSON, checked for ambiguities. */
@Command(name = "ambiguities", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Prints the ambiguity report of a schedule described as JSON.",
    description = {
        "Reads a schedule described as JSON (the format of ScheduleJson: stages, systems with their data access,"
            + " ordering constraints, sets, the ambiguity setting) and prints its ambiguity report: every pair of systems"
            + " whose access conflicts and whose order is not defined, and the data they conflict on.",
        "A malformed file is named with the line, column and JSON path; a schedule that breaks a rule (a cycle, with"
            + " its members; an unknown target) is bad input too.",
        "A schedule alone has no edits, so whether an ambiguous pair's order changes anything cannot be shown here;"
            + " lab run runs both orders of the pairs of its own scenarios (ambiguity witnesses)."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:no ambiguity at the schedule's error level (none at all with --strict)",
        "1:ambiguities at the schedule's error level (any, with --strict)", LabMain.BAD_INPUT_LINE, LabMain.INTERNAL_LINE,
        LabMain.STOPPED_LINE})
final class AmbiguitiesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE.json", description = "the schedule")
    Path file;

    @Option(names = "--strict", description = "fail on any ambiguity, whatever the schedule's own setting")
    boolean strict;

    @Override
    public Integer call() {
        Path input = CommandLineFile.regular(file, "a schedule file");
        LoadedSchedule schedule = CommandLineFile.read(input, "a schedule file", () -> ScheduleJson.read(input));
        AmbiguityReport report = CommandLineFile.read(input, "a schedule file", schedule::ambiguities);
        AmbiguitySetting level = schedule.schedule().ambiguity();
        if (report.isEmpty()) {
            // format() of an empty report is one sentence without a line end; say it once, with the file
            System.out.println("No ambiguous system pairs (" + input + ").");
            return 0;
        }
        System.out.print(report.format());
        boolean fails = strict || level == AmbiguitySetting.ERROR;
        // the setting as the schedule file spells it ("ambiguity": "WARN"), not as a Java constant
        System.out.println(report.total() + " ambiguous pair(s); the schedule says \"ambiguity\": \"" + level.name()
                + "\"" + (level == AmbiguitySetting.ERROR ? ": FAIL" : strict ? "; --strict fails on any: FAIL"
                        : " (use --strict to fail on any)"));
        return fails ? 1 : 0;
    }
}
