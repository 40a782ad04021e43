package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.internal.WorldInternals.ExclusiveBody;
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
    private final SystemTicks worldWriter;
    private final SystemTicks worldReader;
    /** While an exclusive system runs, its ticks stand in for the world's (see {@link #runExclusive}). */
    private SystemTicks directContext;
    /** True while the world writer's tick is newer than every tick a reader has been given. */
    private boolean writerTickFresh;
    private boolean worldReaderRegistered;
    private final AtomicInteger nextSystemId = new AtomicInteger(SystemTicks.FIRST_SYSTEM);

    WorldClock(ChangeTracker tracker, IterationGuard guard, int initialChangeTick, boolean plainTickIncrement) {
        this.tracker = tracker;
        this.guard = guard;
        this.plainTickIncrement = plainTickIncrement;
        this.changeTick = new AtomicInteger(initialChangeTick);
        this.worldWriter = SystemTicks.fresh(SystemTicks.WORLD_WRITER, "world", initialChangeTick);
        this.worldReader = new SystemTicks(SystemTicks.WORLD_READER, "world reader", initialChangeTick - 1);
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
            tracker.syncPoint();
        }
        writerTickFresh = false;
    }

    /** The clock's part of {@link World#clearTrackers()}: the frame end, then a fresh reader tick. */
    void clearTrackers() {
        tracker.frameEnded();
        worldReader.begin(changeTick.get());
        tracker.runStarted(worldReader);
        tracker.runFinished(worldReader);
        worldReader.end();
        writerTickFresh = false;
    }

    int newSystemId() {
        return nextSystemId.getAndIncrement();
    }

    /** Fresh ticks for a view made outside the runner. */
    SystemTicks freshTicks(String system) {
        return SystemTicks.fresh(nextSystemId.getAndIncrement(), system, changeTick.get());
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

    /** The ticks direct writes take: the exclusive system's, or the world writer's (a fresh tick after any system start). */
    SystemTicks directWriter() {
        if (directContext != null) {
            return directContext;
        }
        if (!writerTickFresh) {
            worldWriter.begin(changeTick.incrementAndGet());
            tracker.runStarted(worldWriter);
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
            tracker.runStarted(worldReader);     // a reader from now on (it may hold back log compaction)
            worldReaderRegistered = true;
        }
        worldReader.begin(changeTick.get());
        return worldReader;
    }
}
