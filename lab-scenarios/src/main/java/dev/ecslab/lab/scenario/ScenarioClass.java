package dev.ecslab.lab.scenario;

/**
 * The class of a scenario decides which criteria it judges (DESIGN §5): criteria 1, 2 and 3 on
 * regular scenarios (every system runs once per frame), criterion 7 on pausing ones, and looping
 * stages in a column of their own.
 */
public enum ScenarioClass {
    REGULAR,
    PAUSING,
    LOOPING
}
