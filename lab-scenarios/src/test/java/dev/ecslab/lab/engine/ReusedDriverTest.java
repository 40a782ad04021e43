package dev.ecslab.lab.engine;

import static dev.ecslab.lab.engine.HostileDriverTest.SCENARIO;
import static dev.ecslab.lab.engine.HostileDriverTest.driver;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A driver that declares itself reusable keeps one process across runs, and that changes no verdict: the reference
 * driver reused gives every catalogue scenario the same detections, end state and violations as a fresh process per
 * run. Reuse is never blind to failure: a driver whose {@code reset} answers {@code ok:false} or hangs is ended, with
 * its children, and the next run gets a fresh process; and a driver that lies about its reset is caught by the
 * criteria, in the later run its leftover state spoils. Closing the subject ends the idle process.
 */
class ReusedDriverTest {
    static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);
    static final Duration HELLO_TIMEOUT = Duration.ofSeconds(15);

    /**
     * No process this JVM started lives, no {@code sleep 1001} that {@code reset-hangs.mjs} started lives anywhere, and
     * no thread reads a driver. (Not {@link HostileDriverTest#assertNoDriverLeft}, whose search for its drivers'
     * {@code sleep 1000} children anywhere on the machine also finds those of another checkout's tests run at the same
     * time.)
     */
    static void assertNoDriverLeft() {
        java.util.function.Predicate<ProcessHandle> resetChild = h -> h.isAlive()
                && h.info().command().map(c -> c.endsWith("sleep")).orElse(false)
                && h.info().arguments().map(a -> List.of(a).equals(List.of("1001"))).orElse(false);
        HostileDriverTest.awaitDescendants();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(HostileDriverTest::words))
                .as("processes the test started").isEmpty();
        assertThat(ProcessHandle.allProcesses().filter(resetChild).map(HostileDriverTest::words))
                .as("children reset-hangs.mjs started").isEmpty();
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("ecslab-driver-"))).as("threads reading a driver").isEmpty();
    }

    static ProcessEngineProvider provider(List<String> command, boolean reuse, Duration resetTimeout) {
        ProcessEngineProvider probe = ProcessEngineProvider.probe(command, null, HELLO_TIMEOUT);
        return new ProcessEngineProvider(probe.contract(), command, null, HELLO_TIMEOUT, reuse, resetTimeout);
    }

    static EngineSubject subject(ProcessEngineProvider p) {
        return new EngineSubject(p.contract(), p, null);
    }

    static List<String> violations(Scenario s, Trace t, Criterion c) {
        return Judge.judge(s, t).violations().stream().filter(v -> v.criterion() == c).map(Violation::message).toList();
    }

    @Test
    void theReusedReferenceDriverJudgesEveryScenarioAsFreshProcessesDo() {
        List<String> command = ProcessEngineTest.referenceDriver();
        ProcessEngineProvider fresh = provider(command, false, ProcessEngineProvider.RESET_TIMEOUT);
        ProcessEngineProvider reused = provider(command, true, ProcessEngineProvider.RESET_TIMEOUT);
        int ran = 0;
        try (EngineSubject a = subject(fresh); EngineSubject b = subject(reused)) {
            for (Scenario s : Catalogue.all()) {
                if (!a.contract().cannotExpress(s).isEmpty()) {
                    continue;
                }
                Trace one = EngineRunner.run(s, a, 1L, RUN_TIMEOUT);
                Trace other = EngineRunner.run(s, b, 1L, RUN_TIMEOUT);
                Outcome x = Judge.judge(s, one);
                Outcome y = Judge.judge(s, other);
                assertThat(other.detections()).as(s.name() + ": detections").isEqualTo(one.detections());
                assertThat(other.finalState()).as(s.name() + ": end state").isEqualTo(one.finalState());
                assertThat(y.violations().stream().map(Violation::message).toList()).as(s.name() + ": violations")
                        .isEqualTo(x.violations().stream().map(Violation::message).toList());
                assertThat(other.crashes()).as(s.name() + ": crashes").isEmpty();
                ran++;
            }
        }
        assertThat(ran).isGreaterThan(10);
        assertThat(fresh.started()).as("fresh processes, one per run").isEqualTo(ran);
        assertThat(fresh.reused()).isZero();
        assertThat(reused.started()).as("processes the reusing provider started").isEqualTo(1);
        assertThat(reused.reused()).isEqualTo(ran - 1);
        assertNoDriverLeft();
    }

    @Test
    void anIdleProcessWaitsForTheNextRunAndEndsWithItsSubject() {
        ProcessEngineProvider p = provider(driver("reusable.mjs"), true, ProcessEngineProvider.RESET_TIMEOUT);
        try (EngineSubject s = subject(p)) {
            EngineRunner.run(SCENARIO, s, 1L, RUN_TIMEOUT);
            assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count())
                    .as("the idle process").isEqualTo(1);
            EngineRunner.run(SCENARIO, s, 1L, RUN_TIMEOUT);
            assertThat(p.started()).isEqualTo(1);
            assertThat(p.reused()).isEqualTo(1);
        }
        assertNoDriverLeft();
    }

    @Test
    void aResetAnsweredOkFalseEndsTheProcessAndTheNextRunGetsAFreshOne() {
        ProcessEngineProvider p = provider(driver("reset-refused.mjs"), true, ProcessEngineProvider.RESET_TIMEOUT);
        try (EngineSubject s = subject(p)) {
            Trace first = EngineRunner.run(SCENARIO, s, 1L, RUN_TIMEOUT);
            assertThat(first.crashes()).as("the run was clean; its reset is not held against it").isEmpty();
            assertNoDriverLeft();
            Trace second = EngineRunner.run(SCENARIO, s, 1L, RUN_TIMEOUT);
            assertThat(second.crashes()).isEmpty();
            assertThat(p.started()).as("a fresh process for each run").isEqualTo(2);
            assertThat(p.reused()).isZero();
        }
        assertNoDriverLeft();
    }

    @Test
    void aResetThatHangsEndsTheProcessAndItsChildrenAndTheNextRunGetsAFreshOne() {
        ProcessEngineProvider p = provider(driver("reset-hangs.mjs"), true, Duration.ofSeconds(1));
        try (EngineSubject s = subject(p)) {
            Trace first = EngineRunner.run(SCENARIO, s, 1L, RUN_TIMEOUT);
            assertThat(first.crashes()).isEmpty();
            assertNoDriverLeft();
            Trace second = EngineRunner.run(SCENARIO, s, 1L, RUN_TIMEOUT);
            assertThat(second.crashes()).isEmpty();
            assertThat(p.started()).isEqualTo(2);
            assertThat(p.reused()).isZero();
        }
        assertNoDriverLeft();
    }

    @Test
    void aDriverThatKeepsItsWorldAcrossResetIsCaughtInTheRunItSpoils() {
        ProcessEngineProvider p = provider(driver("keeps-state.mjs"), true, ProcessEngineProvider.RESET_TIMEOUT);
        List<List<String>> pure = new ArrayList<>();
        // the first run leaves a resource behind; the second, on entities only, finds it in its end state
        List<Scenario> runs = List.of(Catalogue.basic(Catalogue.Target.RESOURCE), Catalogue.basic(Catalogue.Target.COMPONENT));
        try (EngineSubject s = subject(p)) {
            for (Scenario scenario : runs) {
                Trace t = EngineRunner.run(scenario, s, 1L, RUN_TIMEOUT);
                assertThat(t.crashes()).isEmpty();
                pure.add(violations(scenario, t, Criterion.PURE_FUNCTION));
            }
            assertThat(p.reused()).as("the second run reused the process").isEqualTo(1);
        }
        assertThat(pure.get(0)).as("criterion 8 in the first run, on a fresh world").isEmpty();
        assertThat(pure.get(1)).as("criterion 8 in the second run, on the first run's leftovers").isNotEmpty();
        assertNoDriverLeft();
    }
}
