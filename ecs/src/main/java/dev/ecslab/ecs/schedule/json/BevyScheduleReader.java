package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.json.JsonTree.Arr;
import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.json.JsonTree.Str;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ArchetypeFilter;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.StageDescriptor;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one Bevy schedule export ({@link BevyScheduleData} documents the shapes and the mapping) into a
 * {@link LoadedSchedule}: one instance per file, owning its {@link NameRegistry} and the unique names it
 * gives systems across all schedules of the file.
 */
final class BevyScheduleReader extends ValueReader {
    private final String text;
    private final NameRegistry names = new NameRegistry();
    private final Set<String> systemNames = new HashSet<>();
    private final Set<String> stageNames = new HashSet<>();
    private final Map<String, String> aliases = new LinkedHashMap<>();
    private final List<BevyScheduleData.BevyConflict> conflicts = new ArrayList<>();
    private final long maxSystems = ScheduleJson.MAX_SYSTEMS.value();
    private final BevyScheduleData.Version version;
    private final List<String> setConditions = new ArrayList<>();
    private boolean listsIsResource;
    private int systemCount;
    private int inverted;
    private int resourcesApart;

    BevyScheduleReader(String source, String text, BevyScheduleData.Version version) {
        super(source);
        this.text = text;
        this.version = version;
    }

    BevyScheduleData.Import load(Node root) {
        Obj top = object(root, "a Bevy schedule export");
        List<Obj> schedules = new ArrayList<>();
        Node result = field(top, "result");
        Node data = field(top, "schedule_data");
        Node all = field(top, "schedules");
        if (result != null) {
            schedules.add(object(requiredField(object(result, "the BRP result"), "schedule_data", "the BRP result"), "a ScheduleData"));
        } else if (data != null) {
            schedules.add(object(data, "a ScheduleData"));
        } else if (all != null) {
            for (Node n : array(all).items()) {
                schedules.add(object(n, "a ScheduleData"));
            }
            if (schedules.isEmpty()) {
                throw error(all, "lists no schedule: an export with nothing in it judges nothing (was the app's"
                        + " schedule exported, or an empty list?)");
            }
        } else if (field(top, "systems") != null) {
            schedules.add(top);
        } else {
            throw error(top, "not a Bevy schedule export: expected a BRP schedule.graph response ({\"result\": "
                    + "{\"schedule_data\": ...}}), {\"schedule_data\": ...}, {\"schedules\": [...]} or a ScheduleData"
                    + " object with \"systems\"");
        }
        Schedule.Builder b = Schedule.builder();
        for (Obj s : schedules) {
            b.stage(stage(s));
        }
        if (systemCount == 0) {
            throw error(top, "holds no system in any of its " + schedules.size() + " schedule(s): an export with"
                    + " nothing in it judges nothing");
        }
        LoadedSchedule loaded = new LoadedSchedule(b.build(), names, source, new LoadedSchedule.SourceText(text, source, aliases,
                BevyScheduleData::tree));
        return new BevyScheduleData.Import(loaded, conflicts, inverted, semantics(), setConditions, resourcesApart);
    }

    /** The semantics applied: the version given, else what the export shows. */
    private BevyScheduleData.Semantics semantics() {
        if (version != null) {
            return new BevyScheduleData.Semantics(version.resourcesAreComponents(), "Bevy " + version.text() + " (--bevy-version)");
        }
        return new BevyScheduleData.Semantics(true, listsIsResource
                ? "Bevy 0.19 or later (detected: the export lists the IsResource component of resource entities)"
                : "Bevy 0.19 or later (detected: Bevy writes this export since 0.19; give --bevy-version to judge by"
                        + " another version's rules)");
    }

    /** True for Bevy's marker of resource entities ({@code bevy_ecs::resource::IsResource}), by its name. */
    private static boolean isResourceMarker(String name) {
        return name.equals("IsResource") || name.endsWith("::IsResource");
    }

