package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleSpec.SysSpec;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Term;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.OrderingPolicy;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Builds a real schedule and world from a {@link ScheduleSpec}, runs it under one executor while
 * recording every observer event, and checks the executor contract from the events alone:
 * ordering (finish happens-before start along the closure), no overlap of conflicting systems,
 * exclusive systems alone, thread rules, exact run counts, and commands applied in topological order.
 */
final class ScheduleRunCheck {
    private ScheduleRunCheck() {
    }

    /** Mutable int components and resources. {@code S} is sparse-set stored. */
    abstract static class V {
        int v;

        V(int v) {
            this.v = v;
        }
    }

    static final class A extends V {
        A(int v) {
            super(v);
        }
    }

    static final class B extends V {
        B(int v) {
            super(v);
        }
    }

    static final class C extends V {
        C(int v) {
            super(v);
        }
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    static final class S extends V {
        S(int v) {
            super(v);
        }
    }

    static final class R0 extends V {
        R0(int v) {
            super(v);
        }
    }

    static final class R1 extends V {
        R1(int v) {
            super(v);
        }
    }

    static final List<Class<? extends V>> COMPONENTS = List.of(A.class, B.class, C.class, S.class);
    static final List<Class<? extends V>> RESOURCES = List.of(R0.class, R1.class);

    /** What one run produced. */
    record Outcome(String executor, List<Recorded> events, Map<String, Long> observations, List<String> state,
            CompiledSchedule compiled, RuntimeException error, String callerThread) {
    }

    /** One observer event, flattened. */
    record Recorded(String type, long seq, long frame, String stage, int iteration, String system, String thread) {
    }

    // ------------------------------------------------------------------ building and running

    static String systemName(int stage, int index) {
        return "s" + stage + "_" + index;
    }

    static Schedule schedule(ScheduleSpec spec, Map<String, Long> observations) {
        Schedule.Builder b = Schedule.builder()
                .ordering(spec.insertionOrder() ? OrderingPolicy.INSERTION_ORDER : OrderingPolicy.EXPLICIT)
                .ambiguity(AmbiguitySetting.IGNORE);
        for (int s = 0; s < spec.sets().size(); s++) {
            List<List<ShouldRun>> patterns = spec.sets().get(s);
            b.set("set" + s, "pattern" + patterns, ctx -> {
                List<ShouldRun> p = patterns.get((int) (ctx.frame() % patterns.size()));
                return p.get(Math.min(ctx.iteration(), p.size() - 1));
            });
        }
        for (int si = 0; si < spec.stages().size(); si++) {
            List<SysSpec> stage = spec.stages().get(si);
            List<SystemDescriptor> systems = new ArrayList<>();
            for (int i = 0; i < stage.size(); i++) {
                systems.add(descriptor(si, i, stage.get(i), observations));
            }
            b.stage("stage" + si, systems.toArray(new SystemDescriptor[0]));
        }
        return b.build();
    }

    private static SystemDescriptor descriptor(int si, int i, SysSpec x, Map<String, Long> observations) {
        String name = systemName(si, i);
        int id = si * 100 + i + 1;
        SystemDescriptor.Builder d = SystemDescriptor.builder(name);
        for (int t : x.before()) {
            d.before(systemName(si, t));
        }
        if (x.set() >= 0) {
            d.inSet("set" + x.set());
        }
        switch (x.kind()) {
            case 2 -> {
                return d.exclusive().run(ctx -> {
                    World world = ctx.exclusiveWorld();
                    world.spawn(new B(id));
                    world.getResourceMutOrThrow(R0.class).v += id;
                    observations.put(key(ctx.frame(), si, ctx.iteration(), name), (long) world.entityCount());
                }).build();
            }
            case 3 -> {
                return d.kind(SystemKind.SYNC_POINT).build();
            }
            default -> {
                if (x.kind() == 1) {
                    d.mainThread();
                }
            }
        }
        int writes = x.writes();
        int reads = x.reads() & ~writes;
        int terms = reads | writes;
        int with = x.with();
        int without = x.without();
        if (without >= 0 && ((terms & (1 << without)) != 0 || without == with)) {
            without = -1;
        }
        AccessSpec.Builder access = AccessSpec.builder();
        Filter filter = filter(with, without);
        if (terms != 0) {
            QuerySpec q = QuerySpec.reads(types(reads)).andWrites(types(writes));
            access.query(filter == null ? q : q.filter(filter));
        }
        for (int r = 0; r < 2; r++) {
            if ((x.resWrites() & (1 << r)) != 0) {
                access.writesResource(RESOURCES.get(r));
            } else if ((x.resReads() & (1 << r)) != 0) {
                access.readsResource(RESOURCES.get(r));
            }
        }
        int resReads = x.resReads() & ~x.resWrites();
        int resWrites = x.resWrites();
        boolean commands = x.commands();
        Filter queryFilter = filter;
        return d.access(access.build()).setup(view -> body(view, name, si, id, reads, writes, queryFilter, resReads,
                resWrites, commands, observations)).build();
    }

