package dev.ecslab.ecs.job;

import dev.ecslab.ecs.executor.WorkerPool;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.Query.QuerySlice;
import dev.ecslab.ecs.query.QueryRow;
import dev.ecslab.ecs.internal.SyncHook;
import dev.ecslab.ecs.world.World;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import java.util.function.Consumer;

/**
 * Scheduled queries with automatic dependencies: the Arch.Scheduled model, a second way to run work
 * in parallel, at the level of queries rather than systems. {@link #schedule(Query, Consumer)} runs a query's action
 * over every matching entity as one job on a worker; {@link #scheduleParallel} splits the entities into
 * batches run on several workers (by default about {@value #BATCHES_PER_WORKER} per worker, at least
 * {@value #MIN_BATCH_SIZE} rows each). Each returns a {@link JobHandle}.
 *
 * <p><b>Automatic dependencies.</b> A new job waits for every earlier, unfinished job whose access
 * conflicts with its own (the same rule, with {@code With}/{@code Without} disjointness, as the
 * system executors): a reader waits for writers of what it reads, a writer for readers and writers of
 * what it writes, and readers of the same data run together. A job scheduled with an explicit handle
 * ({@link QueryJob#after}) waits for that handle only: the override Arch.Scheduled describes, for
 * which {@link #dependencyOf} and {@link #combine} let a custom job join the automatic graph.
 *
 * <p><b>Starting and waiting.</b> Jobs start when {@link #flush()}ed, in scheduling order, each as
 * soon as its dependencies are done. {@link JobHandle#complete()} waits for one job and
 * {@link #completeAll()} for every job (both flush first); a waiting owner thread runs queued batches
 * itself instead of sleeping.
 *
 * <p><b>Sync points.</b> Attached to a world, the scheduler hooks it ({@link SyncHook}): a query (or a
 * {@code get}/{@code getMut}) on the owner thread first flushes and waits for the jobs it conflicts
 * with; a structural change from the owner thread (spawn, despawn, insert, remove, applying commands,
 * the frame end) first completes every job. So batches, computed when a job is scheduled, stay valid
 * until it runs.
 *
 * <p><b>Inside a job</b> a query runs synchronously on the job's thread and must stay within the
 * job's access (its query's terms plus any {@link QueryJob#withRead}/{@link QueryJob#withWrite}),
 * checked per archetype; scheduling, waiting, structural changes and wider queries are refused with
 * {@link ForbiddenInJobException} before anything changes. Writes mark changes through the world's
 * change tracker with the ticks of whoever scheduled the job: the system whose view built the query,
 * or the world's direct writer.
 *
 * <p><b>Threads.</b> Schedule, flush and complete from the owner thread (the one that attached the
 * scheduler); other threads may only wait. The scheduler orders jobs against each other and against
 * the owner thread, not against systems that an executor runs on other threads at the same time:
 * schedule jobs outside a parallel stage, or from an exclusive system, and complete them before it
 * ends. {@link #close()} completes every job and joins the worker threads.
 */
public final class JobScheduler implements AutoCloseable {
    /**
     * The smallest batch a parallel job is split into by default. Measured in {@code JobBenchmark}
     * (benchmarks/RESULTS.md) over 10⁶ entities on 2 cores: with a light update (a few ns per entity)
     * batches of 256 rows made the parallel job slower than the serial loop, and the speed-up grew
     * with the batch up to the largest size tried (65 536); with moderate work (0.08 µs per entity)
     * every size from 256 up gave 1.7–1.9×.
     */
    public static final int MIN_BATCH_SIZE = 4096;

    /**
     * By default a parallel job is cut into about this many batches per worker (never smaller than
     * {@link #MIN_BATCH_SIZE}): few enough that a light update is not eaten by hand-offs, enough that
     * one slow batch does not leave the other workers idle for long.
     */
    public static final int BATCHES_PER_WORKER = 8;


