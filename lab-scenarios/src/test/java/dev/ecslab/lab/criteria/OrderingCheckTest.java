package dev.ecslab.lab.criteria;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioModel;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Criterion O ({@link OrderingCheck}) fails on each kind of ordering violation and names the systems
 * concerned, and passes the same trace untouched. Each test takes a real trace of a correct run
 * ({@code generation} under {@code serial}), rewrites the lab's evidence in it (a run's interval, its
 * thread, a missing or extra run, the order of the runner's command applications), and checks the
 * verdict: conflicting runs that overlap, any run beside an exclusive one, a caller-thread system on
 * another thread, a declared before/after and an insertion-order edge broken, a missing, repeated and
 * forbidden run, and command buffers applied out of the lab's order. The untouched traces of the whole
 * catalogue under every built-in executor have no violation.
 */
class OrderingCheckTest {
    static final ClassLoader LOADER = OrderingCheckTest.class.getClassLoader();

    static Trace realTrace(Scenario s, String executor, long seed) {
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of(executor),
                seed));
        assertThat(t.crashed()).as(t.errors() + " " + t.crashes()).isFalse();
        return t;
    }

    static Trace realTrace(Scenario s) {
        return realTrace(s, "serial", 1);
    }

    static List<String> check(Scenario s, Trace t) {
        return OrderingCheck.check(s, t, ScenarioModel.of(s));
    }

    static Trace withRuns(Trace t, List<RunRecord> runs) {
        return new Trace(t.scenario(), t.config(), runs, t.changes(), t.detections(), t.memory(), t.finalState(), t.errors(),
                t.events(), t.crashes());
    }

    static Trace withEvents(Trace t, List<Trace.Event> events) {
        return new Trace(t.scenario(), t.config(), t.runs(), t.changes(), t.detections(), t.memory(), t.finalState(),
                t.errors(), events, t.crashes());
    }

    /** The trace with the one run of {@code system} in {@code frame} (iteration 0) replaced. */
    static Trace rewrite(Trace t, String system, long frame, UnaryOperator<RunRecord> change) {
        RunRecord target = run(t, system, frame);
        List<RunRecord> runs = new ArrayList<>();
        for (RunRecord r : t.runs()) {
            runs.add(r == target ? change.apply(r) : r);
        }
        return withRuns(t, runs);
    }

    static RunRecord run(Trace t, String system, long frame) {
        List<RunRecord> found = t.runs().stream().filter(r -> r.system().equals(system) && r.frame() == frame
                && r.iteration() == 0).toList();
        assertThat(found).as(system + " in frame " + frame).hasSize(1);
        return found.get(0);
    }

    static RunRecord interval(RunRecord r, long start, long finish) {
        return new RunRecord(r.id(), r.system(), r.stage(), r.frame(), r.iteration(), start, finish, r.thread(), r.tick(),
                r.lastRunTick(), r.failure(), r.callerThread());
    }

    static RunRecord onThread(RunRecord r, String thread, boolean callerThread) {
        return new RunRecord(r.id(), r.system(), r.stage(), r.frame(), r.iteration(), r.startSeq(), r.finishSeq(), thread,
                r.tick(), r.lastRunTick(), r.failure(), callerThread);
    }

    /**
     * The same trace with every lab sequence number (runs, events, changes) multiplied by ten: the
     * same order, with room between numbers to place a rewritten run.
     */
    static Trace scaled(Trace t) {
        List<RunRecord> runs = t.runs().stream().map(r -> interval(r, r.startSeq() * 10, r.finishSeq() * 10)).toList();
        List<Trace.Event> events = t.events().stream().map(e -> new Trace.Event(e.seq() * 10, e.kind(), e.frame(), e.stage(),
                e.iteration(), e.system(), e.thread())).toList();
        List<ChangeRecord> changes = t.changes().stream().map(c -> new ChangeRecord(c.id(), c.author(), c.authorRun(),
                c.seq() * 10, c.frame(), c.data(), c.entity(), c.type(), c.cause())).toList();
        return new Trace(t.scenario(), t.config(), runs, changes, t.detections(), t.memory(), t.finalState(), t.errors(),
                events, t.crashes());
    }

    /**
     * Moves the later-started of two runs in {@code frame} inside the earlier one's interval, so the
     * two overlap and neither overlaps anything else.
     */
    static Trace overlap(Trace t, String a, String b, long frame) {
        Trace s = scaled(t);
        RunRecord ra = run(s, a, frame);
        RunRecord rb = run(s, b, frame);
        RunRecord first = ra.startSeq() < rb.startSeq() ? ra : rb;
        RunRecord second = first == ra ? rb : ra;
        return rewrite(s, second.system(), frame, r -> interval(r, first.startSeq() + 1, first.startSeq() + 2));
    }

    /** Gives two runs of one frame each other's interval: the later one now runs first. */
    static Trace swap(Trace t, String a, String b, long frame) {
        RunRecord ra = run(t, a, frame);
        RunRecord rb = run(t, b, frame);
        Trace once = rewrite(t, a, frame, r -> interval(r, rb.startSeq(), rb.finishSeq()));
        return rewrite(once, b, frame, r -> interval(r, ra.startSeq(), ra.finishSeq()));
    }

    // ------------------------------------------------------------------ overlaps

    static Scenario twoWritersAndABystander() {
        return Scenario.builder("two writers")
                .entity("e0", java.util.Map.of(Data.A, 0, Data.B, 0))
                .stage("update", st -> st
                        .system("w1", x -> x.writes(Data.A))
                        .system("w2", x -> x.writes(Data.A))
                        .system("bystander", x -> x.writes(Data.B)))
                .frames(1)
                .set(0, "w1", "e0", Data.A, 1)
                .set(0, "w2", "e0", Data.A, 2)
                .set(0, "bystander", "e0", Data.B, 3)
                .build();
    }

    @Test
    void conflictingRunsWhoseLabIntervalsOverlapFailNamingBoth() {
        Scenario s = twoWritersAndABystander();
        Trace real = realTrace(s);
        assertThat(check(s, real)).isEmpty();

        Trace bad = overlap(real, "w1", "w2", 0);
        RunRecord w1 = run(bad, "w1", 0);
        RunRecord w2 = run(bad, "w2", 0);
        RunRecord first = w1.startSeq() < w2.startSeq() ? w1 : w2;
        RunRecord second = first == w1 ? w2 : w1;
        assertThat(check(s, bad)).containsExactly(first + " and " + second + " overlapped although they conflict on [A]");

        Trace harmless = overlap(real, "w1", "bystander", 0);
        assertThat(check(s, harmless)).as("overlapping runs that do not conflict are fine").isEmpty();
    }

    static Scenario kinds() {
        return Scenario.builder("kinds")
                .entity("e0", java.util.Map.of(Data.A, 0, Data.B, 0))
                .stage("update", st -> st
                        .system("ex", x -> x.exclusive().writes(Data.A))
                        .system("mt", x -> x.mainThread().writes(Data.S))
                        .system("plain", x -> x.writes(Data.B)))
                .frames(1)
                .set(0, "ex", "e0", Data.A, 1)
                .set(0, "plain", "e0", Data.B, 2)
                .build();
    }

    @Test
    void anyRunOverlappingAnExclusiveRunFailsNamingTheExclusiveSystem() {
        Scenario s = kinds();
        Trace real = realTrace(s);
        assertThat(check(s, real)).isEmpty();

        for (String other : List.of("plain", "mt")) {
            Trace bad = overlap(real, "ex", other, 1);
            RunRecord ex = run(bad, "ex", 1);
            RunRecord o = run(bad, other, 1);
            RunRecord first = ex.startSeq() < o.startSeq() ? ex : o;
            RunRecord second = first == ex ? o : ex;
            assertThat(check(s, bad)).as("beside " + other)
                    .containsExactly(first + " and " + second + " overlapped, though ex is exclusive and must run alone");
        }
        Trace harmless = overlap(real, "mt", "plain", 1);
        assertThat(check(s, harmless)).as("a main-thread run beside a run it does not conflict with is fine").isEmpty();
    }

    @Test
    void aMainThreadOrExclusiveRunOffTheCallerThreadFails() {
        Scenario s = kinds();
        Trace real = realTrace(s);
        for (String system : List.of("ex", "mt")) {
            Trace bad = rewrite(real, system, 2, r -> onThread(r, "worker-7", false));
            String kind = system.equals("ex") ? "exclusive" : "main-thread";
            assertThat(check(s, bad)).containsExactly(run(bad, system, 2) + " is " + kind + " but ran on thread 'worker-7',"
                    + " not on the thread that runs the schedule");
        }
        Trace fine = rewrite(real, "plain", 2, r -> onThread(r, "worker-7", false));
        assertThat(check(s, fine)).as("a normal system may run on any thread").isEmpty();
    }

    // ------------------------------------------------------------------ edges

    @Test
    void aDeclaredBeforeAfterViolatedFailsNamingBothAndSaysDeclared() {
        Scenario ordered = Scenario.builder("declared")
                .entity("e0", java.util.Map.of(Data.A, 0, Data.B, 0))
                .stage("update", st -> st
                        .system("a", x -> x.writes(Data.A).before("b"))
                        .system("b", x -> x.writes(Data.B)))
                .frames(1)
                .build();
        Trace real = realTrace(ordered);
        assertThat(check(ordered, real)).isEmpty();
        Trace bad = swap(real, "a", "b", 1);
        assertThat(check(ordered, bad)).containsExactly(run(bad, "b", 1) + " started before " + run(bad, "a", 1)
                + " finished, though a is ordered before b (declared)");

        Scenario unordered = Scenario.builder("undeclared")
                .entity("e0", java.util.Map.of(Data.A, 0, Data.B, 0))
                .stage("update", st -> st
                        .system("a", x -> x.writes(Data.A))
                        .system("b", x -> x.writes(Data.B)))
                .frames(1)
                .build();
        Trace realUnordered = realTrace(unordered);
        assertThat(check(unordered, swap(realUnordered, "a", "b", 1))).as("without the constraint either order is legal")
                .isEmpty();
    }

    @Test
    void anInsertionOrderEdgeViolatedFailsAndSaysInsertionOrder() {
        Scenario policy = Scenario.builder("insertion order")
                .entity("e0", Data.A, 0)
                .insertionOrder()
                .stage("update", st -> st
                        .system("first", x -> x.writes(Data.A))
                        .system("second", x -> x.writes(Data.A)))
                .frames(1)
                .build();
        Trace real = realTrace(policy);
        assertThat(check(policy, real)).isEmpty();
        Trace bad = swap(real, "first", "second", 0);
        assertThat(check(policy, bad)).containsExactly(run(bad, "second", 0) + " started before " + run(bad, "first", 0)
                + " finished, though first is ordered before second (insertion order: they conflict on [A])");

        Scenario explicit = policy.withOrdering(Scenario.Ordering.EXPLICIT);
        assertThat(check(explicit, swap(realTrace(explicit), "first", "second", 0)))
                .as("under the explicit policy the conflicting pair is unordered, so either order is legal").isEmpty();
    }

    // ------------------------------------------------------------------ runs

    static Scenario pausing() {
        return Scenario.builder("pausing")
                .entity("e0", Data.A, 0)
                .pauses("p", "10")
                .stage("update", st -> st
                        .system("always", x -> x.writes(Data.A).before("napper"))
                        .system("napper", x -> x.pausedBy("p").watch(Data.A, dev.ecslab.lab.scenario.WatchKind.CHANGED)))
                .frames(2)
                .build();
    }

    @Test
    void aMissingRunFailsNamingTheSystemAndFrame() {
        Scenario s = pausing();
        Trace real = realTrace(s);
        assertThat(check(s, real)).isEmpty();
        RunRecord gone = run(real, "always", 1);
        Trace bad = withRuns(real, real.runs().stream().filter(r -> r != gone).toList());
        assertThat(check(s, bad)).containsExactly("always ran 0 time(s) in frame 1, expected once");
    }

    @Test
    void anExtraRunWhereThePausePatternForbidsItFails() {
        Scenario s = pausing();
        Trace real = realTrace(s);
        long after = real.runs().stream().mapToLong(RunRecord::finishSeq).max().orElseThrow();
        RunRecord template = run(real, "napper", 0);
        List<RunRecord> runs = new ArrayList<>(real.runs());
        // napper in frame 1, where "10" pauses it, after every other run (so nothing else is wrong)
        runs.add(new RunRecord(runs.size(), "napper", "update", 1, 0, after + 1, after + 2, template.thread(), 0, 0, null,
                template.callerThread()));
        assertThat(check(s, withRuns(real, runs))).containsExactly("napper ran 1 time(s) in frame 1 (stage 'update'), where"
                + " the scenario's run criteria say it must not run");

        List<RunRecord> twice = new ArrayList<>(real.runs());
        RunRecord again = run(real, "napper", 3);
        twice.add(new RunRecord(twice.size(), "napper", "update", 3, 0, after + 1, after + 2, again.thread(), 0, 0, null,
                again.callerThread()));
        assertThat(check(s, withRuns(real, twice))).containsExactly("napper ran 2 time(s) in frame 3, expected once");
    }

    // ------------------------------------------------------------------ command order

    static Scenario twoIssuers() {
        return Scenario.builder("two issuers")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st.system("first", x -> { }).system("second", x -> { }))
                .frames(2)
                .command(0, "first", EditOp.INSERT, "e0", Data.B, 10)
                .command(0, "second", EditOp.INSERT, "e0", Data.B, 20)
                .command(1, "first", EditOp.INSERT, "e0", Data.B, 11)
                .command(1, "second", EditOp.INSERT, "e0", Data.B, 21)
                .build();
    }

    static List<Trace.Event> commandEvents(Trace t, long frame) {
        return t.events().stream().filter(e -> e.kind().equals("commands") && e.frame() == frame).toList();
    }

    static Trace.Event renamed(Trace.Event e, String system) {
        return new Trace.Event(e.seq(), e.kind(), e.frame(), e.stage(), e.iteration(), system, e.thread());
    }

    @Test
    void commandBuffersAppliedInAnotherOrderThanTheModelsFail() {
        Scenario s = twoIssuers();
        Trace real = realTrace(s, "dynamic", 3);
        assertThat(check(s, real)).isEmpty();
        List<Trace.Event> frame0 = commandEvents(real, 0);
        assertThat(frame0).extracting(Trace.Event::system).containsExactly("first", "second");

        List<Trace.Event> swapped = new ArrayList<>();
        for (Trace.Event e : real.events()) {
            swapped.add(e == frame0.get(0) ? renamed(e, "second") : e == frame0.get(1) ? renamed(e, "first") : e);
        }
        assertThat(check(s, withEvents(real, swapped))).containsExactly("at the sync point of frame 0, stage 'update', the"
                + " runner applied the command buffers of [second, first], expected [first, second] (the stage's"
                + " topological order, from the scenario's constraints)");

        Trace.Event lost = commandEvents(real, 1).get(1);
        List<Trace.Event> missing = real.events().stream().filter(e -> e != lost).toList();
        assertThat(check(s, withEvents(real, missing))).containsExactly("at the sync point of frame 1, stage 'update', the"
                + " runner applied the command buffers of [first], expected [first, second] (the stage's topological order,"
                + " from the scenario's constraints)");

        List<Trace.Event> extra = new ArrayList<>(real.events());
        long last = real.events().stream().mapToLong(Trace.Event::seq).max().orElseThrow();
        extra.add(new Trace.Event(last + 1, "commands", 2, "update", 0, "second", "ecslab-lab-run-1"));
        assertThat(check(s, withEvents(real, extra))).containsExactly("at the sync point of frame 2, stage 'update', the"
                + " runner applied command buffers of [second], where the scenario issues none");
    }

    // ------------------------------------------------------------------ the judge, and correct runs

    @Test
    void theJudgeTurnsAnOrderingProblemIntoACriterionOViolation() {
        Scenario s = twoWritersAndABystander();
        Trace real = realTrace(s);
        assertThat(Judge.judge(s, real).violations()).isEmpty();
        Outcome bad = Judge.judge(s, overlap(real, "w1", "w2", 2));
        assertThat(bad.violations()).singleElement().satisfies(v -> {
            assertThat(v.criterion()).isEqualTo(Criterion.ORDERING);
            assertThat(v.message()).contains("overlapped although they conflict on [A]").contains("w1 run #")
                    .contains("w2 run #");
        });
        assertThat(bad.evidence(Criterion.ORDERING)).isEqualTo(real.runs().size());
    }

    @Test
    void untouchedTracesOfCorrectRunsHaveNoOrderingViolation() {
        int judged = 0;
        for (Scenario s : Catalogue.all()) {
            for (String executor : List.of("serial", "staged", "dynamic")) {
                Trace t = realTrace(s, executor, 2);
                assertThat(check(s, t)).as(s.name() + " under " + executor).isEmpty();
                judged++;
            }
        }
        assertThat(judged).isEqualTo(3 * Catalogue.all().size());
    }
}
