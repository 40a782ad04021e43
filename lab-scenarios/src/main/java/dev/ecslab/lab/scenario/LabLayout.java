package dev.ecslab.lab.scenario;

import dev.ecslab.ecs.component.ValueLayout;
import java.util.List;

/**
 * On which value layout the lab runs each scenario ({@code --layout}). A strategy's class must hold
 * whatever the layout, and the two layouts take different code paths (a reference stored and
 * mutated in place, or fields split into primitive arrays and copies stored back), so the default
 * runs both.
 *
 * <p>The choice is a function of the scenario (its seed for the campaign), never of timing, and it
 * is written into every scenario the lab records, so a replay runs on the layout that failed.
 */
public enum LabLayout {
    /**
     * The default: the catalogue as written (references unless a scenario says otherwise), and each
     * campaign scenario on the layout the generator drew for it (its last draw, even odds), so about
     * half the campaign runs on each.
     */
    MIXED,
    /** Every scenario, catalogue and campaign, with its components stored as references. */
    REFERENCES,
    /** Every scenario, catalogue and campaign, with its components stored in columns. */
    COLUMNAR;

    /** The catalogue scenario {@code s} as this choice runs it. */
    public Scenario catalogue(Scenario s) {
        return switch (this) {
            case MIXED -> s;
            case REFERENCES -> s.layout() == null ? s : s.withLayout(ValueLayout.REFERENCES);
            case COLUMNAR -> s.layout() == ValueLayout.COLUMNAR ? s : s.withLayout(ValueLayout.COLUMNAR);
        };
    }

    /** The whole catalogue as this choice runs it. */
    public List<Scenario> catalogue(List<Scenario> scenarios) {
        return this == MIXED ? scenarios : scenarios.stream().map(this::catalogue).toList();
    }

    /** The campaign scenario {@code s} as this choice runs it. */
    public Scenario campaign(Scenario s) {
        return catalogue(s);
    }

    /** What this choice runs, in words, for a report's header. */
    public String describe() {
        return switch (this) {
            case MIXED -> "layouts mixed (the catalogue as written, about half the random scenarios in columns)";
            case REFERENCES -> "every component stored as references";
            case COLUMNAR -> "every component stored in columns";
        };
    }

    /** The option's spelling. */
    public String option() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
