package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lab ambiguities FILE.json}: another engine's schedule, described as JSON, checked for ambiguities. */
@Command(name = "ambiguities", mixinStandardHelpOptions = true, description = {
    "Reads a schedule described as JSON (the format of ScheduleJson: stages, systems with their data access,",
    "ordering constraints, sets, the ambiguity setting) and prints its ambiguity report: every pair of",
    "systems whose access conflicts and whose order is not defined, and the data they conflict on.",
    "Exit codes: 0 no ambiguity at the ERROR level (or none at all with --strict), 1 ambiguities at the",
    "ERROR level (or any with --strict), 2 bad input (the message names the line, column and JSON path)",
    "or a schedule that breaks a rule (a cycle, with its members; an unknown target; ...).",
    "A schedule alone has no edits, so whether an ambiguous pair's order changes anything cannot be shown",
    "here; lab run runs both orders of the pairs of its own scenarios (ambiguity witnesses)."})
final class AmbiguitiesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE.json", description = "the schedule")
    Path file;

    @Option(names = "--strict", description = "fail on any ambiguity, whatever the schedule's own setting")
    boolean strict;

    @Override
    public Integer call() {
        LoadedSchedule schedule;
        AmbiguityReport report;
        try {
            schedule = ScheduleJson.read(file);
            report = schedule.ambiguities();
        } catch (BadInputException | ScheduleBuildException e) {
            System.err.println("lab ambiguities: " + e.getMessage());
            return 2;
        }
        AmbiguitySetting level = schedule.schedule().ambiguity();
        System.out.print(report.format());
        if (report.isEmpty()) {
            System.out.println("no ambiguity (" + file + ")");
            return 0;
        }
        boolean fails = strict || level == AmbiguitySetting.ERROR;
        System.out.println(report.total() + " ambiguous pair(s); the schedule's setting is " + level
                + (fails ? ": FAIL" : " (use --strict to fail on any)"));
        return fails ? 1 : 0;
    }
}
