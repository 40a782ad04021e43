package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.graph.DiGraph;
import dev.ecslab.ecs.graph.GraphCycleException;
import dev.ecslab.ecs.graph.Reachability;
import dev.ecslab.ecs.graph.TopologicalOrder;
import dev.ecslab.ecs.input.NearestName;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.schedule.ScheduleBuildException.Kind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link Schedule} into a {@link CompiledSchedule}: validates it, resolves accesses, builds
 * each stage's dependency graph, conflict matrix, transitive closure and topological order, and
 * detects ambiguities.
 *
 * <p><b>Validation</b> (each a {@link ScheduleBuildException} whose message names the culprits):
 * duplicate system or stage names; constraint or ambiguity targets that name no system, label or
 * set; cycles (every member, in order); constraints across stages that contradict the stage order;
 * exclusive systems with a partial access; and, with {@link AmbiguitySetting#ERROR}, ambiguities.
 *
 * <p><b>Ambiguity</b>: a pair of systems in one stage is ambiguous when their accesses conflict, or a run
 * condition of one reads what the other writes ({@link RunCondition}), neither reaches the other in the
 * graph, and no {@code ambiguousWith} rule exempts them; conflicts on data the schedule ignores do not count. The scan is one pass of bitset rows per system
 * ({@code conflicts & ~reach & ~reachedBy & ~exempt}), so it stays fast at thousands of systems.
 *
 * <p>A system's constraint on a group it belongs to (say {@code before("physics")} inside the set
 * {@code physics}) orders it against the other members only; a system is never ordered against itself.
 *
 * <p><b>Passes.</b> {@link #compile} reads as its passes in order, each a method named for what it
 * makes, as Bevy names the steps of its schedule build (initialize systems, build the dependency
 * graph, flatten sets, check for cycles and sort, check ambiguities, build the executable). The
 * schedule-wide passes come first; then each stage in turn runs its own ({@code buildStage}), so an
 * error in an earlier stage is reported before one in a later stage. No pass inserts sync points, as
 * Bevy's {@code AutoInsertApplyDeferredPass} does: the end of every stage is one.
 */
public final class ScheduleCompiler {
    private static final System.Logger LOG = System.getLogger("dev.ecslab.schedule");

    private ScheduleCompiler() {
    }

    /** A system by where it is written: its stage's index and its index in the stage. */
    private record Loc(int stage, int index) {
    }

    /** The sets of a schedule, the declared ones first and then those known only from membership, with their indices. */
    private record IndexedSets(List<SetDescriptor> all, Map<String, Integer> index) {
    }

    /**
     * Every name a constraint may target, resolved to the systems it holds: system names, labels, set
     * names (by membership, listed members included) and system types; the system types with several
     * instances (which only a set's members may name); the declared sets; and the systems that sets with
     * listed members hold.
     */
    private record Targets(Map<String, List<Loc>> byName, Set<String> ambiguousTypes, List<SetDescriptor> declaredSets,
            Map<String, Set<Loc>> listedMembers) {

        /** The systems {@code name} holds, or none. */
        List<Loc> named(String name) {
            return byName.getOrDefault(name, List.of());
        }

        /** The systems that rule {@code rule} of system {@code d} names with {@code target}. */
        List<Loc> ofSystem(SystemDescriptor d, String where, String rule, String target) {
            return find("system '" + d.name() + "'", where, rule, target, ambiguousTypes);
        }

        /** The systems a set's rule names; {@code members} of a set may name any system type, even with several instances. */
        List<Loc> ofSet(SetDescriptor set, int setIndex, String rule, int item, String target, boolean strictTypes) {
            return find("set '" + set.name() + "'", "sets[" + setIndex + "]." + rule + "[" + item + "]", rule, target,
                    strictTypes ? ambiguousTypes : Set.of());
        }

        private List<Loc> find(String who, String where, String rule, String target, Set<String> ambiguous) {
            List<Loc> found = byName.get(target);
            if (found == null) {
                throw new ScheduleBuildException(Kind.UNKNOWN_TARGET, who + " has " + rule + "(\""
                        + target + "\"), but no system, label, set or system type is called '" + target + "'"
                        + NearestName.hint(target, byName.keySet()), null, List.of(where));
            }
            if (ambiguous.contains(target)) {
                throw new ScheduleBuildException(Kind.SYSTEM_TYPE_AMBIGUITY, who + " has " + rule + "(\"" + target
                        + "\"), but the schedule has " + found.size() + " systems of type '" + target + "'; as in Bevy, a system"
                        + " type with several instances cannot be ordered against or declared ambiguous with (name one"
                        + " instance, or a label or set)", null, List.of(where));
            }
            return found;
        }
    }

    /**
     * For weak ordering, per system {@code u} the systems {@code v} that a weak order {@code u -> v} must keep, as
     * Bevy's {@code systems_conflict} decides: their accesses conflict (on any data: weak ordering orders by the
     * borrow rules, so data the schedule ignores for ambiguity still counts), a run condition of one reads what
     * the other writes, either is exclusive, or {@code u} has deferred effects. Not symmetric.
     */
    private static BitSet[] weakConflicts(List<CompiledSystem> systems, BitSet[] conflicts,
            ConditionConflicts conditionConflicts, ConflictRules rules) {
        int n = systems.size();
        BitSet[] out = new BitSet[n];
        boolean same = rules.ignoresNothing();
        BitSet[] base = same ? conflicts : rules.ignoringNothing().wordsOf(systems).conflictRows();
        ConditionConflicts byConditions = same ? conditionConflicts : ConditionConflicts.of(systems, rules.ignoringNothing());
        BitSet[] byCondition = byConditions == null ? null : byConditions.rows();
        for (int u = 0; u < n; u++) {
            out[u] = (BitSet) base[u].clone();
            if (byCondition != null) {
                out[u].or(byCondition[u]);
            }
            if (systems.get(u).descriptor().deferred() || systems.get(u).kind().isExclusive()) {
                out[u].set(0, n);
                out[u].clear(u);
            }
        }
        return out;
    }

    /**
     * The pairs of one stage in which a run condition of one system reads what the other writes: computed
     * over the stage's systems and one reader per system with conditions (the union of what they read), so
     * a condition is judged with the same conflict rules, filters included, as a system. Conditions never
     * conflict with conditions.
     *
     * @param words    the words of the systems followed by the condition readers
     * @param readerOf per system, the index of its condition reader in {@code words}, or -1
     * @param rows     per system, the systems it conflicts with through a condition (its own or the other's)
     */
    private record ConditionConflicts(StageAccessWords words, int[] readerOf, BitSet[] rows) {
        /** The condition conflicts of {@code systems}, or null when none of them has a condition. */
        static ConditionConflicts of(List<CompiledSystem> systems, ConflictRules rules) {
            int n = systems.size();
            List<CompiledSystem> all = new ArrayList<>(systems);
            int[] readerOf = new int[n];
            java.util.Arrays.fill(readerOf, -1);
            for (CompiledSystem s : systems) {
                if (!s.conditions().isEmpty()) {
                    readerOf[s.index()] = all.size();
                    all.add(new CompiledSystem(all.size(), s.descriptor(), s.conditionAccess(), new int[0]));
                }
            }
            if (all.size() == n) {
                return null;
            }
            StageAccessWords words = rules.wordsOf(all);
            BitSet[] extended = words.conflictRows();
            BitSet[] rows = new BitSet[n];
            for (int i = 0; i < n; i++) {
                rows[i] = new BitSet(n);
            }
            for (int i = 0; i < n; i++) {
                if (readerOf[i] < 0) {
                    continue;
                }
                BitSet hit = extended[readerOf[i]].get(0, n);     // what i's conditions conflict with, systems only
                hit.clear(i);                              // a condition never races its own system
                rows[i].or(hit);
                for (int j = hit.nextSetBit(0); j >= 0; j = hit.nextSetBit(j + 1)) {
                    rows[j].set(i);
                }
            }
            return new ConditionConflicts(words, readerOf, rows);
        }

        /**
         * The data and the cause of the condition conflict of systems {@code i} and {@code j}: the conditions of
         * {@code i} on what {@code j} writes, else those of {@code j} on what {@code i} writes.
         */
        Ambiguity.Cause cause(List<CompiledSystem> systems, int i, int j) {
            Ambiguity.Cause c = causeOf(systems, i, j);
            return c != null ? c : causeOf(systems, j, i);
        }

        private Ambiguity.Cause causeOf(List<CompiledSystem> systems, int reader, int writer) {
            if (readerOf[reader] < 0) {
                return null;
            }
            List<String> on = words.between(readerOf[reader], writer);
            if (on.isEmpty()) {
                return null;
            }
            Access other = systems.get(writer).access();
            for (CompiledSystem.Condition c : systems.get(reader).conditions()) {
                if (c.access().conflictsWith(other)) {
                    return new Ambiguity.Cause(systems.get(reader).name(), c.name(), c.set(), on);
                }
            }
            // the conditions conflict only together (each alone is compatible): name the first
            CompiledSystem.Condition c = systems.get(reader).conditions().get(0);
            return new Ambiguity.Cause(systems.get(reader).name(), c.name(), c.set(), on);
        }
    }

    /** What decides whether two systems conflict: the data the schedule ignores, as ids, and how conflicts are named. */
    private record ConflictRules(BitSet ignoredComponents, BitSet ignoredResources, DataResolver data,
            boolean conflictsFromIdsOnly) {

        StageAccessWords wordsOf(List<CompiledSystem> systems) {
            return new StageAccessWords(systems, ignoredComponents, ignoredResources, data, conflictsFromIdsOnly);
        }

        boolean ignoresNothing() {
            return ignoredComponents.isEmpty() && ignoredResources.isEmpty();
        }

        /** These rules, ignoring no data. */
        ConflictRules ignoringNothing() {
            return new ConflictRules(new BitSet(), new BitSet(), data, conflictsFromIdsOnly);
        }
    }

    /** One stage's declared constraints: strong edges, weak edges, and per system the systems it is exempt from ambiguity with. */
    private record Constraints(DiGraph strong, DiGraph weak, BitSet[] exempt) {
    }

    /**
     * Compiles {@code schedule} against {@code data}'s registry (a world's, or the names of a schedule read
     * from JSON).
     *
     * @throws ScheduleBuildException naming every culprit and where it is written, when a rule above is broken
     */
    public static CompiledSchedule compile(Schedule schedule, DataResolver data) {
        return compile(schedule, data, false);
    }

    /**
     * {@link #compile(Schedule, DataResolver)}, or with {@code conflictsFromIdsOnly} the race-bug
     * catalogue's twin: ambiguous pairs' conflicts named from individual ids only (tests only; see
     * {@code StageAccessWords}).
     */
    static CompiledSchedule compile(Schedule schedule, DataResolver data, boolean conflictsFromIdsOnly) {
        List<StageDescriptor> stages = schedule.stages();
        // No two stages, and no two systems, share a name.
        checkNames(stages);
        // Every set has an index: the declared sets first, then those known only from membership.
        IndexedSets sets = indexSets(schedule);
        // Every name a constraint may target resolves to its systems; a set holds its listed members, transitively.
        Targets targets = resolveTargets(schedule);
        // Every system has its access resolved (registering the types it names) and knows its sets.
        List<List<CompiledSystem>> systems = initializeSystems(stages, data, sets, targets);
        // The data the schedule ignores is known by id; only now, since initializing registered the types.
        ConflictRules conflictRules = resolveConflictRules(schedule, data, conflictsFromIdsOnly);
        // Each stage in order is planned: its graph, its order (a cycle is refused) and its ambiguities.
        AmbiguityReport.Builder ambiguities = new AmbiguityReport.Builder();
        List<CompiledStage> compiled = new ArrayList<>();
        for (int si = 0; si < stages.size(); si++) {
            compiled.add(buildStage(schedule, si, systems.get(si), targets, conflictRules, ambiguities));
        }
        // The schedule's ambiguity setting decides on the whole report: ERROR refuses it, WARN logs it.
        AmbiguityReport report = ambiguities.build();
        applyAmbiguitySetting(schedule.ambiguity(), report);
        return new CompiledSchedule(schedule, compiled, sets.all(), report);
    }

    /** The passes of one stage, in order: what {@link CompiledStage} holds, and the stage's ambiguities into {@code ambiguities}. */
    private static CompiledStage buildStage(Schedule schedule, int si, List<CompiledSystem> systems, Targets targets,
            ConflictRules conflictRules, AmbiguityReport.Builder ambiguities) {
        List<StageDescriptor> stages = schedule.stages();
        // The declared constraints of systems and sets, as edges (weak ones apart) and ambiguity exemptions.
        Constraints constraints = buildDependencyGraph(targets, stages, si);
        // Which pairs of systems conflict on data the schedule does not ignore.
        StageAccessWords accessWords = conflictRules.wordsOf(systems);
        BitSet[] conflicts = accessWords.conflictRows();
        // Which systems' run conditions read what another system writes (null when no system has a condition).
        ConditionConflicts conditionConflicts = ConditionConflicts.of(systems, conflictRules);
        // A weak constraint orders, through all constraints, exactly the pairs that conflict, conditions and
        // deferred effects included, as Bevy resolves weak edges.
        if (constraints.weak().edgeCount() > 0) {
            keepWeakEdgesBetweenConflicts(constraints, weakConflicts(systems, conflicts, conditionConflicts, conflictRules),
                    targets, stages, si);
        }
        // Under INSERTION_ORDER every conflicting pair is ordered, as a stable topological order has it.
        if (schedule.ordering() == OrderingPolicy.INSERTION_ORDER) {
            orderConflictsByInsertion(constraints.strong(), conflicts, targets, stages, si);
        }
        // The graph has no cycle (else an error naming every member), and this is its topological order.
        int[] order = orderTopologically(constraints.strong(), targets, stages, si);
        // Who runs before whom, transitively.
        BitSet[] reach = Reachability.closure(constraints.strong(), order);
        // Every conflicting pair that no path orders and no rule exempts is reported.
        detectAmbiguities(stages.get(si), systems, accessWords, conflicts, conditionConflicts, reach, constraints.exempt(),
                ambiguities);
        return new CompiledStage(si, stages.get(si).name(), systems, constraints.strong(), conflicts, reach, order);
    }

    // ------------------------------------------------------------------ passes

    /** The sets, declared ones first, then those known only from membership, in order of appearance. */
    private static IndexedSets indexSets(Schedule schedule) {
        Map<String, Integer> setIndex = new LinkedHashMap<>();
        List<SetDescriptor> sets = new ArrayList<>();
        for (SetDescriptor s : schedule.sets().values()) {
            setIndex.put(s.name(), sets.size());
            sets.add(s);
        }
        for (StageDescriptor st : schedule.stages()) {
            for (SystemDescriptor d : st.systems()) {
                for (String s : d.sets()) {
                    if (!setIndex.containsKey(s)) {
                        setIndex.put(s, sets.size());
                        sets.add(SetDescriptor.of(s));
                    }
                }
            }
        }
        return new IndexedSets(sets, setIndex);
    }

    /**
     * Every name a constraint may target: system names, labels, set names (by membership) and system
     * types (every instance of a type answers to it, as Bevy's SystemTypeSet); then the members sets list.
     */
    private static Targets resolveTargets(Schedule schedule) {
        List<StageDescriptor> stages = schedule.stages();
        Map<String, List<Loc>> targets = new HashMap<>();
        Map<String, Integer> typeInstances = new HashMap<>();
        for (int si = 0; si < stages.size(); si++) {
            List<SystemDescriptor> systems = stages.get(si).systems();
            for (int i = 0; i < systems.size(); i++) {
                SystemDescriptor d = systems.get(i);
                Loc loc = new Loc(si, i);
                targets.computeIfAbsent(d.name(), k -> new ArrayList<>()).add(loc);
                d.labels().forEach(l -> targets.computeIfAbsent(l, k -> new ArrayList<>()).add(loc));
                d.sets().forEach(s -> targets.computeIfAbsent(s, k -> new ArrayList<>()).add(loc));
                if (d.type() != null) {
                    targets.computeIfAbsent(d.type(), k -> new ArrayList<>()).add(loc);
                    typeInstances.merge(d.type(), 1, Integer::sum);
                }
            }
        }
        schedule.sets().keySet().forEach(s -> targets.computeIfAbsent(s, k -> new ArrayList<>()));
        Set<String> ambiguousTypes = new HashSet<>();
        typeInstances.forEach((t, count) -> {
            if (count > 1) {
                ambiguousTypes.add(t);
            }
        });
        List<SetDescriptor> declared = new ArrayList<>(schedule.sets().values());
        Targets resolving = new Targets(targets, ambiguousTypes, declared, Map.of());
        // A set's listed members (systems, labels, types or other sets) join it: repeat until nothing
        // changes, so a set listing a set that lists systems gets those systems too.
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int k = 0; k < declared.size(); k++) {
                SetDescriptor set = declared.get(k);
                List<Loc> in = targets.get(set.name());
                Set<Loc> already = new HashSet<>(in);
                for (int m = 0; m < set.rules().members().size(); m++) {
                    String member = set.rules().members().get(m);
                    for (Loc loc : resolving.ofSet(set, k, "members", m, member, false)) {
                        if (already.add(loc)) {
                            in.add(loc);
                            grew = true;
                        }
                    }
                }
            }
        }
        // The systems that sets with listed members hold, as sets (membership is asked once per system and set).
        Map<String, Set<Loc>> listedMembers = new HashMap<>();
        for (SetDescriptor set : declared) {
            if (!set.rules().members().isEmpty()) {
                listedMembers.put(set.name(), new HashSet<>(targets.get(set.name())));
            }
        }
        return new Targets(targets, ambiguousTypes, declared, listedMembers);
    }

    /**
     * Every system compiled with its resolved access and the indices of its sets. Resolving registers
     * the types a declaration names, which the ignored data must be looked up after.
     */
    private static List<List<CompiledSystem>> initializeSystems(List<StageDescriptor> stages, DataResolver data,
            IndexedSets sets, Targets targets) {
        Map<String, Integer> setIndex = sets.index();
        Map<String, Set<Loc>> listedMembers = targets.listedMembers();
        List<List<CompiledSystem>> resolved = new ArrayList<>();
        for (StageDescriptor stage : stages) {
            List<CompiledSystem> systems = new ArrayList<>();
            for (SystemDescriptor d : stage.systems()) {
                Loc self = new Loc(resolved.size(), systems.size());
                int[] memberOf = setIndex.entrySet().stream()
                        .filter(e -> d.sets().contains(e.getKey()) || listedMembers.getOrDefault(e.getKey(), Set.of()).contains(self))
                        .mapToInt(Map.Entry::getValue).toArray();
                String where = place(resolved.size(), systems.size(), null, -1);
                systems.add(new CompiledSystem(systems.size(), d, resolveAccess(d, data, where), memberOf,
                        resolveConditions(d, memberOf, sets, data, where)));
            }
            resolved.add(systems);
        }
        return resolved;
    }

    /**
     * The run conditions that decide system {@code d}: its own, then those of each set it belongs to, each
     * resolved; a condition that declares a write is refused, naming the condition and where it is written.
     */
    private static List<CompiledSystem.Condition> resolveConditions(SystemDescriptor d, int[] memberOf, IndexedSets sets,
            DataResolver data, String where) {
        List<CompiledSystem.Condition> out = new ArrayList<>();
        for (int k = 0; k < d.conditions().size(); k++) {
            out.add(resolveCondition(d.conditions().get(k), null, data, "system '" + d.name() + "'", where + ".runIf[" + k + "]"));
        }
        for (int set : memberOf) {
            SetDescriptor s = sets.all().get(set);
            for (int k = 0; k < s.conditions().size(); k++) {
                out.add(resolveCondition(s.conditions().get(k), s.name(), data, "set '" + s.name() + "'",
                        "sets[" + set + "].runIf[" + k + "]"));
            }
        }
        return out;
    }

    private static CompiledSystem.Condition resolveCondition(RunCondition c, String set, DataResolver data, String owner,
            String where) {
        Access access = c.resolve(data);
        if (!access.isReadOnly()) {
            throw new ScheduleBuildException(Kind.CONDITION_ACCESS, "run condition '" + c.name() + "' of " + owner
                    + " declares a write" + (c.accessSpec() != null ? " (" + c.accessSpec() + ")" : "")
                    + "; a run condition only reads: move the write into a system", null, List.of(where + ".access"));
        }
        return new CompiledSystem.Condition(c.name(), set, access);
    }

    /** The ids of the data the schedule ignores, with what else decides conflicts. */
    private static ConflictRules resolveConflictRules(Schedule schedule, DataResolver data, boolean conflictsFromIdsOnly) {
        BitSet ignoredComponents = new BitSet();
        BitSet ignoredResources = new BitSet();
        for (Object key : schedule.ignoredData()) {
            if (key instanceof Schedule.IgnoredComponent c) {
                ignoredComponents.or(data.componentIds(c.classOrName()));
            } else if (key instanceof Schedule.IgnoredResource r) {
                ignoredResources.or(data.resourceIds(r.classOrName()));
            } else {
                ignoredComponents.or(data.componentIds(key));
                ignoredResources.or(data.resourceIds(key));
            }
        }
        return new ConflictRules(ignoredComponents, ignoredResources, data, conflictsFromIdsOnly);
    }

    /**
     * The constraints of stage {@code si}: each system's before/after (strong and weak) and ambiguity
     * exemptions, in system order, then the rules of the sets.
     */
    private static Constraints buildDependencyGraph(Targets targets, List<StageDescriptor> stages, int si) {
        List<SystemDescriptor> ds = stages.get(si).systems();
        int n = ds.size();
        DiGraph graph = new DiGraph(n);
        BitSet[] exempt = new BitSet[n];
        for (int i = 0; i < n; i++) {
            exempt[i] = new BitSet();                 // most systems exempt nothing
        }
        DiGraph weak = new DiGraph(n);               // weak constraints, kept only between conflicting systems
        for (int i = 0; i < n; i++) {
            SystemDescriptor d = ds.get(i);
            systemEdges(targets, stages, si, i, "before", d.before(), true, graph);
            systemEdges(targets, stages, si, i, "after", d.after(), false, graph);
            systemEdges(targets, stages, si, i, "beforeWeak", d.beforeWeak(), true, weak);
            systemEdges(targets, stages, si, i, "afterWeak", d.afterWeak(), false, weak);
            for (int k = 0; k < d.ambiguousWith().size(); k++) {
                String t = d.ambiguousWith().get(k);
                for (Loc other : targets.ofSystem(d, place(si, i, "ambiguousWith", k), "ambiguousWith", t)) {
                    if (other.stage() == si && other.index() != i) {
                        exempt[i].set(other.index());
                        exempt[other.index()].set(i);
                    }
                }
            }
            if (d.ambiguousWithAll()) {
                exempt[i].set(0, n);
                for (int j = 0; j < n; j++) {
                    exempt[j].set(i);
                }
            }
        }
        applySetRules(targets, stages, si, graph, weak, exempt);
        return new Constraints(graph, weak, exempt);
    }

    /**
     * Weak order: through the closure of every constraint, strong and weak, an edge x -> y is kept when
     * x and y conflict; systems that could run in parallel stay unordered.
     */
    private static void keepWeakEdgesBetweenConflicts(Constraints constraints, BitSet[] conflicts, Targets targets,
            List<StageDescriptor> stages, int si) {
        DiGraph graph = constraints.strong();
        DiGraph weak = constraints.weak();
        int n = stages.get(si).systems().size();
        DiGraph all = new DiGraph(n);
        for (int u = 0; u < n; u++) {
            BitSet out = (BitSet) graph.successors(u).clone();     // the live row: never modify it
            out.or(weak.successors(u));
            for (int v = out.nextSetBit(0); v >= 0; v = out.nextSetBit(v + 1)) {
                all.addEdge(u, v);
            }
        }
        BitSet[] allReach = Reachability.closure(all, orderTopologically(all, targets, stages, si));
        for (int u = 0; u < n; u++) {
            BitSet keep = (BitSet) allReach[u].clone();
            keep.and(conflicts[u]);
            for (int v = keep.nextSetBit(0); v >= 0; v = keep.nextSetBit(v + 1)) {
                graph.addEdge(u, v);
            }
        }
    }

    /** {@link OrderingPolicy#INSERTION_ORDER}: an edge between every conflicting pair, in a stable topological order's direction. */
    private static void orderConflictsByInsertion(DiGraph graph, BitSet[] conflicts, Targets targets,
            List<StageDescriptor> stages, int si) {
        int n = stages.get(si).systems().size();
        int[] stable = orderTopologically(graph, targets, stages, si);
        int[] position = new int[n];
        for (int p = 0; p < n; p++) {
            position[stable[p]] = p;
        }
        for (int i = 0; i < n; i++) {
            for (int j = conflicts[i].nextSetBit(i + 1); j >= 0; j = conflicts[i].nextSetBit(j + 1)) {
                if (position[i] < position[j]) {
                    graph.addEdge(i, j);
                } else {
                    graph.addEdge(j, i);
                }
            }
        }
    }

    /**
     * Reports every pair {@code i < j} of the stage that conflicts, is ordered neither way and is not
     * exempt: {@code (conflicts | conditionConflicts) & ~reach & ~reachedBy & ~exempt}, row by row. A pair
     * whose systems conflict is reported on their data; a pair that conflicts only through a run condition is
     * reported on what the condition reads, with the condition as its {@link Ambiguity.Cause}.
     */
    private static void detectAmbiguities(StageDescriptor stage, List<CompiledSystem> systems, StageAccessWords accessWords,
            BitSet[] conflicts, ConditionConflicts conditionConflicts, BitSet[] reach, BitSet[] exempt,
            AmbiguityReport.Builder ambiguities) {
        List<SystemDescriptor> ds = stage.systems();
        int n = ds.size();
        BitSet[] reachedBy = Reachability.transpose(reach);
        BitSet candidates = new BitSet(n);
        // between(i, j) is the same for every j of one access class: asked once per row and class, so
        // 20 000 systems with one access cost 20 000 questions, not 200 million.
        @SuppressWarnings("unchecked")
        List<String>[] onByClass = new List[n];
        boolean[] undecidedByClass = new boolean[n];
        int[] conflictIdByClass = new int[n];
        int[] askedInRow = new int[n];
        // the report counts pairs per conflict list: the access words' lists and the conditions' lists, numbered
        // together in order of first sight
        ConflictIds ids = new ConflictIds();
        ambiguities.beginStage(stage.name(), n);
        for (int i = 0; i < n; i++) {
            candidates.clear();
            candidates.or(conflicts[i]);
            if (conditionConflicts != null) {
                candidates.or(conditionConflicts.rows()[i]);
            }
            candidates.andNot(reach[i]);
            candidates.andNot(reachedBy[i]);
            candidates.andNot(exempt[i]);
            long rowPairs = 0;
            long rowUndecided = 0;
            for (int j = candidates.nextSetBit(i + 1); j >= 0; j = candidates.nextSetBit(j + 1)) {
                List<String> on = List.of();
                int conflictId = -1;
                boolean undecided = false;
                Ambiguity.Cause cause = null;
                if (conflicts[i].get(j)) {
                    int cls = accessWords.accessClass(j);
                    if (askedInRow[cls] != i + 1) {
                        askedInRow[cls] = i + 1;
                        onByClass[cls] = accessWords.between(i, j);
                        conflictIdByClass[cls] = ids.ofAccess(accessWords.lastConflictId(), accessWords);
                        undecidedByClass[cls] = !onByClass[cls].isEmpty() && accessWords.undecided(i, j);
                    }
                    on = onByClass[cls];
                    conflictId = conflictIdByClass[cls];
                    undecided = undecidedByClass[cls];
                }
                if (on.isEmpty() && conditionConflicts != null && conditionConflicts.rows()[i].get(j)) {
                    // no conflict of the systems themselves: a run condition of one reads what the other writes
                    cause = conditionConflicts.cause(systems, i, j);
                    if (cause != null) {
                        on = cause.reads();
                        conflictId = ids.ofCondition(on);
                    }
                }
                if (on.isEmpty()) {
                    continue;
                }
                if (ambiguities.listingFull()) {
                    // past the listed pairs only counts change: per pair the other system and the conflict,
                    // per row the rest (20 000 unordered writers have 200 million pairs)
                    ambiguities.countOmitted(i, j, conflictId, undecided, cause);
                    rowPairs++;
                    rowUndecided += undecided ? 1 : 0;
                } else {
                    ambiguities.add(stage.name(), i, j, ds.get(i).name(), ds.get(j).name(), on, conflictId, undecided, cause);
                }
            }
            ambiguities.countOmittedRow(i, rowPairs, rowUndecided);
        }
        ambiguities.endStage(ds.stream().map(SystemDescriptor::name).toList(), ids.lists());
    }

    /**
     * Numbers the conflict lists of one stage's pairs for the report's counts and groups: the access words'
     * interned lists by their id (an array lookup per new class), the conditions' lists by content, apart from
     * the access lists (a pair caused by a condition is never in the group of the systems' own conflicts).
     */
    private static final class ConflictIds {
        private int[] byAccessId = new int[0];
        private final Map<List<String>, Integer> byList = new HashMap<>();
        private final Map<List<String>, Integer> byConditionList = new HashMap<>();
        private final List<List<String>> lists = new ArrayList<>();

        int ofAccess(int accessId, StageAccessWords words) {
            if (accessId >= byAccessId.length) {
                int old = byAccessId.length;
                byAccessId = java.util.Arrays.copyOf(byAccessId, Math.max(accessId + 1, old * 2));
                java.util.Arrays.fill(byAccessId, old, byAccessId.length, -1);
            }
            if (byAccessId[accessId] < 0) {
                byAccessId[accessId] = ofList(words.conflictLists().get(accessId));
            }
            return byAccessId[accessId];
        }

        int ofList(List<String> on) {
            return byList.computeIfAbsent(on, this::next);
        }

        int ofCondition(List<String> on) {
            return byConditionList.computeIfAbsent(on, this::next);
        }

        private int next(List<String> on) {
            lists.add(on);
            return lists.size() - 1;
        }

        List<List<String>> lists() {
            return lists;
        }
    }

    /** What the schedule's {@link AmbiguitySetting} does with a report that is not empty. */
    private static void applyAmbiguitySetting(AmbiguitySetting setting, AmbiguityReport report) {
        if (report.isEmpty()) {
            return;
        }
        switch (setting) {
            case ERROR -> throw new ScheduleBuildException(Kind.AMBIGUITY,
                    "the schedule has ambiguous systems and its ambiguity setting is ERROR:\n" + report.format(), report);
            case WARN -> LOG.log(System.Logger.Level.WARNING, report.format());
            case IGNORE -> { }
        }
    }

    // ------------------------------------------------------------------ steps of the passes

    /**
     * The path of a system (or of one of its fields, or of an item of a list field) in the schedule's JSON
     * form, relative to the root: what {@link ScheduleBuildException#places()} holds.
     */
    static String place(int stage, int system, String field, int item) {
        String p = "stages[" + stage + "].systems[" + system + "]";
        if (field != null) {
            p += "." + field;
        }
        return item >= 0 ? p + "[" + item + "]" : p;
    }

    private static void checkNames(List<StageDescriptor> stages) {
        Map<String, Loc> firstSystem = new HashMap<>();
        Map<String, Integer> stageNames = new HashMap<>();
        for (int si = 0; si < stages.size(); si++) {
            StageDescriptor st = stages.get(si);
            Integer earlier = stageNames.putIfAbsent(st.name(), si);
            if (earlier != null) {
                throw new ScheduleBuildException(Kind.MALFORMED, "stage '" + st.name() + "' appears twice", null,
                        List.of("stages[" + si + "].name", "stages[" + earlier + "].name"));
            }
            for (int i = 0; i < st.systems().size(); i++) {
                SystemDescriptor d = st.systems().get(i);
                Loc previous = firstSystem.putIfAbsent(d.name(), new Loc(si, i));
                if (previous != null) {
                    throw new ScheduleBuildException(Kind.DUPLICATE_NAME, "two systems are named '" + d.name()
                            + "' (in stage '" + stages.get(previous.stage()).name() + "' and in stage '" + st.name()
                            + "'); system names must be unique", null,
                            List.of(place(si, i, "name", -1), place(previous.stage(), previous.index(), "name", -1)));
                }
            }
        }
    }

    private static Access resolveAccess(SystemDescriptor d, DataResolver data, String where) {
        if (d.kind().isExclusive()) {
            boolean partial = d.accessSpec() != null ? d.accessSpec().isPartial()
                    : d.resolvedAccess() != null && !d.resolvedAccess().isWorld()
                            && d.resolvedAccess() != Access.NONE;
            if (partial) {
                throw new ScheduleBuildException(Kind.EXCLUSIVE_ACCESS, "exclusive system '" + d.name()
                        + "' declares a partial access (" + (d.accessSpec() != null ? d.accessSpec() : "resolved access")
                        + "); an exclusive system always has the whole world, so declare no access or the whole world",
                        null, List.of(where + ".access", where + ".kind"));
            }
            return Access.world();
        }
        if (d.accessSpec() != null) {
            return data.resolve(d.accessSpec());
        }
        return d.resolvedAccess() != null ? d.resolvedAccess() : Access.NONE;
    }

    /** The edges of one ordering field of system {@code i} of stage {@code si}, into {@code graph}. */
    private static void systemEdges(Targets targets, List<StageDescriptor> stages, int si, int i, String field,
            List<String> names, boolean before, DiGraph graph) {
        SystemDescriptor d = stages.get(si).systems().get(i);
        for (int k = 0; k < names.size(); k++) {
            String where = place(si, i, field, k);
            for (Loc other : targets.ofSystem(d, where, field, names.get(k))) {
                order(stages, si, i, other, before, names.get(k), graph, where);
            }
        }
    }

    /**
     * The rules sets give their members in stage {@code si}: before/after (strong and weak) towards other
     * targets, ambiguousWith (set to set or set to system), and chains over the listed members.
     */
    private static void applySetRules(Targets targets, List<StageDescriptor> stages, int si, DiGraph graph, DiGraph weak,
            BitSet[] exempt) {
        List<SetDescriptor> sets = targets.declaredSets();
        for (int k = 0; k < sets.size(); k++) {
            SetDescriptor set = sets.get(k);
            SetDescriptor.Rules rules = set.rules();
            if (rules.isEmpty()) {
                continue;
            }
            List<Loc> members = targets.named(set.name()).stream().filter(l -> l.stage() == si).toList();
            ruleEdges(rules.before(), "before", true, graph, set, k, members, targets, stages, si);
            ruleEdges(rules.after(), "after", false, graph, set, k, members, targets, stages, si);
            ruleEdges(rules.beforeWeak(), "beforeWeak", true, weak, set, k, members, targets, stages, si);
            ruleEdges(rules.afterWeak(), "afterWeak", false, weak, set, k, members, targets, stages, si);
            for (int t = 0; t < rules.ambiguousWith().size(); t++) {
                for (Loc other : targets.ofSet(set, k, "ambiguousWith", t, rules.ambiguousWith().get(t), true)) {
                    for (Loc m : members) {
                        if (other.stage() == si && other.index() != m.index()) {
                            exempt[m.index()].set(other.index());
                            exempt[other.index()].set(m.index());
                        }
                    }
                }
            }
            if (rules.chain() || rules.chainWeak()) {
                for (int t = 0; t + 1 < rules.members().size(); t++) {
                    List<Loc> from = targets.ofSet(set, k, "members", t, rules.members().get(t), true);
                    List<Loc> to = targets.ofSet(set, k, "members", t + 1, rules.members().get(t + 1), true);
                    for (Loc a : from) {
                        if (a.stage() != si) {
                            continue;
                        }
                        for (Loc b : to) {
                            order(stages, si, a.index(), b, true, rules.members().get(t + 1), rules.chain() ? graph : weak,
                                    "sets[" + k + "].members[" + t + "]");
                        }
                    }
                }
            }
        }
    }

    private static void ruleEdges(List<String> names, String rule, boolean before, DiGraph into, SetDescriptor set, int k,
            List<Loc> members, Targets targets, List<StageDescriptor> stages, int si) {
        for (int t = 0; t < names.size(); t++) {
            for (Loc other : targets.ofSet(set, k, rule, t, names.get(t), true)) {
                for (Loc m : members) {
                    order(stages, si, m.index(), other, before, names.get(t), into, "sets[" + k + "]." + rule + "[" + t + "]");
                }
            }
        }
    }

    /** Adds the edge for "system {@code i} of stage {@code si} runs before/after {@code other}". */
    private static void order(List<StageDescriptor> stages, int si, int i, Loc other, boolean before, String target,
            DiGraph graph, String where) {
        if (other.stage() == si) {
            if (other.index() != i) {
                if (before) {
                    graph.addEdge(i, other.index());
                } else {
                    graph.addEdge(other.index(), i);
                }
            }
            return;
        }
        boolean holds = before ? si < other.stage() : si > other.stage();
        if (!holds) {
            String me = stages.get(si).systems().get(i).name();
            String them = stages.get(other.stage()).systems().get(other.index()).name();
            throw new ScheduleBuildException(Kind.CROSS_STAGE, "system '" + me + "' (stage '" + stages.get(si).name()
                    + "') must run " + (before ? "before" : "after") + " '" + target + "', which includes '" + them
                    + "' (stage '" + stages.get(other.stage()).name() + "'), but stage '"
                    + stages.get(before ? other.stage() : si).name() + "' runs before stage '"
                    + stages.get(before ? si : other.stage()).name() + "'", null, List.of(where));
        }
    }

    /**
     * A topological order of {@code graph}, a graph of stage {@code si}'s systems; a cycle is a
     * {@link Kind#CYCLE} error naming every member in order and the constraints that make it.
     */
    private static int[] orderTopologically(DiGraph graph, Targets targets, List<StageDescriptor> stages, int si) {
        StageDescriptor stage = stages.get(si);
        List<SystemDescriptor> ds = stage.systems();
        try {
            return TopologicalOrder.byIndex(graph);
        } catch (GraphCycleException e) {
            StringBuilder path = new StringBuilder();
            List<String> places = new ArrayList<>();
            int[] cycle = e.cycle();
            for (int k = 0; k < cycle.length; k++) {
                path.append(ds.get(cycle[k]).name()).append(" -> ");
                String edge = edgePlace(ds, si, cycle[k], cycle[(k + 1) % cycle.length], targets);
                if (edge != null) {
                    places.add(edge);
                }
            }
            path.append(ds.get(cycle[0]).name());
            throw new ScheduleBuildException(Kind.CYCLE, "the ordering constraints of stage '" + stage.name()
                    + "' form a cycle: " + path + " (each must run before the next)", null, places);
        }
    }

    /**
     * The constraint that orders system {@code u} before {@code v} (both of stage {@code si}): a
     * {@code before} of {@code u} naming {@code v} (or a label or set of it), or an {@code after} of
     * {@code v} naming {@code u}; null when none does (an edge of another origin).
     */
    private static String edgePlace(List<SystemDescriptor> ds, int si, int u, int v, Targets targets) {
        List<SetDescriptor> sets = targets.declaredSets();
        List<String> before = ds.get(u).before();
        for (int k = 0; k < before.size(); k++) {
            if (targets.named(before.get(k)).contains(new Loc(si, v))) {
                return place(si, u, "before", k);
            }
        }
        List<String> after = ds.get(v).after();
        for (int k = 0; k < after.size(); k++) {
            if (targets.named(after.get(k)).contains(new Loc(si, u))) {
                return place(si, v, "after", k);
            }
        }
        // a set's rule: u a member ordered before a target holding v, v a member ordered after one holding u,
        // or two consecutive members of a chain
        Loc from = new Loc(si, u);
        Loc to = new Loc(si, v);
        for (int k = 0; k < sets.size(); k++) {
            SetDescriptor.Rules rules = sets.get(k).rules();
            List<Loc> members = targets.named(sets.get(k).name());
            for (int t = 0; t < rules.before().size(); t++) {
                if (members.contains(from) && targets.named(rules.before().get(t)).contains(to)) {
                    return "sets[" + k + "].before[" + t + "]";
                }
            }
            for (int t = 0; t < rules.after().size(); t++) {
                if (members.contains(to) && targets.named(rules.after().get(t)).contains(from)) {
                    return "sets[" + k + "].after[" + t + "]";
                }
            }
            for (int t = 0; (rules.chain() || rules.chainWeak()) && t + 1 < rules.members().size(); t++) {
                if (targets.named(rules.members().get(t)).contains(from)
                        && targets.named(rules.members().get(t + 1)).contains(to)) {
                    return "sets[" + k + "].members[" + t + "]";
                }
            }
        }
        return null;
    }
}
