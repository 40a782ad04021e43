package dev.ecslab.lab.run;

import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ExecutorProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** An executor under test: a column group of the matrix. Built-in, external or mutant alike. */
public record ExecutorSubject(String id, Function<ExecutorOptions, Executor> factory) {
    public ExecutorSubject {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(factory, "factory");
    }

    public static ExecutorSubject of(String id) {
        ExecutorProvider.create(id, ExecutorOptions.defaults()).close();     // fails now, naming the known ids
        return new ExecutorSubject(id, options -> ExecutorProvider.create(id, options));
    }

    /** The serial, staged and dynamic executors. */
    public static List<ExecutorSubject> builtIns() {
        List<ExecutorSubject> out = new ArrayList<>();
        ExecutorProvider.BUILT_IN.forEach(id -> out.add(of(id)));
        return out;
    }
}
