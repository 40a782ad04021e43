package dev.ecslab.concurrency;

import dev.ecslab.ecs.job.JobGraph;
import dev.ecslab.ecs.job.JobGraph.Node;
import dev.ecslab.ecs.job.JobTwins;
import java.util.List;
import java.util.stream.Collectors;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * The job scheduler's dependency bookkeeping ({@link JobGraph}, the real class) under concurrent
 * scheduling (the owner thread registering jobs on flush) and completion (workers finishing jobs):
 * linearizable, so each job becomes ready exactly once, from whichever call removed its last
 * unfinished dependency, and never before it is registered. Jobs: a and b (started), c after a and b,
 * d after c. This is ecslab's one place where concurrent finishers update a dependant's count of
 * unfinished dependencies (the dynamic executor's counters belong to its scheduler thread alone).
 */
public class JobGraphLincheckTest extends BothModes {
    private final JobGraph graph = graph();
    private final Node a = graph.node(List.of(), "a");
    private final Node b = graph.node(List.of(), "b");
    private final Node c = graph.node(List.of(a, b), "c");
    private final Node d = graph.node(List.of(c), "d");

    public JobGraphLincheckTest() {
        graph.register(a);
        graph.register(b);
    }

    /** The bookkeeping under test; the twin overrides this (JUnit allows a test class one constructor). */
    JobGraph graph() {
        return new JobGraph();
    }

    @Operation(nonParallelGroup = "owner")
    public boolean registerC() {
        return graph.register(c);
    }

    @Operation(nonParallelGroup = "owner")
    public boolean registerD() {
        return graph.register(d);
    }

    @Operation
    public String finishA() {
        return names(graph.finish(a));
    }

    @Operation
    public String finishB() {
        return names(graph.finish(b));
    }

    @Operation
    public String finishC() {
        return names(graph.finish(c));
    }

    private static String names(List<Node> ready) {
        return ready.stream().map(n -> (String) n.payload()).collect(Collectors.joining(","));
    }

    @Override
    protected Class<?> sequentialSpecification() {
        return Jobs.class;
    }

    /**
     * The specification: c is ready the moment it is registered with a and b finished, and the call
     * that completes that (its registration or the last finish) answers it; d likewise after c. Registering
     * twice, finishing twice, or finishing a job that has not started is refused.
     */
    public static final class Jobs {
        private boolean finishedA;
        private boolean finishedB;
        private boolean registeredC;
        private boolean registeredD;
        private boolean startedC;
        private boolean startedD;
        private boolean finishedC;

        public boolean registerC() {
            if (registeredC) {
                throw new IllegalStateException("c registered twice");
            }
            registeredC = true;
            return startCIfReady();
        }

        public boolean registerD() {
            if (registeredD) {
                throw new IllegalStateException("d registered twice");
            }
            registeredD = true;
            return startDIfReady();
        }

        public String finishA() {
            if (finishedA) {
                throw new IllegalStateException("a finished twice");
            }
            finishedA = true;
            return startCIfReady() ? "c" : "";
        }

        public String finishB() {
            if (finishedB) {
                throw new IllegalStateException("b finished twice");
            }
            finishedB = true;
            return startCIfReady() ? "c" : "";
        }

        public String finishC() {
            if (!startedC || finishedC) {
                throw new IllegalStateException("c finished before it started, or twice");
            }
            finishedC = true;
            return startDIfReady() ? "d" : "";
        }

        private boolean startCIfReady() {
            if (registeredC && finishedA && finishedB && !startedC) {
                startedC = true;
                return true;
            }
            return false;
        }

        private boolean startDIfReady() {
            if (registeredD && finishedC && !startedD) {
                startedD = true;
                return true;
            }
            return false;
        }
    }

    /** The twin: the real bookkeeping with its lock forgotten. */
    public static class Unlocked extends JobGraphLincheckTest {
        @Override
        JobGraph graph() {
            return JobTwins.unlockedGraph();
        }
    }
}
