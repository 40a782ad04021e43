package dev.ecslab.lab.scenario;

/**
 * The scenario classes on which criteria 1 and 2 are judged and shown apart (the weakest decides the
 * measured class). The first three are a scenario's <em>structure</em> ({@link Scenario#structure()}):
 * regular (every system runs once per frame), pausing (some system is skipped in some frame by its run
 * criterion) and looping (a stage runs several iterations in a frame). The last two are about the change
 * judged: {@link #COMMANDS} when it was made by an applied command, {@link #RESOURCES} when it is a
 * resource's. A judged change belongs to its scenario's structure class and to each of the other two
 * that applies; a configuration's measured class is the weakest over all five, so a change lost only
 * while paused, only in a loop, only by commands or only for resources is still a lost change.
 */
public enum ScenarioClass {
    REGULAR("regular"),
    PAUSING("pausing"),
    LOOPING("looping"),
    COMMANDS("commands"),
    RESOURCES("resources");

    private final String title;

    ScenarioClass(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    /** True for the three structure classes. */
    public boolean isStructure() {
        return this == REGULAR || this == PAUSING || this == LOOPING;
    }

    @Override
    public String toString() {
        return title;
    }
}
