package dev.ecslab.reports.ambiguity;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.StageDescriptor;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One schedule file's ambiguity report with what every output form needs beside it: the file, the
 * level that decides the exit code, where each system is written, and the listed pairs grouped by stage
 * and by the data they conflict on.
 *
 * @param file   the file as named on the command line
 * @param loaded the schedule read from it
 * @param report its ambiguity report
 * @param fails  true when the report makes the command exit 1 (the schedule's ERROR level, or --strict)
 * @param limit  how many pairs an output lists at most (never more than the report lists)
 */
public final class ReportedSchedule {
    private final Path file;
    private final LoadedSchedule loaded;
    private final AmbiguityReport report;
    private final boolean fails;
    private final int limit;
    private final boolean bevy;
    private Map<String, String> places;

    public ReportedSchedule(Path file, LoadedSchedule loaded, AmbiguityReport report, boolean fails, int limit) {
        this(file, loaded, report, fails, limit, false);
    }

    /** With {@code bevy}, the schedule came from a Bevy export: fixes are worded as Bevy calls. */
    public ReportedSchedule(Path file, LoadedSchedule loaded, AmbiguityReport report, boolean fails, int limit, boolean bevy) {
        this.file = file;
        this.loaded = loaded;
        this.report = report;
        this.fails = fails;
        this.limit = limit;
        this.bevy = bevy;
    }

    /** The fix for a pair, in the words of the file's format. */
    public String fix(dev.ecslab.ecs.schedule.Ambiguity pair) {
        return PairFix.sentence(pair, bevy);
    }

    public Path file() {
        return file;
    }

    public LoadedSchedule loaded() {
        return loaded;
    }

    public AmbiguityReport report() {
        return report;
    }

    public boolean fails() {
        return fails;
    }

    /** The schedule's own ambiguity setting. */
    public AmbiguitySetting level() {
        return loaded.schedule().ambiguity();
    }

    /** How many pairs the outputs list: the limit, or every pair the report lists if that is fewer. */
    public int listed() {
        return Math.min(limit, report.size());
    }

    /**
     * The pairs of one stage that conflict on the same data, in report order; {@code byCondition} when the
     * pairs are ambiguous through a run condition reading that data (such pairs are grouped apart from the
     * pairs whose systems conflict themselves).
     */
    public record Group(String stage, List<String> conflicts, boolean byCondition, List<Ambiguity> pairs) {
    }

    private record GroupKey(List<String> conflicts, boolean byCondition) {
    }

    /**
     * The listed pairs grouped by stage (in stage order) and, within a stage, by the data they conflict on
     * and whether a run condition causes them (the largest group first, ties in order of first appearance);
     * at most {@link #listed()} pairs in all, taken in that order.
     */
    public List<Group> groups() {
        Map<String, Map<GroupKey, List<Ambiguity>>> byStage = new LinkedHashMap<>();
        for (Ambiguity a : report.pairs()) {
            byStage.computeIfAbsent(a.stage(), s -> new LinkedHashMap<>())
                    .computeIfAbsent(new GroupKey(a.conflicts(), a.byCondition()), c -> new ArrayList<>()).add(a);
        }
        List<Group> out = new ArrayList<>();
        int left = listed();
        for (Map.Entry<String, Map<GroupKey, List<Ambiguity>>> stage : byStage.entrySet()) {
            List<Map.Entry<GroupKey, List<Ambiguity>>> groups = new ArrayList<>(stage.getValue().entrySet());
            groups.sort((x, y) -> Integer.compare(y.getValue().size(), x.getValue().size()));   // stable: ties keep order
            for (Map.Entry<GroupKey, List<Ambiguity>> g : groups) {
                if (left == 0) {
                    return out;
                }
                List<Ambiguity> pairs = g.getValue().subList(0, Math.min(left, g.getValue().size()));
                out.add(new Group(stage.getKey(), g.getKey().conflicts(), g.getKey().byCondition(), List.copyOf(pairs)));
                left -= pairs.size();
            }
        }
        return out;
    }

    /** Where system {@code name}'s name is written in the file; empty when the text is unknown. */
    public Optional<LoadedSchedule.Location> where(String name) {
        String place = places().get(name);
        return place == null ? Optional.empty() : loaded.locate(place);
    }

    /** System name to its place in the JSON form (system names are unique over a schedule). */
    private Map<String, String> places() {
        if (places == null) {
            Map<String, String> map = new HashMap<>();
            List<StageDescriptor> stages = loaded.schedule().stages();
            for (int s = 0; s < stages.size(); s++) {
                for (int i = 0; i < stages.get(s).systems().size(); i++) {
                    map.put(stages.get(s).systems().get(i).name(), "stages[" + s + "].systems[" + i + "].name");
                }
            }
            places = map;
        }
        return places;
    }
}
