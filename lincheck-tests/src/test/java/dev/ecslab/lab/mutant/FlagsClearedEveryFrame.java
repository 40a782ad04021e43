package dev.ecslab.lab.mutant;

import dev.ecslab.concurrency.races.FrameEndTick;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackerHost;

/**
 * The race-bug catalogue's twin of Bevy #442 (and #54, #68): {@code generation} answering every
 * system as if its previous run had been at the world's last frame end, which is what Bevy 0.4's
 * flags, cleared at the end of every frame, amounted to: a change made after the detector ran in the
 * previous frame is never seen. Built on the lab's {@link Mutants.WidenedReader} (the real tracker
 * with every answer given over another window), so it lives in the lab's mutant package.
 */
public final class FlagsClearedEveryFrame extends Mutants.WidenedReader {
    private final FrameEndTick frameEnd = new FrameEndTick();

    @Override
    public void attach(TrackerHost h) {
        super.attach(h);
        frameEnd.attach(h);
    }

    @Override
    public void onFrameEnded() {
        super.onFrameEnded();
        frameEnd.frameEnded();
    }

    @Override
    SystemTicks widened(SystemTicks reader) {
        return frameEnd.asIfLastRunThen(reader);
    }
}
