package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.Ticks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.StagedExecutor;
import dev.ecslab.ecs.graph.DiGraph;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The catalogue of deliberately broken strategies and executors. Each is the real {@code generation}
 * tracker or dynamic executor with one decision made wrong, and each names the criteria the lab must
 * fail it on and what the first counterexample must say. The lab's own test runs the lab on every
 * mutant and demands a 100 % kill rate: the proof that its checks can fail.
 *
 * <p>Some are <b>false-pass mutants</b>: broken in a way an earlier lab passed (crashes counted as
 * nothing, losses only in one scenario class, late reports, unreported leaks, overlaps only beside
 * caller-thread systems). Each must be measured not exact under every executor.
 */
public final class Mutants {
    private Mutants() {
    }

    /**
     * A broken strategy, the criteria that must catch it, and a phrase its first counterexample (for
     * the first of them) must contain, so a kill is a kill for the right reason.
     *
     * @param falsePass    true when an earlier lab passed it as exact
     * @param needsOverlap true for a mutant that errs only when runs overlap: no serial run can kill it, and
     *                     a serial run must measure it exact (which proves the bug is in the overlap)
     */
    public record TrackerMutant(TrackerSubject subject, List<Criterion> killedBy, String signature, boolean falsePass,
            boolean needsOverlap) {
        public TrackerMutant(TrackerSubject subject, List<Criterion> killedBy, String signature, boolean falsePass) {
            this(subject, killedBy, signature, falsePass, false);
        }
    }

    /** A broken executor, the criteria that must catch it, and what its counterexample must say. */
    public record ExecutorMutant(ExecutorSubject subject, List<Criterion> killedBy, String signature, boolean falsePass) {
    }

