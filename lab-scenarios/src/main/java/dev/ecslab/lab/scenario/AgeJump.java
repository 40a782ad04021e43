package dev.ecslab.lab.scenario;

/**
 * A jump of the world's change tick whose size the lab computes while it runs the scenario, so that a
 * change lands exactly on the expiration boundary: before frame {@code beforeFrame} starts, the clock
 * advances so that the last change made in frame {@code beforeFrame - 1} (the newest tick any of its
 * changes took; the last tick handed out in that frame if it made none) is exactly
 * {@code MAX_AGE - belowMaxAge} ticks old at the first tick handed out in frame {@code beforeFrame}.
 *
 * <p>A run that takes a later tick in that frame sees the change older by as many ticks, so with
 * {@code belowMaxAge} of 1 the frame's first run sees the change one tick younger than the maximum
 * age (it must be reported), with 2 its second run does, with 0 or less every run sees it expired
 * (either answer is accepted). The oracle does not trust this arithmetic: it decides expiry from the
 * exact ticks the lab recorded ({@code Trace#frameTicks()}), so the jump's size
 * need not be known before the run, and {@link Scenario#validate()} does not hold it to
 * {@link ClockJump#MARGIN}.
 *
 * @param beforeFrame the frame before which the clock jumps, {@code 1 <= beforeFrame < totalFrames}
 *                    (the quiet tail's frames count); no other jump before the same frame
 * @param belowMaxAge how many ticks younger than {@link ClockJump#MAX_AGE} the change is at that first
 *                    tick, in {@code [-MAX_BELOW, MAX_BELOW]} (negative: older than the maximum age)
 */
public record AgeJump(@Required int beforeFrame, @Required int belowMaxAge) {
    /** How far from the maximum age an age jump may aim. */
    public static final int MAX_BELOW = 1024;

    /**
     * The jump's size: {@code now} is the world's tick when frame {@code beforeFrame - 1} ended and
     * {@code lastChange} the newest tick one of its changes took, both the lab's 64-bit count.
     */
    public long ticks(long now, long lastChange) {
        return ClockJump.MAX_AGE - belowMaxAge - (now - lastChange) - 1;
    }
}
