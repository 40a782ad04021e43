package dev.ecslab.ecs.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Makes executors by id. The built-ins ({@code serial}, {@code staged}, {@code dynamic}) are always
 * there; a jar that lists an implementation in {@code META-INF/services/dev.ecslab.ecs.executor.ExecutorProvider}
 * adds its own, which is how a user compares an executor of their own beside the built-in ones.
 */
public interface ExecutorProvider {
    /** The id that selects this executor. */
    String id();

    Executor create(ExecutorOptions options);

    /** The built-in executor ids, in a fixed order. */
    List<String> BUILT_IN = List.of(SerialExecutor.ID, StagedExecutor.ID, DynamicExecutor.ID);

    /** An executor by id: a built-in one, or one found by {@link ServiceLoader}. */
    static Executor create(String id, ExecutorOptions options) {
        switch (id) {
            case SerialExecutor.ID:
                return new SerialExecutor(options);
            case StagedExecutor.ID:
                return new StagedExecutor(options);
            case DynamicExecutor.ID:
                return new DynamicExecutor(options);
            default:
                for (ExecutorProvider p : ServiceLoader.load(ExecutorProvider.class)) {
                    if (p.id().equals(id)) {
                        return p.create(options);
                    }
                }
                throw new IllegalArgumentException("no executor with id '" + id + "'; known: " + knownIds());
        }
    }

    /** Every id that {@link #create} accepts. */
    static List<String> knownIds() {
        List<String> ids = new ArrayList<>(BUILT_IN);
        for (ExecutorProvider p : ServiceLoader.load(ExecutorProvider.class)) {
            if (!ids.contains(p.id())) {
                ids.add(p.id());
            }
        }
        return ids;
    }
}