    public static List<TrackerMutant> trackers() {
        return List.of(
                new TrackerMutant(subject("mutant:loses-ticks-on-move", "generation that loses a row's ticks when the"
                        + " entity moves to another archetype", LosesTicksOnMove::new), List.of(Criterion.AT_LEAST_ONCE),
                        "never reported", false),
                new TrackerMutant(subject("mutant:reports-twice", "generation that compares with the reader's run before"
                        + " last, so every change is reported twice", ReportsTwice::new), List.of(Criterion.AT_MOST_ONCE),
                        "again", false),
                new TrackerMutant(subject("mutant:ignores-pausing", "generation that treats every reader as if it ran in"
                        + " the previous frame, so changes made while it was paused are lost", IgnoresPausing::new),
                        List.of(Criterion.NOT_LOST_WHEN_PAUSED, Criterion.AT_LEAST_ONCE), "never reported", true),
                new TrackerMutant(subject("mutant:leaks-removals", "generation that also keeps every removal forever"
                        + " (and reports the bytes)", () -> new LeaksRemovals(true)), List.of(Criterion.BOUNDED_MEMORY),
                        "the tracking state keeps growing", false),
                new TrackerMutant(subject("mutant:leaks-silently", "generation that also keeps every removal forever"
                        + " and reports only the delegate's bytes", () -> new LeaksRemovals(false)), List.of(Criterion.BOUNDED_MEMORY),
                        "the tracking state keeps growing", true),
                new TrackerMutant(subject("mutant:throws-on-resource-answer", "generation that throws whenever it is"
                        + " asked whether a resource changed", ThrowingTrackers.OnResourceAnswer::new),
                        List.of(Criterion.CRASH), "threw java.lang.IllegalStateException: mutant: resource answers", true),
                new TrackerMutant(subject("mutant:throws-on-removal-event", "generation that throws when told a"
                        + " component was removed", ThrowingTrackers.OnRemovalEvent::new), List.of(Criterion.CRASH),
                        "threw java.lang.IllegalStateException: mutant: removal events", true),
                new TrackerMutant(subject("mutant:late-by-two-frames", "generation that answers every reader as the"
                        + " world was two frames ago: each change reported once, two frames late", LateByTwoFrames::new),
                        List.of(Criterion.AT_LEAST_ONCE), "2 frame(s) later", true),
                new TrackerMutant(subject("mutant:loses-in-loops", "generation that drops the writes of a system's"
                        + " second and later run in a frame (only looping stages have those)", LosesInLoops::new),
                        List.of(Criterion.AT_LEAST_ONCE, Criterion.LOOPING), "never reported", true),
                new TrackerMutant(subject(SharedReaderWindow.ID, "generation that answers every query with the window of"
                        + " the system that started last (a shared \"running system\" field): exact while runs do not"
                        + " overlap", SharedReaderWindow::new), List.of(Criterion.AT_LEAST_ONCE), "never reported", false,
                        true),
                // Scale and time: each aimed at a structure the earlier scenario space never reached.
                new TrackerMutant(subject("mutant:block-end-off-by-one", "generation whose summary scan never tests the"
                        + " last row of a full 16-row block (only tables of 16 rows or more have one)", SkipsScanRows::blockEnd),
                        List.of(Criterion.AT_LEAST_ONCE), "never reported", true),
                new TrackerMutant(subject("mutant:group-end-off-by-one", "generation whose summary scan never looks at the"
                        + " last block of a full 1 024-row group (only tables of 1 009 rows or more have one)",
                        SkipsScanRows::groupEnd), List.of(Criterion.AT_LEAST_ONCE), "never reported", true),
                new TrackerMutant(subject("mutant:never-clamps", "generation that never clamps old ticks (Bevy's"
                        + " check_change_ticks forgotten): wrong once the 32-bit clock laps a tick", NeverClamps::new),
                        List.of(Criterion.AT_MOST_ONCE), "no other system changed", true),
                new TrackerMutant(subject("mutant:row-test-ignores-additions", "generation whose per-row test, the one"
                        + " parallel iteration uses, counts an addition as a mutation", RowTestIgnoresAdditions::new),
                        List.of(Criterion.AT_MOST_ONCE), "no other system changed", true),
                // Only observers that join late (watches with a window) can catch it.
                new TrackerMutant(subject(ForgetsUnobservedWrites.ID, "generation that ignores the world's announcement"
                        + " when a component starts being observed, so what was written while nobody observed it is"
                        + " never reported", ForgetsUnobservedWrites::new), List.of(Criterion.AT_LEAST_ONCE),
                        "never reported", true),
                // Each wrong only past one long absence: only idle frames between a change and its detector's run catch them.
                new TrackerMutant(subject(ExpiresAfterFrames.ID_6, "generation whose history expires after 6 frames: a"
                        + " detector away longer misses what changed before", () -> new ExpiresAfterFrames(6)),
                        List.of(Criterion.AT_LEAST_ONCE), "never reported", true),
                new TrackerMutant(subject(ExpiresAfterFrames.ID_64, "generation whose history expires after 64 frames: a"
                        + " detector away longer misses what changed before", () -> new ExpiresAfterFrames(64)),
                        List.of(Criterion.AT_LEAST_ONCE), "never reported", true),
                new TrackerMutant(subject(ExpiresOneTickEarly.ID, "generation whose age test is one tick off: a change"
                        + " one tick younger than the maximum change age counts as expired and is never reported",
                        ExpiresOneTickEarly::new), List.of(Criterion.AT_LEAST_ONCE), "never reported", true),
                // Only a query built inside a running system can catch it. Not marked false-pass: FalsePassGateTest
                // gates those on the catalogue alone, and only the random campaign builds queries inside runs.
                new TrackerMutant(subject(ForgetsInRunAnnouncement.ID, "generation that ignores the world's"
                        + " announcement when a component starts being observed inside a running system (a query built"
                        + " in a run), and honours it between runs", ForgetsInRunAnnouncement::new),
                        List.of(Criterion.AT_LEAST_ONCE), "never reported", false),
                // Big worlds: each wrong only past an index, a row, a system id or a removal count, or on a reused slot. Each
                // passed every gate before big worlds, but none is marked false-pass: FalsePassGateTest gates those on the
                // catalogue alone, which has no big world; MutantsAreKilledTest still requires each measured not exact.
                new TrackerMutant(subject(BigWorldMutants.LOSES_HIGH_INDICES, "generation that loses every change of an"
                        + " entity whose index is 4 096 or more", BigWorldMutants.LosesHighIndices::new),
                        List.of(Criterion.AT_LEAST_ONCE), "never reported", false),
                new TrackerMutant(subject(BigWorldMutants.SYSTEM_BITS_IN_A_LONG, "generation that keeps one bit per system"
                        + " in a long (\"may have unseen changes\"), so system ids 64 apart share a bit",
                        BigWorldMutants.SystemBitsInALong::new), List.of(Criterion.AT_LEAST_ONCE), "never reported", false),
                new TrackerMutant(subject(BigWorldMutants.ADDED_BLIND_PAST_20, "generation whose Added is never true for a"
                        + " system with an id past 20", BigWorldMutants.AddedBlindPast20::new), List.of(Criterion.AT_LEAST_ONCE),
                        "never reported", false),
                new TrackerMutant(subject(BigWorldMutants.REMOVAL_BUFFER_1000, "generation that keeps at most 1 000"
                        + " removals per frame and drops the rest", BigWorldMutants.RemovalBufferOf1000::new),
                        List.of(Criterion.AT_LEAST_ONCE), "never reported", false),
                new TrackerMutant(subject(BigWorldMutants.LOSES_ROWS_PAST_4096, "generation that never reports a row at"
                        + " 4 096 or past of a column", () -> SkipsScanRows.rowsFrom(4_096)), List.of(Criterion.AT_LEAST_ONCE),
                        "never reported", false),
                new TrackerMutant(subject(BigWorldMutants.REMOVALS_BY_INDEX, "generation that keeps removals by entity index"
                        + " only, so a removal from a slot's earlier entity is taken for its later one's",
                        BigWorldMutants.RemovalsByIndex::new), List.of(Criterion.AT_LEAST_ONCE), "never reported", false));
    }

