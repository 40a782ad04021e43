package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.Ticks;
import dev.ecslab.ecs.change.TrackerHost;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code generation} that answers every reader as the world was two frames ago: a run in frame f
 * reports the changes up to the end of frame f−2 that it has not reported yet. Every change is
 * reported once, two frames late. Before timeliness was judged, the oracle accepted a report any
 * number of runs late, and this strategy was measured exact.
 */
final class LateByTwoFrames extends Mutants.WidenedReader {
    private volatile int startTick;
    private final List<Integer> frameEnds = new ArrayList<>();         // the world's tick at each frame end
    private final Map<Integer, Integer> seenUpTo = new ConcurrentHashMap<>();   // reader id -> upper end of its last window
    private final Map<Integer, int[]> windows = new ConcurrentHashMap<>();      // reader id -> {lo, hi} of its current run

    @Override
    public void attach(TrackerHost h) {
        super.attach(h);
        startTick = h.currentTick();
    }

    @Override
    public void onFrameEnded() {
        super.onFrameEnded();
        synchronized (frameEnds) {
            frameEnds.add(host.currentTick());
        }
    }

    @Override
    void clampTicks(int now) {
        super.clampTicks(now);
        startTick = Ticks.clamp(startTick, now);
        synchronized (frameEnds) {
            frameEnds.replaceAll(t -> Ticks.clamp(t, now));
        }
        seenUpTo.replaceAll((id, t) -> Ticks.clamp(t, now));
        windows.replaceAll((id, w) -> new int[] {Ticks.clamp(w[0], now), Ticks.clamp(w[1], now)});
    }

    private int twoFramesAgo() {
        synchronized (frameEnds) {
            int n = frameEnds.size();
            return n >= 2 ? frameEnds.get(n - 2) : startTick;
        }
    }

    @Override
    public void onRunStarted(SystemTicks run) {
        super.onRunStarted(run);
        int lo = seenUpTo.getOrDefault(run.id(), startTick);
        windows.put(run.id(), new int[] {lo, twoFramesAgo()});
    }

    @Override
    public void onRunFinished(SystemTicks run) {
        super.onRunFinished(run);
        int[] w = windows.get(run.id());
        if (w != null) {
            seenUpTo.put(run.id(), w[1]);
        }
    }

    /** The reader's window as of two frames ago: from what it last saw to the end of frame f-2. */
    @Override
    SystemTicks widened(SystemTicks reader) {
        int[] w = windows.get(reader.id());
        if (w == null) {
            return reader;
        }
        return reader.withWindow(w[0], w[1]);
    }
}
