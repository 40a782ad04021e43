package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.query.FilterSatisfiability;
import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Filters too large for their normal form (ten or more {@code or} terms under an {@code and}) used to be
 * treated as "matches anything", so a pair that cannot conflict was reported. They are now decided by
 * the solver; a pair the solver cannot decide within its budget is reported as undecided, never dropped
 * and never shown as a proved conflict.
 */
class LargeFilterAmbiguityTest {
    /** {@code and} of twelve {@code or(with Ai, with Bi)}: 4 096 clauses. */
    private static String wideFilter() {
        List<String> ors = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ors.add("{\"or\": [{\"with\": \"A" + i + "\"}, {\"with\": \"B" + i + "\"}]}");
        }
        return "{\"and\": [" + String.join(", ", ors) + "]}";
    }

    private static LoadedSchedule schedule(String otherFilter) {
        return ScheduleJsonTest.read("""
                {"stages": [{"name": "update", "systems": [
                  {"name": "wide", "access": {"queries": [{"write": ["Position"], "filter": %s}]}},
                  {"name": "narrow", "access": {"queries": [{"read": ["Position"], "filter": %s}]}}
                ]}]}""".formatted(wideFilter(), otherFilter));
    }

    @Test
    void aPairThatCannotMeetIsNotReportedHoweverLargeItsFilter() {
        AmbiguityReport report = schedule("{\"and\": [{\"without\": \"A3\"}, {\"without\": \"B3\"}]}").ambiguities();
        assertThat(report.isEmpty()).as(report.format()).isTrue();
    }

    @Test
    void aPairThatCanMeetIsReportedAsAProvedConflict() {
        AmbiguityReport report = schedule("{\"without\": \"A3\"}").ambiguities();
        assertThat(report.pairs()).containsExactly(new Ambiguity("update", "wide", "narrow", List.of("Position")));
        assertThat(report.undecided()).isZero();
    }

    @Test
    void aPairPastTheSolversBudgetIsReportedAsUndecided() {
        String old = System.getProperty(FilterSatisfiability.MAX_STEPS.property());
        System.setProperty(FilterSatisfiability.MAX_STEPS.property(), "3");
        try {
            AmbiguityReport report = schedule("{\"and\": [{\"without\": \"A3\"}, {\"without\": \"B3\"}]}").ambiguities();
            assertThat(report.pairs()).containsExactly(new Ambiguity("update", "wide", "narrow", List.of("Position"), true));
            assertThat(report.undecided()).isEqualTo(1);
            assertThat(report.format()).contains("may conflict on (undecided", "1 of these pair(s) are undecided",
                    "-Decslab.limit.filterSteps=N");
        } finally {
            if (old == null) {
                System.clearProperty(FilterSatisfiability.MAX_STEPS.property());
            } else {
                System.setProperty(FilterSatisfiability.MAX_STEPS.property(), old);
            }
        }
    }
}