    /** The tracker mutants that only big worlds kill: large indices, rows and system ids, mass removals, reused slots. */
    public static List<String> bigWorldMutants() {
        return List.of(BigWorldMutants.LOSES_HIGH_INDICES, BigWorldMutants.SYSTEM_BITS_IN_A_LONG,
                BigWorldMutants.ADDED_BLIND_PAST_20, BigWorldMutants.REMOVAL_BUFFER_1000, BigWorldMutants.LOSES_ROWS_PAST_4096,
                BigWorldMutants.REMOVALS_BY_INDEX);
    }

    /** The tracker mutants that only a detector's long absence (idle frames) can catch. */
    public static List<String> longAbsenceMutants() {
        return List.of(ExpiresAfterFrames.ID_6, ExpiresAfterFrames.ID_64);
    }

    /**
     * Takes the world's announcement of every row as silent additions when it is made inside a run (at the
     * tick of a reader whose run is under way: a query built in a system's run started the observation), and
     * honours it when made between runs (at a fresh tick). Observers that join between frames pass it;
     * what was written while nobody observed a component is lost to a query built inside a run.
     */
    static final class ForgetsInRunAnnouncement extends ForwardingChangeTracker {
        static final String ID = "mutant:forgets-in-run-announcement";
        /** The ticks of the runs under way, by reader id ({@code null}: none). */
        private final Map<Integer, Integer> running = new ConcurrentHashMap<>();
        /** The announcing writer whose announcement is dropped, while it announces. */
        private volatile SystemTicks dropping;

        ForgetsInRunAnnouncement() {
            super(new GenerationTracker());
        }

        @Override
        public void onRunStarted(SystemTicks run) {
            if (run.id() == SystemTicks.WORLD_WRITER && SystemTicks.OBSERVATION_STARTS.equals(run.name())) {
                dropping = running.containsValue(run.thisRun()) ? run : null;
            } else if (run.id() >= SystemTicks.FIRST_SYSTEM) {
                running.put(run.id(), run.thisRun());
            }
            super.onRunStarted(run);
        }

        @Override
        public void onRunFinished(SystemTicks run) {
            running.remove(run.id());
            super.onRunFinished(run);
        }

