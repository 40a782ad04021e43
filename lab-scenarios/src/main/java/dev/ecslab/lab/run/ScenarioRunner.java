package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.executor.ExecutionControl;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.world.World;
import dev.ecslab.lab.explore.Interleaver;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Crash;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs a {@link Scenario} on a real world and schedule under one {@link LabConfig} and records the
 * {@link Trace}.
 *
 * <p><b>The evidence is the lab's own</b>, never the code under test's report of itself. System bodies are
 * lab code: each takes a lab-owned sequence number when it starts and when it ends, and records the lab's
 * frame, its stage iteration, the thread it ran on and whether that was the thread running the schedule;
 * criterion O is judged from these, not from the runner's observer events. Changes are what the bodies
 * actually made (direct writes, visible at the writer's end) and what the lab's presence model says the
 * applied commands did; detections are what the watches actually yielded. From the runner the lab takes only
 * its ticks and its claims about sync points and command applications, which the ordering criterion checks
 * against the lab's own {@linkplain dev.ecslab.lab.scenario.ScenarioModel model} of the scenario. The ticks
 * are the world's (the ECS's runner hands them out; neither the strategy nor the executor under test does),
 * and the lab unwraps them from its own readings of the world's clock between frames ({@link
 * Trace#frameTicks()}): the oracle judges expiry by them, to the tick.
 *
 * <p><b>Crashes are recorded, never hidden.</b> The strategy's tracker and the executor run behind the
 * lab's guards ({@link GuardedTracker}, {@link GuardedExecutor}), which record every exception they
 * throw in the trace's {@link Trace#crashes()}, even when the ECS catches or rewraps it. A run that
 * does not finish within {@link LabConfig#timeout()} is abandoned and recorded as a {@code timeout}
 * crash with the stack of the stuck threads: a hanging strategy or executor cannot hang the lab.
 *
 * <p><b>System bodies.</b> A run first evaluates each watch (a query with the change filter, or the
 * removal and resource filters) and records what it yields, then makes its edits for the frame and
 * iteration in list order. Direct writes go through write queries ({@code forEntity}); an edit on an
 * entity that is gone, lacks the component or fails the system's filter is skipped and recorded as
 * no change. Commands are issued only for entities alive when the body runs and not despawned earlier
 * in the same run.
 *
 * <p><b>Controlled runs.</b> An executor that follows {@link dev.ecslab.ecs.executor.ExecutionControl}'s
 * protocol (the built-in ones and their mutants) runs under an {@link Interleaver}: one thread makes
 * progress at a time, system bodies give up the turn before they query their watches, before each edit
 * another system can see (a direct write, a spawn) and before they finish, and every
 * decision (who goes next, the executor's own choices, which completion it learns of first) comes from
 * the configuration's {@link LabConfig#exploration() exploration} and seed and is recorded in
 * {@link Trace#interleaving()}. Such a run has no sleeps and replays exactly, overlaps included.
 *
 * <p><b>Free runs.</b> An executor that ignores the control runs on its own timing. Lab bodies take
 * microseconds, so a wrong overlap would rarely show in their intervals; under a parallel free executor
 * a body therefore holds its run for {@value #DWELL_NANOS} ns when it is exclusive or main-thread, or
 * when a system it conflicts with and is not ordered with has not yet run in this stage iteration: a
 * correct executor starts that partner only afterwards, an executor that wrongly starts it beside this
 * one is seen overlapping. A free run replays only serially, in its recorded order.
 *
 * <p><b>Never leaves threads running</b> (except a run abandoned after its timeout, whose threads are
 * daemons): the schedule runner and its executor are closed in every case, also when the schedule
 * does not compile.
 *
 * <p><b>Where each part lives.</b> This class runs a {@link RunSession} (the world, the frames, the
 * runner's claims, the trace) on a thread of its own under the timeout; {@link ScenarioSchedule}
 * translates the scenario into a schedule; {@link SystemBodies} are what its systems do and record
 * ({@link BodyRun}); {@link PresenceModel} says what applied commands did.
 */
public final class ScenarioRunner {
    /** How long an exclusive or main-thread body holds its run under a parallel executor. */
    public static final long DWELL_NANOS = 400_000;

    /** The name of the thread each run has to itself. */
    public static final String RUN_THREAD = "ecslab-lab-run";

    /** Why an interleaving abandoned after a timeout says it was. */
    static final String TIMEOUT = "the run timed out";

    private ScenarioRunner() {
    }

    /**
     * Called on the lab's thread after each frame that completed ({@code frame} counts from 0), with the
     * world and the strategy's own tracker object (not the lab's guard around it), while no system
     * runs: criterion 6 measures them.
     */
    @FunctionalInterface
    public interface FrameProbe {
        void afterFrame(int frame, World world, ChangeTracker tracker);
    }

    /**
     * Called on the lab's thread after each frame that completed ({@code frame} counts from 0), with the
     * world's state in the canonical lines of {@link Trace#finalState()}: ambiguity witnesses compare
     * it, frame by frame, with the lab's model.
     */
    @FunctionalInterface
    public interface StateProbe {
        void afterFrame(int frame, List<String> state);
    }

    /** Runs the scenario with the configured executor. */
    public static Trace run(Scenario scenario, LabConfig config) {
        return run(scenario, config, (FrameProbe) null);
    }

    /**
     * Runs the scenario with the configured executor, calling {@code probe} after every frame. A configuration
     * whose strategy or executor runs in another JVM ({@link RunHost}) is run there, and cannot be probed.
     */
    public static Trace run(Scenario scenario, LabConfig config, FrameProbe probe) {
        RunHost host = RunHost.of(config);
        if (host != null) {
            return host.run(scenario, here(config, probe));
        }
        return runGuarded(scenario, config, configured(config), probe, null, true);
    }

    /** Runs the scenario with the configured executor, handing {@code states} the world's state after every frame. */
    public static Trace runRecordingStates(Scenario scenario, LabConfig config, StateProbe states) {
        return runGuarded(scenario, here(config, states), configured(config), null, states, true);
    }

    /** {@code config}, when it runs in this JVM or needs no probe here; else the lab's bug, said. */
    private static LabConfig here(LabConfig config, Object probe) {
        if (probe != null && RunHost.of(config) != null) {
            throw new IllegalStateException(config.label() + " runs in its own JVM, where the lab cannot probe its frames");
        }
        return config;
    }

    private static Function<ExecutionControl, Executor> configured(LabConfig config) {
        ExecutorOptions options = ExecutorOptions.defaults().withSeed(config.seed()).withThreads(config.threads());
        return control -> config.executor().factory().apply(options.withControl(control));
    }

    /** Runs the scenario with a given executor (the serial replay uses its own). The executor is closed. */
    public static Trace run(Scenario scenario, LabConfig config, Executor executor) {
        RunHost host = RunHost.of(config);
        if (host != null) {
            executor.close();
            if (executor instanceof ReplayExecutor replay) {
                return host.runInOrder(scenario, config, replay.trace());
            }
            throw new IllegalStateException(config.label() + " runs in its own JVM; it cannot run with an executor made here");
        }
        return runGuarded(scenario, config, control -> executor, null, null, false);
    }

    private static Trace runGuarded(Scenario scenario, LabConfig config, Function<ExecutionControl, Executor> executor,
            FrameProbe probe, StateProbe states, boolean pinnable) {
        RunSession session = new RunSession(scenario.validate(), config);
        session.states = states;
        session.pinnable = pinnable;
        // A thread of its own for every run, never reused: a run abandoned after its timeout keeps its
        // thread, which may still be stuck in (or stopped inside) the code under test. Every run's thread has
        // the same name: traces record it, and a trace must not depend on the runs made before it.
        FutureTask<Trace> run = new FutureTask<>(() -> session.run(executor, probe));
        RunThreads group = new RunThreads(session);
        Thread thread = new Thread(group, run, RUN_THREAD);
        thread.setDaemon(true);
        thread.start();
        Duration timeout = config.timeout();
        try {
            return leftRunning(run.get(timeout.toMillis(), TimeUnit.MILLISECONDS), group);
        } catch (TimeoutException e) {
            session.timedOut(timeout);
            session.abandonControl(TIMEOUT);     // first: an interrupted thread must not give its own reason
            run.cancel(true);
            session.stopStuckThreads();
            return session.assemble(null);
        } catch (InterruptedException e) {
            run.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running scenario '" + scenario.name() + "'", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the lab failed running scenario '" + scenario.name() + "' under "
                    + config.label() + ": " + e.getCause(), e.getCause());
        }
    }

    /**
     * How long the threads a run started may take to end once it has returned: an executor's workers finish
     * after its {@code close}, a moment later, and a moment is far less than this.
     */
    static final Duration LEFT_RUNNING_GRACE = Duration.ofSeconds(2);

    /**
     * Whether a run left threads of the code under test behind: stuck after its timeout, or still running after
     * it returned ({@link #leftRunning}). A JVM that hosts such runs for a campaign is no longer clean.
     */
    public static boolean leftThreads(Trace t) {
        return t.timedOut() || t.crashes() != null && t.crashes().stream().anyMatch(Crash::leftAThreadRunning);
    }

    /**
     * The trace, with a crash for each thread the run started that is still running (not waiting or parked)
     * {@link #LEFT_RUNNING_GRACE} after the run returned: a strategy or executor that leaves a thread spinning
     * burns a processor for the rest of the campaign (and, in an isolated JVM, for every later run), which is a
     * fault of the code under test, judged as a crash. A thread parked in an idle pool is not running and is not
     * counted. A run that returned its trace has no stuck thread of its own, so any such thread is the code
     * under test's.
     */
    static Trace leftRunning(Trace trace, ThreadGroup group) throws InterruptedException {
        if (group.activeCount() == 0) {
            return trace;
        }
        long deadline = System.nanoTime() + LEFT_RUNNING_GRACE.toNanos();
        Thread[] threads = new Thread[group.activeCount() + 16];
        int n = group.enumerate(threads, true);
        List<Crash> left = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            Thread t = threads[i];
            // only a running thread is waited for (it may be ending); a parked or waiting one is not running
            long wait = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (wait > 0 && t.getState() == Thread.State.RUNNABLE) {
                t.join(wait);
            }
            if (t.isAlive() && t.getState() == Thread.State.RUNNABLE) {
                List<String> frames = new java.util.ArrayList<>();
                for (StackTraceElement e : t.getStackTrace()) {
                    if (frames.size() == CrashLog.FRAMES) {
                        break;
                    }
                    frames.add(e.toString());
                }
                String name = t.getName().replaceAll("^Thread-\\d+$", "Thread-N");
                left.add(new Crash("run", "a thread the code under test started during the run ('" + name + "')", null, null,
                        "still running " + LEFT_RUNNING_GRACE.toSeconds() + " s after the run ended " + Crash.LEFT_SPINNING,
                        frames, -1));
            }
        }
        if (left.isEmpty()) {
            return trace;
        }
        List<Crash> crashes = new java.util.ArrayList<>(trace.crashes() == null ? List.of() : trace.crashes());
        crashes.addAll(left);
        return new Trace(trace.scenario(), trace.config(), trace.runs(), trace.changes(), trace.detections(), trace.memory(),
                trace.finalState(), trace.errors(), trace.events(), crashes, trace.interleaving(), trace.frameTicks());
    }

    /**
     * The thread group of one run: every thread the code under test starts during the run (a strategy's
     * helper thread, an executor's workers) is in it unless it chooses another, and an exception that ends
     * such a thread is a crash of the run, never lost: a strategy whose background thread died used to pass
     * the gate, its stack trace printed on standard error and nothing judged of it. The group is a daemon
     * group: it goes away with its last thread.
     */
    static final class RunThreads extends ThreadGroup {
        private final RunSession session;

        RunThreads(RunSession session) {
            super("lab-run");
            setDaemon(true);
            this.session = session;
        }

        @Override
        @SuppressWarnings("removal")
        public void uncaughtException(Thread t, Throwable e) {
            if (!(e instanceof ThreadDeath)) {                   // the lab stopping a stuck thread after a timeout
                // Java's default names count threads JVM-wide: not part of a trace that must replay
                String name = t.getName().replaceAll("^Thread-\\d+$", "Thread-N");
                session.crashes.record("run", "a thread started during the run ('" + name
                        + "'), ended by an uncaught exception", null, null, e);
            }
            super.uncaughtException(t, e);
        }
    }

    /**
     * The scenario's schedule compiled against a fresh world, without running it: what the ambiguity
     * criterion compares with its own oracle.
     */
    public static CompiledSchedule compile(Scenario scenario) {
        RunSession s = new RunSession(scenario.validate(), null);
        s.buildWorld();
        s.registerTypes();
        return s.schedule().compile(s.world);
    }

    /**
     * Criterion A's evidence: the pairs the schedule compiler reports ambiguous for {@code scenario}, as
     * {@code "stage: a | b"} ({@code criteria.AmbiguityCheck} compares them with its oracle).
     */
    /**
     * The schedule compiler's ambiguity report of each scenario in words, by name in the given order: {@code ""}
     * when it reports none, and "the schedule does not compile: ..." when it cannot compile it.
     */
    public static java.util.Map<String, String> ambiguityReports(List<Scenario> scenarios) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        for (Scenario s : scenarios) {
            String text;
            try {
                var report = compile(s).ambiguities();
                text = report.isEmpty() ? "" : report.format();
            } catch (RuntimeException e) {
                text = "the schedule does not compile: " + e.getMessage();
            }
            out.putIfAbsent(s.name(), text);
        }
        return out;
    }

    public static java.util.Set<String> reportedAmbiguities(Scenario scenario) {
        java.util.Set<String> reported = new java.util.TreeSet<>();
        for (dev.ecslab.ecs.schedule.Ambiguity a : compile(scenario).ambiguities().pairs()) {
            reported.add(dev.ecslab.lab.scenario.ScenarioAccess.pair(a.stage(), a.first(), a.second()));
        }
        return reported;
    }
}
