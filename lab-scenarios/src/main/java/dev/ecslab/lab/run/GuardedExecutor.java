package dev.ecslab.lab.run;

import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.StageRun;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.lab.explore.Interleaver;
import java.util.BitSet;

/**
 * The lab's guard around the executor under test: forwards every call, and when the executor throws
 * (running a stage, or closing), writes a crash into the run's {@link CrashLog} and rethrows. Like
 * {@link GuardedTracker}, it lets the lab tell a crash of the code under test from a failure of a
 * criterion, whatever the runner makes of the exception.
 *
 * <p>In a controlled run it also hands each stage iteration to the {@link Interleaver} and gates every
 * {@code runSystem} call, so a system starts only on its turn whichever thread the executor runs it on.
 * An {@link Interleaver.Abandoned} is the lab's doing (a timeout, a replay that diverged), or a breach of
 * the control protocol the lab records itself: it is not recorded as the executor's crash here.
 */
public final class GuardedExecutor implements Executor {
    static final String SOURCE = "executor";
    /** Why a controlled run is abandoned when the executor itself threw (already recorded as its crash). */
    static final String EXECUTOR_THREW = "the executor threw";

    private final Executor delegate;
    private final CrashLog log;
    private final Interleaver interleaver;

    public GuardedExecutor(Executor delegate, CrashLog log) {
        this(delegate, log, null);
    }

    /** @param interleaver the control of a controlled run, or {@code null} for a free one */
    public GuardedExecutor(Executor delegate, CrashLog log, Interleaver interleaver) {
        this.delegate = delegate;
        this.log = log;
        this.interleaver = interleaver;
    }

    @Override
    public boolean controlled() {
        return interleaver != null;
    }

    @Override
    public String id() {
        return delegate.id();
    }

    @Override
    public void execute(StageRun run) {
        try {
            if (interleaver == null) {
                delegate.execute(run);
            } else {
                interleaver.beginStage(run, run.frame());
                delegate.execute(new Gated(run, interleaver));
                interleaver.endStage();
            }
        } catch (Throwable t) {
            if (abandoned(t)) {
                throw t;
            }
            log.record(SOURCE, "execute(stage '" + run.stage().name() + "', iteration " + run.iteration() + ")", null, null, t);
            if (interleaver != null) {
                interleaver.abandon(EXECUTOR_THREW + ": " + t);   // releases its workers waiting for a turn now
            }
            throw t;
        }
    }

    private static boolean abandoned(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof Interleaver.Abandoned) {
                return true;
            }
        }
        return false;
    }

    /** A stage iteration whose {@code runSystem} waits for the system's turn. */
    private record Gated(StageRun run, Interleaver interleaver) implements StageRun {
        @Override
        public CompiledStage stage() {
            return run.stage();
        }

        @Override
        public BitSet active() {
            return run.active();
        }

        /** Never throws (the {@link StageRun} contract): an abandoned interleaving is this run's failure. */
        @Override
        public Throwable runSystem(int i) {
            try {
                interleaver.enter(i);
            } catch (Interleaver.Abandoned a) {
                return a;
            }
            try {
                return run.runSystem(i);
            } finally {
                interleaver.exit(i);
            }
        }

        @Override
        public boolean failed() {
            return run.failed();
        }

        @Override
        public Thread callerThread() {
            return run.callerThread();
        }

        @Override
        public long frame() {
            return run.frame();
        }

        @Override
        public int iteration() {
            return run.iteration();
        }
    }

    @Override
    public void close() {
        try {
            delegate.close();
        } catch (Throwable t) {
            log.record(SOURCE, "close()", null, null, t);
            throw t;
        }
    }
}
