package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.SystemTicks;

/**
 * The race-bug catalogue's twin of Bevy #442 (and #54, #68): {@code generation} answering every
 * system as if its previous run had been at the world's last frame end, which is what Bevy 0.4's
 * flags, cleared at the end of every frame, amounted to: a change made after the detector ran in the
 * previous frame is never seen. The world's own readers are answered as they are. Not in the lab's
 * catalogue of mutants: the race catalogue (lincheck-tests) runs it.
 */
public final class FlagsClearedEveryFrame extends Mutants.WidenedReader {
    @Override
    SystemTicks widened(SystemTicks reader) {
        return reader.id() < SystemTicks.FIRST_SYSTEM ? reader : reader.withWindow(lastFrameEnd, reader.thisRun());
    }
}
