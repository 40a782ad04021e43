package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals.ExclusiveBody;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A world's change clock: the global change tick, the ticks that direct use of the world writes and
 * reads with, and the exclusive system whose ticks stand in for them while it runs.
 *
 * <p>Package-private: users see the clock only through change detection; the runner and the lab
 * drive it through {@link dev.ecslab.ecs.internal.WorldInternals}.
 */
final class WorldClock {
    private final ChangeTracker tracker;
    private final IterationGuard guard;
    /** The global change tick: the last tick handed out. */
    private final AtomicInteger changeTick;
    /**
     * False in every world but the race-bug catalogue's twin ({@code WorldTwins} in the tests), which
     * takes the next tick with a plain read and write instead of one atomic increment.
     */
    private final boolean plainTickIncrement;
    /**
     * False in every world but the race-bug catalogue's twin of Bevy #11623 ({@code WorldTwins} in the tests),
     * whose clamping pass ages only the readers that ran since the previous pass: a system kept from running
     * (a paused set, a run criterion) is never aged, and once the clock laps its previous run, that run looks
     * newer than the changes made while it was away.
     */
    private final boolean agesOnlyReadersThatRan;
    /**
     * False in every world but the race-bug catalogue's twin of Bevy #13426 ({@code WorldTwins} in the tests),
     * whose new systems have tick 0 as their previous run, with nothing saying they never ran: a first run
     * sees everything only while tick 0 is older than every change.
     */
    private final boolean neverRanAtTickZero;
    private final RunTicks worldWriter;
    private final RunTicks worldReader;
    /** Every reader's clock this world made: the world keeps their previous runs within MAX_AGE. */
    private final Set<RunTicks> readerClocks = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    private int lastClockCheck;
    /** While an exclusive system runs, its ticks stand in for the world's (see {@link #runExclusive}). */
    private SystemTicks directContext;
    /** True while the world writer's tick is newer than every tick a reader has been given. */
    private boolean writerTickFresh;
    private boolean worldReaderRegistered;
    private final AtomicInteger nextSystemId = new AtomicInteger(SystemTicks.FIRST_SYSTEM);

    WorldClock(ChangeTracker tracker, IterationGuard guard, int initialChangeTick, boolean plainTickIncrement,
            boolean agesOnlyReadersThatRan, boolean neverRanAtTickZero) {
        this.tracker = tracker;
        this.guard = guard;
        this.plainTickIncrement = plainTickIncrement;
        this.agesOnlyReadersThatRan = agesOnlyReadersThatRan;
        this.neverRanAtTickZero = neverRanAtTickZero;
        this.changeTick = new AtomicInteger(initialChangeTick);
        this.worldWriter = RunTicks.fresh(SystemTicks.WORLD_WRITER, "world", initialChangeTick);
        this.worldReader = new RunTicks(SystemTicks.WORLD_READER, "world reader", initialChangeTick - 1);
        this.readerClocks.add(worldReader);
        this.lastClockCheck = initialChangeTick;
    }

    /** The counter itself, for the tracker's host. */
    AtomicInteger counter() {
        return changeTick;
    }

    int changeTick() {
        return changeTick.get();
    }

    int nextChangeTick() {
        writerTickFresh = false;
        if (plainTickIncrement) {                    // the twin's lost update; never in a real world
            int next = changeTick.get() + 1;
            changeTick.set(next);
            return next;
        }
        return changeTick.incrementAndGet();
    }

    /** See {@link dev.ecslab.ecs.internal.WorldInternals#advanceChangeTick}. */
    void advanceChangeTick(long ticks) {
        if (ticks < 0) {
            throw new IllegalArgumentException("the change tick only moves forward; was asked to move by " + ticks);
        }
        guard.requireNoIteration("advance the change tick");
        long left = ticks;
        while (left > 0) {
            int step = (int) Math.min(left, dev.ecslab.ecs.change.Ticks.CHECK_THRESHOLD);
            changeTick.addAndGet(step);
            left -= step;
            endSyncPoint();
        }
        writerTickFresh = false;
    }

