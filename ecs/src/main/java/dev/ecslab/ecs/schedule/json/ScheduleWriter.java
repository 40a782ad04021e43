package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ArchetypeFilter;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.schedule.DataResolver;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.RunCondition;
import dev.ecslab.ecs.schedule.SetDescriptor;
import dev.ecslab.ecs.schedule.StageDescriptor;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Writes any schedule in the JSON form {@link ScheduleJson} reads: the data its accesses name, declared
 * up front in id order, then its sets, stages and systems, rendered by {@link JsonText}. One instance
 * writes one schedule (it collects the data used while it resolves the accesses).
 */
final class ScheduleWriter {
    private static final String ALWAYS = "always";

    private final DataResolver data;
    private final BitSet usedComponents = new BitSet();
    private final BitSet usedResources = new BitSet();

    ScheduleWriter(DataResolver data) {
        this.data = Objects.requireNonNull(data, "data");
    }

    String write(Schedule schedule) {
        // Resolve every access first: for a world, resolving registers the types the names come from.
        Map<SystemDescriptor, Access> accesses = new IdentityHashMap<>();
        for (StageDescriptor st : schedule.stages()) {
            for (SystemDescriptor d : st.systems()) {
                Access a = declaredAccess(d);
                if (a != null) {
                    accesses.put(d, a);
                    collect(a);
                }
                d.conditions().forEach(c -> collect(c.resolve(data)));
            }
        }
        schedule.sets().values().forEach(set -> set.conditions().forEach(c -> collect(c.resolve(data))));
        List<String> ignored = new ArrayList<>();
        List<String> ignoredComponents = new ArrayList<>();
        List<String> ignoredResources = new ArrayList<>();
        for (Object entry : schedule.ignoredData()) {
            Object key = entry instanceof Schedule.IgnoredComponent ic ? ic.classOrName()
                    : entry instanceof Schedule.IgnoredResource ir ? ir.classOrName() : entry;
            BitSet c = entry instanceof Schedule.IgnoredResource ? new BitSet() : data.componentIds(key);
            BitSet r = entry instanceof Schedule.IgnoredComponent ? new BitSet() : data.resourceIds(key);
            if (c.isEmpty() && r.isEmpty()) {
                continue;
            }
            usedComponents.or(c);
            usedResources.or(r);
            String name = key instanceof Class<?> type ? DataResolver.nameOf(type) : key.toString();
            List<String> into = entry instanceof Schedule.IgnoredComponent ? ignoredComponents
                    : entry instanceof Schedule.IgnoredResource ? ignoredResources : ignored;
            if (!into.contains(name)) {
                into.add(name);
            }
        }

        Map<String, Object> top = new LinkedHashMap<>();
        top.put("ordering", schedule.ordering().name());
        top.put("ambiguity", schedule.ambiguity().name());
        if (schedule.maxStageIterations() != Schedule.DEFAULT_MAX_STAGE_ITERATIONS) {
            top.put("maxStageIterations", schedule.maxStageIterations());
        }
        List<String> components = data instanceof NameRegistry reg ? reg.componentNames()
                : names(usedComponents, data::componentName, "components");
        List<String> resources = data instanceof NameRegistry reg ? reg.resourceNames()
                : names(usedResources, data::resourceName, "resources");
        putIfNotEmpty(top, "components", components);
        putIfNotEmpty(top, "resources", resources);
        putIfNotEmpty(top, "ignoreAmbiguitiesOn", ignored);
        putIfNotEmpty(top, "ignoreAmbiguitiesOnComponents", ignoredComponents);
        putIfNotEmpty(top, "ignoreAmbiguitiesOnResources", ignoredResources);
        List<Object> sets = new ArrayList<>();
        for (SetDescriptor s : schedule.sets().values()) {
            Map<String, Object> set = new LinkedHashMap<>();
            set.put("name", s.name());
            if (!s.criterionName().equals(ALWAYS)) {
                set.put("criterion", s.criterionName());
            }
            putIfNotEmpty(set, "runIf", conditions(s.conditions()));
            SetDescriptor.Rules rules = s.rules();
            putIfNotEmpty(set, "members", rules.members());
            putIfNotEmpty(set, "before", rules.before());
            putIfNotEmpty(set, "after", rules.after());
            putIfNotEmpty(set, "beforeWeak", rules.beforeWeak());
            putIfNotEmpty(set, "afterWeak", rules.afterWeak());
            putIfNotEmpty(set, "ambiguousWith", rules.ambiguousWith());
            if (rules.chain()) {
                set.put("chain", true);
            }
            if (rules.chainWeak()) {
                set.put("chainWeak", true);
            }
            sets.add(set);
        }
        putIfNotEmpty(top, "sets", sets);
        List<Object> stages = new ArrayList<>();
        for (StageDescriptor st : schedule.stages()) {
            Map<String, Object> stage = new LinkedHashMap<>();
            stage.put("name", st.name());
            stage.put("systems", st.systems().stream().map(d -> system(d, accesses.get(d))).toList());
            stages.add(stage);
        }
        top.put("stages", stages);
        return JsonText.render(top);
    }

