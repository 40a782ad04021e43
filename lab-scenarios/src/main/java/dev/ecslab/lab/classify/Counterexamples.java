package dev.ecslab.lab.classify;

import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.util.Objects;

/**
 * Makes the counterexample of each failure a row keeps: the first of a criterion and scope is shrunk (a campaign
 * scenario, within the shrinking budget, never after the time budget, never a run that hung) and re-run for its
 * trace; every other is kept as found and says why. The shrinking budget counts runs at their cost
 * ({@link #shrinkCost}), never the clock, so the same failure always shrinks to the same scenario.
 */
final class Counterexamples {

    /** Why a scenario is shown as found: catalogue scenarios are Bevy PR #1471's test plan, shown as written. */
    static final String CATALOGUE = "a catalogue scenario, shown as written";
    /** Why criterion 6's run is shown as found. */
    static final String MEMORY_SCENARIO = "criterion 6's fixed 10 000-frame scenario";
    /** Why a later failure is shown as found: only the first of a criterion and scope in a row is shrunk. */
    static final String NOT_FIRST = "not the first failure of its criterion and scope in this row (only those are"
            + " shrunk); kept as found";

    /**
     * Seeds a shrink candidate is tried under: the failing run's, then others. A smaller scenario has other
     * decision points, so the failing run's seed no longer means the same schedule; a second seed keeps
     * shrinking from stopping early at a candidate that fails under another schedule (a candidate that
     * cannot fail costs both runs, so no more are tried).
     */
    static final int SHRINK_SEEDS = 2;

    private final Lab lab;

    Counterexamples(Lab lab) {
        this.lab = lab;
    }

    /** The counterexample of a first failure: made (and shrunk) once, or as a shard made it. */
    Counterexample first(Judged j, int k) {
        if (j.firsts()[k] == null) {
            if (j.config() == null && j.result().notShrunk() == null) {
                throw new IllegalArgumentException(unmade(j, k));
            }
            j.firsts()[k] = counterexample(j.result().failures().get(k), j.result(), j.config());
        }
        return j.firsts()[k];
    }

    /**
     * The counterexample of failure {@code k} of a run read back (no configuration to shrink with): the one its fold
     * made, else the one as found when the run says why it is not shrunk.
     *
     * @throws IllegalArgumentException when neither: the file the run was read from lacks it
     */
    static Counterexample recorded(Judged j, int k) {
        if (j.firsts()[k] != null) {
            return j.firsts()[k];
        }
        if (j.result().notShrunk() == null) {
            throw new IllegalArgumentException(unmade(j, k));
        }
        return asFound(j.result().failures().get(k), j.result(), j.result().notShrunk());
    }

    /** Why a shard file whose run lacks the counterexample of failure {@code k} is refused. */
    static String unmade(Judged j, int k) {
        return "a shard file lacks the counterexample of a failure that is the first of its scope in the campaign ("
                + j.result().failures().get(k).criterion() + ", " + j.result().config() + "): the file does not come"
                + " from this lab's fold";
    }

    static Counterexample asFound(RunResult.Failure v, RunResult run, String why) {
        return new Counterexample(v.criterion(), v.scope(), v.message(), run.scenario(), run.scenario(), run.seed(),
                run.config(), run.trace(), Shrinking.kept(why));
    }

