package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A schedule as written: an ordered list of stages, the declared system sets with their run
 * criteria, the ordering policy, the ambiguity setting, data whose conflicts are ignored in
 * ambiguity reports, and the bound on iterations of a looping stage.
 *
 * <p>{@link #compile(World)} validates it and produces the {@link CompiledSchedule} that every
 * executor consumes. Immutable.
 */
public final class Schedule {
    /** Default bound on iterations of one stage in one frame before a loop is reported as runaway. */
    public static final int DEFAULT_MAX_STAGE_ITERATIONS = 10_000;

    private final List<StageDescriptor> stages;
    private final Map<String, SetDescriptor> sets;
    private final OrderingPolicy ordering;
    private final AmbiguitySetting ambiguity;
    private final List<Object> ignoredData;
    private final int maxStageIterations;

    private Schedule(Builder b) {
        this.stages = List.copyOf(b.stages);
        this.sets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.sets));
        this.ordering = b.ordering;
        this.ambiguity = b.ambiguity;
        this.ignoredData = List.copyOf(b.ignoredData);
        this.maxStageIterations = b.maxStageIterations;
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<StageDescriptor> stages() {
        return stages;
    }

    /** Declared sets by name, in declaration order. Sets used only by membership are implicit. */
    public Map<String, SetDescriptor> sets() {
        return sets;
    }

    public OrderingPolicy ordering() {
        return ordering;
    }

    public AmbiguitySetting ambiguity() {
        return ambiguity;
    }

    /**
     * A component only (not a resource of the same name or class) whose conflicts ambiguity reports
     * ignore: Bevy's {@code allow_ambiguous_component}.
     */
    public record IgnoredComponent(Object classOrName) {
        public IgnoredComponent {
            Objects.requireNonNull(classOrName, "component");
        }
    }

    /** A resource only whose conflicts ambiguity reports ignore: Bevy's {@code allow_ambiguous_resource}. */
    public record IgnoredResource(Object classOrName) {
        public IgnoredResource {
            Objects.requireNonNull(classOrName, "resource");
        }
    }

    /**
     * Classes or names of components and resources whose conflicts ambiguity reports ignore: a bare class
     * or name matches both a component and a resource; {@link IgnoredComponent} and {@link IgnoredResource}
     * match one namespace.
     */
    public List<Object> ignoredData() {
        return ignoredData;
    }

    public int maxStageIterations() {
        return maxStageIterations;
    }

    /** Validates against {@code world}'s registries and compiles; see {@link ScheduleCompiler}. */
    public CompiledSchedule compile(World world) {
        return ScheduleCompiler.compile(this, DataResolver.of(world));
    }

    /** Validates and compiles with a given data registry (JSON schedules bring their own). */
    public CompiledSchedule compile(DataResolver resolver) {
        return ScheduleCompiler.compile(this, resolver);
    }

    /** Collects stages, sets and settings. */
    public static final class Builder {
        private final List<StageDescriptor> stages = new ArrayList<>();
        private final Map<String, SetDescriptor> sets = new LinkedHashMap<>();
        private OrderingPolicy ordering = OrderingPolicy.EXPLICIT;
        private AmbiguitySetting ambiguity = AmbiguitySetting.WARN;
        private final List<Object> ignoredData = new ArrayList<>();
        private int maxStageIterations = DEFAULT_MAX_STAGE_ITERATIONS;

        /** Made by {@link Schedule#builder()}, the one way to start a builder. */
        private Builder() {
        }

        /** Appends a stage; {@code systems} receives a list to add the stage's systems to, in order. */
        public Builder stage(String name, Consumer<List<SystemDescriptor>> systems) {
            List<SystemDescriptor> list = new ArrayList<>();
            systems.accept(list);
            stages.add(new StageDescriptor(name, list));
            return this;
        }

        /** Appends a stage with these systems, in order. */
        public Builder stage(String name, SystemDescriptor... systems) {
            stages.add(new StageDescriptor(name, List.of(systems)));
            return this;
        }

        public Builder stage(StageDescriptor stage) {
            stages.add(Objects.requireNonNull(stage, "stage"));
            return this;
        }

        /** Declares a set (with its run criterion). Declaring a name twice is an error. */
        public Builder set(SetDescriptor set) {
            if (sets.putIfAbsent(set.name(), set) != null) {
                throw new ScheduleBuildException(ScheduleBuildException.Kind.MALFORMED,
                        "set '" + set.name() + "' is declared twice");
            }
            return this;
        }

        /** Declares a set whose members run only when {@code criterion} says so. */
        public Builder set(String name, String criterionName, RunCriterion criterion) {
            return set(SetDescriptor.of(name, criterionName, criterion));
        }

        public Builder ordering(OrderingPolicy policy) {
            this.ordering = Objects.requireNonNull(policy, "ordering");
            return this;
        }

        public Builder ambiguity(AmbiguitySetting setting) {
            this.ambiguity = Objects.requireNonNull(setting, "ambiguity");
            return this;
        }

        /** Ignores conflicts on a component or resource (a class, or a name) in ambiguity reports. */
        public Builder ignoreAmbiguitiesOn(Object classOrName) {
            ignoredData.add(Objects.requireNonNull(classOrName, "data"));
            return this;
        }

        /** Ignores conflicts on a component only (Bevy's {@code allow_ambiguous_component}). */
        public Builder ignoreAmbiguitiesOnComponent(Object classOrName) {
            ignoredData.add(new IgnoredComponent(classOrName));
            return this;
        }

        /** Ignores conflicts on a resource only (Bevy's {@code allow_ambiguous_resource}). */
        public Builder ignoreAmbiguitiesOnResource(Object classOrName) {
            ignoredData.add(new IgnoredResource(classOrName));
            return this;
        }

        /** Bound on iterations of one stage within a frame; a loop past it is an error, not a hang. */
        public Builder maxStageIterations(int max) {
            if (max < 1) {
                throw new IllegalArgumentException("maxStageIterations must be >= 1");
            }
            this.maxStageIterations = max;
            return this;
        }

        public Schedule build() {
            return new Schedule(this);
        }
    }
}