    /** The access to write, or null when there is nothing to say. */
    private Access declaredAccess(SystemDescriptor d) {
        Access a = d.accessSpec() != null ? data.resolve(d.accessSpec()) : d.resolvedAccess();
        if (a == null || isEmpty(a) || (d.kind().isExclusive() && a.isWorld())) {
            return null;
        }
        return a;
    }

    private static boolean isEmpty(Access a) {
        return !a.isWorld() && a.components().isEmpty() && a.resourceReads().isEmpty()
                && a.resourceWrites().isEmpty() && !a.readsAllComponents() && !a.readsAllResources();
    }

    private void collect(Access a) {
        for (ComponentAccess c : a.components()) {
            usedComponents.or(c.reads());
            usedComponents.or(c.writes());
            collect(c.filter());
        }
        usedResources.or(a.resourceReads());
        usedResources.or(a.resourceWrites());
    }

    private void collect(ArchetypeFilter f) {
        if (f instanceof ArchetypeFilter.Has h) {
            usedComponents.set(h.componentId());
        } else if (f instanceof ArchetypeFilter.Not n) {
            collect(n.operand());
        } else if (f instanceof ArchetypeFilter.And a) {
            a.operands().forEach(this::collect);
        } else if (f instanceof ArchetypeFilter.Or o) {
            o.operands().forEach(this::collect);
        } else if (f instanceof ArchetypeFilter.Xor x) {
            collect(x.left());
            collect(x.right());
        }
    }

    private static List<String> names(BitSet ids, java.util.function.IntFunction<String> name, String what) {
        List<String> out = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (int id = ids.nextSetBit(0); id >= 0; id = ids.nextSetBit(id + 1)) {
            String n = name.apply(id);
            Integer other = seen.putIfAbsent(n, id);
            if (other != null) {
                throw new IllegalArgumentException("cannot write the schedule as JSON: " + what + " " + other
                        + " and " + id + " are both named '" + n + "', and the JSON form identifies data by name");
            }
            out.add(n);
        }
        return out;
    }

