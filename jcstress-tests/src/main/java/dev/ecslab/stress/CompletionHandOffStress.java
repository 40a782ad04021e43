package dev.ecslab.stress;

import dev.ecslab.ecs.executor.Completions;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Item 3, the concurrent part: in ecslab's dynamic executor a dependant's counter is decremented
 * only by the scheduler thread, once per completion it takes from the real {@link Completions}; what
 * runs concurrently is two dependencies finishing at once on two workers. Both completions must reach
 * the scheduler exactly once (a lost one would never start the dependant, a doubled one would start
 * it twice), and nothing else.
 */
@JCStressTest
@Description("Completions: two dependencies finishing at once are each delivered exactly once")
@Outcome(id = {"0, 1, -1", "1, 0, -1"}, expect = Expect.ACCEPTABLE, desc = "both delivered once, in either order")
@Outcome(expect = Expect.FORBIDDEN, desc = "a completion lost or delivered twice")
@State
public class CompletionHandOffStress {
    private final Completions completions = new Completions();

    @Actor
    public void dependencyA() {
        completions.finished(0);
    }

    @Actor
    public void dependencyB() {
        completions.finished(1);
    }

    @Arbiter
    public void scheduler(III_Result r) {
        r.r1 = completions.poll();
        r.r2 = completions.poll();
        r.r3 = completions.poll();
    }
}
