package dev.ecslab.ecs.model;

import dev.ecslab.ecs.command.CommandApplyException;
import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.NoSuchEntityException;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.model.WorldOp.Cmd;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryChunk;
import dev.ecslab.ecs.query.QueryDefinitionException;
import dev.ecslab.ecs.query.QueryIter;
import dev.ecslab.ecs.query.QueryRow;
import dev.ecslab.ecs.query.Term;
import dev.ecslab.ecs.query.TermField;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.NoSuchResourceException;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Runs a {@link WorldOp} sequence against a real {@link World} and the {@link ReferenceModel} side
 * by side, and after every step compares query results, component values, resources and errors.
 * The first disagreement throws an {@link AssertionError} naming the step and the difference, which
 * jqwik then shrinks to a minimal sequence.
 */
public final class ModelRun {
    private final World world;
    private final ReferenceModel model = new ReferenceModel();
    /** Every id the world ever handed out, live or not: the handle space of the ops. */
    private final List<Entity> handles = new ArrayList<>();
    private final Set<Entity> issued = new HashSet<>();
    private int step;
    private WorldOp current;

    private ModelRun(World world) {
        this.world = world;
    }

    /** Runs {@code ops} on a fresh world from {@code worlds}; throws on the first mismatch. */
    public static void check(Supplier<World> worlds, List<WorldOp> ops) {
        ModelRun run = new ModelRun(worlds.get());
        for (WorldOp op : ops) {
            run.current = op;
            run.apply(op);
            run.compareState();
            run.step++;
        }
    }

    // ------------------------------------------------------------------ steps

    private void apply(WorldOp op) {
        if (op instanceof WorldOp.Spawn s) {
            Entity e = spawn(bundle(s.mask(), s.value()));
            issue(e);
            model.spawn(e, s.mask(), s.value());
        } else if (op instanceof WorldOp.Despawn d) {
            Entity e = handle(d.handle());
            if (e == null) {
                return;
            }
            if (model.isAlive(e)) {
                world.despawn(e);
                model.alive.remove(e);
            } else {
                expectNoSuchEntity(() -> world.despawn(e), e);
            }
        } else if (op instanceof WorldOp.Insert ins) {
            Entity e = handle(ins.handle());
            if (e == null) {
                return;
            }
            if (model.isAlive(e)) {
                insert(e, bundle(ins.mask(), ins.value()));
                model.insert(e, ins.mask(), ins.value());
            } else {
                expectNoSuchEntity(() -> insert(e, bundle(ins.mask(), ins.value())), e);
            }
        } else if (op instanceof WorldOp.Remove r) {
            Entity e = handle(r.handle());
            if (e == null) {
                return;
            }
            Class<? extends Val> type = Val.COMPONENTS.get(r.type());
            if (model.isAlive(e)) {
                Optional<? extends Val> removed = world.remove(e, type);
                Integer expected = model.alive.get(e).remove(r.type());
                same("removed value", expected == null ? null : Val.make(type, expected), removed.orElse(null));
            } else {
                expectNoSuchEntity(() -> world.remove(e, type), e);
            }
        } else if (op instanceof WorldOp.Get g) {
            Entity e = handle(g.handle());
            if (e == null) {
                return;
            }
            Class<? extends Val> type = Val.COMPONENTS.get(g.type());
            Integer expected = model.isAlive(e) ? model.alive.get(e).get(g.type()) : null;
            same("get " + type.getSimpleName() + " of " + e, expected == null ? null : Val.make(type, expected),
                    world.get(e, type).orElse(null));
            same("has " + type.getSimpleName() + " of " + e, expected != null, world.has(e, type));
        } else if (op instanceof WorldOp.InsertResource ir) {
            world.insertResource(Val.make(Val.RESOURCES.get(ir.resource()), ir.value()));
            model.resources.put(ir.resource(), ir.value());
        } else if (op instanceof WorldOp.RemoveResource rr) {
            Optional<? extends Val> removed = world.removeResource(Val.RESOURCES.get(rr.resource()));
            Integer expected = model.resources.remove(rr.resource());
            same("removed resource", expected, removed.map(v -> v.v).orElse(null));
        } else if (op instanceof WorldOp.MutateResource mr) {
            Class<? extends Val> type = Val.RESOURCES.get(mr.resource());
            if (model.resources.containsKey(mr.resource())) {
                world.getResourceMutOrThrow(type).v += mr.delta();
                model.resources.merge(mr.resource(), mr.delta(), Integer::sum);
            } else {
                expect(NoSuchResourceException.class, () -> world.getResourceMutOrThrow(type), type.getSimpleName());
            }
        } else if (op instanceof WorldOp.Commands c) {
            commands(c.commands());
        } else if (op instanceof WorldOp.RunQuery q) {
            runQuery(q);
        } else if (op instanceof WorldOp.Lookup l) {
            lookup(l);
        } else if (op instanceof WorldOp.StructuralDuringIteration s) {
            structuralDuringIteration(s);
        } else {
            throw new AssertionError("unknown op " + op);
        }
    }

