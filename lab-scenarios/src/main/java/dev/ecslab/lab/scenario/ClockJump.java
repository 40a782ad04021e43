package dev.ecslab.lab.scenario;


/**
 * A jump of the world's change tick between frames: before frame {@code beforeFrame} starts (the
 * quiet tail's frames count), the clock advances by {@code ticks}, as if that many ticks had been
 * handed out to runs that touched nothing. Jumps of 2<sup>31</sup> and more make the 32-bit
 * wraparound and the clamping of old ticks (Bevy's {@code check_change_ticks}) happen for real.
 *
 * <p><b>Expiration.</b> Under Bevy's semantics a change whose age reaches the maximum change age
 * ({@link #MAX_AGE}) when the detector next runs is clamped and no longer reported. The lab accepts
 * both answers for such a change: reported by the detector's first run after it (or, under a claim
 * of k frames' delay, by the last run the claim allows, and the age counts up to that run), as a
 * tick-free strategy does, or never (expired); anything else, a later report or a report after the
 * clock has lapped it, is a failure. A change expires for a detector run when the jumps between the change's
 * frame and the run's frame add up to at least {@link #MAX_AGE}: the ticks the scenario's own runs
 * take are far fewer than {@link #MARGIN}, and {@link Scenario#validate()} refuses jumps whose sums
 * come within {@link #MARGIN} below the maximum age, so the rule never depends on how many ticks a
 * frame takes.
 *
 * <p><b>Idle frames.</b> A jump may also end {@code idleFrames} frames in which the scenario's schedule
 * does not run at all (after its ticks): an engine's fixed-timestep schedule with no step due, a game
 * paused, a world set aside while other schedules run. Every system is absent for them, so each
 * reader's absence grows by that many frames, up to 10<sup>9</sup> and more, in one step of the world
 * ({@code WorldInternals.endIdleFrames}), not one frame at a time. A jump of idle frames alone has 0
 * ticks; the ticks, if any, stand for the runs of those other schedules.
 *
 * @param beforeFrame the frame before which the clock jumps, {@code 0 <= beforeFrame < totalFrames}
 * @param ticks       how far, 0 to 2<sup>40</sup> (at least 1 when there are no idle frames)
 * @param idleFrames  frames that end during the jump with no system running, 0 to {@link #MAX_IDLE_FRAMES}
 */
public record ClockJump(@Required int beforeFrame, @Required long ticks,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
        long idleFrames) {
    /** The most idle frames one jump may end: 2<sup>40</sup>. */
    public static final long MAX_IDLE_FRAMES = 1L << 40;

    /** A jump of ticks alone: no frame ends during it. */
    public ClockJump(int beforeFrame, long ticks) {
        this(beforeFrame, ticks, 0);
    }

    /** Bevy's {@code CHECK_TICK_THRESHOLD}: ticks between two clamping passes. */
    public static final long CHECK_THRESHOLD = 518_400_000L;
    /**
     * Bevy's {@code MAX_CHANGE_AGE}, {@code u32::MAX - (2 * CHECK_TICK_THRESHOLD - 1)}: a change this
     * old is clamped and no longer news. The lab's own number (the ECS's {@code Ticks.MAX_AGE} is the
     * same, and a test says so).
     */
    public static final long MAX_AGE = 0xFFFF_FFFFL - (2 * CHECK_THRESHOLD - 1);
    /**
     * How far below {@link #MAX_AGE} no sum of consecutive jumps may fall: more ticks than a scenario
     * with jumps may take on its own ({@link Scenario#validate()} checks both).
     */
    public static final long MARGIN = 1L << 24;
    /** The largest single jump: 2<sup>40</sup> ticks (256 laps of the clock). */
    public static final long MAX_TICKS = 1L << 40;
}
