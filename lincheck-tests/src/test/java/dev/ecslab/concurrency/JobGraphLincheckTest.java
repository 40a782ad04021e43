package dev.ecslab.concurrency;

import dev.ecslab.ecs.job.JobGraph;
import dev.ecslab.ecs.job.JobGraph.Node;
import java.util.List;
import java.util.stream.Collectors;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * The job scheduler's dependency bookkeeping ({@link JobGraph}, the real class) under concurrent
 * scheduling (the owner thread registering jobs on flush) and completion (workers finishing jobs):
 * linearizable, so each job becomes ready exactly once, from whichever call removed its last
 * unfinished dependency, and never before it is registered. Jobs: a and b (started), c after a and b,
 * d after c.
 */
public class JobGraphLincheckTest extends BothModes {
    private final JobGraph graph = new JobGraph();
    private final Node a = graph.node(List.of(), "a");
    private final Node b = graph.node(List.of(), "b");
    private final Node c = graph.node(List.of(a, b), "c");
    private final Node d = graph.node(List.of(c), "d");

    public JobGraphLincheckTest() {
        graph.register(a);
        graph.register(b);
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
}
