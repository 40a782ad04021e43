package dev.ecslab.ecs.job;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.Query.QuerySlice;
import dev.ecslab.ecs.query.QueryRow;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One job: a query job (its slices, run as one task or one task per slice), a custom task, or a
 * barrier (no work; {@code combine} and {@code dependencyOf}). Its dependency bookkeeping, shared by
 * the owner thread (which flushes) and the workers (which finish jobs), is its {@link JobGraph} node.
 */
final class Job {
    enum Kind { SCHEDULED, PARALLEL, CUSTOM, BARRIER }

    final long id;
    final String name;
    final Kind kind;
    /** What the job touches, for automatic dependencies; null for custom jobs and barriers. */
    final Access access;
    final List<Job> deps;
    final Query query;
    final List<QuerySlice> slices;
    final Consumer<? super QueryRow> action;
    final Runnable task;
    final SystemTicks reader;
    final SystemTicks writer;
    final AtomicInteger tasksLeft = new AtomicInteger();
    final CountDownLatch done = new CountDownLatch(1);
    /** The first failure (the job's own, or the dependency failure that cancelled it). */
    volatile Throwable failure;
    /** True when {@link #failure} is this job's own (not inherited from a dependency). */
    volatile boolean failedItself;

    /** Its bookkeeping in the scheduler's {@link JobGraph}; set once, right after construction. */
    JobGraph.Node node;

    Job(long id, String name, Kind kind, Access access, List<Job> deps, Query query, List<QuerySlice> slices,
            Consumer<? super QueryRow> action, Runnable task, SystemTicks reader, SystemTicks writer) {
        this.id = id;
        this.name = name;
        this.kind = kind;
        this.access = access;
        this.deps = List.copyOf(deps);
        this.query = query;
        this.slices = slices;
        this.action = action;
        this.task = task;
        this.reader = reader;
        this.writer = writer;
    }

    boolean isDone() {
        return done.getCount() == 0;
    }

    /** Tasks this job is split into when it starts. */
    int taskCount() {
        return switch (kind) {
            case PARALLEL -> slices.size();
            case SCHEDULED, CUSTOM -> 1;
            case BARRIER -> 0;
        };
    }

    @Override
    public String toString() {
        return "job " + id + " '" + name + "'";
    }
}
