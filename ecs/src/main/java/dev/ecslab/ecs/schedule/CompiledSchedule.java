package dev.ecslab.ecs.schedule;

import java.util.List;

/**
 * The output of {@link ScheduleCompiler}: the planned stages, the sets (declared ones first, then
 * those known only from membership), the ambiguity report, and the source schedule.
 */
public final class CompiledSchedule {
    private final Schedule source;
    private final List<CompiledStage> stages;
    private final List<SetDescriptor> sets;
    private final AmbiguityReport ambiguities;

    CompiledSchedule(Schedule source, List<CompiledStage> stages, List<SetDescriptor> sets, AmbiguityReport ambiguities) {
        this.source = source;
        this.stages = List.copyOf(stages);
        this.sets = List.copyOf(sets);
        this.ambiguities = ambiguities;
    }

    public Schedule source() {
        return source;
    }

    public List<CompiledStage> stages() {
        return stages;
    }

    public CompiledStage stage(String name) {
        return stages.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no stage named '" + name + "'"));
    }

    public List<SetDescriptor> sets() {
        return sets;
    }

    public AmbiguityReport ambiguities() {
        return ambiguities;
    }

    /** Total number of systems over all stages. */
    public int systemCount() {
        return stages.stream().mapToInt(CompiledStage::size).sum();
    }
}
