package dev.ecslab.lab.campaign;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ecslab.lab.scenario.Required;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;

/**
 * What became of a failing scenario on its way to a counterexample, as jqwik reports a property's
 * failure (original sample, shrunk sample, shrinking steps): shrunk in {@code steps} accepted
 * simplifications from {@code original} (kept with its trace, so it stays judgeable and replayable),
 * or kept as found, and why.
 *
 * <p>Contract: a counterexample is called shrunk only when {@link #shrunk()} is true, that is when a
 * smaller scenario was run and failed in the same way; it is called locally minimal only when the shrinker
 * stopped because none of its one-step simplifications failed any more ({@code budgetSpent} false), never when its budget
 * ran out first. {@code steps} is {@value #NOT_RECORDED} for a counterexample made before shrink records
 * existed (the report says the number is unknown). The shrinker tries a few seeds per candidate, so a
 * candidate that would fail only under another schedule is not found: "no simplification failed again"
 * is what was observed, not a proof that none exists.
 *
 * @param steps         simplifications the shrinker accepted (each a smaller scenario that still failed);
 *                      0 when not shrunk
 * @param runs          scenario runs the shrinker spent (0 when it was not tried)
 * @param budgetSpent   true when the shrinker stopped because its budget of runs ran out (a smaller
 *                      failing scenario may exist); false when it reached a scenario no one-step
 *                      simplification of which fails, or was not tried
 * @param keptBecause   why the scenario is shown as found (not shrunk), in words; {@code null} when shrunk
 * @param original      the scenario as first found failing; {@code null} when not shrunk (it is the same)
 * @param originalTrace the trace of {@code original} that failed; {@code null} when not shrunk
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Shrinking(@Required int steps, int runs, boolean budgetSpent, String keptBecause, Scenario original,
        Trace originalTrace) {
    /** {@link #steps} of a counterexample whose shrinking was not recorded. */
    public static final int NOT_RECORDED = -1;

    /** Shown as found: {@code why} in words ("a catalogue scenario, shown as written"). */
    public static Shrinking kept(String why, int runs, boolean budgetSpent) {
        return new Shrinking(0, runs, budgetSpent, why, null, null);
    }

    /** Shown as found, without a shrinker run. */
    public static Shrinking kept(String why) {
        return kept(why, 0, false);
    }

    /** Shrunk from {@code original} (which failed with {@code originalTrace}) in {@code steps} steps. */
    public static Shrinking shrunk(int steps, int runs, boolean budgetSpent, Scenario original, Trace originalTrace) {
        return new Shrinking(steps, runs, budgetSpent, null, original, originalTrace);
    }

    /** True when the counterexample's scenario is smaller than the one first found failing. */
    @JsonIgnore
    public boolean shrunk() {
        return original != null;
    }

    /**
     * The shrinking in words, for every format: {@code "shrunk in 4 steps (37 runs) from 'random #3' ...;
     * none of the shrinker's one-step simplifications of it failed again"}, {@code "not shrunk: a catalogue scenario, shown as written"}.
     */
    public String describe() {
        if (!shrunk()) {
            return "not shrunk: " + (keptBecause == null ? "the reason was not recorded" : keptBecause)
                    + (runs > 0 ? " (" + runs(runs) + " tried)" : "");
        }
        String how = steps == NOT_RECORDED ? "shrunk (the number of steps was not recorded)"
                : "shrunk in " + steps + (steps == 1 ? " step" : " steps") + " (" + runs(runs) + ")";
        return how + " from the scenario first found failing; " + (budgetSpent
                ? "the shrinking budget ran out, so a smaller failing scenario may exist"
                : steps == NOT_RECORDED ? "whether it is minimal was not recorded"
                : "none of the shrinker's one-step simplifications of it failed again");
    }

    private static String runs(int n) {
        return n + (n == 1 ? " run" : " runs");
    }
}
