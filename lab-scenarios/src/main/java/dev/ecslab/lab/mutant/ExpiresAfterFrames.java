package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.Ticks;

/**
 * {@code generation} whose history expires after a number of frames: a reader is answered as if its
 * previous run were no older than the frame end one more than that many frames ago, so a change survives
 * that many frame ends, and a detector away for longer misses what changed before it left. Exact for every absence of at most that many frames; a lab
 * whose scenarios ran 1 to 7 frames measured it exact (the bug of a strategy that keeps a ring of
 * per-frame change sets, or Bevy's two-frame removal buffers, Bevy #16520, at a larger size).
 */
final class ExpiresAfterFrames extends Mutants.WidenedReader {
    static final String ID_6 = "mutant:expires-after-6-frames";
    static final String ID_64 = "mutant:expires-after-64-frames";

    /** The world's tick at each of the last {@code frames + 1} frame ends, a ring; {@link #next} is the oldest. */
    private final int[] ends;
    private int next;
    private int seen;

    ExpiresAfterFrames(int frames) {
        this.ends = new int[frames + 1];
    }

    @Override
    public synchronized void onFrameEnded() {
        super.onFrameEnded();
        ends[next] = host.currentTick();
        next = (next + 1) % ends.length;
        seen = Math.min(seen + 1, ends.length);
    }

    /** After {@code frames + 1} idle frame ends the ring holds one tick only: the rest changes nothing. */
    @Override
    public void onIdleFramesEnded(long count) {
        for (long i = 0; i < Math.min(count, ends.length); i++) {
            onFrameEnded();
        }
    }

    @Override
    synchronized void clampTicks(int now) {
        super.clampTicks(now);
        for (int i = 0; i < ends.length; i++) {
            ends[i] = Ticks.clamp(ends[i], now);
        }
    }

    @Override
    synchronized int effectiveLastRun(SystemTicks reader) {
        int last = reader.lastRun();
        if (seen < ends.length) {
            return last;
        }
        int expiry = ends[next];                          // the frame end `frames + 1` frames ago
        int now = reader.thisRun();
        return Ticks.age(expiry, now) < Ticks.age(last, now) ? expiry : last;
    }
}
