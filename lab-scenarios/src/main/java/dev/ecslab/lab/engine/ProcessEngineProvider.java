package dev.ecslab.lab.engine;

import dev.ecslab.lab.trace.DriverFingerprint;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An engine in any language as the lab judges it: a driver command that speaks the process protocol
 * ({@code docs/engine-protocol.md}). Its contract is what the driver answers to {@code hello}.
 *
 * <p><b>Why processes are reused.</b> Starting a driver (a Node.js process, say) costs more than most scenario runs,
 * and the lab runs thousands of them (a campaign, and the shrinking of each failing criterion's counterexample). So a
 * driver that declares {@code "reusable": true} in its {@code hello} answer keeps its process between runs: after a
 * run whose {@code state} was answered, {@link Engine#close} sends {@code reset} instead of {@code close}, and when the
 * driver answers {@code ok:true} within {@link #RESET_TIMEOUT} the process waits in the provider's one idle slot for
 * the next {@link #create}. A driver that does not declare it gets a fresh process for each run.
 *
 * <p><b>What it promises.</b> A run gets the idle process or, when there is none, a fresh one; never a process another
 * run holds (several runs may call {@link #create} at once). A process is reused only after a clean run: on any
 * failure (a crash, an {@code ok:false}, a hang or timeout, a flood, a call still waiting when the run is closed, a
 * {@code reset} that is not answered {@code ok:true} in time, or a line nobody asked for) it is ended with every
 * process it started, as a fresh one would be, and never reused; so a failed reset never reaches a verdict. At most one
 * process is idle; {@link #close} ends it, and a JVM shutdown hook ends every process a provider still holds, so none
 * is left behind when the lab is stopped. The lab cannot see inside the driver: reuse trusts the driver's
 * {@code reset} to drop its whole world, and a driver that keeps state across it is caught only by what that state
 * makes it answer (a wrong report or end state is a violation like any other).
 *
 * <p>Each process it starts must declare the same contract as the one the lab judges by: a driver whose
 * {@code hello} changes between processes fails the run as a crash instead of being judged by a contract it no longer
 * keeps.
 */
public final class ProcessEngineProvider implements EngineProvider, AutoCloseable {
    /** How long a driver may take to answer {@code reset} before its process is ended instead of reused. */
    public static final Duration RESET_TIMEOUT = Duration.ofSeconds(10);

    /** Every provider that may still hold a process, for the shutdown hook. */
    private static final Set<ProcessEngineProvider> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicInteger HOOKED = new AtomicInteger();

    private final EngineContract contract;
    private final List<String> command;
    private final Path workingDir;
    private final Duration helloTimeout;
    private final boolean reuse;
    private final Duration resetTimeout;
    private final DriverFingerprint driver;
    /** How messages name the driver: its command, or a name of its own. */
    private final String name;
    /** What a run's call throws for a failure of the driver: the failure itself, or what it stands for. */
    private final java.util.function.Function<DriverFailure, Exception> failures;
    /** How long a driver that wrote what is not an answer is given to end ({@link ProcessEngine#launch}). */
    private final Duration settle;

    private final Object lock = new Object();
    /** The process waiting for a run ({@code null}: none); guarded by {@link #lock}. */
    private ProcessEngine idle;
    /** Whether {@link #close} was called; guarded by {@link #lock}. */
    private boolean closed;
    /** Every process started and not yet ended, idle or in a run. */
    private final Set<ProcessEngine> live = ConcurrentHashMap.newKeySet();
    private final AtomicLong started = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();

    /**
     * A driver whose contract is already known (read from an earlier {@link #probe}); nothing is started until
     * {@link #create}. Its processes are reused when they declare themselves reusable.
     *
     * @param workingDir   the directory the driver runs in ({@code null}: the lab's own)
     * @param helloTimeout how long a fresh driver may take to answer {@code hello}
     */
    public ProcessEngineProvider(EngineContract contract, List<String> command, Path workingDir, Duration helloTimeout) {
        this(contract, command, workingDir, helloTimeout, true);
    }

    /**
     * As {@link #ProcessEngineProvider(EngineContract, List, Path, Duration)}; with {@code reuse} false every run gets
     * a fresh process even when the driver declares itself reusable (to compare the two, or to distrust a driver).
     */
    public ProcessEngineProvider(EngineContract contract, List<String> command, Path workingDir, Duration helloTimeout,
            boolean reuse) {
        this(contract, command, workingDir, helloTimeout, reuse, RESET_TIMEOUT);
    }

    ProcessEngineProvider(EngineContract contract, List<String> command, Path workingDir, Duration helloTimeout,
            boolean reuse, Duration resetTimeout) {
        this(contract, command, workingDir, helloTimeout, reuse, resetTimeout, List.of());
    }

    private ProcessEngineProvider(EngineContract contract, List<String> command, Path workingDir, Duration helloTimeout,
            boolean reuse, Duration resetTimeout, List<Path> dependencies) {
        this(contract, command, null, Duration.ZERO, workingDir, helloTimeout, reuse, resetTimeout, dependencies, f -> f);
    }

    /**
     * A driver named {@code name} in every message instead of by its command ({@code null}: by its command), for a
     * command whose words differ from one machine to the next (an isolated JVM's), which a crash's words must not; a
     * run's call that fails throws what {@code failures} makes of the driver's failure; a driver that writes what is
     * not an answer is given {@code settle} to end (a JVM's native crash), so that the failure says how it ended.
     */
    ProcessEngineProvider(EngineContract contract, List<String> command, String name, Duration settle, Path workingDir,
            Duration helloTimeout,
            boolean reuse, Duration resetTimeout, List<Path> dependencies,
            java.util.function.Function<DriverFailure, Exception> failures) {
        this.contract = Objects.requireNonNull(contract, "contract");
        this.command = List.copyOf(command);
        this.workingDir = workingDir;
        this.helloTimeout = Objects.requireNonNull(helloTimeout, "helloTimeout");
        this.reuse = reuse;
        this.resetTimeout = Objects.requireNonNull(resetTimeout, "resetTimeout");
        if (this.command.isEmpty()) {
            throw new IllegalArgumentException("an engine driver needs a command");
        }
        this.driver = DriverFingerprint.of(this.command, workingDir, dependencies);
        this.name = name == null ? String.join(" ", this.command) : name;
        this.failures = Objects.requireNonNull(failures, "failures");
        this.settle = Objects.requireNonNull(settle, "settle");
    }

    /**
     * Starts {@code command} once, asks it {@code hello} for its contract, and ends it.
     *
     * @throws IllegalArgumentException when the driver cannot be started, fails the protocol before it answers, or
     *                                  declares a contract the lab refuses; the message says which, naming the field
     */
    public static ProcessEngineProvider probe(List<String> command, Path workingDir, Duration helloTimeout) {
        return probe(command, workingDir, helloTimeout, List.of());
    }

    /**
     * As {@link #probe(List, Path, Duration)}, for a driver whose engine also depends on {@code dependencies} (a
     * Node.js driver's {@code package-lock.json}), which its {@link #driver() fingerprint} covers besides the
     * command's files.
     */
    public static ProcessEngineProvider probe(List<String> command, Path workingDir, Duration helloTimeout,
            List<Path> dependencies) {
        EngineContract contract;
        try (ProcessEngine e = ProcessEngine.start(command, workingDir, helloTimeout)) {
            contract = e.contract();
        } catch (IOException e) {
            throw new IllegalArgumentException("the engine driver '" + String.join(" ", command) + "' could not state its"
                    + " contract: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the engine driver stated its contract", e);
        }
        return new ProcessEngineProvider(contract, command, workingDir, helloTimeout, true, RESET_TIMEOUT, dependencies);
    }

    @Override
    public EngineContract contract() {
        return contract;
    }

    /** The driver's command, as given. */
    public List<String> command() {
        return command;
    }

    /** The driver's command and the SHA-256 of its files, taken when the provider was made: what a trace records. */
    public DriverFingerprint driver() {
        return driver;
    }

    /** How many driver processes this provider has started for runs. */
    public long started() {
        return started.get();
    }

    /** How many runs got a process an earlier run had used. */
    public long reused() {
        return reused.get();
    }

    /**
     * An engine for one run: the idle process when there is one that is still fit (alive, reset, nothing unread), or a
     * fresh driver process, started and not waited for: its first call asks {@code hello} and fails unless the driver
     * declares this provider's contract. Answering at once lets the lab's run timeout end a driver that hangs at its
     * start. An idle process that is no longer fit is ended.
     *
     * @throws DriverFailure         when the command cannot be started
     * @throws IllegalStateException after {@link #close}
     */
    @Override
    public Engine create() throws DriverFailure {
        ProcessEngine p;
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("the engine provider of '" + name + "' is closed");
            }
            p = idle;
            idle = null;
        }
        if (p != null && p.idle()) {
            reused.incrementAndGet();
            return new Run(p);
        }
        if (p != null) {
            end(p);
        }
        ProcessEngine fresh = ProcessEngine.launch(command, name, settle, workingDir, helloTimeout, contract);
        started.incrementAndGet();
        live.add(fresh);
        hook();
        OPEN.add(this);
        return new Run(fresh);
    }

    /**
     * The process of a run that has been closed: reset and kept idle when the run was clean ({@code quiet}: no call
     * was waiting), reuse is allowed and the slot is free; otherwise ended.
     */
    private void release(ProcessEngine p, boolean quiet) {
        if (quiet && reuse && p.reset(resetTimeout)) {
            synchronized (lock) {
                if (!closed && idle == null) {
                    idle = p;
                    return;
                }
            }
        }
        end(p);
    }

    private void end(ProcessEngine p) {
        try {
            p.close();
        } finally {
            live.remove(p);
        }
    }

    /**
     * Ends the idle process, if any, and makes every later run's process end with its run; a run in progress keeps
     * its process until it ends. Idempotent. The lab calls it when it has finished with the engine.
     */
    @Override
    public void close() {
        ProcessEngine p;
        synchronized (lock) {
            closed = true;
            p = idle;
            idle = null;
        }
        if (p != null) {
            end(p);
        }
        if (live.isEmpty()) {
            OPEN.remove(this);
        }
    }

    /** Ends every process this provider still holds, idle or in a run (the shutdown hook's work). */
    private void endAll() {
        synchronized (lock) {
            closed = true;
            idle = null;
        }
        for (ProcessEngine p : new ArrayList<>(live)) {
            end(p);
        }
    }

    /** Registers, once per JVM, the hook that ends every process the providers hold when the JVM shuts down. */
    private static void hook() {
        if (HOOKED.compareAndSet(0, 1)) {
            Thread t = new Thread(() -> {
                for (ProcessEngineProvider p : new ArrayList<>(OPEN)) {
                    p.endAll();
                }
            }, "ecslab-driver-shutdown");
            try {
                Runtime.getRuntime().addShutdownHook(t);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already: nothing can be added, and the runs end with it
            }
        }
    }

    /**
     * One run's hold on a process: every call goes to the process while the run holds it, and none after its
     * {@link #close}, which hands the process back to the provider ({@link #release}). A call and the close are kept
     * apart by a lock that a call holds while it runs: a close that finds it held (the lab ends a run that hangs, from
     * another thread) ends the process, which wakes the call; one that finds it free may reset the process, and a call
     * that comes later fails at once.
     */
    private final class Run implements Engine {
        private final ProcessEngine p;
        private final ReentrantLock calls = new ReentrantLock();
        private volatile boolean done;
        private final java.util.concurrent.atomic.AtomicBoolean closing = new java.util.concurrent.atomic.AtomicBoolean();

        Run(ProcessEngine p) {
            this.p = p;
        }

        private interface Call<T> {
            T on(ProcessEngine p) throws Exception;
        }

        private <T> T call(String op, Call<T> c) throws Exception {
            calls.lock();
            try {
                if (done) {
                    throw new DriverFailure(op + ": the engine was closed before the request was sent; driver: '"
                            + name + "'");
                }
                return c.on(p);
            } catch (DriverFailure f) {
                throw failures.apply(f);
            } finally {
                calls.unlock();
            }
        }

        /** A call that answers nothing. */
        private interface Step {
            void on(ProcessEngine p) throws Exception;
        }

        private void step(String op, Step c) throws Exception {
            call(op, e -> {
                c.on(e);
                return null;
            });
        }

        @Override
        public void open(EngineWorld world) throws Exception {
            step("open", e -> e.open(world));
        }

        @Override
        public void spawn(String entity, Map<String, Integer> components) throws Exception {
            step("spawn", e -> e.spawn(entity, components));
        }

        @Override
        public void insert(String entity, String component, int value) throws Exception {
            step("insert", e -> e.insert(entity, component, value));
        }

        @Override
        public void remove(String entity, String component) throws Exception {
            step("remove", e -> e.remove(entity, component));
        }

        @Override
        public void despawn(String entity) throws Exception {
            step("despawn", e -> e.despawn(entity));
        }

        @Override
        public void insertResource(String resource, int value) throws Exception {
            step("insertResource", e -> e.insertResource(resource, value));
        }

        @Override
        public void removeResource(String resource) throws Exception {
            step("removeResource", e -> e.removeResource(resource));
        }

        @Override
        public void beginRun(String system, long frame) throws Exception {
            step("beginRun", e -> e.beginRun(system, frame));
        }

        @Override
        public List<String> report(String system, int watch) throws Exception {
            return call("report", e -> e.report(system, watch));
        }

        @Override
        public void write(String entity, String component, int value) throws Exception {
            step("write", e -> e.write(entity, component, value));
        }

        @Override
        public void writeResource(String resource, int value) throws Exception {
            step("writeResource", e -> e.writeResource(resource, value));
        }

        @Override
        public void endRun(String system) throws Exception {
            step("endRun", e -> e.endRun(system));
        }

        @Override
        public void openWatch(String system, int watch) throws Exception {
            step("openWatch", e -> e.openWatch(system, watch));
        }

        @Override
        public void closeWatch(String system, int watch) throws Exception {
            step("closeWatch", e -> e.closeWatch(system, watch));
        }

        @Override
        public void endFrame(long frame) throws Exception {
            step("endFrame", e -> e.endFrame(frame));
        }

        @Override
        public EngineState state() throws Exception {
            return call("state", ProcessEngine::state);
        }

        /** Hands the process back: reset for the next run after a clean one, ended otherwise. Idempotent. */
        @Override
        public void close() {
            if (!closing.compareAndSet(false, true)) {
                return;
            }
            done = true;
            boolean quiet = calls.tryLock();
            if (quiet) {
                calls.unlock();                 // no call runs now, and any later one sees `done` and fails
                release(p, true);
            } else {
                end(p);                         // a call waits for an answer: ending the process wakes it
            }
        }
    }
}
