package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.SystemTicks;

/**
 * {@code generation} ported naively to a parallel executor: it keeps "the running system" in one shared
 * field, set when a run starts, and answers every question with that system's window of ticks instead
 * of the asking reader's. While runs do not overlap the running system is the reader and every answer is
 * right, so it is exact under the serial executor; it errs only when another system (conflicting or not)
 * starts between a reader's start and its query. Lab bodies query microseconds after they start, so only
 * an interleaving that preempts a reader there shows it; controlled interleavings do, and replay it.
 */
final class SharedReaderWindow extends Mutants.WidenedReader {
    static final String ID = "mutant:shared-reader-window";

    private volatile SystemTicks running;

    @Override
    public void onRunStarted(SystemTicks run) {
        super.onRunStarted(run);
        running = run;
    }

    @Override
    SystemTicks widened(SystemTicks reader) {
        SystemTicks r = running;
        return r == null || reader.id() < SystemTicks.FIRST_SYSTEM ? reader : r;
    }
}
