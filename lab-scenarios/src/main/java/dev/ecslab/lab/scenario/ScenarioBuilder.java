package dev.ecslab.lab.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Builds a {@link Scenario} in Java. Example (a writer before a detector, one write in frame 0):
 *
 * <pre>{@code
 * Scenario s = Scenario.builder("basic")
 *         .entity("e0", Data.A, 0)
 *         .stage("update", st -> st
 *                 .system("writer", w -> w.writes(Data.A).before("detector"))
 *                 .system("detector", d -> d.watch(Data.A, WatchKind.CHANGED)))
 *         .frames(2)
 *         .set(0, "writer", "e0", Data.A, 1)
 *         .build();
 * }</pre>
 */
public final class ScenarioBuilder {
    private final String name;
    private String description = "";
    private final List<EntitySpec> entities = new ArrayList<>();
    private final Map<Data, Integer> resources = new LinkedHashMap<>();
    private final List<StageSpec> stages = new ArrayList<>();
    private final List<PauseSpec> pauses = new ArrayList<>();
    private final List<Edit> edits = new ArrayList<>();
    private final List<GroupSpec> groups = new ArrayList<>();
    private final List<ClockJump> clockJumps = new ArrayList<>();
    private final List<AgeJump> ageJumps = new ArrayList<>();
    private int frames = 1;
    private Integer startTick;
    private Scenario.Ordering ordering = Scenario.Ordering.EXPLICIT;
    private dev.ecslab.ecs.component.ValueLayout layout;

    ScenarioBuilder(String name) {
        this.name = name;
    }

    public ScenarioBuilder describe(String text) {
        description = text;
        return this;
    }

    /** An initial entity with one component. */
    public ScenarioBuilder entity(String label, Data component, int value) {
        return entity(label, Map.of(component, value));
    }

    /** An initial entity with several components. */
    public ScenarioBuilder entity(String label, Map<Data, Integer> components) {
        entities.add(new EntitySpec(label, components));
        return this;
    }

    /** A bulk spawn in the initial world: {@code count} entities {@code label#0..}, each with these components. */
    public ScenarioBuilder group(String label, int count, Map<Data, Integer> components) {
        groups.add(new GroupSpec(label, count, components));
        return this;
    }

    /** The world's change tick jumps by {@code ticks} before frame {@code beforeFrame} starts. */
    public ScenarioBuilder clockJump(int beforeFrame, long ticks) {
        clockJumps.add(new ClockJump(beforeFrame, ticks));
        return this;
    }

    /**
     * Before frame {@code beforeFrame}, {@code frames} frames end in which the schedule does not run (idle
     * frames, {@link ClockJump#idleFrames()}); joins a clock jump before the same frame.
     */
    public ScenarioBuilder idleFrames(int beforeFrame, long frames) {
        for (int i = 0; i < clockJumps.size(); i++) {
            ClockJump j = clockJumps.get(i);
            if (j.beforeFrame() == beforeFrame) {
                clockJumps.set(i, new ClockJump(beforeFrame, j.ticks(), j.idleFrames() + frames));
                return this;
            }
        }
        clockJumps.add(new ClockJump(beforeFrame, 0, frames));
        return this;
    }

    /**
     * Before frame {@code beforeFrame}, the clock jumps so far that the last change of the frame before
     * is {@code MAX_AGE - belowMaxAge} ticks old at the frame's first tick ({@link AgeJump}).
     */
    public ScenarioBuilder ageJump(int beforeFrame, int belowMaxAge) {
        ageJumps.add(new AgeJump(beforeFrame, belowMaxAge));
        return this;
    }

    public ScenarioBuilder resource(Data resource, int value) {
        resources.put(resource, value);
        return this;
    }

    public ScenarioBuilder stage(String stageName, Consumer<StageBuilder> systems) {
        return loopingStage(stageName, 1, systems);
    }

    /** A stage that runs {@code iterations} times per frame. */
    public ScenarioBuilder loopingStage(String stageName, int iterations, Consumer<StageBuilder> systems) {
        StageBuilder b = new StageBuilder();
        systems.accept(b);
        stages.add(new StageSpec(stageName, iterations, b.systems));
        return this;
    }

    /** A stage of fixed steps: per frame a digit 0 to 8, how many times it runs (repeated). */
    public ScenarioBuilder fixedStepStage(String stageName, String steps, Consumer<StageBuilder> systems) {
        StageBuilder b = new StageBuilder();
        systems.accept(b);
        stages.add(StageSpec.fixedSteps(stageName, steps, b.systems));
        return this;
    }

    /** A pause set: per frame {@code 1} runs, {@code 0} paused (repeated). */
    public ScenarioBuilder pauses(String set, String pattern) {
        pauses.add(new PauseSpec(set, pattern));
        return this;
    }

    public ScenarioBuilder frames(int count) {
        frames = count;
        return this;
    }

    /** The world's first change tick (to cross the 32-bit wrap). */
    public ScenarioBuilder startTick(int tick) {
        startTick = tick;
        return this;
    }

    /** Orders conflicting unordered systems by insertion order (the ECS's {@code INSERTION_ORDER} policy). */
    /** Stores the world's components in columns (one primitive array per field). */
    public ScenarioBuilder columnar() {
        layout = dev.ecslab.ecs.component.ValueLayout.COLUMNAR;
        return this;
    }

    public ScenarioBuilder insertionOrder() {
        ordering = Scenario.Ordering.INSERTION_ORDER;
        return this;
    }

