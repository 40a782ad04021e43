package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.mutant.Mutants;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The false-pass suite through the command line a CI job runs: every mutant that an earlier gate
 * passed as exact (a strategy that throws on an answer or on an event, one two frames late, one that
 * loses changes only in looping stages or only while paused, one that leaks without reporting it, the
 * four that only large tables, clock jumps or parallel walks expose, and an executor that overlaps
 * conflicting systems only beside a caller-thread system) is measured not exact and fails
 * {@code lab gate --expect exact} with exit 1 (each under one executor in turn; under every executor in
 * the long profile), and the output names the check that caught it.
 */
class FalsePassGateTest {

    private static CommandOutput gate(Path dir, String strategy, String executor, boolean memory) {
        List<String> args = new ArrayList<>(List.of("gate", "--strategy", strategy, "--executor", executor, "--expect",
                "exact", "--tries", "0", "--quiet", "--out", dir.resolve("out-" + executor).toString()));
        if (!memory) {
            args.add("--no-memory");
        }
        return CommandOutput.run(args.toArray(String[]::new));
    }

    static final List<String> EXECUTORS = List.of("serial", "staged", "dynamic");

    /** The gate on each false-pass mutant under one executor, in turn (each executor gates a third of them). */
    @Test
    void everyFalsePassStrategyFailsTheGate(@TempDir Path dir) {
        List<Mutants.TrackerMutant> falsePass = Mutants.falsePassTrackers();
        assertThat(falsePass).extracting(m -> m.subject().id()).contains("mutant:throws-on-resource-answer",
                "mutant:throws-on-removal-event", "mutant:late-by-two-frames", "mutant:loses-in-loops",
                "mutant:ignores-pausing", "mutant:leaks-silently", "mutant:block-end-off-by-one", "mutant:group-end-off-by-one",
                "mutant:never-clamps", "mutant:row-test-ignores-additions", "mutant:expires-one-tick-early");
        for (int i = 0; i < falsePass.size(); i++) {
            assertGateFails(dir, falsePass.get(i), inTurn(i, falsePass.get(i)));
        }
    }

    /** The rest of the sweep: every false-pass mutant under the executors it did not get in turn (the long profile). */
    @Test
    @Tag("long")
    void everyFalsePassStrategyFailsTheGateUnderEveryOtherExecutor(@TempDir Path dir) {
        List<Mutants.TrackerMutant> falsePass = Mutants.falsePassTrackers();
        for (int i = 0; i < falsePass.size(); i++) {
            for (String executor : EXECUTORS) {
                if (!executor.equals(inTurn(i, falsePass.get(i)))) {
                    assertGateFails(dir, falsePass.get(i), executor);
                }
            }
        }
    }

    /** The executor the default build gives the {@code i}-th mutant: each in turn, never serial to one that needs overlap. */
    private static String inTurn(int i, Mutants.TrackerMutant m) {
        String executor = EXECUTORS.get(i % EXECUTORS.size());
        return m.needsOverlap() && executor.equals("serial") ? "dynamic" : executor;
    }

    /** The gate fails {@code m} under {@code executor} with a check of its criterion; a mutant that needs overlap passes serial. */
    private static void assertGateFails(Path dir, Mutants.TrackerMutant m, String executor) {
        boolean memory = m.killedBy().contains(dev.ecslab.lab.criteria.Criterion.BOUNDED_MEMORY);
        CommandOutput r = gate(dir, m.subject().id(), executor, memory);
        String what = m.subject().id() + " / " + executor + ":\n" + r.out() + r.err();
        System.out.println("FalsePassGateTest: " + r.out().lines().findFirst().orElse(""));
        if (m.needsOverlap() && executor.equals("serial")) {
            assertThat(r.code()).as(what + "\nno run overlaps under serial: the gate must pass").isEqualTo(0);
            return;
        }
        assertThat(r.code()).as(what).isEqualTo(1);
        assertThat(r.out()).as(what).contains(": FAIL").doesNotContain("measured exact:");
        String code = m.killedBy().stream().filter(c -> !c.isClassView()).findFirst().orElseThrow().code();
        assertThat(r.out().lines().anyMatch(l -> l.strip().startsWith("FAIL " + code + " ")))
                .as(what + "\nmust fail a check of criterion " + code).isTrue();
    }

    @Test
    void theExecutorThatOverlapsOnlyBesideCallerThreadSystemsFailsTheGate(@TempDir Path dir) {
        for (Mutants.ExecutorMutant m : Mutants.executors()) {
            if (!m.falsePass()) {
                continue;
            }
            CommandOutput r = gate(dir, "generation", m.subject().id(), false);
            String what = m.subject().id() + ":\n" + r.out() + r.err();
            System.out.println("FalsePassGateTest: " + r.out().lines().findFirst().orElse(""));
            assertThat(r.code()).as(what).isEqualTo(1);
            assertThat(r.out().lines().anyMatch(l -> l.strip().startsWith("FAIL O ordering") && l.contains("overlapped")))
                    .as(what).isTrue();
        }
    }
}
