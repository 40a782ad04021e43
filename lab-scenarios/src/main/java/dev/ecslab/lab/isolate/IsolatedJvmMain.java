package dev.ecslab.lab.isolate;

import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.explore.SearchLog;
import dev.ecslab.lab.isolate.IsolationProtocol.Answer;
import dev.ecslab.lab.isolate.IsolationProtocol.ExecutorInfo;
import dev.ecslab.lab.isolate.IsolationProtocol.Request;
import dev.ecslab.lab.isolate.IsolationProtocol.Spec;
import dev.ecslab.lab.isolate.IsolationProtocol.StrategyInfo;
import dev.ecslab.lab.measure.MemoryRun;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.ReplayExecutor;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.trace.Trace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The isolated JVM's side: loads the plug-in jars named on its command line and makes the runs the lab asks for
 * ({@link IsolationProtocol}), exactly as the lab would make them in its own JVM, so a run's trace is the same
 * wherever it was made. Whatever the code under test does to this JVM (ends it, crashes it natively, fills its
 * heap, leaves a thread spinning, hangs) stays here; the lab sees it as the end of this process and judges it.
 *
 * <p>Standard output carries only answers: {@code System.out} is pointed at standard error before any plug-in
 * code is loaded, so a plug-in's printing goes where the lab keeps the child's last lines. The JVM ends when
 * the lab closes standard input, and after an answer that retires it (a run that left threads behind).
 */
public final class IsolatedJvmMain {
    /** How long an orderly end may take before the JVM halts. */
    static final long CLOSE_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(2);
    private final PrintStream answers;
    private final PluginJars jars;
    private final String refused;
    private final Map<String, TrackerSubject> strategies = new HashMap<>();
    private final Map<String, ExecutorSubject> executors = new HashMap<>();

    private IsolatedJvmMain(PrintStream answers, List<Path> strategyJars, List<Path> executorJars) {
        this.answers = answers;
        PluginJars opened = null;
        String why = null;
        try {
            opened = PluginJars.open(strategyJars, executorJars);
        } catch (IllegalArgumentException | IllegalStateException e) {
            why = e.getMessage();
        }
        this.jars = opened;
        this.refused = why;
    }

    public static void main(String[] args) throws Exception {
        PrintStream answers = IsolatedJvmCommand.answers();
        List<Path> strategyJars = new ArrayList<>();
        List<Path> executorJars = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--strategy-jar" -> strategyJars.add(Path.of(args[i + 1]));
                case "--executor-jar" -> executorJars.add(Path.of(args[i + 1]));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        IsolatedJvmMain child = new IsolatedJvmMain(answers, strategyJars, executorJars);
        String line;
        while ((line = in.readLine()) != null) {
            Request r = IsolationProtocol.read(line, Request.class);
            if (r.op() == IsolationProtocol.Op.CLOSE) {
                // an orderly end (a profiler's recording is written), within a moment whatever a plug-in's hook does
                Thread halt = new Thread(() -> {
                    LockSupport.parkNanos(CLOSE_NANOS);
                    Runtime.getRuntime().halt(0);
                }, "ecslab-isolated-close");
                halt.setDaemon(true);
                halt.start();
                System.exit(0);
            }
            Answer a;
            try {
                a = child.answer(r);
            } catch (RuntimeException | Error e) {
                a = Answer.error(e.toString());
            }
            answers.println(IsolationProtocol.write(a));
            answers.flush();
            if (a.retires()) {
                break;
            }
        }
        // halt, not exit: a plug-in's shutdown hook or a thread it left must not keep this JVM alive
        Runtime.getRuntime().halt(0);
    }

    private Answer answer(Request r) throws InterruptedException {
        if (refused != null) {
            return new Answer(refused, null, null, null, null, null, null, null);
        }
        return switch (r.op()) {
            case DESCRIBE -> describe();
            case RUN -> run(r);
            case RUN_IN_ORDER -> runInOrder(r);
            case MEMORY -> memory(r.spec());
            case CLOSE -> throw new IllegalStateException("close is not answered");
        };
    }

    /** The jars' own strategies (each flavor apart) and executors; the built-ins stay the lab's. */
    private Answer describe() {
        List<StrategyInfo> s = new ArrayList<>();
        for (TrackerSubject t : TrackerSubject.all(jars.loader())) {
            if (t.jar() != null) {
                s.add(new StrategyInfo(t.id(), t.flavor(), t.claimed(), t.description(), t.delayFrames(), t.jar(), t.horizon()));
            }
        }
        List<ExecutorInfo> e = new ArrayList<>();
        for (ExecutorSubject x : ExecutorSubject.all(jars.loader())) {
            if (x.jar() != null) {
                e.add(new ExecutorInfo(x.id(), x.jar()));
            }
        }
        return new Answer(null, null, s, e, null, null, null, null);
    }

    private Answer run(Request r) {
        Spec spec = r.spec();
        SearchLog log = new SearchLog();
        Exploration x = spec.exploration(log);
        LabConfig config = new LabConfig(strategy(spec), executor(spec.executor()), spec.seed(), spec.threads(),
                Duration.ofMillis(spec.timeoutMillis()), x);
        Trace t = ScenarioRunner.run(r.scenario(), config);
        return Answer.trace(t, x instanceof Exploration.Exhaustive ? log.snapshot() : null, ScenarioRunner.leftThreads(t));
    }

    private Answer runInOrder(Request r) {
        Spec spec = r.spec();
        ExecutorSubject replay = new ExecutorSubject(spec.executor(), o -> new ReplayExecutor(r.recorded()), r.executorJar());
        LabConfig config = new LabConfig(strategy(spec), replay, spec.seed(), spec.threads(), Duration.ofMillis(spec.timeoutMillis()));
        Trace t = ScenarioRunner.run(r.scenario(), config, new ReplayExecutor(r.recorded()));
        return Answer.trace(t, null, ScenarioRunner.leftThreads(t));
    }

    private Answer memory(Spec spec) {
        MemoryBound.Result m = MemoryRun.measure(strategy(spec), Duration.ofMillis(spec.timeoutMillis()));
        return new Answer(null, null, null, null, null, null, m, m.trace() != null && ScenarioRunner.leftThreads(m.trace()) ? true : null);
    }

    /** The strategy a spec names: a mutant (the lab's own, paired with a jar's executor), or one the loader sees. */
    private TrackerSubject strategy(Spec spec) {
        return strategies.computeIfAbsent(spec.strategy(), label -> Mutants.trackers().stream()
                .map(Mutants.TrackerMutant::subject).filter(m -> m.label().equals(label)).findFirst()
                .orElseGet(() -> TrackerSubject.find(label, jars.loader()))).heldTo(spec.claimed(), spec.delayFrames());
    }

    /** The executor a spec names: a mutant (paired with a jar's strategy), or one the loader sees. */
    private ExecutorSubject executor(String id) {
        return executors.computeIfAbsent(id, k -> Mutants.executors().stream().map(Mutants.ExecutorMutant::subject)
                .filter(m -> m.id().equals(k)).findFirst().orElseGet(() -> ExecutorSubject.of(k, jars.loader())));
    }
}
