package dev.ecslab.ecs.executor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Makes executors by id. The built-ins ({@code serial}, {@code staged}, {@code dynamic}) are always
 * there; a jar that lists an implementation in {@code META-INF/services/dev.ecslab.ecs.executor.ExecutorProvider}
 * adds its own, which is how a user compares an executor of their own beside the built-in ones.
 *
 * <p>Ids are unique: an external provider that claims a built-in id, or two external providers that
 * claim one id, are an error naming both classes (which executor a schedule gets must never depend on
 * class-path order). The methods without a class loader use the context class loader.
 */
public interface ExecutorProvider {
    /** The id that selects this executor. */
    String id();

    Executor create(ExecutorOptions options);

    /** The built-in executor ids, in a fixed order. */
    List<String> BUILT_IN = List.of(SerialExecutor.ID, StagedExecutor.ID, DynamicExecutor.ID);

    /** An executor by id: a built-in one, or one the context class loader finds through {@link ServiceLoader}. */
    static Executor create(String id, ExecutorOptions options) {
        return create(id, options, Thread.currentThread().getContextClassLoader());
    }

    /**
     * An executor by id: a built-in one, or one {@code loader} (an external jar's loader, say) finds
     * through {@link ServiceLoader}.
     *
     * @throws IllegalArgumentException naming the known ids when none has {@code id}
     * @throws IllegalStateException    when two providers claim one id (see {@link #all(ClassLoader)})
     */
    static Executor create(String id, ExecutorOptions options, ClassLoader loader) {
        return find(id, loader).create(options);
    }

    /**
     * The provider with {@code id} visible to {@code loader}; for a built-in id, a provider inside ecslab.
     *
     * @throws IllegalArgumentException naming the known ids when none has {@code id}
     * @throws IllegalStateException    when two providers claim one id (see {@link #all(ClassLoader)})
     */
    static ExecutorProvider find(String id, ClassLoader loader) {
        List<ExecutorProvider> all = all(loader);
        for (ExecutorProvider p : all) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        List<String> ids = new ArrayList<>();
        all.forEach(p -> ids.add(p.id()));
        throw new IllegalArgumentException("no executor with id '" + id + "'; known: " + String.join(", ", ids));
    }

    /** Every id that {@link #create(String, ExecutorOptions)} accepts. */
    static List<String> knownIds() {
        return knownIds(Thread.currentThread().getContextClassLoader());
    }

    /** Every id that {@link #create(String, ExecutorOptions, ClassLoader)} accepts with {@code loader}. */
    static List<String> knownIds(ClassLoader loader) {
        List<String> ids = new ArrayList<>();
        all(loader).forEach(p -> ids.add(p.id()));
        return Collections.unmodifiableList(ids);
    }

    /**
     * Every provider visible to {@code loader}: the built-ins first, in {@link #BUILT_IN} order, then the
     * external ones by id.
     *
     * @throws dev.ecslab.ecs.input.BadInputException when a provider's id is empty or not a name (a line break,
     *         a control character)
     * @throws IllegalStateException when two providers claim one id (both classes are named, with the
     *         jar each came from), since which one a schedule gets would otherwise depend on class-path order
     * @throws java.util.ServiceConfigurationError when a jar lists a provider that cannot be loaded
     */
    static List<ExecutorProvider> all(ClassLoader loader) {
        Map<String, ExecutorProvider> builtIns = new TreeMap<>();
        BuiltInExecutorProvider.ALL.forEach(p -> builtIns.put(p.id(), p));
        Map<String, ExecutorProvider> external = new TreeMap<>();
        for (ExecutorProvider p : ServiceLoader.load(ExecutorProvider.class, loader)) {
            checkId(p.id(), p);
            ExecutorProvider previous = builtIns.containsKey(p.id()) ? builtIns.get(p.id()) : external.putIfAbsent(p.id(), p);
            if (previous != null && previous.getClass() != p.getClass()) {
                throw new IllegalStateException("two executors claim the id '" + p.id() + "': " + describe(previous)
                        + " and " + describe(p));
            }
        }
        List<ExecutorProvider> out = new ArrayList<>(BuiltInExecutorProvider.ALL);
        out.addAll(external.values());
        return Collections.unmodifiableList(out);
    }

    /**
     * A plug-in's id is printed in every report: it must be a name ({@link dev.ecslab.ecs.input.InputNames}),
     * so that a jar cannot forge a line of the terminal or of a report.
     */
    private static void checkId(String id, ExecutorProvider p) {
        String problem = id == null || id.isBlank() ? "the id is empty" : dev.ecslab.ecs.input.InputNames.problem(id);
        if (problem != null) {
            throw new dev.ecslab.ecs.input.BadInputException(describe(p), "id()", "the executor's id: " + problem);
        }
    }

    /** A provider's class for an error message: the built-in executor class, or the provider class and its jar. */
    private static String describe(ExecutorProvider p) {
        if (p instanceof BuiltInExecutorProvider b) {
            return b.executorClass().getName() + " (built in)";
        }
        return dev.ecslab.ecs.ClassOrigin.describe(p.getClass());
    }
}
