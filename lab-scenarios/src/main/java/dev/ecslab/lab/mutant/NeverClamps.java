package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;

/**
 * {@code generation} without Bevy's {@code check_change_ticks}: old ticks are never clamped. Exact
 * as long as no tick grows older than the 32-bit clock can tell apart, which no scenario before
 * clock jumps could reach (the wraparound scenario ran a few hundred ticks across the wrap). Once the
 * clock laps a tick, an old change looks new again (reported twice), and a reader whose previous run
 * is more than 2<sup>32</sup> ticks old looks newer than a change made since (the change is missed).
 */
final class NeverClamps extends ForwardingChangeTracker {
    NeverClamps() {
        super(new GenerationTracker());
    }

    @Override
    public void onSyncPoint() {
        // the clamping pass is forgotten
    }

    @Override
    public void onFrameEnded() {
        // the clamping pass is forgotten
    }

    @Override
    public void onIdleFramesEnded(long count) {
        // the clamping pass is forgotten
    }
}
