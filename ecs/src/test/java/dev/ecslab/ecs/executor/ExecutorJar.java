package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.ProviderJar;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Test support, shared with the lab's and the reports' tests through the ecs test jar: builds a user's
 * executor jar at test time (compiled against ecslab's classes, listed in
 * {@code META-INF/services/dev.ecslab.ecs.executor.ExecutorProvider}), as a user would ship one.
 * Two executors, both serial on the caller's thread:
 * <ul>
 *   <li>{@link #reverse}: a legal one; among the systems whose predecessors have all completed it
 *       always starts the one with the highest index, so it honours every before/after but runs
 *       unordered systems in another order than the built-in serial executor;</li>
 *   <li>{@link #ignoringConstraints}: a broken one; it runs the active systems in reverse index order
 *       and ignores the stage's graph, so a declared {@code before} is broken (criterion O).</li>
 * </ul>
 */
public final class ExecutorJar {
    private static final String REVERSE = """
            package ext;

            import dev.ecslab.ecs.executor.*;
            import dev.ecslab.ecs.graph.DiGraph;
            import java.util.BitSet;

            public final class %1$s implements ExecutorProvider {
                public String id() { return "%2$s"; }

                public Executor create(ExecutorOptions options) {
                    return new Executor() {
                        public String id() { return "%2$s"; }

                        public void execute(StageRun run) {
                            DiGraph graph = run.stage().graph();
                            int n = graph.nodeCount();
                            int[] waiting = new int[n];
                            for (int v = 0; v < n; v++) {
                                waiting[v] = graph.predecessors(v).cardinality();
                            }
                            BitSet ready = new BitSet();
                            for (int v = 0; v < n; v++) {
                                if (waiting[v] == 0) {
                                    ready.set(v);
                                }
                            }
                            BitSet active = run.active();
                            while (!ready.isEmpty()) {
                                int v = ready.previousSetBit(n - 1);       // the highest index first
                                ready.clear(v);
                                if (run.failed()) {
                                    return;
                                }
                                if (active.get(v)) {
                                    run.runSystem(v);
                                }
                                BitSet next = graph.successors(v);
                                for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                                    if (--waiting[s] == 0) {
                                        ready.set(s);
                                    }
                                }
                            }
                        }
                    };
                }
            }
            """;

    private static final String IGNORING_CONSTRAINTS = """
            package ext;

            import dev.ecslab.ecs.executor.*;
            import java.util.BitSet;

            public final class %1$s implements ExecutorProvider {
                public String id() { return "%2$s"; }

                public Executor create(ExecutorOptions options) {
                    return new Executor() {
                        public String id() { return "%2$s"; }

                        public void execute(StageRun run) {
                            BitSet active = run.active();
                            for (int v = active.previousSetBit(run.stage().size() - 1); v >= 0; v = active.previousSetBit(v - 1)) {
                                if (run.failed()) {
                                    return;
                                }
                                run.runSystem(v);
                            }
                        }
                    };
                }
            }
            """;

    private ExecutorJar() {
    }

    /** Builds {@code dir.jar} with the legal reverse-order executor {@code ext.className}, id {@code id}. */
    public static Path reverse(Path dir, String className, String id) throws IOException {
        return ProviderJar.build(dir, ExecutorProvider.class, className, REVERSE.formatted(className, id));
    }

    /** Builds {@code dir.jar} with the broken executor {@code ext.className} (ignores before/after), id {@code id}. */
    public static Path ignoringConstraints(Path dir, String className, String id) throws IOException {
        return ProviderJar.build(dir, ExecutorProvider.class, className, IGNORING_CONSTRAINTS.formatted(className, id));
    }
}