    private final World world;
    private final WorldInternals internals;
    private final Thread owner;
    private final DependencyRule rule;
    /**
     * True in every scheduler but the race-bug catalogue's twin ({@code JobTwins} in the tests), which
     * puts flecs #2146 back: a direct read of one entity's component (a {@code get}: ecslab's nearest
     * to flecs's fixed-source singleton term) is no sync point, while query walks still are. flecs's
     * pipeline inserted a merge before a system that read a staged write through its {@code $this}
     * terms, and none before one that read it from a fixed source, so the reader saw the old world.
     */
    private final boolean syncBeforeSingleReads;
    private final WorkerPool pool;
    private final int workers;
    private final ThreadLocal<Job> current = new ThreadLocal<>();
    private final JobGraph graph;
    private final Hook hook = new Hook();
    /** Owner thread only: scheduled, not yet flushed, in scheduling order. */
    private final List<Job> unflushed = new ArrayList<>();
    /** Owner thread only: jobs with an access that may be unfinished, in scheduling order. */
    private final List<Job> tracked = new ArrayList<>();
    /** Owner thread only: per access, the latest job with automatic dependencies (see {@link #conflicting}). */
    private final Map<Access, Job> latestByAccess = new IdentityHashMap<>();
    /** Owner thread only: {@link #tracked}'s size after its last pruning. */
    private int prunedSize;
    /** Owner thread only: every job that may be unfinished (for completeAll). */
    private final List<Job> outstanding = new ArrayList<>();
    /** Flushed, unfinished jobs with an access: what other threads wait for. */
    private final Set<Job> live = ConcurrentHashMap.newKeySet();
    /** Jobs whose own failure no caller has seen yet. */
    private final ConcurrentLinkedQueue<Job> unreported = new ConcurrentLinkedQueue<>();
    /** Owner thread only: how deep the owner is inside main-thread queries (scheduling is refused there). */
    private int ownerQueryDepth;
    private long nextId = 1;
    private volatile boolean closed;

    private JobScheduler(World world, int threads, DependencyRule rule, JobGraph graph, boolean syncBeforeSingleReads) {
        this.syncBeforeSingleReads = syncBeforeSingleReads;
        this.world = Objects.requireNonNull(world, "world");
        this.graph = graph;
        this.internals = WorldInternals.of(world);
        if (threads < 1) {
            throw new IllegalArgumentException("a job scheduler needs at least one worker thread, was " + threads);
        }
        this.owner = Thread.currentThread();
        this.rule = rule;
        this.workers = threads;
        internals.attachSyncHook(hook);         // first: if the world refuses, no worker thread was started
        this.pool = new WorkerPool("jobs", threads);
    }

