package dev.ecslab.lab.run;

import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ExecutorProvider;
import dev.ecslab.lab.trace.PluginJar;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * An executor under test: a column group of the matrix. Built-in, external or mutant alike.
 *
 * @param jar the plug-in jar the executor came from, recorded in every trace it produces; {@code null}
 *            for a built-in executor, a mutant, or the replay executor
 */
public record ExecutorSubject(String id, Function<ExecutorOptions, Executor> factory, PluginJar jar) {
    public ExecutorSubject {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(factory, "factory");
    }

    /** A subject that comes from no jar (a built-in executor, a mutant, the replay executor). */
    public ExecutorSubject(String id, Function<ExecutorOptions, Executor> factory) {
        this(id, factory, null);
    }

    /** The executor with {@code id} that the context class loader sees. */
    public static ExecutorSubject of(String id) {
        return of(id, Thread.currentThread().getContextClassLoader());
    }

    /**
     * The executor with {@code id} that {@code loader} sees (a built-in one, or one from a jar on it),
     * with the jar it came from. One executor is made and closed now, so a provider that cannot make
     * one fails here rather than in the middle of a campaign.
     *
     * @throws IllegalArgumentException naming the known ids when none has {@code id}
     * @throws IllegalStateException    when two providers claim one id
     */
    public static ExecutorSubject of(String id, ClassLoader loader) {
        return of(ExecutorProvider.find(id, loader));
    }

    /**
     * The executor {@code provider} makes, with the jar it came from; one executor is made and closed now, so a provider
     * that cannot make one fails here rather than in the middle of a campaign.
     */
    public static ExecutorSubject of(ExecutorProvider provider) {
        provider.create(ExecutorOptions.defaults()).close();
        return new ExecutorSubject(provider.id(), provider::create,
                PluginJar.of(PluginJar.EXECUTOR, provider.getClass()).orElse(null));
    }

    /** The serial, staged and dynamic executors. */
    public static List<ExecutorSubject> builtIns() {
        List<ExecutorSubject> out = new ArrayList<>();
        ExecutorProvider.BUILT_IN.forEach(id -> out.add(of(id)));
        return out;
    }

    /** Every executor {@code loader} sees: the built-ins first, then those of its jars, by id. */
    public static List<ExecutorSubject> all(ClassLoader loader) {
        List<ExecutorSubject> out = new ArrayList<>();
        ExecutorProvider.all(loader).forEach(p -> out.add(of(p)));
        return out;
    }
}
