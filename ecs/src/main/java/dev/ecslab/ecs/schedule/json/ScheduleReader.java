package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.OrderingPolicy;
import dev.ecslab.ecs.schedule.RunCondition;
import dev.ecslab.ecs.schedule.RunCriterion;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SetDescriptor;
import dev.ecslab.ecs.schedule.StageDescriptor;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a schedule file's tree into a {@link LoadedSchedule}: the settings, the declared data and sets,
 * the stages and their systems (each system's access through {@link AccessReader}). One instance reads
 * one file: it owns the file's {@link NameRegistry} and counts its systems against
 * {@link ScheduleJson#MAX_SYSTEMS}.
 */
final class ScheduleReader extends ValueReader {
    private static final List<String> TOP_FIELDS = List.of("ordering", "ambiguity", "maxStageIterations",
            "components", "resources", "ignoreAmbiguitiesOn", "ignoreAmbiguitiesOnComponents",
            "ignoreAmbiguitiesOnResources", "sets", "stages");
    private static final List<String> SET_FIELDS = List.of("name", "criterion", "runIf", "members", "before", "after",
            "ambiguousWith", "beforeWeak", "afterWeak", "chain", "chainWeak");
    private static final List<String> CONDITION_FIELDS = List.of("name", "access");
    private static final List<String> STAGE_FIELDS = List.of("name", "systems");
    private static final List<String> SYSTEM_FIELDS = List.of("name", "kind", "type", "access", "runIf", "deferred", "labels",
            "sets", "before", "after", "beforeWeak", "afterWeak", "ambiguousWith", "ambiguousWithAll");

    private final NameRegistry names = new NameRegistry();
    private final AccessReader accesses;
    private final long maxSystems = ScheduleJson.MAX_SYSTEMS.value();
    private int systems;

    ScheduleReader(String source) {
        super(source);
        this.accesses = new AccessReader(source, names);
    }

    LoadedSchedule load(Node root, LoadedSchedule.SourceText text) {
        Obj top = object(root, "the schedule");
        Schedule.Builder b = Schedule.builder();
        // Declared names first, so that they get the first ids whatever the field order.
        for (Member m : top.members()) {
            if (m.key().equals("components")) {
                declare(m.value(), "component");
            } else if (m.key().equals("resources")) {
                declare(m.value(), "resource");
            }
        }
        boolean stages = false;
        Node stagesNode = null;
        int stageCount = 0;
        int anonymousSets = 0;
        Set<String> declaredSets = new HashSet<>();
        for (Member m : top.members()) {
            Node v = m.value();
            switch (m.key()) {
                case "ordering" -> b.ordering(enumValue(v, OrderingPolicy.class, "ordering policy"));
                case "ambiguity" -> b.ambiguity(enumValue(v, AmbiguitySetting.class, "ambiguity setting"));
                case "maxStageIterations" -> b.maxStageIterations(positiveInt(v));
                case "components", "resources", "ignoreAmbiguitiesOn", "ignoreAmbiguitiesOnComponents",
                        "ignoreAmbiguitiesOnResources" -> {
                    // handled before and after this loop
                }
                case "sets" -> {
                    for (Node s : array(v).items()) {
                        b.set(set(s, declaredSets, ++anonymousSets));
                    }
                }
                case "stages" -> {
                    stages = true;
                    stagesNode = v;
                    for (Node s : array(v).items()) {
                        b.stage(stage(s));
                        stageCount++;
                    }
                }
                default -> throw unknownField(m, TOP_FIELDS);
            }
        }
        if (!stages) {
            throw error(top, "missing field \"stages\" (an array of stages with at least one system)");
        }
        // As for a Bevy export: a schedule with nothing in it judges nothing, so an analysis of it must not pass.
        if (stageCount == 0) {
            throw error(stagesNode, "lists no stage: a schedule with nothing in it judges nothing (was the wrong file"
                    + " exported, or an empty list?)");
        }
        if (systems == 0) {
            throw error(stagesNode, "holds no system in any of its " + stageCount + " stage(s): a schedule with nothing"
                    + " in it judges nothing");
        }
        for (Member ignore : top.members()) {
            boolean both = ignore.key().equals("ignoreAmbiguitiesOn");
            boolean components = ignore.key().equals("ignoreAmbiguitiesOnComponents");
            boolean resources = ignore.key().equals("ignoreAmbiguitiesOnResources");
            if (!both && !components && !resources) {
                continue;
            }
            String what = both ? "component or resource" : components ? "component" : "resource";
            for (Node n : array(ignore.value()).items()) {
                String name = name(n, what + " name");
                boolean found = (!resources && names.findComponent(name).isPresent())
                        || (!components && names.findResource(name).isPresent());
                if (!found) {
                    List<String> candidates = both ? allDataNames() : components ? names.componentNames() : names.resourceNames();
                    throw error(n, ignore.key() + " names \"" + name + "\", which is no " + what + " of this schedule"
                            + suggestion(name, candidates) + " (declare it in \"" + (resources ? "resources" : "components")
                            + "\"" + (both ? " or \"resources\"" : "") + " if no system uses it)");
                }
                if (both) {
                    b.ignoreAmbiguitiesOn(name);
                } else if (components) {
                    b.ignoreAmbiguitiesOnComponent(name);
                } else {
                    b.ignoreAmbiguitiesOnResource(name);
                }
            }
        }
        return new LoadedSchedule(b.build(), names, source, text);
    }

    private void declare(Node list, String what) {
        for (Node n : array(list).items()) {
            String name = name(n, what + " name");
            boolean known = what.equals("component") ? names.findComponent(name).isPresent()
                    : names.findResource(name).isPresent();
            if (known) {
                throw error(n, what + " \"" + name + "\" is declared twice");
            }
            if (what.equals("component")) {
                names.component(name);
            } else {
                names.resource(name);
            }
        }
    }

    /**
     * A declared set: a name, or members without a name (an anonymous set, Bevy's tuple of systems, named
     * {@code "(anonymous set K: a, b)"} in reports), an optional criterion name, and rules for its members.
     */
    private SetDescriptor set(Node n, Set<String> declared, int position) {
        Obj o = object(n, "a set");
        Node nameNode = null;
        String criterion = null;
        List<String> members = List.of();
        List<String> before = List.of();
        List<String> after = List.of();
        List<String> ambiguousWith = List.of();
        List<String> beforeWeak = List.of();
        List<String> afterWeak = List.of();
        boolean chain = false;
        boolean chainWeak = false;
        Member chainMember = null;
        List<RunCondition> conditions = List.of();
        for (Member m : o.members()) {
            Node v = m.value();
            switch (m.key()) {
                case "name" -> nameNode = v;
                case "criterion" -> criterion = name(v, "run criterion name");
                case "runIf" -> conditions = conditions(v);
                case "members" -> members = List.of(names(v, "set member"));
                case "before" -> before = List.of(names(v, "constraint target"));
                case "after" -> after = List.of(names(v, "constraint target"));
                case "ambiguousWith" -> ambiguousWith = List.of(names(v, "ambiguity target"));
                case "beforeWeak" -> beforeWeak = List.of(names(v, "constraint target"));
                case "afterWeak" -> afterWeak = List.of(names(v, "constraint target"));
                case "chain" -> {
                    chain = bool(v);
                    chainMember = chain ? m : chainMember;
                }
                case "chainWeak" -> {
                    chainWeak = bool(v);
                    chainMember = chainWeak ? m : chainMember;
                }
                default -> throw unknownField(m, SET_FIELDS);
            }
        }
        if (chain && chainWeak) {
            throw error(chainMember.keyPos(), chainMember.value().path(), "a set is chained strongly or weakly, not both");
        }
        if ((chain || chainWeak) && members.size() < 2) {
            throw error(chainMember.keyPos(), chainMember.value().path(), "a chain orders the set's \"members\" one"
                    + " after the other, in the order listed; it needs at least two members");
        }
        String name;
        if (nameNode != null) {
            name = name(nameNode, "set name");
        } else if (!members.isEmpty()) {
            name = "(anonymous set " + position + ": " + String.join(", ", members) + ")";
        } else {
            throw error(o, "a set needs a \"name\", or \"members\" (an anonymous set)");
        }
        if (!declared.add(name)) {
            throw error(nameNode != null ? nameNode : o, "set \"" + name + "\" is declared twice");
        }
        SetDescriptor set = criterion == null ? SetDescriptor.of(name) : SetDescriptor.of(name, criterion, RunCriterion.ALWAYS);
        return set.withRules(new SetDescriptor.Rules(members, before, after, ambiguousWith, beforeWeak, afterWeak, chain,
                chainWeak)).withConditions(conditions);
    }

    /**
     * A {@code "runIf"} list: run conditions, each a name and what it reads, in the form of a system's
     * {@code "access"} (a condition that writes is refused when the schedule is compiled, naming it).
     */
    private List<RunCondition> conditions(Node n) {
        List<RunCondition> out = new ArrayList<>();
        for (Node c : array(n).items()) {
            Obj o = object(c, "a run condition ({\"name\": ..., \"access\": {...}})");
            String name = name(required(o, "name", "a run condition"), "run condition name");
            Node access = required(o, "access", "a run condition");
            for (Member m : o.members()) {
                if (!CONDITION_FIELDS.contains(m.key())) {
                    throw unknownField(m, CONDITION_FIELDS);
                }
            }
            out.add(RunCondition.reading(name, accesses.access(access)));
        }
        return out;
    }

    private StageDescriptor stage(Node n) {
        Obj o = object(n, "a stage");
        String name = name(required(o, "name", "a stage"), "stage name");
        List<SystemDescriptor> systems = new ArrayList<>();
        for (Member m : o.members()) {
            switch (m.key()) {
                case "name" -> {
                }
                case "systems" -> {
                    for (Node s : array(m.value()).items()) {
                        systems.add(system(s));
                    }
                }
                default -> throw unknownField(m, STAGE_FIELDS);
            }
        }
        return new StageDescriptor(name, systems);
    }

    private SystemDescriptor system(Node n) {
        Obj o = object(n, "a system");
        if (++systems > maxSystems) {
            throw error(o, ScheduleJson.MAX_SYSTEMS.problem("the schedule has more than " + maxSystems + " systems"));
        }
        SystemDescriptor.Builder b = SystemDescriptor.builder(name(required(o, "name", "a system"), "system name"));
        for (Member m : o.members()) {
            Node v = m.value();
            switch (m.key()) {
                case "name" -> {
                }
                case "kind" -> b.kind(enumValue(v, SystemKind.class, "system kind"));
                case "type" -> b.type(name(v, "system type"));
                case "beforeWeak" -> b.beforeWeak(names(v, "constraint target"));
                case "afterWeak" -> b.afterWeak(names(v, "constraint target"));
                case "access" -> b.access(accesses.access(v));
                case "runIf" -> b.runIf(conditions(v).toArray(RunCondition[]::new));
                case "deferred" -> {
                    if (bool(v)) {
                        b.deferred();
                    }
                }
                case "labels" -> b.label(names(v, "label"));
                case "sets" -> b.inSet(names(v, "set name"));
                case "before" -> b.before(names(v, "constraint target"));
                case "after" -> b.after(names(v, "constraint target"));
                case "ambiguousWith" -> b.ambiguousWith(names(v, "ambiguity target"));
                case "ambiguousWithAll" -> {
                    if (bool(v)) {
                        b.ambiguousWithAll();
                    }
                }
                default -> throw unknownField(m, SYSTEM_FIELDS);
            }
        }
        return b.build();
    }

    private List<String> allDataNames() {
        List<String> all = new ArrayList<>(names.componentNames());
        all.addAll(names.resourceNames());
        return all;
    }
}
