package dev.ecslab.lab.run;

import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.StageRun;

/**
 * The lab's guard around the executor under test: forwards every call, and when the executor throws
 * (running a stage, or closing), writes a crash into the run's {@link CrashLog} and rethrows. Like
 * {@link GuardedTracker}, it lets the lab tell a crash of the code under test from a failure of a
 * criterion, whatever the runner makes of the exception.
 */
public final class GuardedExecutor implements Executor {
    static final String SOURCE = "executor";

    private final Executor delegate;
    private final CrashLog log;

    public GuardedExecutor(Executor delegate, CrashLog log) {
        this.delegate = delegate;
        this.log = log;
    }

    @Override
    public String id() {
        return delegate.id();
    }

    @Override
    public void execute(StageRun run) {
        try {
            delegate.execute(run);
        } catch (Throwable t) {
            log.record(SOURCE, "execute(stage '" + run.stage().name() + "', iteration " + run.iteration() + ")", null, null, t);
            throw t;
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