    private static SystemBody body(WorldView view, String name, int si, int id, int reads, int writes, Filter filter,
            int resReads, int resWrites, boolean commands, Map<String, Long> observations) {
        List<Term<? extends V>> terms = new ArrayList<>();
        Query query = null;
        if ((reads | writes) != 0) {
            QueryBuilder qb = view.query();
            for (int c = 0; c < 4; c++) {
                if ((reads & (1 << c)) != 0) {
                    terms.add(qb.read(COMPONENTS.get(c)));
                } else if ((writes & (1 << c)) != 0) {
                    terms.add(qb.write(COMPONENTS.get(c)));
                }
            }
            if (filter != null) {
                qb.filter(filter);
            }
            query = qb.build();
        }
        Query q = query;
        return ctx -> {
            long[] checksum = {id};
            if (q != null) {
                q.forEach(row -> {
                    long sum = 0;
                    for (Term<? extends V> t : terms) {
                        if (t instanceof Write<? extends V> w) {
                            V value = row.getMut(w);
                            value.v = value.v * 31 + id + (int) sum;
                            sum += value.v;
                        } else {
                            sum += row.get(t).v;
                        }
                    }
                    checksum[0] = checksum[0] * 17 + sum;
                });
            }
            for (int r = 0; r < 2; r++) {
                if ((resReads & (1 << r)) != 0) {
                    checksum[0] = checksum[0] * 17 + ctx.world().getResourceOrThrow(RESOURCES.get(r)).v;
                }
                if ((resWrites & (1 << r)) != 0) {
                    V res = ctx.world().getResourceMutOrThrow(RESOURCES.get(r));
                    res.v = res.v * 31 + id + (int) checksum[0];
                }
            }
            if (commands) {
                ctx.commands().spawn(new A(id));
            }
            observations.put(key(ctx.frame(), si, ctx.iteration(), name), checksum[0]);
        };
    }

    private static Filter filter(int with, int without) {
        Filter w = with >= 0 ? Filter.with(COMPONENTS.get(with)) : null;
        Filter wo = without >= 0 ? Filter.without(COMPONENTS.get(without)) : null;
        if (w != null && wo != null) {
            return Filter.and(w, wo);
        }
        return w != null ? w : wo;
    }

    private static Class<?>[] types(int mask) {
        List<Class<?>> out = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            if ((mask & (1 << c)) != 0) {
                out.add(COMPONENTS.get(c));
            }
        }
        return out.toArray(new Class<?>[0]);
    }

    static String key(long frame, int stage, int iteration, String system) {
        return "f" + frame + "/stage" + stage + "/i" + iteration + "/" + system;
    }

    /** The world every run starts from: entities over several archetypes, and both resources. */
    static World world() {
        World world = new World();
        for (int i = 0; i < 60; i++) {
            switch (i % 6) {
                case 0 -> world.spawn(new A(i));
                case 1 -> world.spawn(new A(i), new B(i));
                case 2 -> world.spawn(new A(i), new B(i), new C(i));
                case 3 -> world.spawn(new A(i), new S(i));
                case 4 -> world.spawn(new B(i), new C(i), new S(i));
                default -> world.spawn(new C(i));
            }
        }
        world.insertResource(new R0(1));
        world.insertResource(new R1(2));
        return world;
    }