    public ScenarioBuilder edit(Edit edit) {
        edits.add(edit);
        return this;
    }

    /** A direct write of a component. */
    public ScenarioBuilder set(int frame, String system, String entity, Data component, int value) {
        return edit(new Edit(frame, 0, system, EditOp.SET, entity, component, value));
    }

    /** A direct write of a resource. */
    public ScenarioBuilder setResource(int frame, String system, Data resource, int value) {
        return edit(new Edit(frame, 0, system, EditOp.SET, null, resource, value));
    }

    /** A direct write only if the value differs. */
    public ScenarioBuilder setIfChanged(int frame, String system, String entity, Data data, int value) {
        return edit(new Edit(frame, 0, system, EditOp.SET_IF_CHANGED, entity, data, value));
    }

    /** Command edits: insert, remove, despawn, spawn. */
    public ScenarioBuilder command(int frame, String system, EditOp op, String entity, Data data, int value) {
        return edit(new Edit(frame, 0, system, op, entity, data, value));
    }

    /** A bulk edit: {@code op} on {@code count} members of {@code group}, from member {@code from}, every {@code every}-th. */
    public ScenarioBuilder bulk(int frame, int iteration, String system, EditOp op, String group, Data data, int value,
            int from, int every, int count) {
        return edit(Edit.bulk(frame, iteration, system, op, group, data, value, from, every, count));
    }

    public Scenario build() {
        return new Scenario(name, description, entities, resources, stages, pauses, frames, edits, startTick, ordering,
                groups, clockJumps, layout, ageJumps).validate();
    }

    /** The systems of one stage, in insertion order. */
    public static final class StageBuilder {
        private final List<SystemSpec> systems = new ArrayList<>();

        public StageBuilder system(String systemName, Consumer<SystemBuilder> spec) {
            SystemBuilder b = new SystemBuilder(systemName);
            spec.accept(b);
            systems.add(b.build());
            return this;
        }
    }

    /** One system's access, watches and constraints. */
    public static final class SystemBuilder {
        private final String name;
        private final Set<Data> writes = EnumSet.noneOf(Data.class);
        private final Set<Data> with = EnumSet.noneOf(Data.class);
        private final Set<Data> without = EnumSet.noneOf(Data.class);
        private final List<Watch> watches = new ArrayList<>();
        private final List<String> before = new ArrayList<>();
        private final List<String> after = new ArrayList<>();
        private final List<String> ambiguousWith = new ArrayList<>();
        private String pauseSet;
        private SystemSpec.Kind kind = SystemSpec.Kind.NORMAL;

        SystemBuilder(String name) {
            this.name = name;
        }

        public SystemBuilder writes(Data... data) {
            writes.addAll(Arrays.asList(data));
            return this;
        }

        public SystemBuilder with(Data... data) {
            with.addAll(Arrays.asList(data));
            return this;
        }

        public SystemBuilder without(Data... data) {
            without.addAll(Arrays.asList(data));
            return this;
        }

        public SystemBuilder watch(Data data, WatchKind kind) {
            watches.add(new Watch(data, kind));
            return this;
        }

        /** Watches {@code data} with a query walked as parallel iteration walks it (see {@link Watch}). */
        public SystemBuilder watchParallel(Data data, WatchKind kind) {
            watches.add(new Watch(data, kind, true));
            return this;
        }

        /** Watches {@code data} with all four filters. */
        /** A watch that exists in frames {@code from} (inclusive) to {@code until} (exclusive, {@code null}: to the end). */
        public SystemBuilder watchDuring(Data data, WatchKind kind, int from, Integer until) {
            watches.add(new Watch(data, kind, false, from == 0 ? null : from, until));
            return this;
        }

        /** A watch whose query the system builds inside its first run in frames {@code from} to {@code until}. */
        public SystemBuilder watchBuiltInRun(Data data, WatchKind kind, int from, Integer until) {
            watches.add(new Watch(data, kind, false, from == 0 ? null : from, until, Watch.Built.IN_RUN));
            return this;
        }

        /** {@link #watchDuring} for all four filters. */
        public SystemBuilder watchAllDuring(Data data, int from, Integer until) {
            for (WatchKind k : WatchKind.values()) {
                watchDuring(data, k, from, until);
            }
            return this;
        }

        public SystemBuilder watchAll(Data data) {
            for (WatchKind k : WatchKind.values()) {
                watch(data, k);
            }
            return this;
        }

        public SystemBuilder before(String... systems) {
            before.addAll(Arrays.asList(systems));
            return this;
        }

        public SystemBuilder after(String... systems) {
            after.addAll(Arrays.asList(systems));
            return this;
        }

        public SystemBuilder ambiguousWith(String... systems) {
            ambiguousWith.addAll(Arrays.asList(systems));
            return this;
        }

        public SystemBuilder pausedBy(String set) {
            pauseSet = set;
            return this;
        }

        /** An exclusive system: the whole world, alone, on the caller's thread. */
        public SystemBuilder exclusive() {
            kind = SystemSpec.Kind.EXCLUSIVE;
            return this;
        }

        /** A main-thread system: its declared access, on the caller's thread. */
        public SystemBuilder mainThread() {
            kind = SystemSpec.Kind.MAIN_THREAD;
            return this;
        }

        SystemSpec build() {
            return new SystemSpec(name, writes, with, without, watches, before, after, ambiguousWith, pauseSet, kind);
        }
    }
}
