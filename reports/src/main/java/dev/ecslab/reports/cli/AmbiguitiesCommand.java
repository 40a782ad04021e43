package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import dev.ecslab.reports.ambiguity.AmbiguityJson;
import dev.ecslab.reports.ambiguity.AmbiguitySarif;
import dev.ecslab.reports.ambiguity.AmbiguityText;
import dev.ecslab.reports.ambiguity.BevyComparison;
import dev.ecslab.ecs.schedule.json.BevyScheduleData;
import dev.ecslab.reports.ambiguity.ReportedSchedule;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lab ambiguities FILE}: another engine's schedule, described as JSON (or exported by Bevy, in JSON or
 * in the RON of its {@code app_data.ron}), checked for ambiguities.
 */
@Command(name = "ambiguities", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Prints the ambiguity report of a schedule described as JSON.",
    description = {
        "Reads a schedule described as JSON (the format of ScheduleJson: stages, systems with their data access,"
            + " ordering constraints, sets, the ambiguity setting) and prints its ambiguity report: every pair of systems"
            + " whose access conflicts and whose order is not defined, and the data they conflict on.",
        "The report starts with a summary of every pair (per stage, the data and the systems in the most pairs), then"
            + " lists pairs by stage and by the data they conflict on, each with the constraint that would resolve it."
            + " --format json writes the same for scripts; --format sarif writes a SARIF 2.1.0 log in which the pairs of"
            + " one stage that conflict on one datum are one result, placed at one of their systems in the file, and"
            + " which keeps within GitHub code scanning's limits (run it from the repository root).",
        "A malformed file is named with the line, column and JSON path; a schedule that breaks a rule (a cycle, with"
            + " each of its constraints; an unknown target, with the nearest name) is bad input too, with the same"
            + " positions.",
        "A schedule alone has no edits, so whether an ambiguous pair's order changes anything cannot be shown here;"
            + " lab run runs both orders of the pairs of its own scenarios (ambiguity witnesses)."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:no ambiguity at the schedule's error level (none at all with --strict)",
        "1:ambiguities at the schedule's error level (any, with --strict); undecided pairs count",
        LabMain.BAD_INPUT_LINE, LabMain.INTERNAL_LINE, LabMain.STOPPED_LINE})
final class AmbiguitiesCommand implements Callable<Integer> {
    /** The output forms. */
    enum Format { text, json, sarif }

    /** Pairs the text form lists unless --limit says otherwise. */
    static final int TEXT_LIMIT = 100;

    @Parameters(paramLabel = "FILE", description = "the schedule (JSON; with --from bevy, JSON or RON)")
    Path file;

    @Option(names = "--strict", description = "fail on any ambiguity, whatever the schedule's own setting")
    boolean strict;

    @Option(names = "--format", paramLabel = "text|json|sarif",
            description = "text (default), json (for scripts) or sarif (SARIF 2.1.0, for code scanning)")
    Format format = Format.text;

    @Option(names = "--limit", paramLabel = "N", description = "list at most N pairs (default: " + TEXT_LIMIT
            + " in text, every listed pair in json and sarif; a report lists at most 10 000, -Decslab.limit.listedAmbiguities)")
    Integer limit;

    @Option(names = "--summary", description = "the summary only, no pairs (text and json)")
    boolean summaryOnly;

    /** The input formats. */
    enum From { ecslab, bevy }

    @Option(names = "--from", paramLabel = "ecslab|bevy", description = "the file's format: ecslab (default: the"
            + " schedule JSON of docs/schedule-json.md) or bevy (a schedule exported by Bevy: the BRP schedule.graph"
            + " response or its ScheduleData as JSON, or the app_data.ron that its SerializeSchedulesPlugin writes, told"
            + " apart by their first character; the report then compares itself with the pairs Bevy reported)")
    From from = From.ecslab;

    @Option(names = "--bevy-version", paramLabel = "VERSION", description = "with --from bevy, judge the export by this"
            + " Bevy's rules (0.18, 0.19, 0.20-dev, main...): before 0.19 resources were apart from components, from 0.19"
            + " they are components of resource entities; default: detected from the export (Bevy writes it since 0.19)")
    String bevyVersion;

    @Override
    public Integer call() {
        // Ctrl-C says "lab: stopped" (exit 130) instead of ending in silence: a big schedule takes seconds
        try (Interrupts stop = Interrupts.arm(null)) {
            return analyse();
        }
    }

    private Integer analyse() {
        if (limit != null && limit < 0) {
            throw new BadInputException("option --limit", "", "expected a whole number of pairs, 0 or more, found " + limit);
        }
        if (summaryOnly && format == Format.sarif) {
            throw new BadInputException("option --summary", "", "a SARIF log is a list of results, one per group of pairs;"
                    + " use --format text or json for the summary, or --limit to list fewer pairs in the SARIF log");
        }
        if (bevyVersion != null && from != From.bevy) {
            throw new BadInputException("option --bevy-version", "", "applies to a Bevy export: add --from bevy");
        }
        BevyScheduleData.Version version = bevyVersion == null ? null : BevyScheduleData.Version.parse(bevyVersion);
        Path input = CommandLineFile.regular(file, "a schedule file");
        BevyScheduleData.Import bevy = from == From.bevy
                ? CommandLineFile.read(input, "a Bevy schedule export", () -> BevyScheduleData.read(input, version)) : null;
        LoadedSchedule schedule = bevy != null ? bevy.loaded()
                : CommandLineFile.read(input, "a schedule file", () -> ScheduleJson.read(input));
        AmbiguityReport report = CommandLineFile.read(input, "a schedule file", schedule::ambiguities);
        AmbiguitySetting level = schedule.schedule().ambiguity();
        BevyComparison comparison = bevy == null ? null : BevyComparison.of(report, bevy);
        // a pair Bevy itself reports that this analysis does not is not a pass: it fails where any pair would
        boolean bevyOnly = comparison != null && !comparison.disagreements().isEmpty();
        boolean fails = (!report.isEmpty() || bevyOnly) && (strict || level == AmbiguitySetting.ERROR);
        int listed = limit != null ? limit : format == Format.text ? TEXT_LIMIT : Integer.MAX_VALUE;
        ReportedSchedule reported = new ReportedSchedule(file, schedule, report, fails, summaryOnly ? 0 : listed, bevy != null);
        switch (format) {
            case text -> {
                String out = AmbiguityText.format(reported, summaryOnly, strict);
                if (comparison != null) {
                    int end = out.lastIndexOf('\n', out.length() - 2) + 1;       // before the verdict line
                    out = out.substring(0, end) + comparison.words(10) + out.substring(end);
                    if (bevyOnly && fails) {
                        out += comparison.disagreements().size() + " pair(s) that Bevy reports are not found here: FAIL\n";
                    }
                }
                System.out.print(out);
            }
            case json -> System.out.print(AmbiguityJson.format(reported, summaryOnly, comparison));
            case sarif -> System.out.print(AmbiguitySarif.format(reported, LabVersion.version()));
        }
        System.out.flush();
        return fails ? 1 : 0;
    }
}