    /** Runs {@code spec} for its frames under a new executor from {@code executors}. */
    static Outcome run(ScheduleSpec spec, String label, Supplier<Executor> executors) {
        Map<String, Long> observations = new ConcurrentHashMap<>();
        World world = world();
        Schedule schedule = schedule(spec, observations);
        CompiledSchedule compiled = schedule.compile(world);
        List<Recorded> events = Collections.synchronizedList(new ArrayList<>());
        RuntimeException error = null;
        try (ScheduleRunner runner = new ScheduleRunner(world, compiled, executors.get())) {
            runner.observe(new ExecutionObserver() {
                @Override
                public void systemStarted(SystemEvent e) {
                    events.add(new Recorded("start", e.sequence(), e.frame(), e.stage(), e.iteration(), e.system(), e.thread()));
                }

                @Override
                public void systemFinished(SystemEvent e) {
                    events.add(new Recorded("finish", e.sequence(), e.frame(), e.stage(), e.iteration(), e.system(), e.thread()));
                }

                @Override
                public void commandsApplied(long seq, long frame, String stage, int iteration, String system, int count) {
                    events.add(new Recorded("commands", seq, frame, stage, iteration, system, Thread.currentThread().getName()));
                }

                @Override
                public void syncPoint(long seq, long frame, String stage, int iteration, String explicitSystem) {
                    events.add(new Recorded("sync", seq, frame, stage, iteration, explicitSystem, Thread.currentThread().getName()));
                }
            });
            for (int f = 0; f < spec.frames(); f++) {
                runner.runFrame();
            }
        } catch (RuntimeException e) {
            error = e;
        }
        return new Outcome(label, List.copyOf(events), new TreeMap<>(observations), canonicalState(world), compiled, error,
                Thread.currentThread().getName());
    }

    /** The world's content without entity ids (ids reserved by parallel systems depend on timing). */
    static List<String> canonicalState(World world) {
        List<String> out = new ArrayList<>();
        world.query().build().forEach(row -> {
            Entity e = row.entity();
            StringBuilder sb = new StringBuilder();
            for (Class<? extends V> c : COMPONENTS) {
                world.get(e, c).ifPresent(v -> sb.append(c.getSimpleName()).append('=').append(v.v).append(' '));
            }
            out.add(sb.toString());
        });
        Collections.sort(out);
        for (Class<? extends V> r : RESOURCES) {
            out.add(r.getSimpleName() + "=" + world.getResource(r).map(v -> v.v).orElse(null));
        }
        return out;
    }

    // ------------------------------------------------------------------ expectations

    /** Expected runs per (frame, system), and the (frame, stage) where the criteria must loop forever. */
    record Expectation(Map<String, Integer> runs, String loopAt) {
    }

    /** Straight from the run-criteria rules, independent of the runner's code. */
    static Expectation expect(ScheduleSpec spec) {
        Map<String, Integer> runs = new TreeMap<>();
        for (int f = 0; f < spec.frames(); f++) {
            for (int si = 0; si < spec.stages().size(); si++) {
                List<SysSpec> stage = spec.stages().get(si);
                List<Integer> inPlay = new ArrayList<>();
                stage.forEach(x -> {
                    if (x.set() >= 0 && !inPlay.contains(x.set())) {
                        inPlay.add(x.set());
                    }
                });
                List<Integer> evaluated = inPlay;
                for (int it = 0; ; it++) {
                    Map<Integer, ShouldRun> answers = new HashMap<>();
                    List<Integer> again = new ArrayList<>();
                    for (int s : evaluated) {
                        List<List<ShouldRun>> patterns = spec.sets().get(s);
                        List<ShouldRun> p = patterns.get(f % patterns.size());
                        ShouldRun a = p.get(Math.min(it, p.size() - 1));
                        answers.put(s, a);
                        if (a.checkAgain()) {
                            again.add(s);
                        }
                    }
                    List<Integer> active = new ArrayList<>();
                    for (int i = 0; i < stage.size(); i++) {
                        int set = stage.get(i).set();
                        boolean run = set < 0 ? it == 0 : answers.containsKey(set) && answers.get(set).runs();
                        if (run) {
                            active.add(i);
                        }
                    }
                    if (active.isEmpty()) {
                        if (!again.isEmpty()) {
                            return new Expectation(runs, "frame " + f + " stage" + si);
                        }
                        break;
                    }
                    for (int i : active) {
                        runs.merge("f" + f + "/" + systemName(si, i), 1, Integer::sum);
                    }
                    if (again.isEmpty()) {
                        break;
                    }
                    evaluated = again;
                }
            }
        }
        return new Expectation(runs, null);
    }