        @Override
        public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            if (writer == dropping) {
                onAddedSilently(componentId, entityIndex, rows, row);
            } else {
                super.onAdded(writer, componentId, entityIndex, rows, row);
            }
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            if (writer != dropping) {
                super.onMutated(writer, componentId, entityIndex, rows, row);
            }
        }
    }

    /**
     * Takes the world's announcement of every row when a component's observation starts
     * ({@link SystemTicks#OBSERVATION_STARTS}) as silent additions: the rows exist for its bookkeeping,
     * but nothing is marked changed, so writes made while the component was unobserved are lost to a
     * late observer. Every scenario whose watches exist from frame 0 passes it.
     */
    static final class ForgetsUnobservedWrites extends ForwardingChangeTracker {
        static final String ID = "mutant:forgets-unobserved-writes";

        ForgetsUnobservedWrites() {
            super(new GenerationTracker());
        }

        private static boolean announcing(SystemTicks writer) {
            return writer.id() == SystemTicks.WORLD_WRITER && SystemTicks.OBSERVATION_STARTS.equals(writer.name());
        }

        @Override
        public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            if (announcing(writer)) {
                onAddedSilently(componentId, entityIndex, rows, row);
            } else {
                super.onAdded(writer, componentId, entityIndex, rows, row);
            }
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            if (!announcing(writer)) {
                super.onMutated(writer, componentId, entityIndex, rows, row);
            }
        }
    }

    /** The scale and time tracker mutants, each aimed at a structure the earlier scenario space never reached. */
    public static List<String> scaleAndTimeMutants() {
        return List.of("mutant:block-end-off-by-one", "mutant:group-end-off-by-one", "mutant:never-clamps",
                "mutant:row-test-ignores-additions");
    }

    /** The mutants that an earlier lab passed as exact. */
    public static List<TrackerMutant> falsePassTrackers() {
        return trackers().stream().filter(TrackerMutant::falsePass).toList();
    }

    public static List<ExecutorMutant> executors() {
        return List.of(
                new ExecutorMutant(new ExecutorSubject("mutant:ignores-one-conflict", IgnoresOneConflict::new),
                        List.of(Criterion.ORDERING), "overlapped", false),
                new ExecutorMutant(new ExecutorSubject("mutant:ignores-one-before", IgnoresOneBefore::new),
                        List.of(Criterion.ORDERING), "started before", false),
                new ExecutorMutant(new ExecutorSubject(OverlapsCallerSystems.ID, OverlapsCallerSystems::new),
                        List.of(Criterion.ORDERING), "overlapped", true),
                new ExecutorMutant(new ExecutorSubject(SkipsFirstSystem.ID, SkipsFirstSystem::new),
                        List.of(Criterion.PURE_FUNCTION), "ended in another state than the lab's model", false));
    }

    private static TrackerSubject subject(String id, String description, java.util.function.Supplier<ChangeTracker> f) {
        return new TrackerSubject(id, ChangeFlavor.DEFAULT, null, description, f);
    }

    /**
     * Loses the ticks of every component an entity keeps when it changes archetype (and does not
     * re-log them): the bug of a strategy that keeps its ticks beside the table instead of in lanes
     * that travel with the row. The delegate's own bookkeeping still runs first (its block summaries
     * must cover the moved rows, or a later query would index past them and the mutant would crash
     * instead of answering wrongly); then each kept component is taken back as a silent addition.
     */
    static final class LosesTicksOnMove extends ForwardingChangeTracker {
        LosesTicksOnMove() {
            super(new GenerationTracker());
        }

        @Override
        public void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] rows,
                int[] rowIndices) {
            super.onMoved(entityIndex, fromArchetype, toArchetype, componentIds, rows, rowIndices);
            for (int i = 0; i < rows.length; i++) {
                onAddedSilently(componentIds[i], entityIndex, rows[i], rowIndices[i]);
            }
        }
    }

    /**
     * Answers every question as if the reader's previous run were the one before it: each change is
     * reported by two runs. (No candidate lists: every row is tested.) The base of the mutants that
     * answer over a wrong window of ticks: they override {@link #widened}.
     */
    static class WidenedReader extends ReaderWindowTracker {
        final Map<Integer, int[]> lastRuns = new ConcurrentHashMap<>();     // id -> {older, newer}
        /** The world's clock, for the subclasses too. */
        TrackerHost host;

        WidenedReader() {
            super(new GenerationTracker());
        }

        /** The world's tick at its last frame end (at attachment before the first). */
        volatile int lastFrameEnd;

        @Override
        public void attach(TrackerHost h) {
            super.attach(h);
            host = h;
            lastFrameEnd = h.currentTick();
        }

        /**
         * The ticks a mutant keeps of its own are clamped where {@code generation} clamps its own (every
         * sync point and frame end), so that a clock jump exposes the mutant's one defect, not a second
         * one: ticks left to wrap.
         */
        @Override
        public void onSyncPoint() {
            super.onSyncPoint();
            clampTicks(host.currentTick());
        }

        @Override
        public void onFrameEnded() {
            super.onFrameEnded();
            clampTicks(host.currentTick());
            lastFrameEnd = host.currentTick();
        }

        /**
         * Nothing changes between idle frames: after three frame ends, the delegate's and every subclass's own
         * frame state is a fixed point (a subclass that remembers more frames ends more of them).
         */
        @Override
        public void onIdleFramesEnded(long count) {
            for (long i = 0; i < Math.min(count, 3); i++) {
                onFrameEnded();
            }
        }

        /** Clamps every tick this mutant keeps ({@link Ticks#clamp}); subclasses add theirs. */
        void clampTicks(int now) {
            lastRuns.replaceAll((id, v) -> new int[] {Ticks.clamp(v[0], now), Ticks.clamp(v[1], now)});
            lastFrameEnd = Ticks.clamp(lastFrameEnd, now);
        }

        @Override
        public void onRunStarted(SystemTicks run) {
            super.onRunStarted(run);
            lastRuns.compute(run.id(), (id, v) -> v == null ? new int[] {run.lastRun(), run.lastRun()}
                    : v[1] == run.lastRun() ? v : new int[] {v[1], run.lastRun()});
        }

        /** The previous run the answers use. */
        int effectiveLastRun(SystemTicks reader) {
            int[] v = lastRuns.get(reader.id());
            return v == null ? reader.lastRun() : v[0];
        }

        /** The reader as the answers see it: here, with its previous run moved back (subclasses move other ends). */
        SystemTicks widened(SystemTicks reader) {
            return reader.withWindow(effectiveLastRun(reader), reader.thisRun());
        }

        @Override
        final SystemTicks seen(SystemTicks reader) {
            return widened(reader);
        }

        @Override
        public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
            return null;
        }

        @Override
        public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
                RowSink sink) {
            return false;
        }
    }

    /** See {@link WidenedReader}. */
    static final class ReportsTwice extends WidenedReader {
    }

    /**
     * Treats a reader's previous run as no older than the end of the frame before last: a reader
     * that ran last frame is unaffected, a paused one loses what happened while it was paused.
     */
    static final class IgnoresPausing extends WidenedReader {
        private volatile int frameBeforeLast;
        private volatile int lastFrame;
        private volatile boolean frames;

        @Override
        public void onFrameEnded() {
            super.onFrameEnded();
            frameBeforeLast = lastFrame;
            lastFrame = host.currentTick();
            frames = true;
        }

        @Override
        void clampTicks(int now) {
            super.clampTicks(now);
            frameBeforeLast = Ticks.clamp(frameBeforeLast, now);
            lastFrame = Ticks.clamp(lastFrame, now);
        }

        @Override
        int effectiveLastRun(SystemTicks reader) {
            int last = reader.lastRun();
            if (!frames) {
                return last;
            }
            int now = reader.thisRun();
            return Ticks.age(frameBeforeLast, now) < Ticks.age(last, now) ? frameBeforeLast : last;
        }
    }

    /**
     * Keeps every removed entity in a list that only grows: a leak criterion 6 must see. It reports the
     * leak in {@link #memoryBytes()} or, silently, only the delegate's figure: the silent one is why the
     * criterion measures the heap from outside the tracker rather than trusting its figure.
     */
    static final class LeaksRemovals extends ForwardingChangeTracker {
        private final List<Entity> kept = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        private final boolean reportsItsLeak;

        LeaksRemovals(boolean reportsItsLeak) {
            super(new GenerationTracker());
            this.reportsItsLeak = reportsItsLeak;
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            super.onRemoved(writer, componentId, entity);
            kept.add(entity);
        }

        @Override
        public long memoryBytes() {
            return super.memoryBytes() + (reportsItsLeak ? 24L * kept.size() : 0);
        }
    }

    /** A dynamic executor that lets the first unordered conflicting pair of a stage overlap. */
    static final class IgnoresOneConflict extends DynamicExecutor {
        IgnoresOneConflict(ExecutorOptions options) {
            super(options);
        }

        @Override
        public String id() {
            return "mutant:ignores-one-conflict";
        }

        @Override
        protected boolean conflictsWithRunning(CompiledStage stage, int system, BitSet running) {
            for (int i = 0; i < stage.size(); i++) {
                if (stage.system(i).kind() != SystemKind.NORMAL) {
                    continue;
                }
                BitSet c = stage.conflicts(i);
                for (int j = c.nextSetBit(i + 1); j >= 0; j = c.nextSetBit(j + 1)) {
                    if (stage.system(j).kind() == SystemKind.NORMAL && !stage.ordered(i, j) && (system == i || system == j)) {
                        BitSet others = (BitSet) running.clone();
                        others.clear(system == i ? j : i);
                        return super.conflictsWithRunning(stage, system, others);
                    }
                }
            }
            return super.conflictsWithRunning(stage, system, running);
        }
    }

    /** A dynamic executor that drops the first edge of every stage's graph. */
    static final class IgnoresOneBefore extends DynamicExecutor {
        IgnoresOneBefore(ExecutorOptions options) {
            super(options);
        }

        @Override
        public String id() {
            return "mutant:ignores-one-before";
        }

        @Override
        protected DiGraph graph(CompiledStage stage) {
            DiGraph real = stage.graph();
            DiGraph copy = new DiGraph(real.nodeCount());
            boolean dropped = false;
            for (int v = 0; v < real.nodeCount(); v++) {
                BitSet next = real.successors(v);
                for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                    if (!dropped) {
                        dropped = true;
                        continue;
                    }
                    copy.addEdge(v, s);
                }
            }
            return copy;
        }
    }

    /** The first conflicting pair (unordered, if {@code requireUnordered}) of normal systems in a stage, or null. */
    private static int[] firstRacyPair(CompiledStage stage, boolean requireUnordered) {
        for (int i = 0; i < stage.size(); i++) {
            if (stage.system(i).kind() != SystemKind.NORMAL) {
                continue;
            }
            BitSet c = stage.conflicts(i);
            for (int j = c.nextSetBit(i + 1); j >= 0; j = c.nextSetBit(j + 1)) {
                if (stage.system(j).kind() == SystemKind.NORMAL && (!requireUnordered || !stage.ordered(i, j))) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    /**
     * A staged executor that puts two conflicting systems into one batch. Not in the lab's catalogue:
     * the executor property of the ECS tests must catch it ({@code ExecutorMutantsAreCaughtTest}).
     */
    static final class MergesConflictingBatch extends StagedExecutor {
        MergesConflictingBatch(ExecutorOptions options) {
            super(options);
        }

        @Override
        public String id() {
            return "mutant:merges-conflicting-batch";
        }

        @Override
        protected int[][] batches(CompiledStage stage, int[] order) {
            int[][] real = super.batches(stage, order);
            int[] pair = firstRacyPair(stage, false);
            if (pair == null) {
                return real;
            }
            List<List<Integer>> batches = new ArrayList<>();
            int batchOfFirst = -1;
            for (int b = 0; b < real.length; b++) {
                List<Integer> members = new ArrayList<>();
                for (int v : real[b]) {
                    if (v == pair[0]) {
                        batchOfFirst = b;
                    }
                    if (v != pair[1]) {
                        members.add(v);
                    }
                }
                batches.add(members);
            }
            batches.get(batchOfFirst).add(pair[1]);
            return batches.stream().filter(l -> !l.isEmpty()).map(l -> l.stream().mapToInt(Integer::intValue).toArray())
                    .toArray(int[][]::new);
        }
    }
}
