package dev.ecslab.ecs.schedule;

import java.util.Objects;

/**
 * A named system set with an optional run criterion (the criterion decides for every member). A
 * system may belong to several sets; it runs in an iteration only when every one of its sets runs.
 *
 * @param criterionName a name for the criterion, shown in reports and kept in the JSON form
 */
public record SetDescriptor(String name, RunCriterion criterion, String criterionName) {
    public SetDescriptor {
        Objects.requireNonNull(name, "set name");
        Objects.requireNonNull(criterion, "criterion");
        Objects.requireNonNull(criterionName, "criterion name");
    }

    /** A set without a criterion: only a grouping for ordering and ambiguity rules. */
    public static SetDescriptor of(String name) {
        return new SetDescriptor(name, RunCriterion.ALWAYS, "always");
    }

    public static SetDescriptor of(String name, String criterionName, RunCriterion criterion) {
        return new SetDescriptor(name, criterion, criterionName);
    }
}