    /** True when some stage has two conflicting systems that no constraint orders. */
    static boolean hasRaces(CompiledSchedule compiled) {
        for (CompiledStage stage : compiled.stages()) {
            for (int i = 0; i < stage.size(); i++) {
                for (int j = stage.conflicts(i).nextSetBit(i + 1); j >= 0; j = stage.conflicts(i).nextSetBit(j + 1)) {
                    if (!stage.ordered(i, j)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ checks

    /** Checks the executor contract on one outcome; throws an AssertionError naming the violation. */
    static void check(ScheduleSpec spec, Outcome out) {
        Expectation expected = expect(spec);
        if (expected.loopAt() != null) {
            if (!(out.error() instanceof StageLoopException)) {
                fail(out, "expected a StageLoopException at " + expected.loopAt() + " but got " + out.error());
            }
        } else if (out.error() != null) {
            AssertionError e = new AssertionError(out.executor() + ": unexpected " + out.error());
            e.initCause(out.error());
            throw e;
        }
        Map<String, Integer> runs = new TreeMap<>();
        Map<String, Map<String, long[]>> intervals = new HashMap<>();   // iteration key -> system -> [start, finish]
        Map<String, List<Recorded>> commandOrder = new HashMap<>();
        String sync = "";
        List<Recorded> sorted = new ArrayList<>(out.events());
        sorted.sort((x, y) -> Long.compare(x.seq(), y.seq()));
        for (Recorded r : sorted) {
            String it = r.frame() + "/" + r.stage() + "/" + r.iteration();
            switch (r.type()) {
                case "start" -> {
                    runs.merge("f" + r.frame() + "/" + r.system(), 1, Integer::sum);
                    long[] span = intervals.computeIfAbsent(it, k -> new HashMap<>()).putIfAbsent(r.system(), new long[] {r.seq(), Long.MAX_VALUE});
                    if (span != null) {
                        fail(out, r.system() + " started twice in iteration " + it);
                    }
                    SystemKind kind = systemKind(out.compiled(), r.stage(), r.system());
                    if ((kind == SystemKind.MAIN_THREAD || kind.isExclusive()) && !r.thread().equals(out.callerThread())) {
                        fail(out, kind + " system " + r.system() + " ran on " + r.thread() + ", not on the caller " + out.callerThread());
                    }
                }
                case "finish" -> intervals.get(it).get(r.system())[1] = r.seq();
                case "sync" -> sync = it + "#" + r.seq();
                case "commands" -> commandOrder.computeIfAbsent(sync, k -> new ArrayList<>()).add(r);
                default -> throw new AssertionError(r.type());
            }
        }
        if (expected.loopAt() == null && !runs.equals(expected.runs())) {
            fail(out, "run counts differ from the run criteria: expected " + expected.runs() + " but ran " + runs);
        }
        for (Map.Entry<String, Map<String, long[]>> it : intervals.entrySet()) {
            String stageName = it.getKey().split("/")[1];
            CompiledStage stage = out.compiled().stage(stageName);
            Map<String, long[]> spans = it.getValue();
            for (int a = 0; a < stage.size(); a++) {
                long[] sa = spans.get(stage.system(a).name());
                if (sa == null) {
                    continue;
                }
                for (int b = 0; b < stage.size(); b++) {
                    long[] sb = spans.get(stage.system(b).name());
                    if (a == b || sb == null) {
                        continue;
                    }
                    String pair = stage.system(a).name() + " and " + stage.system(b).name() + " in iteration " + it.getKey();
                    if (stage.reach(a).get(b) && !(sa[1] < sb[0])) {
                        fail(out, "ordering broken: " + stage.system(a).name() + " must finish before " + stage.system(b).name()
                                + " starts, in iteration " + it.getKey() + " (seq " + sa[0] + ".." + sa[1] + " vs " + sb[0] + ".." + sb[1] + ")");
                    }
                    boolean overlap = !(sa[1] < sb[0] || sb[1] < sa[0]);
                    if (overlap && stage.conflicts(a).get(b)) {
                        fail(out, "conflicting systems overlapped: " + pair);
                    }
                    if (overlap && (stage.system(a).kind().isExclusive() || stage.system(b).kind().isExclusive())) {
                        fail(out, "an exclusive system overlapped another: " + pair);
                    }
                }
            }
        }
        for (Map.Entry<String, List<Recorded>> group : commandOrder.entrySet()) {
            String stageName = group.getValue().get(0).stage();
            CompiledStage stage = out.compiled().stage(stageName);
            int last = -1;
            for (Recorded r : group.getValue()) {
                int position = stage.topologicalPosition(indexOf(stage, r.system()));
                if (position <= last) {
                    fail(out, "commands applied out of topological order at sync point " + group.getKey() + ": "
                            + group.getValue().stream().map(Recorded::system).toList());
                }
                last = position;
            }
        }
    }

    private static SystemKind systemKind(CompiledSchedule compiled, String stage, String system) {
        CompiledStage s = compiled.stage(stage);
        return s.system(indexOf(s, system)).kind();
    }

    private static int indexOf(CompiledStage stage, String system) {
        for (int i = 0; i < stage.size(); i++) {
            if (stage.system(i).name().equals(system)) {
                return i;
            }
        }
        throw new AssertionError("no system " + system + " in " + stage.name());
    }

    private static void fail(Outcome out, String message) {
        throw new AssertionError(out.executor() + ": " + message);
    }
}
