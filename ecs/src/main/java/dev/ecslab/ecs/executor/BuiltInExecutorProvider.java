package dev.ecslab.ecs.executor;

import java.util.List;
import java.util.function.Function;

/**
 * A built-in executor as a provider, so {@link ExecutorProvider#all(ClassLoader)} can list built-in and
 * external executors alike and refuse an external one that claims a built-in id. Not registered through
 * {@link java.util.ServiceLoader}: the built-ins are always there, whatever the class loader.
 */
final class BuiltInExecutorProvider implements ExecutorProvider {
    /** The three built-ins, in {@link ExecutorProvider#BUILT_IN} order. */
    static final List<BuiltInExecutorProvider> ALL = List.of(
            new BuiltInExecutorProvider(SerialExecutor.ID, SerialExecutor.class, SerialExecutor::new),
            new BuiltInExecutorProvider(StagedExecutor.ID, StagedExecutor.class, StagedExecutor::new),
            new BuiltInExecutorProvider(DynamicExecutor.ID, DynamicExecutor.class, DynamicExecutor::new));

    private final String id;
    private final Class<? extends Executor> type;
    private final Function<ExecutorOptions, Executor> factory;

    private BuiltInExecutorProvider(String id, Class<? extends Executor> type, Function<ExecutorOptions, Executor> factory) {
        this.id = id;
        this.type = type;
        this.factory = factory;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public Executor create(ExecutorOptions options) {
        return factory.apply(options);
    }

    /** The executor class, which is what an error about a clashing id should name. */
    Class<? extends Executor> executorClass() {
        return type;
    }

    @Override
    public String toString() {
        return "built-in executor '" + id + "' (" + type.getName() + ")";
    }
}
