package dev.ecslab.ecs.job;

import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.job.JobSteps.Complete;
import dev.ecslab.ecs.job.JobSteps.CompleteAll;
import dev.ecslab.ecs.job.JobSteps.Despawn;
import dev.ecslab.ecs.job.JobSteps.Flush;
import dev.ecslab.ecs.job.JobSteps.MainQuery;
import dev.ecslab.ecs.job.JobSteps.RemoveB;
import dev.ecslab.ecs.job.JobSteps.Schedule;
import dev.ecslab.ecs.job.JobSteps.Spawn;
import dev.ecslab.ecs.job.JobSteps.Step;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryRow;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The job scheduler's contract, checked on one random {@link JobSteps} sequence:
 * <ol>
 *   <li><b>serializability</b>: the final world equals a reference world in which every job ran
 *       alone, at once, in scheduling order (main-thread queries and structural changes in between);</li>
 *   <li><b>dependencies respected</b>: no job ran while an earlier job it conflicts with was running
 *       (every row's start and end is stamped from one global counter).</li>
 * </ol>
 * Each row of a job yields its thread between its two stamps, so that jobs that may overlap interleave;
 * no delay is needed: the mutants of {@code JobMutants} are caught within a few tries.
 */
final class JobContract {
    interface Val {
        int v();
    }

    record A(int v) implements Val {
    }

    record B(int v) implements Val {
    }

    record C(int v) implements Val {
    }

    record Frozen() {
    }

    static final List<Class<? extends Val>> TYPES = List.of(A.class, B.class, C.class);
    static final List<IntFunction<Val>> MAKE = List.of(A::new, B::new, C::new);

    private JobContract() {
    }

    static World newWorld() {
        World w = new World();
        w.register(A.class, StorageKind.TABLE);
        w.register(B.class, StorageKind.TABLE);
        w.register(C.class, StorageKind.TABLE);
        w.register(Frozen.class, StorageKind.TABLE);
        return w;
    }

    static Entity spawn(World w, int mask, int seed) {
        List<Object> bundle = new ArrayList<>();
        if ((mask & 7) == 0) {
            mask |= 1;
        }
        for (int c = 0; c < 3; c++) {
            if ((mask & (1 << c)) != 0) {
                bundle.add(MAKE.get(c).apply(seed * 10 + c));
            }
        }
        if ((mask & 8) != 0) {
            bundle.add(new Frozen());
        }
        return w.spawn(bundle.toArray());
    }

    /** A query over the components of {@code reads} and {@code writes}, with its terms. */
    record Built(Query query, List<Read<? extends Val>> reads, List<Write<? extends Val>> writes) {
    }

    @SuppressWarnings("unchecked")
    static Built query(World w, int reads, int writes, int filter) {
        QueryBuilder b = w.query();
        List<Read<? extends Val>> rs = new ArrayList<>();
        List<Write<? extends Val>> ws = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            if ((writes & (1 << c)) != 0) {
                ws.add(b.write(TYPES.get(c)));
            } else if ((reads & (1 << c)) != 0) {
                rs.add(b.read(TYPES.get(c)));
            }
        }
        if (filter == 1) {
            b.filter(Filter.with(Frozen.class));
        } else if (filter == 2) {
            b.filter(Filter.without(Frozen.class));
        }
        return new Built(b.build(), rs, ws);
    }

    /** The work of job (or main query) {@code k} on one row: a function of what it reads and writes. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void work(int k, Built q, QueryRow row) {
        int s = k * 7;
        for (Read<? extends Val> r : q.reads()) {
            s += row.get(r).v();
        }
        for (Write<? extends Val> w : q.writes()) {
            s += row.get(w).v();
        }
        for (Write w : q.writes()) {
            int old = ((Val) row.get(w)).v();
            int c = TYPES.indexOf(w.component().type());
            row.set(w, MAKE.get(c).apply(old * 31 + s + k));
        }
    }

    /** Runs {@code seq} on a world with a scheduler from {@code attach}, and checks both properties. */
    static void verify(JobSteps seq, Function<World, JobScheduler> attach) {
        World real = newWorld();
        World model = newWorld();
        List<Entity> liveReal = new ArrayList<>();
        List<Entity> liveModel = new ArrayList<>();
        for (int i = 0; i < seq.population().size(); i++) {
            liveReal.add(spawn(real, seq.population().get(i), i));
            liveModel.add(spawn(model, seq.population().get(i), i));
        }
        int maxJobs = seq.steps().size();
        AtomicLong clock = new AtomicLong();
        AtomicLongArray first = new AtomicLongArray(maxJobs);
        AtomicLongArray last = new AtomicLongArray(maxJobs);
        for (int i = 0; i < maxJobs; i++) {
            first.set(i, Long.MAX_VALUE);
        }
        List<JobHandle> handles = new ArrayList<>();
        List<Access> accesses = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int mainQueries = 0;
        try (JobScheduler jobs = attach.apply(real)) {
            for (Step step : seq.steps()) {
                if (step instanceof Schedule s) {
                    int k = handles.size();
                    Built qr = query(real, s.reads(), s.writes(), s.filter());
                    Built qm = query(model, s.reads(), s.writes(), s.filter());
                    QueryJob spec = jobs.query(qr.query()).batchSize(s.batchSize());
                    java.util.function.Consumer<QueryRow> body = row -> {
                        first.accumulateAndGet(k, clock.incrementAndGet(), Math::min);
                        Thread.yield();
                        work(k, qr, row);
                        last.accumulateAndGet(k, clock.incrementAndGet(), Math::max);
                    };
                    handles.add(s.parallel() ? spec.scheduleParallel(body) : spec.schedule(body));
                    accesses.add(qr.query().access());
                    names.add("job " + k + " " + s);
                    qm.query().forEach(row -> work(k, qm, row));
                } else if (step instanceof MainQuery m) {
                    int k = 1000 + mainQueries++;
                    Built qr = query(real, m.reads(), m.writes(), m.filter());
                    Built qm = query(model, m.reads(), m.writes(), m.filter());
                    qr.query().forEach(row -> work(k, qr, row));
                    qm.query().forEach(row -> work(k, qm, row));
                } else if (step instanceof Spawn s) {
                    int seed = 100 + liveReal.size();
                    liveReal.add(spawn(real, s.mask(), seed));
                    liveModel.add(spawn(model, s.mask(), seed));
                } else if (step instanceof Despawn d) {
                    if (!liveReal.isEmpty()) {
                        int i = d.k() % liveReal.size();
                        real.despawn(liveReal.remove(i));
                        model.despawn(liveModel.remove(i));
                    }
                } else if (step instanceof RemoveB r) {
                    if (!liveReal.isEmpty()) {
                        int i = r.k() % liveReal.size();
                        if (model.has(liveModel.get(i), B.class) && (componentCount(model, liveModel.get(i)) > 1)) {
                            real.remove(liveReal.get(i), B.class);
                            model.remove(liveModel.get(i), B.class);
                        }
                    }
                } else if (step instanceof Flush) {
                    jobs.flush();
                } else if (step instanceof Complete c) {
                    if (!handles.isEmpty()) {
                        handles.get(c.k() % handles.size()).complete();
                    }
                } else if (step instanceof CompleteAll) {
                    jobs.completeAll();
                }
            }
            jobs.completeAll();
        }
        for (int j = 0; j < handles.size(); j++) {
            for (int k = j + 1; k < handles.size(); k++) {
                if (accesses.get(k).conflictsWith(accesses.get(j)) && last.get(j) != 0 && first.get(k) != Long.MAX_VALUE
                        && first.get(k) < last.get(j)) {
                    throw new AssertionError("conflicting jobs overlapped: " + names.get(k) + " started (at "
                            + first.get(k) + ") before " + names.get(j) + " ended (at " + last.get(j) + ")");
                }
            }
        }
        for (int i = 0; i < liveModel.size(); i++) {
            for (int c = 0; c < 3; c++) {
                Optional<? extends Val> expected = model.get(liveModel.get(i), TYPES.get(c));
                Optional<? extends Val> actual = real.get(liveReal.get(i), TYPES.get(c));
                if (!expected.equals(actual)) {
                    throw new AssertionError("not serializable: " + liveReal.get(i) + " has " + actual.orElse(null)
                            + " but running the jobs one by one in scheduling order gives " + expected.orElse(null));
                }
            }
        }
    }

    private static int componentCount(World w, Entity e) {
        int n = 0;
        for (Class<? extends Val> t : TYPES) {
            n += w.has(e, t) ? 1 : 0;
        }
        return n;
    }
}
