package dev.ecslab.ecs.job;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ArchetypeFilter;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryRow;
import java.util.BitSet;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A job over a query being described: {@code jobs.query(q).withRead(Health.class).scheduleParallel(row -> ...)}.
 * The job's access is the query's plus what {@link #withRead} and {@link #withWrite} add (on every
 * archetype: Arch.Scheduled's way to let nested queries touch components the parent's entities lack).
 * Used once, by the owner thread.
 */
public final class QueryJob {
    private final JobScheduler scheduler;
    final Query query;
    private final BitSet extraReads = new BitSet();
    private final BitSet extraWrites = new BitSet();
    JobHandle after;
    /** Rows per batch; 0 for the scheduler's default. */
    int batchSize;
    String name;
    Consumer<? super QueryRow> action;
    private boolean used;

    QueryJob(JobScheduler scheduler, Query query) {
        this.scheduler = scheduler;
        this.query = query;
    }

    /** Declares reads beyond the query's terms (for nested queries): jobs writing them are waited for. */
    public QueryJob withRead(Class<?>... types) {
        for (Class<?> t : types) {
            extraReads.set(component(t).id());
        }
        return this;
    }

    /** Declares writes beyond the query's terms (for nested queries): jobs touching them are waited for. */
    public QueryJob withWrite(Class<?>... types) {
        for (Class<?> t : types) {
            extraWrites.set(component(t).id());
        }
        return this;
    }

    /**
     * Waits for {@code handle} instead of the automatic dependencies: the override. The job may then
     * run beside conflicting jobs unless {@code handle} includes them ({@link JobScheduler#dependencyOf}).
     */
    public QueryJob after(JobHandle handle) {
        Objects.requireNonNull(handle, "handle");
        if (!scheduler.owns(handle)) {
            throw new IllegalArgumentException(handle + " belongs to another scheduler");
        }
        this.after = handle;
        return this;
    }

    /**
     * Rows per batch of a parallel job. The default cuts the rows into
     * {@link JobScheduler#BATCHES_PER_WORKER} batches per worker, of at least
     * {@link JobScheduler#MIN_BATCH_SIZE} rows.
     */
    public QueryJob batchSize(int rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, was " + rows);
        }
        this.batchSize = rows;
        return this;
    }

    /** A name for messages (default: the kind of job and the query). */
    public QueryJob named(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return this;
    }

    /** Schedules {@code action} over every matching entity as one job on one worker. */
    public JobHandle schedule(Consumer<? super QueryRow> action) {
        return submit(action, false);
    }

    /** Schedules {@code action} over every matching entity in batches run in parallel. */
    public JobHandle scheduleParallel(Consumer<? super QueryRow> action) {
        return submit(action, true);
    }

    private JobHandle submit(Consumer<? super QueryRow> action, boolean parallel) {
        if (used) {
            throw new IllegalStateException("this job description was already scheduled; start a new one with query(...)");
        }
        this.action = Objects.requireNonNull(action, "action");
        used = true;
        return scheduler.addQueryJob(this, parallel);
    }

    /** The query's access plus the declared extras. */
    Access access() {
        if (extraReads.isEmpty() && extraWrites.isEmpty()) {
            return query.access();
        }
        BitSet reads = (BitSet) extraReads.clone();
        reads.andNot(extraWrites);
        return Access.builder().addAll(query.access())
                .add(new ComponentAccess(reads, (BitSet) extraWrites.clone(), ArchetypeFilter.TRUE)).build();
    }

    private ComponentInfo component(Class<?> type) {
        Objects.requireNonNull(type, "type");
        return WorldInternals.of(scheduler.world()).components().find(type).orElseThrow(() -> new IllegalArgumentException(
                "withRead/withWrite: " + type.getSimpleName() + " is not a registered component of "
                        + scheduler.world() + "; register it (or spawn one) first"));
    }
}
