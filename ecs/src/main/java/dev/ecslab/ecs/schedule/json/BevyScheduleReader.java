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
    private int systemCount;
    private int inverted;

    BevyScheduleReader(String source, String text) {
        super(source);
        this.text = text;
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
        return new BevyScheduleData.Import(loaded, conflicts, inverted);
    }

    private StageDescriptor stage(Obj s) {
        int stageIndex = stageNames.size();
        String name = unique(name(requiredField(s, "name", "a ScheduleData"), "schedule name"), stageNames);
        // components: index -> name (registered as components, made unique)
        List<Integer> componentIds = new ArrayList<>();
        Set<String> componentNames = new HashSet<>();
        Node comps = requiredField(s, "components", "a ScheduleData");
        for (Node c : array(comps).items()) {
            String n = unique(name(requiredField(object(c, "a ComponentData"), "name", "a ComponentData"), "component name"),
                    componentNames);
            componentIds.add(names.component(n));
        }
        Arr systems = array(requiredField(s, "systems", "a ScheduleData"));
        int n = systems.items().size();
        systemCount += n;
        if (systemCount > maxSystems) {
            throw error(systems, ScheduleJson.MAX_SYSTEMS.problem("the export has more than " + maxSystems + " systems"));
        }
        String[] systemName = new String[n];
        String[] typeName = new String[n];
        SystemKind[] kind = new SystemKind[n];
        Access[] access = new Access[n];
        for (int i = 0; i < n; i++) {
            Obj sys = object(systems.items().get(i), "a SystemData");
            typeName[i] = name(requiredField(sys, "name", "a SystemData"), "system name");
            systemName[i] = unique(typeName[i], systemNames);
            aliases.put("stages[" + stageIndex + "].systems[" + i + "]", sys.path());
            boolean exclusive = bool(requiredField(sys, "exclusive", "a SystemData"));
            boolean applyDeferred = bool(requiredField(sys, "apply_deferred", "a SystemData"));
            kind[i] = applyDeferred ? SystemKind.SYNC_POINT : exclusive ? SystemKind.EXCLUSIVE : SystemKind.NORMAL;
            Access.Builder a = Access.builder();
            boolean any = false;
            Node accesses = requiredField(sys, "filtered_accesses", "a SystemData");
            for (Node fa : array(accesses).items()) {
                a.add(filteredAccess(object(fa, "a FilteredAccessData"), componentIds));
                any = true;
            }
            access[i] = any ? a.build() : Access.NONE;
        }
        // hierarchy: the systems under each set, transitively
        Arr sets = array(requiredField(s, "system_sets", "a ScheduleData"));
        int setCount = sets.items().size();
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
                    accessConflict(requiredField(conflict, "conflicting_access", "a SystemConflict"), componentIds)));
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
            descriptors.add(d.build());
        }
        return new StageDescriptor(name, descriptors);
    }

    private ComponentAccess filteredAccess(Obj fa, List<Integer> componentIds) {
        Obj a = object(requiredField(fa, "access", "a FilteredAccessData"), "an AccessData");
        BitSet reads = ids(requiredField(a, "reads", "an AccessData"), componentIds);
        BitSet writes = ids(requiredField(a, "writes", "an AccessData"), componentIds);
        boolean readsAll = bool(requiredField(a, "reads_inverted", "an AccessData"));
        boolean writesAll = bool(requiredField(a, "writes_inverted", "an AccessData"));
        if (readsAll || writesAll) {
            inverted++;
        }
        reads.andNot(writes);
        List<ArchetypeFilter> clauses = new ArrayList<>();
        Node sets = requiredField(fa, "filter_sets", "a FilteredAccessData");
        for (Node f : array(sets).items()) {
            Obj clause = object(f, "an AccessFiltersData");
            List<ArchetypeFilter> literals = new ArrayList<>();
            BitSet with = ids(requiredField(clause, "with", "an AccessFiltersData"), componentIds);
            BitSet without = ids(requiredField(clause, "without", "an AccessFiltersData"), componentIds);
            with.stream().forEach(id -> literals.add(new ArchetypeFilter.Has(id)));
            without.stream().forEach(id -> literals.add(new ArchetypeFilter.Not(new ArchetypeFilter.Has(id))));
            clauses.add(literals.size() == 1 ? literals.get(0) : new ArchetypeFilter.And(literals));
        }
        ArchetypeFilter filter = clauses.size() == 1 ? clauses.get(0) : new ArchetypeFilter.Or(clauses);
        return new ComponentAccess(reads, writes, filter, readsAll, writesAll);
    }

    private List<String> accessConflict(Node n, List<Integer> componentIds) {
        if (n instanceof Str s && s.value().equals("World")) {
            return List.of("World");
        }
        Obj o = object(n, "an AccessConflict (\"World\" or {\"Components\": [...]})");
        Node list = requiredField(o, "Components", "an AccessConflict");
        List<String> out = new ArrayList<>();
        BitSet ids = ids(list, componentIds);
        ids.stream().forEach(id -> out.add(names.componentName(id)));
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

    private BitSet ids(Node list, List<Integer> componentIds) {
        BitSet out = new BitSet();
        for (Node i : array(list).items()) {
            out.set(componentIds.get(index(i, componentIds.size(), "component")));
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
