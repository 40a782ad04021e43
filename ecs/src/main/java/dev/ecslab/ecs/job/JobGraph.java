package dev.ecslab.ecs.job;

import java.util.ArrayList;
import java.util.List;

/**
 * The dependency bookkeeping of the job scheduler: per job, how many of its dependencies are still
 * unfinished, and who waits for it. The owner thread registers jobs (on flush) while workers finish
 * them, so every operation is atomic under one lock; the contract a Lincheck test checks is that a
 * job becomes ready <em>exactly once</em>, from whichever call removes its last unfinished dependency
 * (its own registration, if they were all finished already), and never before it is registered.
 *
 * <p>One lock rather than per-job atomics: registration must see "finished" and add itself as a
 * dependant in one step, or a dependency finishing in between would be missed (the job would never
 * start). The lock is held for a few list operations, never while a job runs.
 */
public final class JobGraph {
    private final Object lock = new Object();
    /** True in every graph but the race-bug catalogue's twin ({@code JobTwins} in the tests), which forgets the lock. */
    private final boolean locked;

    public JobGraph() {
        this(true);
    }

    /** {@code locked == false}: the twin with the lock forgotten (tests only). */
    JobGraph(boolean locked) {
        this.locked = locked;
    }

    /** One job's bookkeeping; create it with {@link #node}. */
    public static final class Node {
        private final List<Node> deps;
        private final Object payload;
        // guarded by the graph's lock
        private boolean registered;
        private boolean started;
        private boolean finished;
        private int remaining;
        private final List<Node> dependants = new ArrayList<>(2);

        private Node(List<Node> deps, Object payload) {
            this.deps = List.copyOf(deps);
            this.payload = payload;
        }

        /** What the caller attached (the scheduler's job). */
        public Object payload() {
            return payload;
        }

        /** The jobs this one waits for. */
        public List<Node> deps() {
            return deps;
        }
    }

    /** A job that will wait for {@code deps} (earlier nodes of this graph), carrying {@code payload}. */
    public Node node(List<Node> deps, Object payload) {
        return new Node(deps, payload);
    }

    /**
     * Registers {@code n}: from now on it waits for its unfinished dependencies. Returns true when it is
     * ready at once (they were all finished); then the caller starts it.
     *
     * @throws IllegalStateException if it was registered before
     */
    public boolean register(Node n) {
        if (!locked) {
            return registerHeld(n);
        }
        synchronized (lock) {
            return registerHeld(n);
        }
    }

    private boolean registerHeld(Node n) {
        if (n.registered) {
            throw new IllegalStateException("a job was registered twice");
        }
        n.registered = true;
        for (Node d : n.deps) {
            if (!d.finished) {
                d.dependants.add(n);
                n.remaining++;
            }
        }
        return claimIfReady(n);
    }

    /**
     * {@code n} has finished: returns its dependants that became ready (each is returned exactly once,
     * here or by {@link #register}); the caller starts them.
     *
     * @throws IllegalStateException if {@code n} was not started (ready) or finished already
     */
    public List<Node> finish(Node n) {
        if (!locked) {
            return finishHeld(n);
        }
        synchronized (lock) {
            return finishHeld(n);
        }
    }

    private List<Node> finishHeld(Node n) {
        if (!n.started || n.finished) {
            throw new IllegalStateException(n.finished ? "a job finished twice" : "a job finished before it started");
        }
        n.finished = true;
        List<Node> ready = new ArrayList<>(n.dependants.size());
        for (Node d : n.dependants) {
            d.remaining--;
            if (claimIfReady(d)) {
                ready.add(d);
            }
        }
        n.dependants.clear();
        return ready;
    }

    /** True once {@code n} has been registered. */
    public boolean isRegistered(Node n) {
        synchronized (lock) {
            return n.registered;
        }
    }

    private static boolean claimIfReady(Node n) {
        if (n.registered && n.remaining == 0 && !n.started) {
            n.started = true;
            return true;
        }
        return false;
    }
}