    /** The counterexample of a first failure: shrunk for campaign scenarios, with its trace and how it was shrunk. */
    private Counterexample counterexample(RunResult.Failure v, RunResult run, LabConfig config) {
        String notShrunk = run.notShrunk();
        if (notShrunk != null) {
            return asFound(v, run, notShrunk);
        }
        if (run.trace().timedOut()) {                             // never re-run what hung
            return asFound(v, run, "the run hung, and a hung run is never run again");
        }
        if (dev.ecslab.lab.run.RunHost.ended(run.trace())) {
            return asFound(v, run, "the run ended its isolated JVM, and each shrinking step would start another");
        }
        if (ScenarioRunner.leftThreads(run.trace())) {
            return asFound(v, run, "the run left a thread running, and each shrinking step would leave another");
        }
        if (lab.options().shrinkAttempts() <= 0) {
            return asFound(v, run, "shrinking is off (a budget of 0 runs)");
        }
        if (lab.pastDeadline()) {
            return asFound(v, run, "the time budget ran out before it could be shrunk");
        }
        Scenario scenario = run.scenario();
        long[] lastSeed = {config.seed()};
        // the budget counts runs (a big world's at its cost, shrinkCost), not candidates; [1] counts the runs made
        int[] runsLeft = {lab.options().shrinkAttempts(), 0};
        Shrinker shrinker = new Shrinker(candidate -> {
            Long s = failingSeed(candidate, config, v, runsLeft);
            if (s != null) {
                lastSeed[0] = s;                                  // the minimal scenario is the last accepted
            }
            return s != null;
        }, lab.options().shrinkAttempts());
        Scenario minimal = shrinker.shrink(scenario);
        int runs = runsLeft[1];
        boolean budgetSpent = !shrinker.settled() || runsLeft[0] <= 0;
        if (minimal == scenario) {
            return new Counterexample(v.criterion(), v.scope(), v.message(), scenario, scenario, run.seed(), run.config(),
                    run.trace(), Shrinking.kept(budgetSpent ? "no smaller scenario failed before the shrinking budget ran out"
                            : "none of the shrinker's one-step simplifications failed again", runs, budgetSpent));
        }
        LabConfig at = config.withSeed(lastSeed[0]);
        Trace minimalTrace = ScenarioRunner.run(minimal, at);
        runs++;
        Violation again = firstLike(minimal, minimalTrace, v);
        if (again == null) {                                      // did not fail again on re-run: keep the original
            return new Counterexample(v.criterion(), v.scope(), v.message(), scenario, scenario, run.seed(), run.config(),
                    run.trace(), Shrinking.kept("the smallest failing scenario found did not fail again when it was run"
                            + " for its trace", runs, budgetSpent));
        }
        return new Counterexample(v.criterion(), v.scope(), again.message(), minimal, scenario, lastSeed[0], at.label(),
                minimalTrace, Shrinking.shrunk(shrinker.steps(), runs, budgetSpent, scenario, run.trace()));
    }

    /** The first seed under which {@code candidate} fails like {@code v}, or {@code null}. */
    private Long failingSeed(Scenario candidate, LabConfig config, RunResult.Failure v, int[] runsLeft) {
        int cost = shrinkCost(candidate);
        for (int k = 0; k < SHRINK_SEEDS && runsLeft[0] > 0; k++) {
            runsLeft[0] -= cost;
            runsLeft[1]++;
            long seed = config.seed() + 7_919L * k;
            Trace t = ScenarioRunner.run(candidate, config.withSeed(seed));
            if (t.timedOut()) {
                return null;
            }
            if (firstLike(candidate, t, v) != null) {
                return seed;
            }
        }
        return null;
    }

    /**
     * What one run of {@code s} costs the shrinking budget, in runs of an ordinary scenario: 1, plus one per
     * 1 000 entities (padding included) and one per 16 systems. A big world's run costs as many small ones as
     * it takes time, so shrinking one (a table of 4 600 rows, a stage of 130 systems) stays within a few
     * seconds instead of minutes, and the budget is still a function of the scenario, never of the clock.
     */
    static int shrinkCost(Scenario s) {
        long entities = s.initialEntityCount() + (s.padding() == null ? 0
                : s.padding().kept() + (long) s.padding().recycled() * s.padding().generations());
        for (dev.ecslab.lab.scenario.Edit e : s.edits()) {
            entities += e.op() == dev.ecslab.lab.scenario.EditOp.SPAWN && e.isBulk() ? e.count() : 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, 1 + entities / 1_000 + s.systems().size() / 16);
    }

    /** The first violation of the same criterion and scope, in (at least) the same classes. */
    private static Violation firstLike(Scenario s, Trace t, RunResult.Failure v) {
        for (Violation x : Judge.judge(s, t).violations()) {
            if (x.criterion() == v.criterion() && Objects.equals(x.scope(), v.scope()) && x.classes().containsAll(v.classes())) {
                return x;
            }
        }
        return null;
    }
}
