package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.StageRun;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Crash;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A crash of the code under test is a verdict of its own: a strategy
 * that throws in any one call (an answer, an event, the clock, a frame end, its size, its lane count,
 * or its creation) and an executor that throws (running a stage, or being created) fail the crash
 * cell with a message naming the call and the exception, are measured broken, and are never counted
 * as a failure of criterion 1, 2, 3, 8 or O: a crashed run judges nothing else. A strategy that
 * hangs (a spin that ignores interruption) is abandoned after the configured timeout, and the trace
 * says "timeout" and where it was stuck, also when it hangs while the world is being built.
 */
class CrashVerdictTest {
    static final ClassLoader LOADER = CrashVerdictTest.class.getClassLoader();
    static final List<String> EXECUTORS = List.of("serial", "dynamic");

    /** The criteria a crash must never be counted as. */
    static final List<Criterion> JUDGED_ONLY_WITHOUT_CRASH = List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE,
            Criterion.SAME_FRAME, Criterion.PURE_FUNCTION, Criterion.ORDERING, Criterion.NOT_LOST_WHEN_PAUSED,
            Criterion.LOOPING);

    static IllegalStateException boom(String call) {
        return new IllegalStateException("boom in " + call);
    }

    /** {@code generation} that never lists candidates, so every change query asks {@link #matches}. */
    static class TestedRowByRow extends ForwardingChangeTracker {
        TestedRowByRow() {
            super(new GenerationTracker());
        }

        @Override
        public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
            return null;
        }

        @Override
        public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
                RowSink sink) {
            return false;
        }
    }

    static final class ThrowsInTest extends TestedRowByRow {
        @Override
        public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
                TrackedRows column, int row) {
            throw boom("test");
        }
    }

    static final class ThrowsInRemovedAnswer extends ForwardingChangeTracker {
        ThrowsInRemovedAnswer() {
            super(new GenerationTracker());
        }

        @Override
        public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
            throw boom("removed");
        }
    }

    static final class ThrowsInResourceAnswer extends ForwardingChangeTracker {
        ThrowsInResourceAnswer() {
            super(new GenerationTracker());
        }

        @Override
        public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            throw boom("resource");
        }
    }

    static final class ThrowsInMutatedEvent extends ForwardingChangeTracker {
        ThrowsInMutatedEvent() {
            super(new GenerationTracker());
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
            throw boom("mutated");
        }
    }

    static final class ThrowsInRunFinished extends ForwardingChangeTracker {
        ThrowsInRunFinished() {
            super(new GenerationTracker());
        }

        @Override
        public void onRunFinished(SystemTicks run) {
            super.onRunFinished(run);
            throw boom("runFinished");
        }
    }

    static final class ThrowsInFrameEnded extends ForwardingChangeTracker {
        ThrowsInFrameEnded() {
            super(new GenerationTracker());
        }

        @Override
        public void onFrameEnded() {
            throw boom("frameEnded");
        }
    }

    static final class ThrowsInMemoryBytes extends ForwardingChangeTracker {
        ThrowsInMemoryBytes() {
            super(new GenerationTracker());
        }

        @Override
        public long memoryBytes() {
            throw boom("memoryBytes");
        }
    }

    static final class ThrowsInLaneCount extends ForwardingChangeTracker {
        ThrowsInLaneCount() {
            super(new GenerationTracker());
        }

        @Override
        public int laneCount() {
            throw boom("laneCount");
        }
    }

    /** A throwing strategy, and what its crash cell's message must say. */
    record Thrower(TrackerSubject subject, String call, String exception) {
    }

    static Thrower thrower(String id, Supplier<ChangeTracker> factory, String call, String thrownIn) {
        return new Thrower(new TrackerSubject(id, ChangeFlavor.DEFAULT, ClaimedClass.EXACT, "generation that throws in "
                + thrownIn, factory), call, "threw java.lang.IllegalStateException: boom in " + thrownIn);
    }

    static List<Thrower> throwers() {
        return List.of(
                thrower("throws-in-test", ThrowsInTest::new, " in matches(", "test"),
                thrower("throws-in-removed-answer", ThrowsInRemovedAnswer::new, " in removedSince(DEFAULT) of ", "removed"),
                thrower("throws-in-resource-answer", ThrowsInResourceAnswer::new, " in resourceMatches(", "resource"),
                thrower("throws-in-mutated-event", ThrowsInMutatedEvent::new, " in onMutated(", "mutated"),
                thrower("throws-in-run-finished", ThrowsInRunFinished::new, " in onRunFinished(", "runFinished"),
                thrower("throws-in-frame-ended", ThrowsInFrameEnded::new, " in onFrameEnded()", "frameEnded"),
                thrower("throws-in-memory-bytes", ThrowsInMemoryBytes::new, " in memoryBytes()", "memoryBytes"),
                thrower("throws-in-lane-count", ThrowsInLaneCount::new, " in laneCount()", "laneCount"),
                thrower("throws-in-create", () -> {
                    throw boom("create");
                }, " in creating the tracker (throws-in-create)", "create"));
    }

    static Matrix strategies;

    @BeforeAll
    static void runTheCatalogueOnTheThrowers() {
        List<TrackerSubject> subjects = new ArrayList<>();
        throwers().forEach(t -> subjects.add(t.subject()));
        subjects.add(TrackerSubject.find("generation", LOADER));            // the control: same code, no throw
        List<ExecutorSubject> executors = new ArrayList<>();
        EXECUTORS.forEach(e -> executors.add(ExecutorSubject.of(e)));
        strategies = new Lab(LabOptions.defaults().withTries(0).withMemory(false)).run(subjects, executors, Catalogue.all());
    }

    @Test
    void aStrategyThatThrowsInAnyOneCallFailsTheCrashCellNamingTheCallAndIsBroken() {
        for (Thrower t : throwers()) {
            for (String e : EXECUTORS) {
                Row row = strategies.row(t.subject().label(), e);
                String where = t.subject().id() + " / " + e;
                Cell crash = row.cell(Criterion.CRASH);
                assertThat(crash.fails()).as(where).isTrue();
                Counterexample first = crash.first();
                assertThat(first.message()).as(where).contains(t.call()).contains(t.exception())
                        .startsWith("the strategy threw ");
                assertThat(row.measured()).as(where).isEqualTo(MeasuredClass.BROKEN);
                assertThat(row.agrees()).as(where).isFalse();
                for (Criterion c : JUDGED_ONLY_WITHOUT_CRASH) {
                    assertThat(row.cell(c).fails()).as(where + ": a crash counted as " + c + ": " + row.cell(c).first())
                            .isFalse();
                }
                assertThat(row.skipped()).as(where).isNull();
            }
        }
        for (String e : EXECUTORS) {
            Row control = strategies.row("generation", e);
            assertThat(control.cell(Criterion.CRASH).passes()).as("generation / " + e).isTrue();
            assertThat(control.measured()).as("generation / " + e).isEqualTo(MeasuredClass.EXACT);
        }
    }

    @Test
    void aCrashedRunJudgesNothingButTheCrash() {
        for (Thrower t : throwers()) {
            int crashedRuns = 0;
            for (Target target : Target.values()) {
                Scenario s = Catalogue.basic(target);
                for (String e : EXECUTORS) {
                    Trace trace = ScenarioRunner.run(s, new LabConfig(t.subject(), ExecutorSubject.of(e), 1));
                    if (trace.crashes().isEmpty()) {
                        continue;
                    }
                    crashedRuns++;
                    String where = t.subject().id() + " / " + e + " / " + s.name();
                    assertThat(trace.crashes()).as(where).allSatisfy(c -> {
                        assertThat(c.source()).isEqualTo("strategy");
                        assertThat(c.describe()).contains(t.call()).contains(t.exception());
                    });
                    Outcome o = Judge.judge(s, trace);
                    assertThat(o.violations()).as(where).isNotEmpty().extracting(Violation::criterion)
                            .containsOnly(Criterion.CRASH);
                    assertThat(o.evidence()).as(where).containsOnlyKeys(Criterion.CRASH);
                    assertThat(o.obligations()).as(where).isEmpty();
                }
            }
            assertThat(crashedRuns).as(t.subject().id() + " must crash in Basic under both executors").isGreaterThanOrEqualTo(2);
        }
    }

    /**
     * A tracker that throws as a run finishes fails that run under every executor: the frame ends
     * there with the system's failure, the exception is the strategy's alone (the executor is not
     * blamed for it), and no worker thread dies of it.
     */
    @Test
    void aStrategyThatThrowsAsARunFinishesFailsThatRunUnderEveryExecutor() {
        Thrower t = throwers().stream().filter(x -> x.subject().id().equals("throws-in-run-finished")).findFirst()
                .orElseThrow();
        Scenario s = Catalogue.basic(Target.COMPONENT);
        List<String> uncaught = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> uncaught.add(thread.getName() + ": " + e));
        try {
            for (String e : List.of("serial", "staged", "dynamic")) {
                Trace trace = ScenarioRunner.run(s, new LabConfig(t.subject(), ExecutorSubject.of(e), 1));
                assertThat(trace.crashes()).as(e).isNotEmpty().allSatisfy(c -> {
                    assertThat(c.source()).isEqualTo("strategy");
                    assertThat(c.describe()).contains(t.call()).contains(t.exception());
                });
                assertThat(trace.errors()).as(e + ": the frame ends with the system's failure")
                        .anyMatch(x -> x.startsWith("frame 0: dev.ecslab.ecs.executor.SystemFailedException"));
                assertThat(trace.runs()).as(e + ": nothing runs after the failing frame").allMatch(r -> r.frame() == 0);
            }
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
        assertThat(uncaught).as("threads that died of the strategy's exception").isEmpty();
    }

    // ------------------------------------------------------------------ executors

    /** An executor that throws whenever it is asked to run a stage. */
    static final class ThrowsInExecute implements Executor {
        @Override
        public String id() {
            return "throws-in-execute";
        }

        @Override
        public void execute(StageRun run) {
            throw boom("execute");
        }
    }

    @Test
    void anExecutorThatThrowsInExecuteOrInItsFactoryIsACrashAttributedToTheExecutor() {
        ExecutorSubject inExecute = new ExecutorSubject("throws-in-execute", options -> new ThrowsInExecute());
        ExecutorSubject inFactory = new ExecutorSubject("throws-in-factory", options -> {
            throw boom("factory");
        });
        Matrix m = new Lab(LabOptions.defaults().withTries(0).withMemory(false)).run(
                List.of(TrackerSubject.find("generation", LOADER)), List.of(inExecute, inFactory), Catalogue.all());
        List<String[]> expected = List.of(
                new String[] {"throws-in-execute", "the executor threw java.lang.IllegalStateException: boom in execute in"
                        + " execute(stage '"},
                new String[] {"throws-in-factory", "the executor threw java.lang.IllegalStateException: boom in factory in"
                        + " creating the executor (throws-in-factory)"});
        for (String[] x : expected) {
            Row row = m.row("generation", x[0]);
            assertThat(row.cell(Criterion.CRASH).fails()).as(x[0]).isTrue();
            assertThat(row.cell(Criterion.CRASH).first().message()).as(x[0]).startsWith(x[1]);
            assertThat(row.measured()).as(x[0]).isEqualTo(MeasuredClass.BROKEN);
            for (Criterion c : JUDGED_ONLY_WITHOUT_CRASH) {
                assertThat(row.cell(c).fails()).as(x[0] + ": a crash counted as " + c).isFalse();
                assertThat(row.cell(c).judgedAtAll()).as(x[0] + ": every run crashed, so " + c + " judged nothing").isFalse();
            }
        }
    }

    // ------------------------------------------------------------------ hangs

    /** Spins in {@link #matches} until released: interruption does not stop it. */
    static final class SpinsInTest extends TestedRowByRow {
        static final AtomicBoolean RELEASED = new AtomicBoolean();

        @Override
        public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
                TrackedRows column, int row) {
            spinUntil(RELEASED);
            return super.matches(kind, flavor, reader, componentId, entityIndex, column, row);
        }
    }

    /** Spins in {@link #attach}, that is while the world is being built, until released. */
    static final class SpinsInAttach extends ForwardingChangeTracker {
        static final AtomicBoolean RELEASED = new AtomicBoolean();

        SpinsInAttach() {
            super(new GenerationTracker());
        }

        @Override
        public void attach(TrackerHost host) {
            spinUntil(RELEASED);
            super.attach(host);
        }
    }

    /**
     * A real hang: a busy spin that ignores interruption. It only ends when the test releases it
     * after its assertions, so that the abandoned thread does not burn a core for the rest of the
     * suite.
     */
    static void spinUntil(AtomicBoolean released) {
        while (!released.get()) {
            Thread.onSpinWait();
        }
    }

    static Trace runWithTimeout(Scenario s, TrackerSubject subject, Duration timeout) {
        LabConfig config = new LabConfig(subject, ExecutorSubject.of("serial"), 1).withTimeout(timeout);
        return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> ScenarioRunner.run(s, config),
                "the lab must give up on a hanging strategy after its own timeout");
    }

    static void assertTimedOutIn(Trace trace, String method, Scenario s) {
        assertThat(trace.timedOut()).isTrue();
        assertThat(trace.crashes()).filteredOn(c -> c.call().equals("timeout")).singleElement().satisfies(c -> {
            assertThat(c.source()).isEqualTo("run");
            assertThat(c.exception()).contains("did not finish within 2 s");
            assertThat(c.frames()).as("where it was stuck").anyMatch(f -> f.contains(method));
            assertThat(c.describe()).contains("in timeout").contains(method);
        });
        assertThat(trace.errors()).anyMatch(e -> e.startsWith("timeout: the run did not finish within 2 s")
                && e.contains(method));
        Outcome o = Judge.judge(s, trace);
        assertThat(o.violations()).extracting(Violation::criterion).containsOnly(Criterion.CRASH);
        assertThat(o.violations()).anyMatch(v -> v.message().contains("in timeout") && v.message().contains(method));
    }

    @Test
    void aStrategyThatHangsInAnAnswerIsAbandonedAfterTheTimeoutNamingWhereItWasStuck() {
        Scenario s = Catalogue.basic(Target.COMPONENT);
        TrackerSubject spinner = new TrackerSubject("spins-in-test", ChangeFlavor.DEFAULT, ClaimedClass.EXACT,
                "generation that spins forever in test", SpinsInTest::new);
        try {
            long start = System.nanoTime();
            Trace trace = runWithTimeout(s, spinner, Duration.ofSeconds(2));
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            assertThat(seconds).as("seconds until the lab gave up").isLessThan(15);
            assertTimedOutIn(trace, "SpinsInTest.matches", s);
        } finally {
            SpinsInTest.RELEASED.set(true);
        }
    }

    @Test
    void aStrategyThatHangsWhileTheWorldIsBuiltIsAbandonedToo() {
        Scenario s = Catalogue.basic(Target.COMPONENT);
        TrackerSubject spinner = new TrackerSubject("spins-in-attach", ChangeFlavor.DEFAULT, ClaimedClass.EXACT,
                "generation that spins forever in attach", SpinsInAttach::new);
        try {
            Trace trace = runWithTimeout(s, spinner, Duration.ofSeconds(2));
            assertTimedOutIn(trace, "SpinsInAttach.attach", s);
            assertThat(trace.runs()).as("no system ran").isEmpty();
        } finally {
            SpinsInAttach.RELEASED.set(true);
        }
    }

    @Test
    void theCrashDescriptionNamesSourceCallExceptionAndFrame() {
        Crash c = new Crash("strategy", "onFrameEnded()", null, null, "java.lang.IllegalStateException: boom", List.of(
                "a.B.frameEnded(B.java:3)"), 4);
        assertThat(c.describe()).isEqualTo("the strategy threw java.lang.IllegalStateException: boom in onFrameEnded() during"
                + " frame 4, at a.B.frameEnded(B.java:3)");
    }
}