    /** The clock's part of {@link World#clearTrackers()}: the frame end, then a fresh reader tick. */
    void clearTrackers() {
        clampReaderClocks();
        tracker.onFrameEnded();
        freshReaderTick();
    }

    /** See {@link dev.ecslab.ecs.internal.WorldInternals#endIdleFrames}. */
    void endIdleFrames(long count) {
        if (count < 1) {
            throw new IllegalArgumentException("idle frames end one or more at a time; was asked to end " + count);
        }
        guard.requireNoIteration("end idle frames");
        clampReaderClocks();
        tracker.onIdleFramesEnded(count);
        freshReaderTick();
    }

    /** After a frame end: direct reads see only changes made from now on. */
    private void freshReaderTick() {
        worldReader.begin(changeTick.get());
        tracker.onRunStarted(worldReader);
        tracker.onRunFinished(worldReader);
        worldReader.end();
        writerTickFresh = false;
    }

    int newSystemId() {
        return nextSystemId.getAndIncrement();
    }

    /**
     * The clock of a new system that has never run, with a new id; the world keeps its previous run
     * within {@link dev.ecslab.ecs.change.Ticks#MAX_AGE} of the clock at every sync point and frame
     * end, however long it pauses.
     */
    RunTicks newSystemTicks(String system) {
        RunTicks ticks = neverRanAtTickZero ? new RunTicks(newSystemId(), system, 0)     // the twin; never in a real world
                : RunTicks.fresh(newSystemId(), system, changeTick.get());
        readerClocks.add(ticks);
        return ticks;
    }

    /**
     * A sync point for change tracking, once commands are applied: every
     * {@link dev.ecslab.ecs.change.Ticks#CHECK_THRESHOLD} ticks the readers' previous runs are clamped,
     * then the tracker hears {@link ChangeTracker#onSyncPoint}.
     */
    void endSyncPoint() {
        clampReaderClocks();
        tracker.onSyncPoint();
    }

    /** Bevy's check_change_ticks for systems: no reader's previous run may grow older than MAX_AGE. */
    private void clampReaderClocks() {
        int now = changeTick.get();
        if (dev.ecslab.ecs.change.Ticks.age(lastClockCheck, now) >= dev.ecslab.ecs.change.Ticks.CHECK_THRESHOLD) {
            int previousCheck = lastClockCheck;
            lastClockCheck = now;
            synchronized (readerClocks) {
                for (RunTicks t : readerClocks) {
                    if (agesOnlyReadersThatRan && dev.ecslab.ecs.change.Ticks.age(t.lastRun(), now)
                            > dev.ecslab.ecs.change.Ticks.age(previousCheck, now)) {
                        continue;                    // the twin: a reader that did not run since the last pass
                    }
                    t.clampLastRun(now);
                }
            }
        }
    }

    void runExclusive(SystemTicks ticks, ExclusiveBody body) throws Exception {
        SystemTicks previous = directContext;
        directContext = ticks;
        try {
            body.run();
        } finally {
            directContext = previous;
        }
    }

    /** The ticks of the exclusive system that runs now ({@link #runExclusive}), or {@code null}. */
    SystemTicks exclusiveRun() {
        return directContext;
    }

    /** The ticks direct writes take: the exclusive system's, or the world writer's (a fresh tick after any system start). */
    SystemTicks directWriter() {
        if (directContext != null) {
            return directContext;
        }
        if (!writerTickFresh) {
            worldWriter.begin(changeTick.incrementAndGet());
            tracker.onRunStarted(worldWriter);
            writerTickFresh = true;
        }
        return worldWriter;
    }

    /** The ticks direct reads take: changes since the last {@link World#clearTrackers()}. */
    SystemTicks directReader() {
        if (directContext != null) {
            return directContext;
        }
        if (!worldReaderRegistered) {
            tracker.onRunStarted(worldReader);     // a reader from now on (it may hold back log compaction)
            worldReaderRegistered = true;
        }
        worldReader.begin(changeTick.get());
        return worldReader;
    }
}
