package dev.ecslab.ecs.change;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryIter;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Runs a {@link ChangeOp} sequence on a world and on an oracle written from the definition of exact
 * change detection, and compares every system run's answers.
 *
 * <p><b>The oracle.</b> Time is the position of an op in the sequence. A change (add, mutation,
 * removal) made at time {@code t} by writer {@code w} is news for a run of system {@code s} at time
 * {@code T} whose previous run was at {@code L} exactly when {@code L < t < T}, or {@code t == T} is
 * impossible (a run's own writes come after its questions), and {@code w != s}. A first run has
 * {@code L = -1}. No ticks, logs or lanes: only positions.
 */
public final class ChangeModelRun {
    record A(int v) {
    }

    record B(int v) {
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    record S(int v) {
    }

    static final List<Class<?>> TYPES = List.of(A.class, B.class, S.class);
    static final int SYSTEMS = 3;

    private final World world;
    private final List<Entity> handles = new ArrayList<>();
    /** Per (entity, type): time added, time of the last mutation since then (or -1), who added, who mutated. */
    private final Map<Entity, Map<Integer, int[]>> state = new HashMap<>();
    private final List<int[]> removals = new ArrayList<>();          // time, type, handle index, writer
    private final RunTicks[] ticks = new RunTicks[SYSTEMS];
    private final WorldView[] views = new WorldView[SYSTEMS];
    private final int[] lastRun = new int[SYSTEMS];
    private int time;
    private int lastClear = -1;
    private ChangeOp current;

    /**
     * False: every type is observed from the start (the world tracks it all), and answers must be
     * exact. True: nothing is observed up front and every change query is closed after use, so each
     * one starts observing its component afresh (a late observer, every time): answers may report
     * more than the oracle (what the world could not track), never less.
     */
    private final boolean lateObservers;

    private ChangeModelRun(Supplier<World> worlds, boolean lateObservers) {
        this.world = worlds.get();
        this.lateObservers = lateObservers;
        TYPES.forEach(t -> WorldInternals.of(world).components().infoOf(t));
        if (!lateObservers) {
            TYPES.forEach(t -> WorldInternals.of(world).observe(WorldInternals.of(world).components().infoOf(t).id()));
        }
        for (int s = 0; s < SYSTEMS; s++) {
            ticks[s] = WorldInternals.of(world).newSystemTicks("s" + s);
            views[s] = WorldInternals.of(world).view("s" + s, Access.world(), ticks[s]);
            lastRun[s] = -1;
        }
    }

    public static void check(Supplier<World> worlds, List<ChangeOp> ops) {
        run(new ChangeModelRun(worlds, false), ops);
    }

    /**
     * The late-observer check: no component is observed until a change query asks, and every change
     * query stops observing when it is done, so observation starts and stops around every question.
     * Every change the oracle expects must be reported (a report of more is allowed: the world reports
     * what it could not track); removals stay exact (they are always tracked).
     */
    public static void checkNeverMisses(Supplier<World> worlds, List<ChangeOp> ops) {
        run(new ChangeModelRun(worlds, true), ops);
    }

    private static void run(ChangeModelRun run, List<ChangeOp> ops) {
        for (ChangeOp op : ops) {
            run.current = op;
            run.apply(op);
            run.time++;
        }
    }

    private static Object make(int type, int v) {
        return switch (type) {
            case 0 -> new A(v);
            case 1 -> new B(v);
            default -> new S(v);
        };
    }

    private Entity handle(int h) {
        return handles.isEmpty() ? null : handles.get(Math.floorMod(h, handles.size()));
    }

    /** Who the direct operations are attributed to: the world (-1), or the exclusive system running. */
    private int writer = -1;

    private int writerWorld() {
        return writer;
    }

    private void apply(ChangeOp op) {
        if (op instanceof ChangeOp.Spawn sp) {
            List<Object> bundle = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                if ((sp.mask() & (1 << t)) != 0) {
                    bundle.add(make(t, time));
                }
            }
            Entity e = world.spawn(bundle.toArray());
            handles.add(e);
            Map<Integer, int[]> comps = new HashMap<>();
            for (int t = 0; t < 3; t++) {
                if ((sp.mask() & (1 << t)) != 0) {
                    comps.put(t, new int[] {time, -1, writerWorld(), writerWorld()});
                }
            }
            state.put(e, comps);
        } else if (op instanceof ChangeOp.Insert in) {
            Entity e = handle(in.handle());
            if (e == null || !state.containsKey(e)) {
                return;
            }
            world.insert(e, make(in.type(), time));
            int[] c = state.get(e).get(in.type());
            if (c == null) {
                state.get(e).put(in.type(), new int[] {time, -1, writerWorld(), writerWorld()});
            } else {
                c[1] = time;                  // re-insert counts as a mutation
                c[3] = writerWorld();
            }
        } else if (op instanceof ChangeOp.Remove rm) {
            Entity e = handle(rm.handle());
            if (e == null || !state.containsKey(e)) {
                return;
            }
            world.remove(e, TYPES.get(rm.type()));
            if (state.get(e).remove(rm.type()) != null) {
                removals.add(new int[] {time, rm.type(), handles.indexOf(e), writerWorld()});
            }
        } else if (op instanceof ChangeOp.Despawn d) {
            Entity e = handle(d.handle());
            if (e == null || !state.containsKey(e)) {
                return;
            }
            world.despawn(e);
            for (int t : new TreeSet<>(state.remove(e).keySet())) {
                removals.add(new int[] {time, t, handles.indexOf(e), writerWorld()});
            }
        } else if (op instanceof ChangeOp.DirectWrite dw) {
            Entity e = handle(dw.handle());
            if (e == null || !state.containsKey(e) || !state.get(e).containsKey(dw.type())) {
                return;
            }
            world.getMut(e, TYPES.get(dw.type()));
            state.get(e).get(dw.type())[1] = time;
            state.get(e).get(dw.type())[3] = writerWorld();
        } else if (op instanceof ChangeOp.ClearTrackers) {
            world.clearTrackers();
            lastClear = time;
        } else if (op instanceof ChangeOp.Run r) {
            run(r);
        } else if (op instanceof ChangeOp.WorldQuery wq) {
            worldQuery(wq);
        } else if (op instanceof ChangeOp.Exclusive ex) {
            exclusive(ex);
        }
    }

    /** An exclusive system: asks, then changes the world directly, all with its own ticks. */
    private void exclusive(ChangeOp.Exclusive ex) {
        int s = ex.system();
        SystemTicks t = ticks[s];
        t.begin(WorldInternals.of(world).nextChangeTick());
        WorldInternals.of(world).changeTracker().onRunStarted(t);
        ask(s, ex.type(), ChangeKind.CHANGED.ordinal(), -1, 0);
        ChangeOp direct = switch (ex.action()) {
            case 0 -> new ChangeOp.Insert(ex.handle(), ex.type());
            case 1 -> new ChangeOp.Remove(ex.handle(), ex.type());
            case 2 -> new ChangeOp.Despawn(ex.handle());
            default -> new ChangeOp.DirectWrite(ex.handle(), ex.type());
        };
        writer = s;
        try {
            WorldInternals.of(world).runExclusive(t, () -> apply(direct));
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            writer = -1;
        }
        WorldInternals.of(world).changeTracker().onRunFinished(t);
        t.end();
        lastRun[s] = time;
    }

    private void run(ChangeOp.Run r) {
        int s = r.system();
        SystemTicks t = ticks[s];
        t.begin(WorldInternals.of(world).nextChangeTick());
        WorldInternals.of(world).changeTracker().onRunStarted(t);
        if (!ask(s, r.type(), r.kind(), r.filter(), r.walk())) {
            return;
        }

        // The run's own writes: after its questions, carrying its own tick.
        for (int h : r.writes()) {
            Entity e = handle(h);
            if (e != null && state.containsKey(e) && state.get(e).containsKey(r.type())) {
                writeAs(s, e, TYPES.get(r.type()));
                int[] c = state.get(e).get(r.type());
                c[1] = time;
                c[3] = s;
            }
        }
        WorldInternals.of(world).changeTracker().onRunFinished(t);
        t.end();
        lastRun[s] = time;
    }

    /** The run's questions, checked against the oracle; false when the query cannot be built. */
    private boolean ask(int s, int typeIndex, int kindIndex, int filter, int walk) {
        Class<?> type = TYPES.get(typeIndex);
        ChangeKind kind = ChangeKind.values()[kindIndex];

        Set<Entity> expected = expected(typeIndex, kind, filter, lastRun[s], s);
        List<Entity> expectedRemoved = expectedRemovals(typeIndex, lastRun[s], s);

        // Actual, from the world.
        QueryBuilder qb = views[s].query();
        EntityTerm id = qb.entity();
        qb.changedAs(type, kind, ChangeFlavor.DEFAULT);
        if (filter >= 0) {
            Class<?> other = TYPES.get(filter % 3);
            qb.filter(filter < 3 ? dev.ecslab.ecs.query.Filter.with(other) : dev.ecslab.ecs.query.Filter.without(other));
        }
        if (filter >= 3 && filter - 3 == typeIndex) {
            return false;     // Without<T> and Changed<T> can never match: the builder refuses it (tested elsewhere)
        }
        Query q = qb.build();
        Set<Entity> actual = new TreeSet<>();
        List<Entity> duplicates = new ArrayList<>();
        switch (walk) {
            case 0 -> q.forEach(row -> {
                if (!actual.add(row.get(id))) {
                    duplicates.add(row.get(id));
                }
            });
            case 1 -> {
                try (QueryIter it = q.iter()) {
                    while (it.next()) {
                        if (!actual.add(it.get(id))) {
                            duplicates.add(it.get(id));
                        }
                    }
                }
            }
            default -> q.forEachChunk(chunk -> {
                for (int i = 0; i < chunk.size(); i++) {
                    if (!actual.add(chunk.entity(i))) {
                        duplicates.add(chunk.entity(i));
                    }
                }
            });
        }
        if (lateObservers) {
            q.close();
        }
        same("reported " + kind + "<" + type.getSimpleName() + "> twice", List.of(), duplicates);
        sameOrMore(kind + "<" + type.getSimpleName() + "> for s" + s, expected, actual);
        same("removed " + type.getSimpleName() + " for s" + s, expectedRemoved, views[s].removed(type));

        return true;
    }

    /** The oracle's answer for a reader whose previous run was at {@code last} and whose id is {@code reader}. */
    private Set<Entity> expected(int type, ChangeKind kind, int filter, int last, int reader) {
        Set<Entity> out = new TreeSet<>();
        for (Map.Entry<Entity, Map<Integer, int[]>> en : state.entrySet()) {
            int[] c = en.getValue().get(type);
            if (c == null) {
                continue;
            }
            if (filter >= 0 && (filter < 3) != en.getValue().containsKey(filter % 3)) {
                continue;
            }
            boolean added = c[0] > last && c[2] != reader;
            boolean mutated = c[1] > last && c[1] >= 0 && c[3] != reader;
            if (switch (kind) {
                case ADDED -> added;
                case MUTATED -> mutated;
                case CHANGED -> added || mutated;
            }) {
                out.add(en.getKey());
            }
        }
        return out;
    }

    private List<Entity> expectedRemovals(int type, int last, int reader) {
        List<Entity> out = new ArrayList<>();
        for (int[] rem : removals) {
            if (rem[1] == type && rem[0] > last && rem[3] != reader) {
                out.add(handles.get(rem[2]));
            }
        }
        return out;
    }

    private void worldQuery(ChangeOp.WorldQuery wq) {
        ChangeKind kind = ChangeKind.values()[wq.kind()];
        QueryBuilder qb = world.query();
        EntityTerm id = qb.entity();
        qb.changedAs(TYPES.get(wq.type()), kind, ChangeFlavor.DEFAULT);
        Set<Entity> actual = new TreeSet<>();
        Query q = qb.build();
        q.forEach(row -> actual.add(row.get(id)));
        if (lateObservers) {
            q.close();
        }
        sameOrMore("world-level " + kind + "<" + TYPES.get(wq.type()).getSimpleName() + ">",
                expected(wq.type(), kind, -1, lastClear, -99), actual);
        same("world-level removed " + TYPES.get(wq.type()).getSimpleName(), expectedRemovals(wq.type(), lastClear, -99),
                world.removed(TYPES.get(wq.type())));
    }

    @SuppressWarnings("unchecked")
    private <T> void writeAs(int s, Entity e, Class<T> type) {
        QueryBuilder qb = views[s].query();
        Write<T> w = qb.write(type);
        qb.build().forEntity(e, row -> row.getMut(w));
    }

    /** Equal, or in late-observer mode a superset: the world may report what it could not track. */
    private void sameOrMore(String what, Set<Entity> expected, Set<Entity> actual) {
        if (lateObservers ? !actual.containsAll(expected) : !expected.equals(actual)) {
            throw new AssertionError("at op " + time + " " + current + ": " + what + ": the oracle says " + expected
                    + " but the world says " + actual + (lateObservers ? " (missed " + missing(expected, actual) + ")" : ""));
        }
    }

    private static Set<Entity> missing(Set<Entity> expected, Set<Entity> actual) {
        Set<Entity> out = new TreeSet<>(expected);
        out.removeAll(actual);
        return out;
    }

    private void same(String what, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError("at op " + time + " " + current + ": " + what + ": the oracle says " + expected
                    + " but the world says " + actual);
        }
    }
}
