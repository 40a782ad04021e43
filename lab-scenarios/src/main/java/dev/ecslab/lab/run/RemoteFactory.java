package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The factory of a strategy or executor subject whose code lives in another JVM ({@link RunHost}): it stands
 * in the subject so that the matrix, the gate and the counterexamples treat the subject like any other, and
 * it makes nothing here. Asking it for a tracker or an executor in this JVM is a bug of the lab (a run that
 * bypassed {@link ScenarioRunner}), so it throws instead of loading the plug-in's code where it must not run.
 */
public record RemoteFactory(RunHost host, String id) implements Supplier<ChangeTracker>, Function<ExecutorOptions, Executor> {
    @Override
    public ChangeTracker get() {
        throw new IllegalStateException("strategy '" + id + "' runs in its own JVM; it has no tracker in the lab's");
    }

    @Override
    public Executor apply(ExecutorOptions options) {
        throw new IllegalStateException("executor '" + id + "' runs in its own JVM; it has no executor in the lab's");
    }
}
