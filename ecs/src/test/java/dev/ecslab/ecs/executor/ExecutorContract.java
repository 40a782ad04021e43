package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.executor.ScheduleRunCheck.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The body shared by the executor property and its mutant checks: run one random schedule under
 * several executors (unseeded and seeded), check the contract on each run, and, when the schedule
 * has no unordered conflicting pair, require identical observations and end states everywhere.
 */
public final class ExecutorContract {
    private ExecutorContract() {
    }

    /** An executor under test: a label and a factory taking the options (seed, threads). */
    public record Candidate(String id, Function<ExecutorOptions, Executor> factory) {
    }

    static List<Candidate> builtIns() {
        List<Candidate> out = new ArrayList<>();
        for (String id : ExecutorProvider.BUILT_IN) {
            out.add(new Candidate(id, options -> ExecutorProvider.create(id, options)));
        }
        return out;
    }

    public static void verify(ScheduleSpec spec, long seed, List<Candidate> candidates) {
        List<Outcome> outcomes = new ArrayList<>();
        ExecutorOptions base = ExecutorOptions.defaults().withThreads(3);
        for (Candidate c : candidates) {
            outcomes.add(run(spec, c.id(), () -> c.factory().apply(base)));
            for (long s : new long[] {seed, seed + 1}) {
                outcomes.add(run(spec, c.id() + "(seed " + s + ")", () -> c.factory().apply(base.withSeed(s))));
            }
        }
        for (Outcome o : outcomes) {
            ScheduleRunCheck.check(spec, o);
        }
        Outcome reference = outcomes.get(0);
        if (reference.error() == null && !ScheduleRunCheck.hasRaces(reference.compiled())) {
            for (Outcome o : outcomes) {
                if (!o.observations().equals(reference.observations())) {
                    throw new AssertionError("an unambiguous schedule observed different values under " + o.executor()
                            + " than under " + reference.executor() + ":\n  " + reference.observations() + "\n  " + o.observations());
                }
                if (!o.state().equals(reference.state())) {
                    throw new AssertionError("an unambiguous schedule ended in a different world under " + o.executor()
                            + " than under " + reference.executor() + ":\n  " + reference.state() + "\n  " + o.state());
                }
            }
        }
    }

    private static Outcome run(ScheduleSpec spec, String label, Supplier<Executor> executors) {
        return ScheduleRunCheck.run(spec, label, executors);
    }
}
