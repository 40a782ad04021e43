package dev.ecslab.ecs.schedule;

import java.util.List;
import java.util.Objects;

/**
 * A system set: a name, an optional run criterion (the criterion decides for every member) and the
 * rules that apply to every member, as Bevy's {@code configure_sets}. A system belongs to a set when it
 * joins it ({@link SystemDescriptor#sets()}) or when the set lists it, its label, its type or another set
 * among its {@link Rules#members()}; an anonymous set (Bevy's tuple of systems) is a set with members and a
 * generated name. A system may belong to several sets; it runs in an iteration only when every one of
 * its sets runs.
 *
 * @param criterionName a name for the criterion, shown in reports and kept in the JSON form
 * @param rules         members, ordering and ambiguity rules for every member; {@link Rules#NONE} for a plain set
 * @param conditions    run conditions with what they read, for the analysis ({@link RunCondition}): each is
 *                      analysed as a reader just before every member of the set
 */
public record SetDescriptor(String name, RunCriterion criterion, String criterionName, Rules rules,
        List<RunCondition> conditions) {
    public SetDescriptor {
        Objects.requireNonNull(name, "set name");
        Objects.requireNonNull(criterion, "criterion");
        Objects.requireNonNull(criterionName, "criterion name");
        Objects.requireNonNull(rules, "rules");
        conditions = List.copyOf(conditions);
    }

    public SetDescriptor(String name, RunCriterion criterion, String criterionName, Rules rules) {
        this(name, criterion, criterionName, rules, List.of());
    }

    public SetDescriptor(String name, RunCriterion criterion, String criterionName) {
        this(name, criterion, criterionName, Rules.NONE);
    }

    /**
     * What a set says about its members. Targets and members are names of systems, labels, sets or system
     * types. {@code chain} orders the members one after the other, in the order listed (Bevy's
     * {@code chain()}); {@code chainWeak} does so weakly (only between conflicting systems). The weak
     * targets are as {@link SystemDescriptor#beforeWeak()}.
     */
    public record Rules(List<String> members, List<String> before, List<String> after, List<String> ambiguousWith,
            List<String> beforeWeak, List<String> afterWeak, boolean chain, boolean chainWeak) {
        public static final Rules NONE = new Rules(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                false, false);

        public Rules {
            members = List.copyOf(members);
            before = List.copyOf(before);
            after = List.copyOf(after);
            ambiguousWith = List.copyOf(ambiguousWith);
            beforeWeak = List.copyOf(beforeWeak);
            afterWeak = List.copyOf(afterWeak);
            if (chain && chainWeak) {
                throw new IllegalArgumentException("a set is chained strongly or weakly, not both");
            }
        }

        /** True when the set says nothing beyond its name. */
        public boolean isEmpty() {
            return equals(NONE);
        }
    }

    /** A set without a criterion: only a grouping for ordering and ambiguity rules. */
    public static SetDescriptor of(String name) {
        return new SetDescriptor(name, RunCriterion.ALWAYS, "always");
    }

    public static SetDescriptor of(String name, String criterionName, RunCriterion criterion) {
        return new SetDescriptor(name, criterion, criterionName);
    }

    /** This set with these rules. */
    public SetDescriptor withRules(Rules newRules) {
        return new SetDescriptor(name, criterion, criterionName, newRules, conditions);
    }

    /** This set with these run conditions (what they read, for the analysis) in place of its own. */
    public SetDescriptor withConditions(List<RunCondition> newConditions) {
        return new SetDescriptor(name, criterion, criterionName, rules, newConditions);
    }
}
