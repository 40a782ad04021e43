package dev.ecslab.ecs.schedule;

/**
 * The answer of a run criterion for one iteration of a stage, as in Bevy's executor v2: whether the
 * set's systems run in this iteration, and whether the criterion asks to be evaluated again after it
 * (a looping stage, like a fixed timestep running twice in one frame).
 */
public enum ShouldRun {
    YES(true, false),
    NO(false, false),
    YES_AND_CHECK_AGAIN(true, true),
    NO_AND_CHECK_AGAIN(false, true);

    private final boolean runs;
    private final boolean checkAgain;

    ShouldRun(boolean runs, boolean checkAgain) {
        this.runs = runs;
        this.checkAgain = checkAgain;
    }

    public boolean runs() {
        return runs;
    }

    public boolean checkAgain() {
        return checkAgain;
    }
}