    private Map<String, Object> system(SystemDescriptor d, Access access) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("name", d.name());
        if (d.kind() != SystemKind.NORMAL) {
            s.put("kind", d.kind().name());
        }
        if (d.type() != null) {
            s.put("type", d.type());
        }
        if (access != null) {
            s.put("access", access(access));
        }
        putIfNotEmpty(s, "runIf", conditions(d.conditions()));
        if (d.deferred()) {
            s.put("deferred", true);
        }
        putIfNotEmpty(s, "labels", List.copyOf(d.labels()));
        putIfNotEmpty(s, "sets", List.copyOf(d.sets()));
        putIfNotEmpty(s, "before", d.before());
        putIfNotEmpty(s, "after", d.after());
        putIfNotEmpty(s, "beforeWeak", d.beforeWeak());
        putIfNotEmpty(s, "afterWeak", d.afterWeak());
        putIfNotEmpty(s, "ambiguousWith", d.ambiguousWith());
        if (d.ambiguousWithAll()) {
            s.put("ambiguousWithAll", true);
        }
        return s;
    }

    private List<Object> conditions(List<RunCondition> conditions) {
        List<Object> out = new ArrayList<>();
        for (RunCondition c : conditions) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            m.put("access", access(c.resolve(data)));
            out.add(m);
        }
        return out;
    }

    private Map<String, Object> access(Access a) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (a.isWorld()) {
            out.put("world", true);
            return out;
        }
        List<Object> queries = new ArrayList<>();
        for (ComponentAccess c : a.components()) {
            Map<String, Object> q = new LinkedHashMap<>();
            putIfNotEmpty(q, "read", componentNames(c.reads()));
            putIfNotEmpty(q, "write", componentNames(c.writes()));
            if (c.writesAll()) {
                q.put("writeAll", true);
            } else if (c.readsAll()) {
                q.put("readAll", true);
            }
            BitSet touched = c.reads();
            touched.or(c.writes());
            ArchetypeFilter user = explicitPart(c.filter(), touched);
            if (user != null) {
                q.put("filter", filter(user));
            }
            queries.add(q);
        }
        putIfNotEmpty(out, "queries", queries);
        putIfNotEmpty(out, "readResources", resourceNames(a.resourceReads()));
        putIfNotEmpty(out, "writeResources", resourceNames(a.resourceWrites()));
        if (a.readsAllComponents()) {
            out.put("readsAllComponents", true);
        }
        if (a.readsAllResources()) {
            out.put("readsAllResources", true);
        }
        return out;
    }

    /**
     * The filter without the {@code Has} terms implied by the components the query touches (the
     * reader adds them back), or null when nothing else remains.
     */
    private static ArchetypeFilter explicitPart(ArchetypeFilter f, BitSet touched) {
        if (f instanceof ArchetypeFilter.Has h && touched.get(h.componentId())) {
            return null;
        }
        if (f instanceof ArchetypeFilter.And and) {
            List<ArchetypeFilter> rest = and.operands().stream()
                    .filter(o -> !(o instanceof ArchetypeFilter.Has h && touched.get(h.componentId())))
                    .toList();
            return rest.isEmpty() ? null : rest.size() == 1 ? rest.get(0) : new ArchetypeFilter.And(rest);
        }
        return f;
    }

    private Map<String, Object> filter(ArchetypeFilter f) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (f instanceof ArchetypeFilter.Has h) {
            out.put("with", data.componentName(h.componentId()));
        } else if (f instanceof ArchetypeFilter.Not n) {
            if (n.operand() instanceof ArchetypeFilter.Has h) {
                out.put("without", data.componentName(h.componentId()));
            } else {
                out.put("not", filter(n.operand()));
            }
        } else if (f instanceof ArchetypeFilter.And a) {
            out.put("and", a.operands().stream().map(this::filter).toList());
        } else if (f instanceof ArchetypeFilter.Or o) {
            out.put("or", o.operands().stream().map(this::filter).toList());
        } else {
            ArchetypeFilter.Xor x = (ArchetypeFilter.Xor) f;
            out.put("xor", List.of(filter(x.left()), filter(x.right())));
        }
        return out;
    }

    private List<String> componentNames(BitSet ids) {
        return ids.stream().mapToObj(data::componentName).collect(Collectors.toList());
    }

    private List<String> resourceNames(BitSet ids) {
        return ids.stream().mapToObj(data::resourceName).collect(Collectors.toList());
    }

    private static void putIfNotEmpty(Map<String, Object> map, String key, List<?> list) {
        if (!list.isEmpty()) {
            map.put(key, list);
        }
    }
}
