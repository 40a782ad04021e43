package dev.ecslab.lab.isolate;

import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.isolate.IsolationProtocol.Answer;
import dev.ecslab.lab.isolate.IsolationProtocol.ExecutorInfo;
import dev.ecslab.lab.isolate.IsolationProtocol.Op;
import dev.ecslab.lab.isolate.IsolationProtocol.Request;
import dev.ecslab.lab.isolate.IsolationProtocol.Spec;
import dev.ecslab.lab.isolate.IsolationProtocol.StrategyInfo;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.RemoteFactory;
import dev.ecslab.lab.run.RunHost;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Crash;
import dev.ecslab.lab.trace.Interleaving;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Plug-in jars whose code runs in child JVMs, never in the lab's: the lab's defence against a strategy or an
 * executor that ends, crashes or poisons the JVM it runs in. In the lab's own JVM, {@code Runtime.halt(0)} from a
 * plug-in ends a gate with status 0 (a pass to CI, with nothing judged), and a native crash or an out-of-memory
 * error takes the lab down with no verdict. Here each of those ends only a child, and the run that caused it is
 * judged a crash of the configuration, with what is known (the scenario, the seed, how the child ended and its
 * last lines of output); then the lab goes on with a new child.
 *
 * <p><b>What runs where.</b> The jars' subjects ({@link #strategies()}, {@link #executors()}) stand in the lab as
 * usual, but their factories are {@link RemoteFactory remote}: every run of a configuration that uses one is made
 * by a child ({@link #run}), which loads the same jars on the lab's class path and runs the scenario exactly as the
 * lab would ({@link IsolatedJvmMain}), so a trace, and every verdict, is the same in or out of isolation. Even the
 * jars' providers are loaded only in a child: the lab learns their ids and claims from it. The evidence is
 * judged in the lab's JVM.
 *
 * <p><b>Cost.</b> A child is started once per thread that makes runs (the campaign's jobs, the fold that
 * shrinks) and kept for the whole command; only a run that ends it, hangs, or leaves a thread of the code under
 * test behind costs a new one. Built-in strategies and executors are never isolated.
 *
 * <p><b>Never leaves processes.</b> {@link #close} ends every child, and so does a hook when the lab's JVM exits
 * (Ctrl-C included); a child whose standard input closes (its lab died) halts.
 */
public final class IsolatedPlugins implements RunHost, AutoCloseable {
    /** How long a child may take to answer beyond the run's own timeout: starting a JVM and loading the jars. */
    static final Duration MARGIN = Duration.ofSeconds(60);

    private final IsolatedJvmCommand command;
    private final List<TrackerSubject> strategies = new ArrayList<>();
    private final List<ExecutorSubject> executors = new ArrayList<>();
    private final Map<Thread, IsolatedJvm> byThread = new ConcurrentHashMap<>();
    private final Set<IsolatedJvm> live = ConcurrentHashMap.newKeySet();
    private final List<Path> crashReports = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Thread exitHook = new Thread(this::endAll, "ecslab-isolated-jvms-exit");
    private volatile boolean closed;

    private IsolatedPlugins(IsolatedJvmCommand command) {
        this.command = command;
        Runtime.getRuntime().addShutdownHook(exitHook);
    }

    /**
     * Starts a child on the jars and learns their strategies and executors from it.
     *
     * @throws IllegalArgumentException when the jars are refused (not a jar, no providers, a provider that does
     *         not load, an id given twice), with the lab's message for it
     * @throws PluginCrashedException   when the child ended, or did not answer, while it loaded the jars: their code
     *         crashed before any run
     */
    public static IsolatedPlugins open(List<Path> strategyJars, List<Path> executorJars) {
        IsolatedPlugins p = new IsolatedPlugins(command(strategyJars, executorJars));
        try {
            p.describe();
            return p;
        } catch (RuntimeException e) {
            p.close();
            throw e;
        }
    }

    /** The child's command: {@link IsolatedJvmMain} on the jars. */
    private static IsolatedJvmCommand command(List<Path> strategyJars, List<Path> executorJars) {
        List<String> args = new ArrayList<>();
        strategyJars.forEach(j -> args.addAll(List.of("--strategy-jar", j.toAbsolutePath().toString())));
        executorJars.forEach(j -> args.addAll(List.of("--executor-jar", j.toAbsolutePath().toString())));
        return IsolatedJvmCommand.of(IsolatedJvmMain.class.getName(), args);
    }

    private void describe() {
        IsolatedJvm jvm = jvm();
        Answer a;
        try {
            // the child gives up on a provider that hangs describing itself after its own limit, and says so
            a = jvm.ask(new Request(Op.DESCRIBE, null, null), MARGIN.plusSeconds(PluginJars.DESCRIBE_SECONDS.value()));
        } catch (IsolatedJvm.Ended e) {
            forget(jvm);
            throw new PluginCrashedException("the plug-in jars' code ended " + RunHost.ENDED + " that loaded them, before"
                    + " any run: " + e.getMessage() + e.tail(" | "));
        }
        if (a.badInput() != null) {
            throw new IllegalArgumentException(a.badInput());
        }
        if (a.error() != null) {
            throw new IllegalStateException("the lab failed in " + RunHost.ENDED + ": " + a.error());
        }
        for (StrategyInfo s : a.strategies()) {
            strategies.add(new TrackerSubject(s.id(), s.flavor(), s.claimed(), s.description(), new RemoteFactory(this, s.id()),
                    s.delayFrames(), s.jar(), s.horizon()));
        }
        for (ExecutorInfo e : a.executors()) {
            executors.add(new ExecutorSubject(e.id(), new RemoteFactory(this, e.id()), e.jar()));
        }
    }

    /** The jars' strategies, one subject per flavor that claims something different, as the lab lists its own. */
    public List<TrackerSubject> strategies() {
        return List.copyOf(strategies);
    }

    /** The jars' executors. */
    public List<ExecutorSubject> executors() {
        return List.copyOf(executors);
    }

    @Override
    public Trace run(Scenario scenario, LabConfig config) {
        return ask(scenario, config, new Request(Op.RUN, scenario, Spec.of(config)));
    }

    @Override
    public Trace runInOrder(Scenario scenario, LabConfig config, Trace recorded) {
        return ask(scenario, config, new Request(Op.RUN_IN_ORDER, scenario, Spec.of(config), recorded, config.executor().jar()));
    }

    /** A run's request answered by this thread's child: its trace, or the crash of a child that ended. */
    private Trace ask(Scenario scenario, LabConfig config, Request request) {
        IsolatedJvm jvm = jvm();
        Answer a;
        try {
            a = jvm.ask(request, config.timeout().plus(MARGIN));
        } catch (IsolatedJvm.Ended e) {
            forget(jvm);
            return ended(scenario.name(), config, e);
        }
        if (a.error() != null) {
            throw new IllegalStateException("the lab failed in " + RunHost.ENDED + " running scenario '" + scenario.name()
                    + "' under " + config.label() + ": " + a.error());
        }
        if (a.retires()) {
            forget(jvm);
        }
        if (a.log() != null && config.exploration() instanceof Exploration.Exhaustive x) {
            x.log().restore(a.log());
        }
        return a.trace();
    }

    @Override
    public MemoryBound.Result measureMemory(TrackerSubject subject, Duration timeout) {
        LabConfig config = new LabConfig(subject, ExecutorSubject.of(dev.ecslab.ecs.executor.SerialExecutor.ID), 0)
                .withTimeout(timeout);
        IsolatedJvm jvm = jvm();
        Scenario s = MemoryBound.scenario(MemoryBound.FRAMES);
        Answer a;
        try {
            a = jvm.ask(new Request(Op.MEMORY, null, Spec.of(config)), timeout.plus(MARGIN));
        } catch (IsolatedJvm.Ended e) {
            forget(jvm);
            return new MemoryBound.Result(List.of(), null, s, ended(s.name(), config, e));
        }
        if (a.error() != null) {
            throw new IllegalStateException("the lab failed in " + RunHost.ENDED + " measuring criterion 6 of "
                    + subject.label() + ": " + a.error());
        }
        if (a.retires()) {
            forget(jvm);
        }
        return a.memory();
    }

    /**
     * The trace of a run whose child ended or stopped answering: no event is known, only the crash, which says how
     * the child ended with its last lines. A child that stopped answering is recorded as a run that timed out.
     */
    static Trace ended(String scenario, LabConfig config, IsolatedJvm.Ended e) {
        // the JVM's own report lines (#) are summed up in the message and kept whole in its crash report file
        List<String> said = e.lines().stream().filter(l -> !l.startsWith("#")).toList();
        Crash crash = new Crash("run", e.timedOut() ? "timeout" : RunHost.ENDED, null, null, e.getMessage(), said, -1);
        return new Trace(scenario, new Trace.Config(config.tracker().id(), config.tracker().flavor().name(),
                config.executor().id(), config.seed(), config.threads(), config.tracker().delayFrames(), config.plugins(),
                config.tracker().horizon()), List.of(), List.of(), List.of(), List.of(), List.of(),
                e.timedOut() ? List.of("timeout: " + RunHost.ENDED + " " + e.getMessage()) : List.of(), List.of(), List.of(crash),
                new Interleaving(Interleaving.FREE, "thread timing", List.of(), 0, false));
    }

    /** This thread's child, started on first use. */
    private IsolatedJvm jvm() {
        if (closed) {
            throw new IllegalStateException("the isolated plug-ins are closed");
        }
        return byThread.computeIfAbsent(Thread.currentThread(), t -> {
            IsolatedJvm j = IsolatedJvm.start(command);
            live.add(j);
            return j;
        });
    }

    /** Ends this thread's child (it ended, hung, or retired): the thread's next run starts a new one. */
    private void forget(IsolatedJvm jvm) {
        byThread.values().remove(jvm);
        live.remove(jvm);
        jvm.end();
        Path report = jvm.crashReport();
        if (report != null) {
            crashReports.add(report);
        }
    }

    /**
     * The crash reports ({@code hs_err_pid….log}) of children that crashed in native code, kept where the JVM wrote
     * them. They are not in the crash's words, which must be the same when the crash is replayed.
     */
    public List<Path> crashReports() {
        return List.copyOf(crashReports);
    }

    private void endAll() {
        for (IsolatedJvm j : List.copyOf(live)) {
            if (closed) {
                j.close();
            } else {
                j.end();                                            // the lab's JVM is exiting: no time to ask
            }
        }
        live.clear();
        byThread.clear();
    }

    /** Ends every child. */
    @Override
    public void close() {
        closed = true;
        endAll();
        command.tidy();
        try {
            Runtime.getRuntime().removeShutdownHook(exitHook);
        } catch (IllegalStateException exiting) {
            // the JVM is exiting: the hook runs anyway
        }
    }
}
