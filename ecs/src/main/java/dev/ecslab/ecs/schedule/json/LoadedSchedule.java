package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.DataResolver;
import dev.ecslab.ecs.schedule.Schedule;
import java.util.Objects;

/**
 * A schedule read from JSON together with the data registry its names resolve against (a
 * {@link NameRegistry} when it comes from {@link ScheduleJson#read}). Its systems have no bodies: it
 * can be compiled and analysed, not run.
 */
public record LoadedSchedule(Schedule schedule, DataResolver data) {
    public LoadedSchedule {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(data, "data");
    }

    /**
     * Validates and compiles the schedule against its registry, honouring its ambiguity setting (with
     * {@code ERROR} an ambiguous schedule throws; with {@code WARN} the report is logged).
     *
     * @throws dev.ecslab.ecs.schedule.ScheduleBuildException when the schedule breaks a rule
     */
    public CompiledSchedule compile() {
        return schedule.compile(data);
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
        return b.build().compile(data).ambiguities();
    }
}
