package dev.ecslab.concurrency.races;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackerHost;

/**
 * The world's tick at its last frame end, for the twins that answer a system as if it had last run
 * then (Bevy's {@code last_change_tick} of #8029, the frame-long flags of #442). Its owner forwards
 * {@code attach} and {@code frameEnded} to it.
 */
public final class FrameEndTick {
    private TrackerHost host;
    private volatile int tick;

    public void attach(TrackerHost h) {
        host = h;
        tick = h.currentTick();
    }

    public void frameEnded() {
        tick = host.currentTick();
    }

    /** {@code reader}'s run as if its previous run had been at the last frame end; the world's own readers as they are. */
    public SystemTicks asIfLastRunThen(SystemTicks reader) {
        if (reader.id() < SystemTicks.FIRST_SYSTEM) {
            return reader;
        }
        return reader.withWindow(tick, reader.thisRun());
    }
}
