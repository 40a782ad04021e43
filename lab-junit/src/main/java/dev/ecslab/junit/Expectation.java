package dev.ecslab.junit;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.reports.cli.GateCampaign;
import dev.ecslab.reports.gate.GateVerdict;
import java.util.Objects;

/**
 * The class a gate holds the code under test to: what {@code lab gate --expect CLASS [--delay N]} says on the command
 * line. It exists so that a test states its promise in the command line's words and gets the command line's checks:
 * {@link #EXACT} gates criteria 1 and 2 on every scenario class with no delay, {@link #EXACT_DELAYED} the same with
 * reports allowed some frames late, {@link #CONSERVATIVE} criterion 1 only (nothing missed), {@link #FLAKY} criterion 2
 * only (nothing reported twice); every class also gates no crash, ordering, ambiguity detection, a pure frame and (unless
 * switched off) bounded memory.
 *
 * <p>Contract: immutable; a delay is 0 or more frames and at most the longest delay a scenario can show, and
 * {@code exact} allows none: anything else is refused with {@link IllegalArgumentException} when the expectation is made,
 * never later in a campaign.
 */
public final class Expectation {
    /** Every change reported once, at the detector's first run after it ({@code --expect exact}). */
    public static final Expectation EXACT = new Expectation(ClaimedClass.EXACT, null);
    /**
     * Every change reported once, up to the strategy's claimed delay late, and at least 1 frame
     * ({@code --expect exact-delayed}); {@link #exactDelayed(int)} names the delay.
     */
    public static final Expectation EXACT_DELAYED = new Expectation(ClaimedClass.EXACT_DELAYED, null);
    /** Nothing missed; a change may be reported more than once ({@code --expect conservative}). */
    public static final Expectation CONSERVATIVE = new Expectation(ClaimedClass.CONSERVATIVE, null);
    /** Nothing reported twice; a change may be missed ({@code --expect flaky}). */
    public static final Expectation FLAKY = new Expectation(ClaimedClass.FLAKY, null);

    private final ClaimedClass claimedClass;
    private final Integer delayFrames;

    private Expectation(ClaimedClass claimedClass, Integer delayFrames) {
        this.claimedClass = Objects.requireNonNull(claimedClass, "claimedClass");
        if (delayFrames != null) {
            if (delayFrames < 0) {
                throw new IllegalArgumentException("an expectation's delay must be 0 or more frames, was " + delayFrames);
            }
            if (delayFrames > Scenario.LONGEST_OBSERVABLE_DELAY) {
                throw new IllegalArgumentException("an expectation's delay must be at most "
                        + Scenario.LONGEST_OBSERVABLE_DELAY + " frames (the longest delay a scenario can show), was "
                        + delayFrames);
            }
            if (claimedClass == ClaimedClass.EXACT && delayFrames != 0) {
                throw new IllegalArgumentException("exact allows no delay, was given " + delayFrames
                        + " frame(s); use Expectation.exactDelayed(" + delayFrames + ")");
            }
        }
        this.delayFrames = delayFrames;
    }

    /**
     * Exact, with reports allowed up to {@code frames} frames after the detector's first run following the change
     * ({@code --expect exact-delayed --delay N}).
     *
     * @throws IllegalArgumentException when {@code frames} is negative or longer than any scenario can show
     */
    public static Expectation exactDelayed(int frames) {
        return new Expectation(ClaimedClass.EXACT_DELAYED, frames);
    }

    /**
     * This class with criterion 1 allowing {@code frames} frames of delay ({@code --delay N}).
     *
     * @throws IllegalArgumentException when {@code frames} is negative, too long, or not 0 under exact
     */
    public Expectation withDelay(int frames) {
        return new Expectation(claimedClass, frames);
    }

    /**
     * The class the command line spells {@code s}: {@code exact}, {@code exact-delayed}, {@code conservative} or
     * {@code flaky}.
     *
     * @throws IllegalArgumentException naming the four when {@code s} is none of them
     */
    public static Expectation parse(String s) {
        return switch (GateCampaign.parseClass(Objects.requireNonNull(s, "s"))) {
            case EXACT -> EXACT;
            case EXACT_DELAYED -> EXACT_DELAYED;
            case CONSERVATIVE -> CONSERVATIVE;
            case FLAKY -> FLAKY;
        };
    }

    /** The class, as the lab names it. */
    public ClaimedClass claimedClass() {
        return claimedClass;
    }

    /** The delay given, or {@code null} for the gate's rule (the claim's delay; at least 1 for exact-delayed). */
    public Integer delayFrames() {
        return delayFrames;
    }

    /** The command line's options for this expectation: {@code --expect exact-delayed --delay 2}. */
    public String options() {
        return "--expect " + GateVerdict.name(claimedClass) + (delayFrames == null ? "" : " --delay " + delayFrames);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Expectation e && e.claimedClass == claimedClass && Objects.equals(e.delayFrames, delayFrames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(claimedClass, delayFrames);
    }

    @Override
    public String toString() {
        return options();
    }
}
