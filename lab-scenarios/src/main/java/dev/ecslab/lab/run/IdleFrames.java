package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;

/**
 * How far the lab takes a strategy through idle frames (frames in which the schedule does not run).
 * The world ends a span of them in one event, {@link ChangeTracker#onIdleFramesEnded}; a strategy that
 * answers it in a few steps (every built-in, and a decorator whose frame ends are its delegate's) is
 * taken through spans of any length, 10<sup>9</sup> frames included. One that leaves the SPI's default,
 * which ends the frames one by one through {@code onFrameEnded}, is taken through at most
 * {@link #ONE_BY_ONE} frames per span: a strategy that keeps something per frame would otherwise need
 * 10<sup>9</sup> calls and as many entries, and a correct strategy would fail on the lab's time limit
 * rather than on what it detects. Its absences are then tested up to 10<sup>4</sup> frames per span
 * (twice that across two spans); the README and the lab's documentation say so.
 */
public final class IdleFrames {
    /** The most idle frames per span the lab ends for a strategy that ends them one by one. */
    public static final long ONE_BY_ONE = 10_000;

    private IdleFrames() {
    }

    /** Whether {@code tracker} answers a span of idle frames in one event rather than through the SPI's per-frame default. */
    public static boolean inBulk(ChangeTracker tracker) {
        try {
            Class<?> type = tracker.getClass();
            Class<?> idle = type.getMethod("onIdleFramesEnded", long.class).getDeclaringClass();
            if (idle == ChangeTracker.class) {
                return false;
            }
            if (idle == ForwardingChangeTracker.class) {        // forwards in one event unless it ends frames itself
                return type.getMethod("onFrameEnded").getDeclaringClass() == ForwardingChangeTracker.class;
            }
            return true;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
