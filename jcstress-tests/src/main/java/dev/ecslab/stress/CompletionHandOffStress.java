package dev.ecslab.stress;

import dev.ecslab.ecs.executor.Completions;
import dev.ecslab.ecs.executor.ExecutorTwins;
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
 * it twice), and nothing else: a lost completion is the listed FORBIDDEN outcome; a doubled or invented
 * one is forbidden too, by JCStress's default for outcomes no {@code @Outcome} lists. {@link Twin}
 * runs the same actors on the real hand-off over a queue that is not thread-safe.
 */
@JCStressTest
@Description("Completions: two dependencies finishing at once are each delivered exactly once")
@Outcome(id = {"0, 1, -1", "1, 0, -1"}, expect = Expect.ACCEPTABLE, desc = "both delivered once, in either order")
@Outcome(id = {"0, -1, -1", "1, -1, -1", "-1, -1, -1"}, expect = Expect.FORBIDDEN, desc = "a completion lost")
@State
public class CompletionHandOffStress {
    private final Completions completions = completions();

    /** The hand-off under test; the twin overrides it. */
    Completions completions() {
        return new Completions();
    }

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

    /** The twin: the real hand-off over an {@code ArrayDeque}. */
    @JCStressTest
    @Description("TWIN of CompletionHandOffStress: the real hand-off over a queue that is not thread-safe")
    @Outcome(id = {"0, -1, -1", "1, -1, -1", "-1, -1, -1"}, expect = Expect.ACCEPTABLE_INTERESTING,
            desc = "must-show: a completion lost")
    @Outcome(expect = Expect.ACCEPTABLE, desc = "other outcomes (the twin is not graded on them)")
    @State
    public static class Twin extends CompletionHandOffStress {
        @Override
        Completions completions() {
            return ExecutorTwins.completionsOverPlainQueue();
        }

        @Actor
        @Override
        public void dependencyA() {
            super.dependencyA();
        }

        @Actor
        @Override
        public void dependencyB() {
            super.dependencyB();
        }

        @Arbiter
        @Override
        public void scheduler(III_Result r) {
            super.scheduler(r);
        }
    }
}