    /** Attaches a scheduler with one worker per available processor; the calling thread becomes its owner. */
    public static JobScheduler attach(World world) {
        return attach(world, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Attaches a scheduler with {@code threads} workers; the calling thread becomes its owner.
     *
     * @throws IllegalStateException if the world already has a scheduler attached
     */
    public static JobScheduler attach(World world, int threads) {
        return new JobScheduler(world, threads, DependencyRule.CONFLICTS, new JobGraph(), true);
    }

    /** For tests: a scheduler with another dependency rule (a mutant). */
    static JobScheduler attach(World world, int threads, DependencyRule rule) {
        return new JobScheduler(world, threads, rule, new JobGraph(), true);
    }

    /** For the race-bug catalogue's twins: a scheduler over another dependency bookkeeping (JobTwins). */
    static JobScheduler attach(World world, int threads, JobGraph graph) {
        return new JobScheduler(world, threads, DependencyRule.CONFLICTS, graph, true);
    }

    /** For the race-bug catalogue's twins: {@code syncBeforeSingleReads == false} puts flecs #2146 back (JobTwins). */
    static JobScheduler attachWithoutSyncBeforeSingleReads(World world, int threads) {
        return new JobScheduler(world, threads, DependencyRule.CONFLICTS, new JobGraph(), false);
    }

    /** The world this scheduler is attached to. */
    public World world() {
        return world;
    }

    // ================================================================= scheduling

    /** Starts describing a job over {@code query}: extra access, an explicit dependency, a batch size. */
    public QueryJob query(Query query) {
        requireOwner("schedule a job");
        Objects.requireNonNull(query, "query");
        if (!query.belongsTo(internals)) {
            throw new IllegalArgumentException(query.description() + " was built on another world; build it with "
                    + "this scheduler's world (" + world + ")");
        }
        return new QueryJob(this, query);
    }

    /** Schedules {@code action} over every entity {@code query} matches, as one job on one worker. */
    public JobHandle schedule(Query query, Consumer<? super QueryRow> action) {
        return query(query).schedule(action);
    }

    /** Schedules {@code action} over every entity {@code query} matches, split into batches run in parallel. */
    public JobHandle scheduleParallel(Query query, Consumer<? super QueryRow> action) {
        return query(query).scheduleParallel(action);
    }

    /**
     * Schedules a custom task that waits for {@code after} (nothing if empty). It has no declared
     * access, so no automatic dependency involves it: hook it into the graph with {@link #dependencyOf}
     * and {@link #combine}, and pass its handle to the jobs that need it.
     */
    public JobHandle scheduleTask(Runnable task, JobHandle... after) {
        requireOwner("schedule a job");
        Objects.requireNonNull(task, "task");
        return add(Job.Kind.CUSTOM, "custom " + task, null, handlesToJobs(after), null, null, null, task);
    }

    /**
     * A handle that is done when every earlier, unfinished job whose access conflicts with
     * {@code query}'s is done: what a job over that query would wait for automatically.
     */
    public JobHandle dependencyOf(Query query) {
        return dependencyOf(Objects.requireNonNull(query, "query").access(), query.description());
    }

    /** {@link #dependencyOf(Query)} for an access declared by hand. */
    public JobHandle dependencyOf(Access access) {
        return dependencyOf(access, "an access");
    }

    private JobHandle dependencyOf(Access access, String what) {
        requireOwner("ask for a dependency");
        return add(Job.Kind.BARRIER, "dependency of " + what, null, conflicting(access), null, null, null, null);
    }

    /** A handle that is done when all of {@code handles} are. */
    public JobHandle combine(JobHandle... handles) {
        requireOwner("combine handles");
        List<Job> deps = handlesToJobs(handles);
        StringBuilder name = new StringBuilder("combine(");
        for (int i = 0; i < deps.size(); i++) {
            name.append(i == 0 ? "" : ", ").append(deps.get(i).id);
        }
        return add(Job.Kind.BARRIER, name.append(')').toString(), null, deps, null, null, null, null);
    }

    /** Called by {@link QueryJob}. */
    JobHandle addQueryJob(QueryJob spec, boolean parallel) {
        requireOwner("schedule a job");
        Query query = spec.query;
        Access access = spec.access();
        boolean automatic = spec.after == null;
        List<Job> deps = automatic ? conflicting(access) : List.of(spec.after.job);
        List<QuerySlice> slices = query.slices(Integer.MAX_VALUE);
        if (parallel) {
            slices = query.slices(spec.batchSize > 0 ? spec.batchSize : defaultBatchSize(slices));
        }
        String name = spec.name != null ? spec.name : (parallel ? "parallel " : "scheduled ") + query.description();
        Job.Kind kind = parallel ? Job.Kind.PARALLEL : Job.Kind.SCHEDULED;
        JobHandle handle = add(kind, name, access, deps, query, slices, spec.action, null);
        if (automatic) {
            latestByAccess.put(access, handle.job);
        }
        return handle;
    }

    /** {@link #BATCHES_PER_WORKER} batches per worker over the matching rows, at least {@link #MIN_BATCH_SIZE}. */
    private int defaultBatchSize(List<QuerySlice> wholeUnits) {
        long rows = 0;
        for (QuerySlice s : wholeUnits) {
            rows += s.size();
        }
        long perBatch = (rows + (long) BATCHES_PER_WORKER * workers - 1) / ((long) BATCHES_PER_WORKER * workers);
        return (int) Math.max(MIN_BATCH_SIZE, Math.min(Integer.MAX_VALUE, perBatch));
    }

    private JobHandle add(Job.Kind kind, String name, Access access, List<Job> deps, Query query,
            List<QuerySlice> slices, Consumer<? super QueryRow> action, Runnable task) {
        Job job = new Job(nextId++, name, kind, access, deps, query, slices, action, task,
                query == null ? null : query.readerTicks(), query == null ? null : query.writerTicks());
        List<JobGraph.Node> depNodes = new ArrayList<>(deps.size());
        for (Job d : deps) {
            depNodes.add(d.node);
        }
        job.node = graph.node(depNodes, job);
        unflushed.add(job);
        outstanding.add(job);
        if (access != null) {
            tracked.add(job);
        }
        return new JobHandle(this, job);
    }

    /**
     * Earlier jobs, not known to be done, that a job with {@code access} must wait for. Scanning every
     * earlier job would make scheduling n jobs cost n²; instead, when a job with the same access was
     * scheduled with automatic dependencies, only the jobs after it are scanned: for an access that
     * conflicts with itself (a writer) that job stands for everything before it (it waited for all of
     * it), and for a reader its dependencies are exactly the earlier ones this job needs.
     */
    private List<Job> conflicting(Access access) {
        if (tracked.size() > 2 * prunedSize + 64) {
            prune(tracked);
            prunedSize = tracked.size();
        }
        List<Job> out = new ArrayList<>();
        Job latest = latestByAccess.get(access);
        long after = 0;
        if (latest != null && !latest.isDone()) {
            after = latest.id;
            if (rule.mustWait(access, access)) {
                out.add(latest);
            } else {
                for (Job d : latest.deps) {
                    if (!d.isDone()) {
                        out.add(d);
                    }
                }
            }
        }
        int from = tracked.size();
        while (from > 0 && tracked.get(from - 1).id > after) {
            from--;
        }
        for (int i = from; i < tracked.size(); i++) {
            Job j = tracked.get(i);
            if (!j.isDone() && rule.mustWait(j.access, access)) {
                out.add(j);
            }
        }
        return out;
    }

    private List<Job> handlesToJobs(JobHandle... handles) {
        Objects.requireNonNull(handles, "handles");
        List<Job> out = new ArrayList<>(handles.length);
        for (JobHandle h : handles) {
            Objects.requireNonNull(h, "a handle is null");
            if (!owns(h)) {
                throw new IllegalArgumentException(h + " belongs to another scheduler");
            }
            out.add(h.job);
        }
        return out;
    }

    boolean owns(JobHandle handle) {
        return handle.scheduler() == this;
    }

    // ================================================================= running

    /** Starts every scheduled job whose dependencies are done; the others start as theirs finish. */
    public void flush() {
        requireOwner("flush");
        for (Job job : unflushed) {
            boolean ready = graph.register(job.node);
            if (job.access != null) {
                live.add(job);
            }
            if (ready) {
                start(job);
            }
        }
        unflushed.clear();
    }

    /** Starts a job whose dependencies are all done: its tasks go to the workers. */
    private void start(Job job) {
        ArrayDeque<Job> finishedNow = new ArrayDeque<>();
        begin(job, finishedNow);
        drain(finishedNow);
    }

    /** Submits {@code job}'s tasks, or, if it has none to run, adds it to {@code finishedNow}. */
    private void begin(Job job, ArrayDeque<Job> finishedNow) {
        for (Job dep : job.deps) {
            Throwable f = dep.failure;
            if (f != null) {
                job.failure = new JobFailedException(job + " was not run: " + dep + " failed", f);
                finishedNow.add(job);
                return;
            }
        }
        int tasks = job.taskCount();
        if (tasks == 0 || closed && job.kind != Job.Kind.BARRIER) {
            finishedNow.add(job);
            return;
        }
        job.tasksLeft.set(tasks);
        switch (job.kind) {
            case PARALLEL -> {
                for (QuerySlice s : job.slices) {
                    pool.submit(() -> runTask(job, s));
                }
            }
            case SCHEDULED, CUSTOM -> pool.submit(() -> runTask(job, null));
            case BARRIER -> throw new AssertionError("a barrier has no tasks");
        }
    }

    /** Runs one task of a job (one slice, every slice, or the custom task) on the calling thread. */
    private void runTask(Job job, QuerySlice slice) {
        Job outer = current.get();
        current.set(job);
        try {
            if (job.failure == null) {
                switch (job.kind) {
                    case PARALLEL -> job.query.forEachInSlice(slice, job.reader, job.writer, job.action);
                    case SCHEDULED -> {
                        for (QuerySlice s : job.slices) {
                            job.query.forEachInSlice(s, job.reader, job.writer, job.action);
                        }
                    }
                    case CUSTOM -> job.task.run();
                    case BARRIER -> throw new AssertionError("a barrier has no tasks");
                }
            }
        } catch (Throwable t) {
            synchronized (job) {
                if (job.failure == null) {
                    job.failure = t;
                    job.failedItself = true;
                    unreported.add(job);
                } else {
                    job.failure.addSuppressed(t);
                }
            }
        } finally {
            current.set(outer);
            if (job.tasksLeft.decrementAndGet() == 0) {
                ArrayDeque<Job> finishedNow = new ArrayDeque<>();
                finishedNow.add(job);
                drain(finishedNow);
            }
        }
    }

    /** Marks jobs finished and begins their dependants that became ready, iteratively (no deep recursion). */
    private void drain(ArrayDeque<Job> finishedNow) {
        while (!finishedNow.isEmpty()) {
            Job job = finishedNow.poll();
            List<JobGraph.Node> ready = graph.finish(job.node);
            job.done.countDown();
            if (job.access != null) {
                live.remove(job);
            }
            for (JobGraph.Node r : ready) {
                begin((Job) r.payload(), finishedNow);
            }
        }
    }

    // ================================================================= waiting

    void complete(JobHandle handle) {
        Job inJob = current.get();
        if (inJob != null) {
            throw new ForbiddenInJobException("waiting for " + handle.job + " from inside " + inJob
                    + " could deadlock; give the later work a dependency instead");
        }
        if (!handle.job.isDone()) {
            if (Thread.currentThread() == owner) {
                flush();
            } else if (!isFlushed(handle.job)) {
                throw new IllegalStateException(handle.job + " has not been flushed; only the owner thread ("
                        + owner.getName() + ") can flush");
            }
            await(handle.job);
        }
        unreported.remove(handle.job);
        Throwable f = handle.job.failure;
        if (f != null) {
            throw failure(handle.job, f);
        }
    }

    /**
     * Flushes and waits for every scheduled job. Every job runs (or is skipped because a dependency
     * failed) before this returns.
     *
     * @throws JobFailedException for the first job that failed and was not yet reported, the others
     *     attached as suppressed exceptions
     */
    public void completeAll() {
        requireOwner("complete all jobs");
        completeEverything();
        reportFailures();
    }

    private void completeEverything() {
        flush();
        for (Job j : outstanding) {
            await(j);
        }
        outstanding.clear();
        tracked.clear();
        latestByAccess.clear();
        prunedSize = 0;
    }

    private void reportFailures() {
        JobFailedException first = null;
        Job j;
        while ((j = unreported.poll()) != null) {
            JobFailedException e = failure(j, j.failure);
            if (first == null) {
                first = e;
            } else {
                first.addSuppressed(e);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static JobFailedException failure(Job job, Throwable f) {
        if (f instanceof JobFailedException e && !job.failedItself) {
            return e;
        }
        return new JobFailedException(job + " failed: " + f, f);
    }

    private boolean isFlushed(Job job) {
        return graph.isRegistered(job.node);
    }

    /** Waits for {@code job}, running queued tasks meanwhile. An interrupt is kept, not acted on. */
    private void await(Job job) {
        boolean interrupted = false;
        while (!job.isDone()) {
            if (pool.runOnePending()) {
                continue;
            }
            try {
                job.done.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Flushes, then waits for the unfinished jobs that {@code waits} says are in the way. */
    private void awaitConflicting(Predicate<Access> inTheWay) {
        flush();
        prune(tracked);
        for (Job j : new ArrayList<>(tracked)) {
            if (inTheWay.test(j.access)) {
                await(j);
            }
        }
    }

    /** Drops jobs known to be done (owner thread only). */
    private static void prune(List<Job> jobs) {
        jobs.removeIf(Job::isDone);
    }

    // ================================================================= sync points (SyncHook)

    private final class Hook implements SyncHook {
        @Override
        public void beforeQuery(Query query) {
            Job job = current.get();
            if (job != null) {
                requireWithin(job, query);
                return;
            }
            if (Thread.currentThread() == owner) {
                Access access = query.access();
                awaitConflicting(a -> rule.mustWait(a, access));
                ownerQueryDepth++;
            } else {
                waitFromOtherThread(a -> a.conflictsWith(query.access()));
            }
        }

        @Override
        public void afterQuery(Query query) {
            if (current.get() == null && Thread.currentThread() == owner && ownerQueryDepth > 0) {
                ownerQueryDepth--;
            }
        }

        @Override
        public void beforeStructuralChange(String operation) {
            Job job = current.get();
            if (job != null) {
                throw new ForbiddenInJobException(operation + " inside " + job + " is a structural change, which "
                        + "jobs may not make (other jobs are walking the tables); record it in a CommandBuffer and "
                        + "apply that on the owner thread");
            }
            if (Thread.currentThread() == owner) {
                completeEverything();
                reportFailures();
            } else {
                waitFromOtherThread(a -> true);
            }
        }

        @Override
        public void beforeComponentAccess(int componentId, boolean write) {
            Job job = current.get();
            if (job != null) {
                boolean covered = write ? job.access != null && job.access.componentWrites().get(componentId)
                        : job.access != null && job.access.mentionsComponent(componentId, false);
                if (!covered) {
                    throw new ForbiddenInJobException((write ? "writing " : "reading ")
                            + internals.components().info(componentId).name() + " directly inside " + job
                            + " is outside its access " + describe(job.access)
                            + "; declare it with withRead/withWrite");
                }
                return;
            }
            if (!write && !syncBeforeSingleReads) {
                return;                          // the twin: a single read waits for no job
            }
            Predicate<Access> inTheWay = write
                    ? a -> a.mentionsComponent(componentId, false)
                    : a -> a.componentWrites().get(componentId);
            if (Thread.currentThread() == owner) {
                awaitConflicting(inTheWay);
            } else {
                waitFromOtherThread(inTheWay);
            }
        }
    }

    /**
     * Another thread (not the owner, not a job: a system on an executor's worker) is about to touch
     * data: it waits for the flushed, unfinished jobs in the way. It cannot flush; jobs not flushed yet
     * are not ordered against it (see the class comment).
     */
    private void waitFromOtherThread(Predicate<Access> inTheWay) {
        for (Job j : live) {
            if (inTheWay.test(j.access)) {
                await(j);
            }
        }
    }

    /** A query inside a job must stay within the job's access, archetype by archetype. */
    private void requireWithin(Job job, Query query) {
        Access declared = job.access;
        String outside = declared == null ? query.description() + " (a custom job declares no access)"
                : query.uncoveredBy(declared);
        if (outside != null) {
            throw new ForbiddenInJobException(query.description() + " inside " + job + " touches data outside "
                    + "the job's access: " + outside + "; job access " + describe(declared) + ", query access "
                    + describe(query.access()) + ". A nested query's access must be a subset of its parent's "
                    + "(widen the parent with withRead/withWrite)");
        }
    }

    private String describe(Access access) {
        if (access == null) {
            return "(none)";
        }
        return "{reads " + names(access.componentReads()) + ", writes " + names(access.componentWrites()) + "}";
    }

    private String names(BitSet ids) {
        List<String> out = new ArrayList<>();
        for (int i = ids.nextSetBit(0); i >= 0; i = ids.nextSetBit(i + 1)) {
            out.add(internals.components().info(i).name());
        }
        return out.toString();
    }

    private void requireOwner(String what) {
        Job job = current.get();
        if (job != null) {
            throw new ForbiddenInJobException("cannot " + what + " from inside " + job
                    + ": scheduling from a job is not allowed; schedule it from the owner thread after this job");
        }
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("cannot " + what + " on thread " + Thread.currentThread().getName()
                    + "; only the thread that attached the scheduler (" + owner.getName() + ") may");
        }
        if (closed) {
            throw new IllegalStateException("cannot " + what + ": the job scheduler is closed");
        }
        if (ownerQueryDepth > 0 && !what.startsWith("complete") && !what.equals("flush")) {
            throw new ForbiddenInJobException("cannot " + what + " while a main-thread query iterates: "
                    + "scheduling from inside a query is not allowed");
        }
    }

    /**
     * Completes every job, detaches from the world and joins the worker threads: when this returns, no
     * worker is alive and the world is back to plain single-owner use. Idempotent.
     *
     * @throws JobFailedException after closing, if a job failed and was not yet reported
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("close the job scheduler on its owner thread (" + owner.getName() + ")");
        }
        try {
            completeEverything();
        } finally {
            closed = true;
            internals.detachSyncHook(hook);
            pool.close();
        }
        reportFailures();
    }

    @Override
    public String toString() {
        return "JobScheduler[" + workers + " workers, " + outstanding.size() + " outstanding]";
    }
}
