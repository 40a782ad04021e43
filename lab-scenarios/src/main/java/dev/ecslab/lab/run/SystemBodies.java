package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemContext;
import dev.ecslab.ecs.world.WorldView;
import dev.ecslab.lab.explore.ChoicePoint;
import dev.ecslab.lab.explore.Interleaver;
import dev.ecslab.lab.scenario.Data.Values.Cell;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.Detection;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The lab's system bodies: what each system of a scenario does when the executor runs it, and the
 * evidence it keeps of that ({@link BodyRun}). A body takes a sequence number when it starts, evaluates
 * its watches (the change-filtered queries, the removal and resource filters) and records what they
 * yield, makes its edits for the frame and stage iteration in list order (direct writes through write
 * queries, commands into its own buffer), and takes a sequence number when it ends.
 *
 * <p>In a controlled run a body gives up its turn ({@link Interleaver#step}) before its watches, before
 * each edit another system can see and before it finishes. In a free run under a parallel executor it
 * holds its run for {@link ScenarioRunner#DWELL_NANOS} when a wrong overlap would otherwise be too short
 * to see ({@link #dwell}).
 */
final class SystemBodies {
    private final BodyHost session;
    /** Each system's edits by {@code system|frame|iteration}. */
    private final Map<String, List<Edit>> editsByKey = new HashMap<>();
    /** The systems each system conflicts with and is not ordered with, in its stage. */
    private final Map<String, List<SystemSpec>> partners = new HashMap<>();
    /** The bodies that started, by {@code system|frame|iteration}. */
    private final Set<String> started = ConcurrentHashMap.newKeySet();
    /** Whether bodies hold their run open (a free run under a parallel executor). */
    boolean dwell;

    SystemBodies(BodyHost session) {
        this.session = session;
        Scenario scenario = session.scenario();
        for (Edit e : scenario.edits()) {
            editsByKey.computeIfAbsent(e.system() + "|" + e.frame() + "|" + e.iteration(), k -> new ArrayList<>()).add(e);
        }
        for (StageSpec st : scenario.stages()) {
            boolean[][] ordered = ScenarioAccess.orderedClosure(scenario, st);
            List<SystemSpec> systems = st.systems();
            for (int i = 0; i < systems.size(); i++) {
                for (int j = 0; j < systems.size(); j++) {
                    if (i != j && !ordered[i][j] && !ordered[j][i]
                            && ScenarioAccess.conflicts(systems.get(i), systems.get(j))) {
                        partners.computeIfAbsent(systems.get(i).name(), k -> new ArrayList<>()).add(systems.get(j));
                    }
                }
            }
        }
    }

    /** The body of system {@code s} of {@code stage}, with its queries made against {@code view}. */
    SystemBody body(WorldView view, SystemSpec s, StageSpec stage) {
        ChangeFlavor flavor = session.config().tracker().flavor();
        List<Query> watchQueries = new ArrayList<>();
        List<EntityTerm> watchIds = new ArrayList<>();
        for (Watch w : s.watches()) {
            if (!hasQuery(w) || w.firstFrame() > 0 || w.builtInRun()) {   // built before its first frame, or in its first run
                watchQueries.add(null);
                watchIds.add(null);
                continue;
            }
            buildWatchQuery(view, w, flavor, watchQueries, watchIds, watchQueries.size());
        }
        watchSlots.add(new WatchSlots(view, s, flavor, watchQueries, watchIds));
        Map<Data, Query> writeQueries = new EnumMap<>(Data.class);
        Map<Data, Write<? extends Cell>> writeTerms = new EnumMap<>(Data.class);
        for (Data d : s.writes()) {
            if (d.isResource()) {
                continue;
            }
            QueryBuilder qb = view.query();
            writeTerms.put(d, qb.write(d.type()));
            Filter f = ScenarioSchedule.filter(s);
            if (f != null) {
                qb.filter(f);
            }
            writeQueries.put(d, qb.build());
        }
        return ctx -> {
            long start = session.nextSequence();
            Thread current = Thread.currentThread();
            BodyRun log = new BodyRun(s.name(), stage.name(), session.currentFrame(), ctx.iteration(), start, current.getName(),
                    session.isRunThread(current));
            session.bodyStarted(log, current);
            started.add(s.name() + "|" + log.frame + "|" + log.iteration);
            try {
                if (dwell && (s.runsOnCaller() || partnerStillToRun(stage, s, log.frame, log.iteration))) {
                    hold();
                }
                Interleaver control = session.interleaver();
                if (control != null && !s.watches().isEmpty()) {
                    control.step("detect", ChoicePoint.GLOBAL);   // another system may start between start and query
                }
                detect(ctx, s, flavor, watchQueries, watchIds, log);
                List<Edit> edits = editsByKey.getOrDefault(s.name() + "|" + log.frame + "|" + log.iteration, List.of());
                Set<String> despawnedHere = new HashSet<>();
                for (Edit e : edits) {
                    // A command into the system's own buffer is seen by nobody until the sync point, so a
                    // turn taken just before it is the same as one taken just after it: no step there.
                    if (control != null && !ChoicePoint.LOCAL.equals(footprint(e))) {
                        control.step(e.op().name().toLowerCase() + (e.data() == null ? "" : " " + e.data().name())
                                + (e.entity() == null ? "" : " on " + e.entity()), footprint(e));
                    }
                    if (e.op().isCommand()) {
                        issue(ctx, e, log, despawnedHere);
                    } else if (e.onResource()) {
                        writeResource(ctx.world(), e, log);
                    } else {
                        writeComponent(e, writeQueries.get(e.data()), writeTerms.get(e.data()), log);
                    }
                }
                if (control != null) {
                    control.step("finish", ChoicePoint.GLOBAL);
                }
            } catch (Throwable t) {
                log.failure = t.toString();
                throw t;
            } finally {
                log.finish = session.nextSequence();
                session.bodyEnded(current);
            }
        };
    }

    /**
     * What an edit step touches, for the exhaustive search's reduction: a direct write touches its
     * data; a command goes into the system's own buffer (local), except a spawn, which reserves an
     * entity from the world's shared allocator.
     */
    static String footprint(Edit e) {
        if (!e.op().isCommand()) {
            return e.data().name();
        }
        return e.op() == EditOp.SPAWN ? ChoicePoint.GLOBAL : ChoicePoint.LOCAL;
    }

    /** True when a conflicting, unordered system of the stage runs in this iteration and has not started yet. */
    boolean partnerStillToRun(StageSpec stage, SystemSpec s, long frame, int iteration) {
        for (SystemSpec p : partners.getOrDefault(s.name(), List.of())) {
            if (session.scenario().runsIn(stage, p, (int) frame) && !started.contains(p.name() + "|" + frame + "|" + iteration)) {
                return true;
            }
        }
        return false;
    }

    /** Holds a run open for {@link ScenarioRunner#DWELL_NANOS}, so that a wrongly concurrent partner is seen overlapping it. */
    static void hold() {
        long until = System.nanoTime() + ScenarioRunner.DWELL_NANOS;
        long left;
        while ((left = until - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    /** Whether the watch is a change-filtered query (component additions, mutations and changes). */
    static boolean hasQuery(Watch w) {
        return !w.data().isResource() && w.kind() != WatchKind.REMOVED;
    }

    private static void buildWatchQuery(WorldView view, Watch w, ChangeFlavor flavor, List<Query> queries, List<EntityTerm> ids,
            int i) {
        QueryBuilder qb = view.query();
        EntityTerm id = declare(qb, w, flavor);
        Query q = qb.build();
        if (i == queries.size()) {
            queries.add(q);
            ids.add(id);
        } else {
            queries.set(i, q);
            ids.set(i, id);
        }
    }

    /** Declares a watch's query on {@code qb}: the entity, a read of the data, its change filter and its {@code With} filters. */
    private static EntityTerm declare(QueryBuilder qb, Watch w, ChangeFlavor flavor) {
        EntityTerm id = qb.entity();
        qb.read(w.data().type());
        qb.changedAs(w.data().type(), changeKind(w.kind()), flavor);
        for (Data d : w.with()) {
            qb.filter(new Filter.With(d.type()));
        }
        return id;
    }

    /** One system's watch queries, for {@link #beforeFrame}; built with the system's view, so they read with its ticks. */
    private record WatchSlots(WorldView view, SystemSpec system, ChangeFlavor flavor, List<Query> queries, List<EntityTerm> ids) {
    }

    /** Every system's watch queries, in the order the schedule built the bodies. */
    private final List<WatchSlots> watchSlots = java.util.Collections.synchronizedList(new ArrayList<>());

    /**
     * The observers that join and leave before frame {@code frame} ({@code Watch.from}, {@code until}), on the
     * lab's thread between frames, as an application adds or drops a system between frames (Bevy initialises a
     * new system's queries before its first run): a watch whose window starts here gets its query now, with its
     * system's view (the world starts tracking the component if nobody observed it, and reports its rows as
     * changed to the system's next run); one whose window ended closes its query, and the lab's observation
     * opened for it before setup, so the component may stop being tracked. Every leaving watch closes before
     * any joining one opens, so whether the world announces a component's rows is a function of the scenario
     * ({@code Scenario.announcesWhenJoining}), not of the systems' order. The executor's hand-off orders these
     * writes before the bodies read the lists.
     */
    void beforeFrame(int frame) {
        List<WatchSlots> all;
        synchronized (watchSlots) {
            all = List.copyOf(watchSlots);
        }
        for (boolean closing : new boolean[] {true, false}) {      // every leaving watch before any joining one
            for (WatchSlots slots : all) {
                List<Watch> watches = slots.system().watches();
                for (int i = 0; i < watches.size(); i++) {
                    Watch w = watches.get(i);
                    if (!hasQuery(w)) {
                        continue;
                    }
                    if (closing && w.until() != null && frame == w.until()) {
                        Query q = slots.queries().get(i);
                        if (q != null) {
                            q.close();
                        }
                        if (w.firstFrame() == 0 && !w.builtInRun()) {
                            session.releasePreObservation(w);
                        }
                    } else if (!closing && frame == w.firstFrame() && frame > 0 && !w.builtInRun()) {
                        buildWatchQuery(slots.view(), w, slots.flavor(), slots.queries(), slots.ids(), i);
                    }
                }
            }
        }
    }

    /**
     * Builds an in-run watch's query in the middle of its system's first run in the watch's window, as a
     * system body that makes a query when it needs one does: a normal system with its view (its ticks), an
     * exclusive one on the whole world it holds (the world reads with the exclusive run's ticks). If nobody
     * observed the component, building it starts the observation here, inside the run.
     */
    private static void buildInRun(SystemContext ctx, SystemSpec s, Watch w, ChangeFlavor flavor, List<Query> queries,
            List<EntityTerm> ids, int i) {
        QueryBuilder qb = s.isExclusive() ? ctx.exclusiveWorld().query() : ctx.world().query();
        EntityTerm id = declare(qb, w, flavor);
        queries.set(i, qb.build());
        ids.set(i, id);
    }

    void detect(SystemContext ctx, SystemSpec s, ChangeFlavor flavor, List<Query> watchQueries, List<EntityTerm> watchIds,
            BodyRun log) {
        for (int i = 0; i < s.watches().size(); i++) {
            Watch w = s.watches().get(i);
            if (!w.existsIn(log.frame)) {
                continue;                                    // not yet joined, or left: no query, no detection
            }
            List<String> got = new ArrayList<>();
            if (w.data().isResource()) {
                boolean holds = switch (w.kind()) {
                    case REMOVED -> ctx.world().resourceRemoved(w.data().type(), flavor);
                    default -> ctx.world().resourceChangedAs(w.data().type(), changeKind(w.kind()), flavor);
                };
                if (holds) {
                    got.add(w.data().name());
                }
            } else if (w.kind() == WatchKind.REMOVED) {
                for (Entity e : ctx.world().removed(w.data().type(), flavor)) {
                    got.add(labelOf(e));
                }
            } else {
                if (w.builtInRun() && watchQueries.get(i) == null) {
                    buildInRun(ctx, s, w, flavor, watchQueries, watchIds, i);   // its first run in its window
                }
                if (w.parallel()) {
                    walkInParallel(watchQueries.get(i), watchIds.get(i), got);
                    log.detections.add(new Detection(-1, w, got));
                    continue;
                }
                EntityTerm id = watchIds.get(i);
                watchQueries.get(i).forEach(row -> got.add(labelOf(row.get(id))));
            }
            log.detections.add(new Detection(-1, w, got));
        }
    }

    /**
     * A watch walked as parallel iteration walks a query: in slices of {@value #SLICE_ROWS} rows on the
     * common pool's threads, each tested with the ticks the query hands to jobs
     * ({@link Query#readerTicks()}); the answer is every row any slice yielded, in slice order (the
     * trace must not depend on which slice finished first: a run replays exactly).
     */
    void walkInParallel(Query q, EntityTerm id, List<String> got) {
        var reader = q.readerTicks();
        var writer = q.writerTicks();
        List<List<String>> perSlice = q.slices(SLICE_ROWS).parallelStream().map(slice -> {
            List<String> found = new ArrayList<>();
            q.forEachInSlice(slice, reader, writer, row -> found.add(labelOf(row.get(id))));
            return found;
        }).toList();
        perSlice.forEach(got::addAll);
    }

    /** Rows per slice of a parallel watch: several slices per 1 024-row group of a large table. */
    static final int SLICE_ROWS = 256;

    String labelOf(Entity e) {
        String l = session.label(e);
        return l != null ? l : "?" + e;
    }

    /** A direct write of a component: of one entity, or of each selected member of a group. */
    @SuppressWarnings("rawtypes")
    void writeComponent(Edit e, Query q, Write term, BodyRun log) {
        for (Edit one : e.singles()) {
            writeOne(one, q, term, log);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    void writeOne(Edit e, Query q, Write term, BodyRun log) {
        Entity target = session.entity(e.entity());
        if (target == null || !session.world().isAlive(target)) {
            return;
        }
        q.forEntity(target, row -> {
            boolean changed;
            if (e.op() == EditOp.SET) {
                row.modify(term, c -> ((Cell) c).v = e.value());     // in place, or a columnar copy stored back
                changed = true;
            } else {
                changed = row.setIfChanged(term, e.data().value(e.value()));
            }
            if (changed) {
                log.direct.add(new Object[] {e.data(), e.entity(), ChangeType.MUTATED});
            }
        });
    }

    void writeResource(WorldView view, Edit e, BodyRun log) {
        if (view.getResource(e.data().type()).isEmpty()) {
            return;
        }
        boolean changed;
        if (e.op() == EditOp.SET) {
            view.getResourceMutOrThrow(e.data().type()).v = e.value();
            changed = true;
        } else {
            changed = view.insertResourceIfChanged(e.data().value(e.value()));
        }
        if (changed) {
            log.direct.add(new Object[] {e.data(), null, ChangeType.MUTATED});
        }
    }

    /** Issues an edit's commands: one, or one per selected member of a group (a bulk spawn: one per new member). */
    void issue(SystemContext ctx, Edit e, BodyRun log, Set<String> despawnedHere) {
        for (Edit one : e.singles()) {
            issueOne(ctx, one, log, despawnedHere);
        }
    }

    void issueOne(SystemContext ctx, Edit e, BodyRun log, Set<String> despawnedHere) {
        if (e.onResource()) {
            if (e.op() == EditOp.INSERT) {
                ctx.commands().insertResource(e.data().value(e.value()));
            } else {
                ctx.commands().removeResource(e.data().type());
            }
            log.commands.add(e);
            return;
        }
        if (e.op() == EditOp.SPAWN) {
            Entity spawned = ctx.commands().spawn(e.data().value(e.value()));
            session.bind(e.entity(), spawned);
            log.commands.add(e);
            return;
        }
        Entity target = session.entity(e.entity());
        if (target == null || !session.world().isAlive(target) || despawnedHere.contains(e.entity())) {
            return;                                          // nothing to do: no command, no change
        }
        switch (e.op()) {
            case INSERT -> ctx.commands().insert(target, e.data().value(e.value()));
            case REMOVE -> ctx.commands().remove(target, e.data().type());
            case DESPAWN -> {
                ctx.commands().despawn(target);
                despawnedHere.add(e.entity());
            }
            default -> throw new IllegalStateException(e.op().toString());
        }
        log.commands.add(e);
    }

    static ChangeKind changeKind(WatchKind k) {
        return switch (k) {
            case ADDED -> ChangeKind.ADDED;
            case MUTATED -> ChangeKind.MUTATED;
            case CHANGED -> ChangeKind.CHANGED;
            case REMOVED -> throw new IllegalArgumentException("REMOVED is not a change kind");
        };
    }
}