    private void commands(List<Cmd> cmds) {
        CommandBuffer buffer = world.commands();
        for (Cmd c : cmds) {
            if (c instanceof Cmd.CSpawn s) {
                Entity e = buffer.spawn(bundle(s.mask(), s.value()));
                issue(e);
                if (world.isAlive(e)) {
                    fail("reserved entity " + e + " is alive before its commands were applied");
                }
            } else if (c instanceof Cmd.CDespawn d) {
                Entity e = handle(d.handle());
                if (e != null) {
                    buffer.despawn(e);
                }
            } else if (c instanceof Cmd.CInsert i) {
                Entity e = handle(i.handle());
                if (e != null) {
                    buffer.insert(e, bundle(i.mask(), i.value()));
                }
            } else if (c instanceof Cmd.CRemove r) {
                Entity e = handle(r.handle());
                if (e != null) {
                    buffer.remove(e, Val.COMPONENTS.get(r.type()));
                }
            } else if (c instanceof Cmd.CInsertResource ir) {
                buffer.insertResource(Val.make(Val.RESOURCES.get(ir.resource()), ir.value()));
            } else if (c instanceof Cmd.CRemoveResource rr) {
                buffer.removeResource(Val.RESOURCES.get(rr.resource()));
            }
        }
        // The model replays the recorded commands in order, with the same per-command semantics.
        List<Integer> expectedFailures = new ArrayList<>();
        List<dev.ecslab.ecs.command.Command> recorded = List.copyOf(buffer.commands());
        for (int i = 0; i < recorded.size(); i++) {
            if (!modelApply(recorded.get(i))) {
                expectedFailures.add(i);
            }
        }
        List<Integer> actualFailures = new ArrayList<>();
        try {
            world.apply(buffer);
        } catch (CommandApplyException e) {
            e.failures().forEach(f -> actualFailures.add(f.index()));
            for (CommandApplyException.Failure f : e.failures()) {
                if (!(f.cause() instanceof NoSuchEntityException)) {
                    fail("command failure with unexpected cause: " + f);
                }
            }
        }
        same("indices of failed commands", expectedFailures, actualFailures);
        same("buffer emptied by apply", 0, buffer.size());
    }

    /** Applies one command to the model; false when the world must report it as failed. */
    private boolean modelApply(dev.ecslab.ecs.command.Command c) {
        if (c instanceof dev.ecslab.ecs.command.Command.Spawn s) {
            model.alive.put(s.entity(), new TreeMap<>());
            insertObjects(s.entity(), s.components());
            return true;
        } else if (c instanceof dev.ecslab.ecs.command.Command.Despawn d) {
            return model.alive.remove(d.entity()) != null;
        } else if (c instanceof dev.ecslab.ecs.command.Command.Insert i) {
            if (!model.isAlive(i.entity())) {
                return false;
            }
            insertObjects(i.entity(), i.components());
            return true;
        } else if (c instanceof dev.ecslab.ecs.command.Command.Remove r) {
            if (!model.isAlive(r.entity())) {
                return false;
            }
            model.alive.get(r.entity()).remove(Val.COMPONENTS.indexOf(r.type()));
            return true;
        } else if (c instanceof dev.ecslab.ecs.command.Command.InsertResource ir) {
            model.resources.put(Val.RESOURCES.indexOf(ir.value().getClass()), ((Val) ir.value()).v);
            return true;
        } else {
            model.resources.remove(Val.RESOURCES.indexOf(((dev.ecslab.ecs.command.Command.RemoveResource) c).type()));
            return true;
        }
    }

    private void insertObjects(Entity e, Object[] components) {
        for (Object o : components) {
            model.alive.get(e).put(Val.COMPONENTS.indexOf(o.getClass()), ((Val) o).v);
        }
    }

