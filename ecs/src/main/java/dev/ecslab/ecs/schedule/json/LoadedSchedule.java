package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.DataResolver;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import java.util.Objects;

/**
 * A schedule read from JSON together with the data registry its names resolve against (a
 * {@link NameRegistry} when it comes from {@link ScheduleJson#read}) and the name of what it was read
 * from. Its systems have no bodies: it can be compiled and analysed, not run. A rule it breaks when it
 * is compiled (a cycle, an unknown target) is a {@link ScheduleBuildException} whose message starts
 * with the source's name, so that the error names the file.
 */
public record LoadedSchedule(Schedule schedule, DataResolver data, String source) {
    public LoadedSchedule {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(source, "source");
    }

    /** A schedule that was not read from a file. */
    public LoadedSchedule(Schedule schedule, DataResolver data) {
        this(schedule, data, "the schedule");
    }

    /**
     * Validates and compiles the schedule against its registry, honouring its ambiguity setting (with
     * {@code ERROR} an ambiguous schedule throws; with {@code WARN} the report is logged).
     *
     * @throws dev.ecslab.ecs.schedule.ScheduleBuildException when the schedule breaks a rule
     */
    public CompiledSchedule compile() {
        try {
            return schedule.compile(data);
        } catch (ScheduleBuildException e) {
            throw named(e);
        }
    }

    /**
     * The ambiguity report, whatever the schedule's ambiguity setting: compiles a copy whose setting is
     * {@code IGNORE}, so an ambiguous schedule neither throws nor logs here.
     *
     * @throws dev.ecslab.ecs.schedule.ScheduleBuildException when the schedule breaks a rule other than
     *         ambiguity (a cycle, an unknown target, a duplicate name, ...)
     */
    public AmbiguityReport ambiguities() {
        Schedule.Builder b = Schedule.builder()
                .ordering(schedule.ordering())
                .ambiguity(AmbiguitySetting.IGNORE)
                .maxStageIterations(schedule.maxStageIterations());
        schedule.stages().forEach(b::stage);
        schedule.sets().values().forEach(b::set);
        schedule.ignoredData().forEach(b::ignoreAmbiguitiesOn);
        try {
            return b.build().compile(data).ambiguities();
        } catch (ScheduleBuildException e) {
            throw named(e);
        }
    }

    /** {@code e}, its message starting with the source's name. */
    private ScheduleBuildException named(ScheduleBuildException e) {
        ScheduleBuildException named = new ScheduleBuildException(e.kind(), source + ": " + e.getMessage(), e.report());
        named.setStackTrace(e.getStackTrace());
        return named;
    }
}
