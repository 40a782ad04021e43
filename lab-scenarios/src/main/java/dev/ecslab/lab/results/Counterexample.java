package dev.ecslab.lab.results;

import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;

import java.util.Objects;

/**
 * What a failing cell links to: the violation in words, the scenario (shrunk or as found), the seed
 * and the configuration, the trace that replays it, and what shrinking did.
 *
 * <p>Contract: {@code scenario} and {@code trace} are what the counterexample shows and replays;
 * {@code shrinking} says whether that scenario is a shrunk form of {@code original} (and in how many
 * steps) or the scenario as found, and why. A counterexample is never called shrunk unless
 * {@link Shrinking#shrunk()}.
 *
 * @param original  the scenario before shrinking (the same as {@code scenario} when not shrunk)
 * @param shrinking whether and how the scenario was shrunk, with the original's trace when it was
 */
public record Counterexample(Criterion criterion, Scope scope, String message, Scenario scenario, Scenario original,
        long seed, String config, Trace trace, Shrinking shrinking) {
    public Counterexample {
        if (shrinking == null) {
            // by value: a scenario equal to the one found (a copy, a shrink that removed nothing) is not shrunk
            shrinking = Objects.equals(scenario, original) ? Shrinking.kept("not shrunk")
                    : Shrinking.shrunk(Shrinking.NOT_RECORDED, 0, false, original, null);
        }
    }

    /** A counterexample whose shrinking was not recorded: shrunk exactly when {@code scenario} differs from {@code original}. */
    public Counterexample(Criterion criterion, Scope scope, String message, Scenario scenario, Scenario original, long seed,
            String config, Trace trace) {
        this(criterion, scope, message, scenario, original, seed, config, trace, null);
    }

    /** One line for the matrix. */
    public String oneLine() {
        return message + " [scenario '" + scenario.name() + "', " + config + "]";
    }
}