    private void runQuery(WorldOp.RunQuery q) {
        QueryBuilder qb = world.query();
        List<Term<? extends Val>> terms = new ArrayList<>();
        EntityTerm entityTerm = q.entityTerm() ? qb.entity() : null;
        for (int t = 0; t < Val.COMPONENTS.size(); t++) {
            if ((q.reads() & (1 << t)) != 0) {
                terms.add(qb.read(Val.COMPONENTS.get(t)));
            }
            if ((q.writes() & (1 << t)) != 0) {
                terms.add(qb.write(Val.COMPONENTS.get(t)));
            }
        }
        if (q.filter() != null) {
            qb.filter(q.filter());
        }
        int overlap = q.reads() & q.writes();
        int required = q.reads() | q.writes();
        if (overlap != 0) {
            String name = dev.ecslab.ecs.component.Components.displayName(
                    Val.COMPONENTS.get(Integer.numberOfTrailingZeros(overlap)));
            expect(QueryDefinitionException.class, qb::build, "reads and writes " + name);
            return;
        }
        if (!ReferenceModel.satisfiable(required, q.filter())) {
            expect(QueryDefinitionException.class, qb::build, "can never match");
            return;
        }
        Query query = qb.build();

        // Expected rows, straight from the model.
        Map<Entity, List<Integer>> expected = new TreeMap<>();
        for (Map.Entry<Entity, TreeMap<Integer, Integer>> en : model.alive.entrySet()) {
            Set<Integer> types = en.getValue().keySet();
            if (types.containsAll(ReferenceModel.typesOf(required)) && ReferenceModel.matches(q.filter(), types)) {
                List<Integer> values = new ArrayList<>();
                for (Term<? extends Val> t : terms) {
                    values.add(en.getValue().get(Val.COMPONENTS.indexOf(t.type())));
                }
                expected.put(en.getKey(), values);
            }
        }

        Map<Entity, List<Integer>> actual = new TreeMap<>();
        List<Entity> duplicates = new ArrayList<>();
        java.util.function.Consumer<QueryRow> visit = row -> {
            Entity e = row.entity();
            if (entityTerm != null && !row.get(entityTerm).equals(e)) {
                fail("entity term disagrees with row.entity()");
            }
            List<Integer> values = new ArrayList<>();
            for (Term<? extends Val> t : terms) {
                values.add(row.get(t).v);
            }
            if (actual.put(e, values) != null) {
                duplicates.add(e);
            }
            for (Term<? extends Val> t : terms) {
                if (t instanceof Write<? extends Val> w) {
                    write(row, w, q.writeMode(), q.delta());
                }
            }
        };
        if (q.walk() == 1) {
            try (QueryIter it = query.iter()) {
                while (it.next()) {
                    visit.accept(it);
                }
            }
        } else if (q.walk() == 0) {
            query.forEach(visit);
        } else {
            query.forEachChunk(chunk -> {
                for (int i = 0; i < chunk.size(); i++) {
                    Entity e = chunk.entity(i);
                    List<Integer> values = new ArrayList<>();
                    for (Term<? extends Val> t : terms) {    // by handle and by the chunk's array (column, copy or copies)
                        values.add(i % 2 == 0 ? chunk.get(t, i).v : chunk.readArray(t)[i].v);
                    }
                    if (actual.put(e, values) != null) {
                        duplicates.add(e);
                    }
                    for (Term<? extends Val> t : terms) {
                        if (t instanceof Write<? extends Val> w) {
                            write(chunk, i, w, q.writeMode(), q.delta());
                        }
                    }
                }
            });
        }
        if (!duplicates.isEmpty()) {
            fail(query.description() + " visited " + duplicates + " more than once");
        }
        same(query.description() + " rows (entity -> term values)", expected, actual);
        same(query.description() + " count()", expected.size(), query.count());
        for (Entity e : expected.keySet()) {
            for (Term<? extends Val> t : terms) {
                if (t.isWrite()) {
                    model.alive.get(e).merge(Val.COMPONENTS.indexOf(t.type()), q.delta(), Integer::sum);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private <V extends Val> void write(QueryRow row, Write<V> w, int mode, int delta) {
        Class<V> type = w.type();
        switch (mode) {
            case 0 -> row.set(w, (V) Val.make(type, row.get(w).v + delta));
            case 1 -> row.update(w, old -> (V) Val.make(type, old.v + delta));
            case 2 -> {
                boolean changed = row.setIfChanged(w, (V) Val.make(type, row.get(w).v + delta));
                if (changed != (delta != 0)) {
                    throw new AssertionError("setIfChanged returned " + changed + " for delta " + delta);
                }
            }
            case 3 -> {
                if (columnar(w)) {                     // a copy cannot be mutated in place: the field accessors instead
                    TermField v = w.field("v");
                    row.setInt(v, row.getInt(v) + delta);
                } else {
                    row.getMut(w).v += delta;
                }
            }
            default -> row.modify(w, v -> v.v += delta);
        }
    }

    @SuppressWarnings("unchecked")
    private <V extends Val> void write(QueryChunk chunk, int i, Write<V> w, int mode, int delta) {
        Class<V> type = w.type();
        switch (mode) {
            case 0, 1 -> chunk.set(w, i, (V) Val.make(type, chunk.get(w, i).v + delta));
            case 2 -> {
                boolean changed = chunk.setIfChanged(w, i, (V) Val.make(type, chunk.get(w, i).v + delta));
                if (changed != (delta != 0)) {
                    throw new AssertionError("setIfChanged returned " + changed + " for delta " + delta);
                }
            }
            case 3 -> {
                if (columnar(w)) {                     // the chunk's field array (the column, or a copy stored back)
                    chunk.writeInts(w.field("v"))[i] += delta;
                } else if (i % 2 == 0) {
                    chunk.getMut(w, i).v += delta;
                } else {                               // the chunk's array (the column, or a gathered copy)
                    chunk.writeArray(w)[i].v += delta;
                }
            }
            default -> chunk.modify(w, i, v -> v.v += delta);
        }
    }

    private boolean columnar(Term<?> term) {
        return WorldInternals.of(world).storage().layoutOf(term.component()) == ValueLayout.COLUMNAR;
    }

    private void lookup(WorldOp.Lookup l) {
        Entity e = handle(l.handle());
        if (e == null) {
            return;
        }
        QueryBuilder qb = world.query();
        List<Term<? extends Val>> terms = new ArrayList<>();
        for (int t = 0; t < Val.COMPONENTS.size(); t++) {
            if ((l.reads() & (1 << t)) != 0) {
                terms.add(qb.read(Val.COMPONENTS.get(t)));
            }
        }
        if (l.filter() != null) {
            qb.filter(l.filter());
        }
        if (!ReferenceModel.satisfiable(l.reads(), l.filter())) {
            expect(QueryDefinitionException.class, qb::build, "can never match");
            return;
        }
        Query query = qb.build();
        boolean expectedMatch = model.isAlive(e)
                && model.alive.get(e).keySet().containsAll(ReferenceModel.typesOf(l.reads()))
                && ReferenceModel.matches(l.filter(), model.alive.get(e).keySet());
        same(query.description() + ".contains(" + e + ")", expectedMatch, query.contains(e));
        List<Integer> seen = new ArrayList<>();
        boolean ran = query.forEntity(e, row -> terms.forEach(t -> seen.add(row.get(t).v)));
        same(query.description() + ".forEntity(" + e + ") ran", expectedMatch, ran);
        if (expectedMatch) {
            List<Integer> values = new ArrayList<>();
            terms.forEach(t -> values.add(model.alive.get(e).get(Val.COMPONENTS.indexOf(t.type()))));
            same(query.description() + ".forEntity(" + e + ") values", values, seen);
        }
    }

    private void structuralDuringIteration(WorldOp.StructuralDuringIteration s) {
        Entity target = handle(s.handle());
        if (target == null || model.alive.isEmpty()) {
            return;
        }
        Query all = world.query().build();
        Runnable attempt = switch (s.kind()) {
            case 0 -> () -> world.spawn(new Val.A(1));
            case 1 -> () -> world.despawn(target);
            case 2 -> () -> world.insert(target, new Val.A(1));
            case 3 -> () -> world.remove(target, Val.A.class);
            default -> () -> {
                CommandBuffer b = world.commands();
                b.despawn(target);
                world.apply(b);
            };
        };
        int[] refused = {0};
        if (s.cursor()) {
            try (QueryIter it = all.iter()) {
                if (it.next()) {
                    expect(StructuralChangeException.class, attempt, "iterating");
                    refused[0]++;
                }
            }
        } else {
            all.forEach(row -> {
                if (refused[0] == 0) {
                    expect(StructuralChangeException.class, attempt, "iterating");
                    refused[0]++;
                }
            });
        }
        same("structural change refused once", 1, refused[0]);
        if (WorldInternals.of(world).isIterating()) {
            fail("the world still believes a query is iterating after it finished");
        }
    }

    // ------------------------------------------------------------------ full-state comparison

    private void compareState() {
        try {
            WorldInternals.of(world).verifyIntegrity();
        } catch (IllegalStateException e) {
            fail(e.getMessage());
        }
        same("entityCount()", model.alive.size(), world.entityCount());
        for (Entity h : handles) {
            same("isAlive(" + h + ")", model.isAlive(h), world.isAlive(h));
        }
        for (Map.Entry<Entity, TreeMap<Integer, Integer>> en : model.alive.entrySet()) {
            Entity e = en.getKey();
            Set<Integer> types = new TreeSet<>();
            for (ComponentInfo info : world.componentsOf(e)) {
                types.add(Val.COMPONENTS.indexOf(info.type()));
            }
            same("component types of " + e, en.getValue().keySet(), types);
            for (Map.Entry<Integer, Integer> c : en.getValue().entrySet()) {
                Class<? extends Val> type = Val.COMPONENTS.get(c.getKey());
                same(type.getSimpleName() + " of " + e, Val.make(type, c.getValue()), world.get(e, type).orElse(null));
            }
        }
        for (int r = 0; r < Val.RESOURCES.size(); r++) {
            Integer expected = model.resources.get(r);
            same("resource R" + (r + 1), expected, world.getResource(Val.RESOURCES.get(r)).map(v -> v.v).orElse(null));
        }
    }

    // ------------------------------------------------------------------ helpers

    private void issue(Entity e) {
        if (!issued.add(e)) {
            fail("id " + e + " was handed out twice");
        }
        handles.add(e);
    }

    /** Spawns through the fixed-arity overloads where they exist, else the varargs form. */
    private Entity spawn(Object[] b) {
        return switch (b.length) {
            case 1 -> world.spawn(b[0]);
            case 2 -> world.spawn(b[0], b[1]);
            case 3 -> world.spawn(b[0], b[1], b[2]);
            default -> world.spawn(b);
        };
    }

    /** Inserts through the single-component overload for one component, else the varargs form. */
    private void insert(Entity e, Object[] b) {
        if (b.length == 1) {
            world.insert(e, b[0]);
        } else {
            world.insert(e, b);
        }
    }

    private Entity handle(int h) {
        return handles.isEmpty() ? null : handles.get(Math.floorMod(h, handles.size()));
    }

    private static Object[] bundle(int mask, int value) {
        List<Object> out = new ArrayList<>();
        for (int t = 0; t < Val.COMPONENTS.size(); t++) {
            if ((mask & (1 << t)) != 0) {
                out.add(Val.make(Val.COMPONENTS.get(t), value));
            }
        }
        return out.toArray();
    }

    private void expectNoSuchEntity(Runnable action, Entity e) {
        expect(NoSuchEntityException.class, action, e.toString());
    }

    private void expect(Class<? extends RuntimeException> type, Runnable action, String messagePart) {
        Map<String, Object> before = snapshot();
        try {
            action.run();
        } catch (RuntimeException e) {
            if (!type.isInstance(e)) {
                fail("expected " + type.getSimpleName() + " but got " + e);
            }
            if (e.getMessage() == null || !e.getMessage().contains(messagePart)) {
                fail("the " + type.getSimpleName() + " message does not name '" + messagePart + "': " + e.getMessage());
            }
            if (!before.equals(snapshot())) {
                fail("a refused operation changed the world: before " + before + ", after " + snapshot());
            }
            return;
        }
        fail("expected " + type.getSimpleName() + " naming '" + messagePart + "', but nothing was thrown");
    }

    /** A coarse snapshot (counts and every live entity's components) to prove refusals change nothing. */
    private Map<String, Object> snapshot() {
        Map<String, Object> s = new HashMap<>();
        s.put("count", world.entityCount());
        for (Entity h : handles) {
            if (world.isAlive(h)) {
                List<Object> values = new ArrayList<>();
                for (ComponentInfo info : world.componentsOf(h)) {
                    values.add(String.valueOf(world.get(h, info.type()).orElse(null)));
                }
                s.put(h.toString(), values);
            }
        }
        return s;
    }

    private void same(String what, Object expected, Object actual) {
        if (!java.util.Objects.equals(expected, actual)) {
            fail(what + ": the model says " + expected + " but the world says " + actual);
        }
    }

    private void fail(String message) {
        throw new AssertionError("step " + step + " " + current + ": " + message);
    }
}