    private StageDescriptor stage(Obj s) {
        int stageIndex = stageNames.size();
        String name = unique(name(requiredField(s, "name", "a ScheduleData"), "schedule name"), stageNames);
        // components: index -> name (registered as components, made unique)
        List<String> componentList = new ArrayList<>();
        Set<String> componentNames = new HashSet<>();
        int isResource = -1;
        Node comps = requiredField(s, "components", "a ScheduleData");
        for (Node c : array(comps).items()) {
            String n = unique(name(requiredField(object(c, "a ComponentData"), "name", "a ComponentData"), "component name"),
                    componentNames);
            if (isResourceMarker(n) && isResource < 0) {
                isResource = componentList.size();
                listsIsResource = true;
            }
            componentList.add(n);
        }
        Arr systemsArr = array(requiredField(s, "systems", "a ScheduleData"));
        // Before Bevy 0.19 resources were not components: the components accessed as resources (under the
        // IsResource filter) become resources, which entity queries never touch
        BitSet resourceComponents = version != null && !version.resourcesAreComponents()
                ? resourceComponents(systemsArr, isResource, componentList.size()) : new BitSet();
        resourcesApart += resourceComponents.cardinality();
        List<Integer> componentIds = new ArrayList<>();
        for (int c = 0; c < componentList.size(); c++) {
            componentIds.add(resourceComponents.get(c) ? names.resource(componentList.get(c)) : names.component(componentList.get(c)));
        }
        Arr systems = systemsArr;
        int n = systems.items().size();
        systemCount += n;
        if (systemCount > maxSystems) {
            throw error(systems, ScheduleJson.MAX_SYSTEMS.problem("the export has more than " + maxSystems + " systems"));
        }
        String[] systemName = new String[n];
        String[] typeName = new String[n];
        SystemKind[] kind = new SystemKind[n];
        boolean[] deferred = new boolean[n];
        Access[] access = new Access[n];
        for (int i = 0; i < n; i++) {
            Obj sys = object(systems.items().get(i), "a SystemData");
            typeName[i] = name(requiredField(sys, "name", "a SystemData"), "system name");
            systemName[i] = unique(typeName[i], systemNames);
            aliases.put("stages[" + stageIndex + "].systems[" + i + "]", sys.path());
            boolean exclusive = bool(requiredField(sys, "exclusive", "a SystemData"));
            boolean applyDeferred = bool(requiredField(sys, "apply_deferred", "a SystemData"));
            kind[i] = applyDeferred ? SystemKind.SYNC_POINT : exclusive ? SystemKind.EXCLUSIVE : SystemKind.NORMAL;
            // optional: it matters only to weak order, which the export does not mark (its edges are all strong)
            Node deferredField = field(sys, "deferred");
            deferred[i] = deferredField != null && bool(deferredField);
            Access.Builder a = Access.builder();
            boolean any = false;
            Node accesses = filteredAccesses(sys, conflictsListed(s));
            for (Node fa : array(accesses).items()) {
                ComponentAccess part = filteredAccess(object(fa, "a FilteredAccessData"), componentIds, resourceComponents,
                        isResource, a);
                if (part != null) {
                    a.add(part);
                }
                any = true;
            }
            access[i] = any ? a.build() : Access.NONE;
        }
        // hierarchy: the systems under each set, transitively
        Arr sets = array(requiredField(s, "system_sets", "a ScheduleData"));
        int setCount = sets.items().size();
        for (Node setNode : sets.items()) {
            Obj set = object(setNode, "a SystemSetData");
            Node conditions = field(set, "conditions");
            if (conditions != null) {
                for (Node c : array(conditions).items()) {
                    Node cn = field(object(c, "a ConditionData"), "name");
                    setConditions.add((cn == null ? "(unnamed)" : name(cn, "condition name")) + " on set "
                            + name(requiredField(set, "name", "a SystemSetData"), "set name") + " (schedule " + name + ")");
                }
            }
        }
        List<List<int[]>> children = new ArrayList<>();
        for (int k = 0; k < setCount; k++) {
            children.add(new ArrayList<>());
        }
        Node hierarchy = requiredField(s, "hierarchy", "a ScheduleData");
        for (Node edge : array(hierarchy).items()) {
            Arr pair = pair(edge, "a hierarchy edge [parent set, child]");
            int parent = index(pair.items().get(0), setCount, "system set");
            children.get(parent).add(scheduleIndex(pair.items().get(1), n, setCount));
        }
        List<BitSet> under = new ArrayList<>();
        for (int k = 0; k < setCount; k++) {
            under.add(null);
        }
        // dependency: every system under "first" before every system under "second"
        List<Set<String>> before = new ArrayList<>();       // sets: a set-to-set edge adds members x members
        for (int i = 0; i < n; i++) {
            before.add(new java.util.LinkedHashSet<>());
        }
        Node dependency = requiredField(s, "dependency", "a ScheduleData");
        for (Node edge : array(dependency).items()) {
            Arr pair = pair(edge, "a dependency edge [first, second]");
            BitSet first = systemsUnder(scheduleIndex(pair.items().get(0), n, setCount), children, under, new HashSet<>());
            BitSet second = systemsUnder(scheduleIndex(pair.items().get(1), n, setCount), children, under, new HashSet<>());
            for (int x = first.nextSetBit(0); x >= 0; x = first.nextSetBit(x + 1)) {
                for (int y = second.nextSetBit(0); y >= 0; y = second.nextSetBit(y + 1)) {
                    if (x != y) {
                        before.get(x).add(systemName[y]);
                    }
                }
            }
        }
        Node bevyConflicts = requiredField(s, "conflicts", "a ScheduleData");
        for (Node c : array(bevyConflicts).items()) {
            Obj conflict = object(c, "a SystemConflict");
            int a = index(requiredField(conflict, "system_1", "a SystemConflict"), n, "system");
            int b2 = index(requiredField(conflict, "system_2", "a SystemConflict"), n, "system");
            conflicts.add(new BevyScheduleData.BevyConflict(name, systemName[Math.min(a, b2)], systemName[Math.max(a, b2)],
                    accessConflict(requiredField(conflict, "conflicting_access", "a SystemConflict"), componentIds,
                            resourceComponents)));
        }
        List<SystemDescriptor> descriptors = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // no "type": the export's edges are already expanded to systems, and a type named like one of its
            // instances would make every constraint on that instance a system-type ambiguity
            SystemDescriptor.Builder d = SystemDescriptor.builder(systemName[i]).kind(kind[i])
                    .before(before.get(i).toArray(String[]::new));
            if (!kind[i].isExclusive()) {
                d.access(access[i]);
            }
            if (kind[i] == SystemKind.SYNC_POINT) {
                d.ambiguousWithAll();
            }
            if (deferred[i]) {
                d.deferred();
            }
            descriptors.add(d.build());
        }
        return new StageDescriptor(name, descriptors);
    }

    /**
     * A system's {@code filtered_accesses}, or a clear refusal: Bevy 0.19's export has no such field (it was
     * added after 0.19, Bevy PR #24743), and a system read without it would access nothing and pass every pair.
     */
    private Node filteredAccesses(Obj sys, int bevyConflicts) {
        Node accesses = field(sys, "filtered_accesses");
        if (accesses == null) {
            throw error(sys, "a SystemData needs \"filtered_accesses\" (missing field \"filtered_accesses\"): this looks like the export of Bevy"
                    + " 0.19, which does not record what systems access (Bevy PR #24743 added it after 0.19), so the lab"
                    + " cannot judge its pairs; export with a Bevy that has it (0.20 or main). Bevy's own list of this"
                    + " schedule's conflicting pairs is its \"conflicts\" field (" + bevyConflicts + " pair(s))");
        }
        return accesses;
    }

    private static int conflictsListed(Obj schedule) {
        Node c = field(schedule, "conflicts");
        return c instanceof Arr a ? a.items().size() : 0;
    }

    /**
     * The components accessed as resources: read or written by a filtered access whose every filter clause
     * requires the IsResource marker (how Bevy 0.19 and later lowers {@code Res} and {@code ResMut}).
     */
    private BitSet resourceComponents(Arr systems, int isResource, int components) {
        BitSet out = new BitSet();
        if (isResource < 0) {
            return out;
        }
        for (Node sn : systems.items()) {
            Node accesses = field(object(sn, "a SystemData"), "filtered_accesses");
            if (!(accesses instanceof Arr list)) {
                continue;
            }
            for (Node fn : list.items()) {
                Obj fa = object(fn, "a FilteredAccessData");
                if (field(fa, "access") instanceof Obj a && everyClauseLists(fa, "with", isResource)) {
                    for (String key : List.of("reads", "writes")) {
                        if (field(a, key) instanceof Arr ids) {
                            for (Node id : ids.items()) {
                                int c = index(id, components, "component");
                                if (c != isResource) {
                                    out.set(c);
                                }
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * True when {@code fa} has filter clauses and every one lists component {@code index} under {@code key}
     * ({@code "with"}: the access requires it; {@code "without"}: it excludes it). Malformed parts answer false:
     * the reading pass that follows names them.
     */
    private static boolean everyClauseLists(Obj fa, String key, int index) {
        if (index < 0 || !(field(fa, "filter_sets") instanceof Arr clauses) || clauses.items().isEmpty()) {
            return false;
        }
        for (Node clause : clauses.items()) {
            if (!(clause instanceof Obj c) || !(field(c, key) instanceof Arr list) || list.items().stream()
                    .noneMatch(x -> x instanceof Num num && num.integer() != null && num.integer().intValue() == index)) {
                return false;
            }
        }
        return true;
    }

    /**
     * One filtered access as a query, or null when nothing of it is left a query: with resources apart from
     * components (before Bevy 0.19), its reads and writes of resource components go to {@code resources} as
     * resource accesses and the IsResource marker leaves its filters.
     */
    private ComponentAccess filteredAccess(Obj fa, List<Integer> componentIds, BitSet resourceComponents, int isResource,
            Access.Builder resources) {
        Obj a = object(requiredField(fa, "access", "a FilteredAccessData"), "an AccessData");
        BitSet reads = ids(requiredField(a, "reads", "an AccessData"), componentIds, resourceComponents, false);
        BitSet writes = ids(requiredField(a, "writes", "an AccessData"), componentIds, resourceComponents, false);
        boolean readsAll = bool(requiredField(a, "reads_inverted", "an AccessData"));
        boolean writesAll = bool(requiredField(a, "writes_inverted", "an AccessData"));
        if (readsAll || writesAll) {
            inverted++;
        }
        if (readsAll && !writesAll && version != null && !version.resourcesAreComponents() && !everyClauseLists(fa, "without", isResource)) {
            // before 0.19 EntityRef read every component and &World every component and resource: the export
            // writes both as "reads every component", so both are taken to read every resource, which reports a
            // pair of EntityRef and a resource writer that Bevy 0.18 did not, and never misses one of &World's
            // (an access that excludes IsResource, or writes every component, is a query, never &World)
            resources.readAllResources();
        }
        if (!resourceComponents.isEmpty()) {
            ids(requiredField(a, "reads", "an AccessData"), componentIds, resourceComponents, true).stream()
                    .forEach(resources::readResource);
            ids(requiredField(a, "writes", "an AccessData"), componentIds, resourceComponents, true).stream()
                    .forEach(resources::writeResource);
            if (reads.isEmpty() && writes.isEmpty() && !readsAll && !writesAll) {
                return null;
            }
        }
        reads.andNot(writes);
        BitSet dropped = new BitSet();
        if (!resourceComponents.isEmpty() && isResource >= 0) {
            dropped.set(componentIds.get(isResource));
        }
        List<ArchetypeFilter> clauses = new ArrayList<>();
        Node sets = requiredField(fa, "filter_sets", "a FilteredAccessData");
        for (Node f : array(sets).items()) {
            Obj clause = object(f, "an AccessFiltersData");
            List<ArchetypeFilter> literals = new ArrayList<>();
            BitSet with = ids(requiredField(clause, "with", "an AccessFiltersData"), componentIds, resourceComponents, false);
            BitSet without = ids(requiredField(clause, "without", "an AccessFiltersData"), componentIds, resourceComponents, false);
            with.andNot(dropped);
            with.stream().forEach(id -> literals.add(new ArchetypeFilter.Has(id)));
            without.stream().forEach(id -> literals.add(new ArchetypeFilter.Not(new ArchetypeFilter.Has(id))));
            clauses.add(literals.size() == 1 ? literals.get(0) : new ArchetypeFilter.And(literals));
        }
        ArchetypeFilter filter = clauses.size() == 1 ? clauses.get(0) : new ArchetypeFilter.Or(clauses);
        return new ComponentAccess(reads, writes, filter, readsAll, writesAll);
    }

    private List<String> accessConflict(Node n, List<Integer> componentIds, BitSet resourceComponents) {
        if (n instanceof Str s && s.value().equals("World")) {
            return List.of("World");
        }
        Obj o = object(n, "an AccessConflict (\"World\" or {\"Components\": [...]})");
        Node list = requiredField(o, "Components", "an AccessConflict");
        List<String> out = new ArrayList<>();
        ids(list, componentIds, resourceComponents, false).stream().forEach(id -> out.add(names.componentName(id)));
        ids(list, componentIds, resourceComponents, true).stream().forEach(id -> out.add("resource " + names.resourceName(id)));
        out.sort(null);
        return out;
    }

    /** The systems under a schedule index: the system itself, or every system under the set, transitively. */
    private static BitSet systemsUnder(int[] node, List<List<int[]>> children, List<BitSet> memo, Set<Integer> visiting) {
        BitSet out = new BitSet();
        if (node[0] == 0) {
            out.set(node[1]);
            return out;
        }
        int set = node[1];
        if (memo.get(set) != null) {
            return memo.get(set);
        }
        if (!visiting.add(set)) {
            return out;                                   // a cycle in the hierarchy: Bevy refuses it; stop here
        }
        for (int[] child : children.get(set)) {
            out.or(systemsUnder(child, children, memo, visiting));
        }
        memo.set(set, out);
        return out;
    }

    /** {"System": i} -> {0, i}; {"SystemSet": k} -> {1, k}. */
    private int[] scheduleIndex(Node n, int systems, int sets) {
        Obj o = object(n, "a ScheduleIndex ({\"System\": i} or {\"SystemSet\": k})");
        Node system = field(o, "System");
        Node set = field(o, "SystemSet");
        if (o.members().size() != 1 || (system == null && set == null)) {
            throw error(o, "a ScheduleIndex is {\"System\": i} or {\"SystemSet\": k}");
        }
        return system != null ? new int[] {0, index(system, systems, "system")} : new int[] {1, index(set, sets, "system set")};
    }

    private Arr pair(Node n, String what) {
        Arr a = array(n);
        if (a.items().size() != 2) {
            throw error(a, what + " has two items, found " + a.items().size());
        }
        return a;
    }

    /** The ids of the listed components: of the resource components only, or of the others ({@code resources}). */
    private BitSet ids(Node list, List<Integer> componentIds, BitSet resourceComponents, boolean resources) {
        BitSet out = new BitSet();
        for (Node i : array(list).items()) {
            int c = index(i, componentIds.size(), "component");
            if (resourceComponents.get(c) == resources) {
                out.set(componentIds.get(c));
            }
        }
        return out;
    }

    private int index(Node n, int size, String what) {
        if (n instanceof Num num && num.integer() != null && num.integer().signum() >= 0
                && num.integer().compareTo(BigInteger.valueOf(size)) < 0) {
            return num.integer().intValue();
        }
        if (n instanceof Num num) {
            throw error(n, "a " + what + " index must be in [0, " + (size - 1) + "] (the export lists " + size + "), found "
                    + num.text());
        }
        throw wrongType(n, "a " + what + " index (a whole number)");
    }

    private static Node field(Obj o, String key) {
        for (Member m : o.members()) {
            if (m.key().equals(key)) {
                return m.value();
            }
        }
        return null;
    }

    private Node requiredField(Obj o, String key, String what) {
        return required(o, key, what);
    }

    /** {@code name}, or {@code "name (2)"}, {@code "name (3)"}... when already taken. */
    private static String unique(String name, Set<String> taken) {
        String candidate = name;
        for (int k = 2; !taken.add(candidate); k++) {
            candidate = name + " (" + k + ")";
        }
        return candidate;
    }
}
