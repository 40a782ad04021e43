package dev.ecslab.lab.explore;

import dev.ecslab.ecs.executor.ExecutionControl;
import dev.ecslab.ecs.executor.StageRun;
import dev.ecslab.lab.trace.Interleaving;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lab's {@link ExecutionControl}: lets exactly one thread of a scenario run make progress at a time,
 * and decides which, so that a run is a function of its decisions and replays exactly.
 *
 * <p><b>Actors and the turn.</b> The actors are the executor (the thread that runs the schedule, and
 * with it the runner's sync points and command application) and every system of the current stage
 * iteration once it is handed to a thread or started inline. One of them holds the <em>turn</em>; the
 * others are parked. Handing the turn on wakes exactly the thread that takes it (no thundering herd: a
 * scenario run takes a few hundred turns, so a hand-off must cost one wake-up, not one per thread). An actor gives the turn up only at a defined point: a system when it is
 * about to start ({@link #enter}), before each edit others can see ({@link #step}) and when it has finished; the executor
 * when it waits for a completion ({@link #awaitFinished}). Then the turn goes to one of the waiting actors
 * by a {@link ChoiceSource} decision ({@link ChoicePoint.Kind#TURN}), which is recorded; the executor's own
 * choices ({@link #choose}) and which completion it learns of first ({@code ACK}) are decisions too.
 *
 * <p><b>Why this is deterministic.</b> A decision is made only once every system handed to another
 * thread has arrived (called {@code runSystem}): the executor's protocol guarantees it can, and its
 * arrival is an event the control waits for, not a race it samples. With one actor running at a time,
 * every tick assignment, sequence number, write and read happens in an order fixed by the decisions.
 * Threads still differ from run to run (which worker took a task), and nothing else does.
 *
 * <p><b>Failures.</b> A decision that cannot be made (a replayed schedule this run cannot follow, an
 * executor that breaks the protocol, a run abandoned after its timeout) abandons the interleaving: every
 * waiting thread is released with {@link Abandoned}, so no thread is left waiting, and
 * {@link #abandonedBecause()} says why.
 */
public final class Interleaver implements ExecutionControl {
    /** The executor's actor number (systems are 0..n-1). */
    static final int EXECUTOR = -1;
    private static final int NOBODY = -2;
    /** How long a handed-off system may take to arrive before the executor is declared in breach of the protocol. */
    private static final long ARRIVAL_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private enum State { IDLE, PENDING, AT_START, AT_STEP, RUNNING, DONE }

    /** Thrown in every waiting thread when the interleaving is abandoned. */
    public static final class Abandoned extends RuntimeException {
        Abandoned(String why) {
            super("the controlled interleaving was abandoned: " + why);
        }
    }

    /** Guards the state below; held only briefly (nobody waits while holding it). */
    private final ReentrantLock lock = new ReentrantLock();
    private final ChoiceSource source;
    private final String exploration;
    private final List<String> choices = new ArrayList<>();
    private final ThreadLocal<Integer> actor = new ThreadLocal<>();
    private long steps;
    private volatile boolean handedOff;
    private boolean truncated;
    private volatile String abandoned;
    private ScheduleDivergedException diverged;

    // One stage iteration.
    private StageRun run;
    private String where = "before the first stage";
    private State[] state = new State[0];
    private boolean[] inline = new boolean[0];
    private String[] next = new String[0];
    private String[] footprint = new String[0];
    private final BitSet finishedUnacknowledged = new BitSet();
    private int pending;
    private int outstanding;
    private boolean executorWaiting;
    private volatile int holder = EXECUTOR;
    /** The thread each waiting system (index) and the executor ({@code [n]}) waits on. */
    private Thread[] threads = new Thread[1];
    /** A thread waiting for handed-off systems to arrive, or {@code null}. */
    private volatile Thread decider;

    /**
     * @param expectedSteps an estimate of the number of turns in the run (PCT spreads its change points
     *                      over it)
     */
    public Interleaver(Exploration exploration, long seed, int expectedSteps) {
        this.source = ChoiceSource.of(exploration, seed, expectedSteps);
        this.exploration = exploration.describe();
    }

    // ------------------------------------------------------------ the lab's side

    /** The lab's thread is about to let the executor run {@code stageRun}; it holds the turn. */
    public void beginStage(StageRun stageRun, long frame) {
        lock.lock();
        try {
            checkAbandoned();
            int n = stageRun.stage().size();
            run = stageRun;
            where = "frame " + frame + ", stage '" + stageRun.stage().name() + "'"
                    + (stageRun.iteration() > 0 ? ", iteration " + stageRun.iteration() : "");
            state = new State[n];
            java.util.Arrays.fill(state, State.IDLE);
            inline = new boolean[n];
            next = new String[n];
            footprint = new String[n];
            threads = new Thread[n + 1];
            finishedUnacknowledged.clear();
            pending = 0;
            outstanding = 0;
            executorWaiting = false;
            holder = EXECUTOR;
            actor.set(EXECUTOR);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The executor returned from the stage iteration. Throws {@link Abandoned} when it left a handed-off
     * system unfinished or unacknowledged (a breach of its contract: it must not return while a system runs).
     */
    public void endStage() {
        lock.lock();
        try {
            checkAbandoned();
            List<String> open = new ArrayList<>();
            for (int v = 0; v < state.length; v++) {
                if (state[v] == State.PENDING || state[v] == State.AT_START || state[v] == State.AT_STEP
                        || state[v] == State.RUNNING || finishedUnacknowledged.get(v)) {
                    open.add(name(v) + " (" + (finishedUnacknowledged.get(v) ? "finished, not acknowledged"
                            : state[v].name().toLowerCase().replace('_', ' ')) + ")");
                }
            }
            if (!open.isEmpty()) {
                String why = "the executor returned from " + where + " while " + String.join(", ", open) + " had not"
                        + " finished or been acknowledged";
                abandon(why);
                throw new Abandoned(why);                   // recorded once, as the abandoned interleaving's reason
            }
        } finally {
            lock.unlock();
        }
    }

    /** {@code runSystem(v)} was called: waits for the system's first turn. */
    public void enter(int v) {
        lock.lock();
        try {
            checkAbandoned();
            if (state[v] == State.PENDING) {
                pending--;
                threads[v] = Thread.currentThread();
                state[v] = State.AT_START;
                wake(decider);
            } else {
                Integer me = actor.get();
                if (me == null || me != EXECUTOR || holder != EXECUTOR) {
                    String why = "the executor ran " + name(v) + " (" + where + ") on a thread it had not handed it to,"
                            + " without holding the turn: it does not follow the control protocol";
                    abandon(why);
                    throw new Abandoned(why);
                }
                inline[v] = true;
                threads[v] = Thread.currentThread();
                state[v] = State.AT_START;
                decide(v);
            }
            awaitTurn(v);
            state[v] = State.RUNNING;
            actor.set(v);
        } finally {
            lock.unlock();
        }
    }

    /** {@code runSystem(v)} returned. A system run inline gives the turn straight back to the executor. */
    public void exit(int v) {
        lock.lock();
        try {
            if (inline[v]) {
                state[v] = State.DONE;
                holder = EXECUTOR;
                actor.set(EXECUTOR);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * A system body is about to take its next step ({@code what}, for messages; {@code footprint}, what it
     * touches: see {@link ChoicePoint#footprints()}): it gives up the turn and waits for it again. Does
     * nothing on a thread that runs no controlled system.
     */
    public void step(String what, String touches) {
        Integer v = actor.get();
        if (v == null || v == EXECUTOR) {
            return;
        }
        lock.lock();
        try {
            checkAbandoned();
            state[v] = State.AT_STEP;
            next[v] = what;
            footprint[v] = touches;
            threads[v] = Thread.currentThread();
            decide(v);
            awaitTurn(v);
            state[v] = State.RUNNING;
        } finally {
            lock.unlock();
        }
    }

    /** Releases every waiting thread with {@link Abandoned}; {@code why} is kept. Idempotent. */
    public void abandon(String why) {
        lock.lock();
        try {
            if (abandoned == null) {
                abandoned = why;
            }
            for (Thread t : threads) {
                wake(t);
            }
            wake(decider);
        } finally {
            lock.unlock();
        }
    }

    /** Whether the executor handed a system to another thread in this run (the serial executor never does). */
    public boolean handedOff() {
        return handedOff;
    }

    /** Why the interleaving was abandoned, or {@code null}. */
    public String abandonedBecause() {
        return abandoned;
    }

    /** The replayed schedule this run could not follow, or {@code null}. */
    public ScheduleDivergedException diverged() {
        return diverged;
    }

    /**
     * The run is over: a replayed schedule must have been used up. Returns the record of the decisions.
     */
    public Interleaving finish() {
        lock.lock();
        try {
            if (abandoned == null) {
                try {
                    source.finish();
                } catch (ScheduleDivergedException e) {
                    diverged = e;
                    abandoned = e.getMessage();
                }
            }
            return new Interleaving(Interleaving.CONTROLLED, exploration, choices, steps, truncated);
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------ the executor's side

    @Override
    public int choose(int options) {
        if (options <= 1) {
            return 0;
        }
        lock.lock();
        try {
            checkAbandoned();
            List<String> labels = new ArrayList<>(options);
            for (int i = 0; i < options; i++) {
                labels.add(Integer.toString(i));
            }
            return decide(new ChoicePoint(ChoicePoint.Kind.PICK, labels, -1, where));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void handOff(int system) {
        lock.lock();
        try {
            checkAbandoned();
            if (state[system] != State.IDLE) {
                String why = "the executor handed off " + name(system) + " (" + where + ") twice";
                abandon(why);
                throw new Abandoned(why);
            }
            state[system] = State.PENDING;
            handedOff = true;
            pending++;
            outstanding++;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void finished(int system) {
        lock.lock();
        try {
            if (abandoned != null) {
                return;                                   // nothing to hand on; the run is being torn down
            }
            if (state[system] == State.PENDING) {         // the task ended without running the system
                pending--;
                state[system] = State.DONE;
                finishedUnacknowledged.set(system);
                wake(decider);
                return;
            }
            state[system] = State.DONE;
            finishedUnacknowledged.set(system);
            actor.remove();
            if (holder == system) {
                decide(NOBODY);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int awaitFinished() {
        lock.lock();
        try {
            checkAbandoned();
            if (outstanding == 0) {
                throw new IllegalStateException("the executor waits for a completion in " + where
                        + ", but every system it handed off was already acknowledged: it would wait forever");
            }
            executorWaiting = true;
            threads[threads.length - 1] = Thread.currentThread();
            decide(NOBODY);
            awaitTurn(EXECUTOR);
            executorWaiting = false;
            List<String> labels = new ArrayList<>();
            List<Integer> ids = new ArrayList<>();
            for (int v = finishedUnacknowledged.nextSetBit(0); v >= 0; v = finishedUnacknowledged.nextSetBit(v + 1)) {
                ids.add(v);
                labels.add(name(v));
            }
            int v = ids.get(decide(new ChoicePoint(ChoicePoint.Kind.ACK, labels, -1, where)));
            finishedUnacknowledged.clear(v);
            outstanding--;
            return v;
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------ decisions

    /**
     * Gives up the turn and hands it to the next actor: waits until every handed-off system has arrived,
     * then decides among the waiting ones (the one that yielded, {@code current}, first if it can go on).
     */
    private void decide(int current) {
        holder = NOBODY;
        long deadline = System.nanoTime() + ARRIVAL_LIMIT_NANOS;
        while (pending > 0) {
            checkAbandoned();
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                List<String> missing = new ArrayList<>();
                for (int v = 0; v < state.length; v++) {
                    if (state[v] == State.PENDING) {
                        missing.add(name(v));
                    }
                }
                String why = "the executor handed off " + missing + " (" + where + ") but no thread called runSystem for"
                        + " it within " + TimeUnit.NANOSECONDS.toSeconds(ARRIVAL_LIMIT_NANOS) + " s: it hands off more"
                        + " systems than it has threads free to take them, or drops them";
                abandon(why);
                throw new Abandoned(why);
            }
            decider = Thread.currentThread();
            lock.unlock();
            try {
                LockSupport.parkNanos(this, left);
            } finally {
                lock.lock();
                decider = null;
            }
            if (Thread.currentThread().isInterrupted()) {
                abandon("interrupted (" + where + ")");
                throw new Abandoned(abandoned);
            }
        }
        List<Integer> ids = new ArrayList<>();
        if (current >= 0 && waiting(current)) {
            ids.add(current);
        }
        for (int v = 0; v < state.length; v++) {
            if (v != current && waiting(v)) {
                ids.add(v);
            }
        }
        if (executorWaiting && !finishedUnacknowledged.isEmpty()) {
            ids.add(EXECUTOR);
        }
        if (ids.isEmpty()) {
            String why = "nobody can take the next step in " + where + ": no system waits for a turn and the executor"
                    + " is not waiting for a completion (an executor that waits by other means than the control)";
            abandon(why);
            throw new Abandoned(why);
        }
        List<String> labels = new ArrayList<>(ids.size());
        List<String> footprints = new ArrayList<>(ids.size());
        for (int id : ids) {
            labels.add(name(id));
            footprints.add(id == EXECUTOR || state[id] == State.AT_START || footprint[id] == null ? ChoicePoint.GLOBAL
                    : footprint[id]);
        }
        int chosen = decide(new ChoicePoint(ChoicePoint.Kind.TURN, labels, current >= 0 && ids.get(0) == current ? 0 : -1,
                where, footprints));
        int next = ids.get(chosen);
        holder = next;
        Thread taker = threads[next == EXECUTOR ? threads.length - 1 : next];
        if (taker != Thread.currentThread()) {
            wake(taker);
        }
    }

    private static void wake(Thread t) {
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** One decision by the source; recorded when it had options. Lock held. */
    private int decide(ChoicePoint point) {
        int chosen;
        try {
            chosen = source.decide(point);
        } catch (ScheduleDivergedException e) {
            diverged = e;
            abandon(e.getMessage());
            throw new Abandoned(e.getMessage());
        }
        steps++;
        if (point.size() > 1) {
            if (choices.size() < Interleaving.MAX_CHOICES) {
                choices.add(point.encode(chosen));
            } else {
                truncated = true;
            }
        }
        return chosen;
    }

    private boolean waiting(int v) {
        return state[v] == State.AT_START || state[v] == State.AT_STEP;
    }

    /** Waits, without the lock, until the turn is {@code me}'s; returns with the lock held again. */
    private void awaitTurn(int me) {
        if (holder == me) {
            return;
        }
        lock.unlock();
        try {
            while (holder != me && abandoned == null) {
                LockSupport.park(this);
                if (Thread.currentThread().isInterrupted() && holder != me) {
                    abandon("interrupted (" + where + ")");
                }
            }
        } finally {
            lock.lock();
        }
        checkAbandoned();
    }

    private void checkAbandoned() {
        if (abandoned != null) {
            throw new Abandoned(abandoned);
        }
    }

    private String name(int v) {
        return v == EXECUTOR ? "executor" : run == null ? "system " + v : run.stage().system(v).name();
    }
}
