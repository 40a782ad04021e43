package dev.ecslab.lab.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A run keeps the first violation of each criterion, scope, classes and lateness, with how many it stands for:
 * a broken strategy violating one criterion 20 000 times in one run keeps one failure of count 20 000, in the
 * judge's order, and the fold's figures (failing runs, late reports) stay what they were.
 */
class FailureCollapseTest {
    private static final Scope CHANGED = new Scope(false, WatchKind.CHANGED);

    private static Violation violation(Criterion c, String message, ScenarioClass cls) {
        return new Violation(c, CHANGED, message, null, Set.of(cls));
    }

    @Test
    void manyViolationsOfOneKindAreOneFailureWithTheirCountInTheJudgesOrder() {
        List<Violation> vs = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            vs.add(violation(Criterion.AT_LEAST_ONCE, "missed change " + i, ScenarioClass.REGULAR));
        }
        vs.add(1, violation(Criterion.AT_MOST_ONCE, "reported twice", ScenarioClass.REGULAR));
        vs.add(violation(Criterion.AT_LEAST_ONCE, "missed in a loop", ScenarioClass.LOOPING));
        List<RunResult.Failure> fs = RunResult.collapse(vs);
        assertThat(fs).extracting(RunResult.Failure::message).containsExactly("missed change 0", "reported twice",
                "missed in a loop");
        assertThat(fs).extracting(RunResult.Failure::count).containsExactly(20_000, 1, 1);
    }

    @Test
    void aFailureReadWithoutACountStandsForOne() {
        assertThat(new RunResult.Failure(Criterion.AT_LEAST_ONCE, null, "m", Set.of(), false, 0).count()).isEqualTo(1);
    }

    /**
     * The fold counts the late reports a failure stands for, not one per failure: three late reports collapsed
     * into one failure are three in criterion 1's delay figures, as they were before collapsing.
     */
    @Test
    void theFoldCountsEveryLateReportAFailureStandsFor() {
        RunResult.Failure late = new RunResult.Failure(Criterion.AT_LEAST_ONCE, CHANGED, "reported late",
                Set.of(ScenarioClass.REGULAR), true, 3);
        RunResult run = new RunResult(7, "generation / serial", "a test", null, java.util.Map.of(), List.of(), List.of(late),
                null, null, null);
        var tally = RowFold.run(new Judged(run, null), 0, 0, (c, scope) -> false, (k, first) -> null);
        assertThat(tally.cell(Criterion.AT_LEAST_ONCE).delays().tooLate()).isEqualTo(3);
        assertThat(tally.cell(Criterion.AT_LEAST_ONCE).delaysByClass().get(ScenarioClass.REGULAR).tooLate()).isEqualTo(3);
        assertThat(tally.cell(Criterion.AT_LEAST_ONCE).failedRuns()).as("still one failing run").isEqualTo(1);
    }
}
