package dev.ecslab.ecs.change;

/**
 * Which of a strategy's detection flavors a filter uses. Only proposal 4 ({@code flag-doubling})
 * has two: {@link #DEFAULT} is its {@code Changed} (previous frame's flags, exact but late) and
 * {@link #IMMEDIATE} its {@code JustChanged} (this frame's flags, flaky). Every other strategy
 * answers both flavors the same way, so query code never depends on the strategy chosen.
 */
public enum ChangeFlavor {
    DEFAULT,
    IMMEDIATE
}
