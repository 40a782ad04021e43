package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ArchetypeFilter;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.DataResolver;
import dev.ecslab.ecs.schedule.OrderingPolicy;
import dev.ecslab.ecs.schedule.RunCriterion;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SetDescriptor;
import dev.ecslab.ecs.schedule.StageDescriptor;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.schedule.json.JsonTree.Arr;
import dev.ecslab.ecs.schedule.json.JsonTree.Bool;
import dev.ecslab.ecs.schedule.json.JsonTree.Member;
import dev.ecslab.ecs.schedule.json.JsonTree.Node;
import dev.ecslab.ecs.schedule.json.JsonTree.Num;
import dev.ecslab.ecs.schedule.json.JsonTree.Obj;
import dev.ecslab.ecs.schedule.json.JsonTree.Pos;
import dev.ecslab.ecs.schedule.json.JsonTree.Str;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.input.NearestName;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The JSON form of a schedule: its stages and systems with their data access, kinds, labels, sets,
 * ordering constraints and ambiguity exemptions, the declared sets with the <em>names</em> of their run
 * criteria, and the schedule settings. Data is named with plain strings, so a schedule of another
 * engine can be described and its ambiguity report computed here.
 *
 * <h2>Purpose: analysis, not running</h2>
 * A schedule read from JSON is for {@linkplain LoadedSchedule#compile() compiling} (validation, the
 * graph, the plan) and its {@linkplain LoadedSchedule#ambiguities() ambiguity report}. Its systems have
 * no bodies, and every run criterion is only a name: a loaded set gets a criterion that always says
 * {@code YES} ({@link RunCriterion#ALWAYS}), keeping the name for reports. {@link #write} is the other
 * direction: it describes any schedule (bodies are not written; criteria are written by name).
 *
 * <h2>Format</h2>
 * <pre>{@code
 * {
 *   "ordering": "EXPLICIT",
 *   "ambiguity": "WARN",
 *   "maxStageIterations": 10000,
 *   "components": ["Position", "Velocity", "Frozen"],
 *   "resources": ["Time"],
 *   "ignoreAmbiguitiesOn": ["Time"],
 *   "sets": [{"name": "physics", "criterion": "fixed_timestep"}],
 *   "stages": [
 *     {"name": "update", "systems": [
 *       {"name": "movement", "kind": "NORMAL",
 *        "access": {
 *          "queries": [{"read": ["Velocity"], "write": ["Position"], "filter": {"without": "Frozen"}}],
 *          "readResources": ["Time"], "writeResources": [],
 *          "readsAllComponents": false, "readsAllResources": false, "world": false},
 *        "labels": ["physics"], "sets": ["physics"], "before": ["render"], "after": [],
 *        "ambiguousWith": [], "ambiguousWithAll": false},
 *       {"name": "render", "kind": "MAIN_THREAD", "access": {"queries": [{"read": ["Position"]}]}},
 *       {"name": "flush", "kind": "SYNC_POINT", "after": ["render"]}
 *     ]}
 *   ]
 * }
 * }</pre>
 *
 * <p><b>Top level</b> (an object). Only {@code stages} is required.
 * <ul>
 *   <li>{@code ordering}: {@code EXPLICIT} (default) or {@code INSERTION_ORDER} ({@link OrderingPolicy}).
 *   <li>{@code ambiguity}: {@code IGNORE}, {@code WARN} (default) or {@code ERROR} ({@link AmbiguitySetting}).
 *   <li>{@code maxStageIterations}: a positive integer, default {@value Schedule#DEFAULT_MAX_STAGE_ITERATIONS}.
 *   <li>{@code components}, {@code resources}: names declared up front. Component names and resource
 *       names get dense ids in two separate spaces: declared names first, in this order, then names met
 *       elsewhere in order of first appearance in the file. Declaring them is optional; it fixes the
 *       ids, and so the order in which a report lists the data of one conflict ({@link #write} always
 *       declares them, so a round trip keeps reports identical).
 *   <li>{@code ignoreAmbiguitiesOn}: component or resource names whose conflicts ambiguity reports
 *       ignore. Each must name a component or resource of the file (declared or used), so a typo is an
 *       error rather than a silent no-op.
 *   <li>{@code sets}: declared sets, each {@code {"name": ..., "criterion": ...}} with an optional
 *       criterion name. Sets that systems join without declaring them are implicit.
 *   <li>{@code stages}: stages in order, each {@code {"name": ..., "systems": [...]}}.
 * </ul>
 *
 * <p><b>System</b>: {@code name} (required, unique over the schedule); {@code kind}: {@code NORMAL}
 * (default), {@code EXCLUSIVE}, {@code MAIN_THREAD} or {@code SYNC_POINT}; {@code access};
 * {@code labels}, {@code sets}, {@code before}, {@code after}, {@code ambiguousWith}: arrays of
 * names (constraint and exemption targets are system names, labels or set names);
 * {@code ambiguousWithAll}: a boolean.
 *
 * <p><b>Access</b> (every field optional; no access means none): {@code queries}, each with
 * {@code read} and {@code write} (component names) and an optional {@code filter}; a query touches
 * only entities that have every component it reads or writes, and its filter narrows that further,
 * so two queries whose filters exclude each other ({@code With<A>} and {@code Without<A>}) do not
 * conflict. A component both read and written is written. {@code readResources},
 * {@code writeResources}: resource names. {@code readsAllComponents}, {@code readsAllResources}: reads
 * every component or resource. {@code world}: exclusive access to the whole world (conflicts with
 * everything; cannot be combined with the other fields). An exclusive system or sync point always has
 * the whole world; giving it a partial access is an error when the schedule is compiled.
 *
 * <p><b>Filter</b>: an object with exactly one operator: {@code {"with": "A"}},
 * {@code {"without": "A"}}, {@code {"and": [f, ...]}} (empty: matches everything),
 * {@code {"or": [f, ...]}} (empty: matches nothing), {@code {"not": f}}, {@code {"xor": [f, g]}}
 * (exactly two operands).
 *
 * <h2>Errors</h2>
 * Reading is strict: standard JSON only (no comments), no unknown or duplicate fields, names must be
 * non-blank strings without control characters ({@link InputNames}), and every value must have the
 * documented type. Any malformed input raises a {@link ScheduleJsonException} (a
 * {@link BadInputException}) whose message gives the source name, line, column and JSON path of the
 * offending token (for example {@code $.stages[0].systems[2].access.queries[0].filter}) and what was
 * wrong.
 *
 * <h2>Limits</h2>
 * A file is read only if it is a regular file of at most {@link InputFile#MAX_BYTES} bytes of UTF-8;
 * its JSON may nest at most {@code ecslab.limit.jsonDepth} (64) levels and hold at most
 * {@code ecslab.limit.jsonValues} (2 000 000) values; names are at most {@link InputNames#MAX_LENGTH}
 * characters; a schedule has at most {@link #MAX_SYSTEMS} systems. Each limit names itself and its
 * system property when it is hit. Rules about the schedule as a whole (cycles, unknown constraint targets, duplicate system
 * or stage names, partial access on exclusive systems) are checked by {@link LoadedSchedule#compile()}
 * and raise {@link dev.ecslab.ecs.schedule.ScheduleBuildException}.
 */
public final class ScheduleJson {
    private static final List<String> TOP_FIELDS = List.of("ordering", "ambiguity", "maxStageIterations",
            "components", "resources", "ignoreAmbiguitiesOn", "sets", "stages");
    private static final List<String> SET_FIELDS = List.of("name", "criterion");
    private static final List<String> STAGE_FIELDS = List.of("name", "systems");
    private static final List<String> SYSTEM_FIELDS = List.of("name", "kind", "access", "labels", "sets", "before",
            "after", "ambiguousWith", "ambiguousWithAll");
    private static final List<String> ACCESS_FIELDS = List.of("queries", "readResources", "writeResources",
            "readsAllComponents", "readsAllResources", "world");
    private static final List<String> QUERY_FIELDS = List.of("read", "write", "filter");
    private static final List<String> FILTER_OPERATORS = List.of("with", "without", "and", "or", "not", "xor");
    private static final String ALWAYS = "always";

    /**
     * The most systems a schedule file may describe: 20 000 unless {@code ecslab.limit.scheduleSystems}
     * says otherwise (the compiler's conflict matrix of one stage takes n² bits: 50 MB at 20 000).
     */
    public static final InputLimit MAX_SYSTEMS = new InputLimit("ecslab.limit.scheduleSystems", 20_000, "systems");

    private ScheduleJson() {
    }

    /**
     * Reads a schedule description from a UTF-8 file ({@link InputFile}: a regular file within the size
     * limit, strict UTF-8); errors name the file by {@code file.toString()}.
     *
     * @throws ScheduleJsonException when the file is not a well-formed schedule description
     * @throws BadInputException     when the file cannot be read: missing, unreadable, not a regular file,
     *                               too large, or not UTF-8
     */
    public static LoadedSchedule read(Path file) {
        return read(new StringReader(InputFile.readUtf8(file)), file.toString());
    }

    /**
     * Reads a schedule description; {@code sourceName} is used in error messages. The reader is not
     * closed; at most {@link InputFile#MAX_BYTES} characters are read from it.
     *
     * @throws ScheduleJsonException when the input is not a well-formed schedule description, or the
     *                               reader fails
     */
    public static LoadedSchedule read(Reader in, String sourceName) {
        Objects.requireNonNull(in, "reader");
        Objects.requireNonNull(sourceName, "sourceName");
        return new Loader(sourceName).load(JsonTree.parse(in, sourceName));
    }

    /** The JSON form of a loaded schedule, with its own registry. */
    public static String write(LoadedSchedule schedule) {
        return write(schedule.schedule(), schedule.data());
    }

    /**
     * The JSON form of {@code schedule}, naming data through {@code data}: every component and resource
     * the accesses mention is declared up front in id order, so reading the result back gives the same
     * compile result and the same ambiguity report. Typed accesses are resolved with
     * {@code data.resolve} (for a world this registers the types). Bodies are not written; run criteria
     * are written by name. Ignored data that names nothing in {@code data} has no effect and is left
     * out.
     *
     * @throws IllegalArgumentException when two different ids of {@code data} have the same name (the JSON
     *         form identifies data by name)
     */
    public static String write(Schedule schedule, DataResolver data) {
        return new Writer(data).write(schedule);
    }

    // ============================================================== reading

    private static final class Loader {
        private final String source;
        private final NameRegistry names = new NameRegistry();
        private final long maxSystems = MAX_SYSTEMS.value();
        private int systems;

        Loader(String source) {
            this.source = source;
        }

        LoadedSchedule load(Node root) {
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
            Set<String> declaredSets = new HashSet<>();
            for (Member m : top.members()) {
                Node v = m.value();
                switch (m.key()) {
                    case "ordering" -> b.ordering(enumValue(v, OrderingPolicy.class, "ordering policy"));
                    case "ambiguity" -> b.ambiguity(enumValue(v, AmbiguitySetting.class, "ambiguity setting"));
                    case "maxStageIterations" -> b.maxStageIterations(positiveInt(v));
                    case "components", "resources", "ignoreAmbiguitiesOn" -> {
                        // handled before and after this loop
                    }
                    case "sets" -> {
                        for (Node s : array(v).items()) {
                            b.set(set(s, declaredSets));
                        }
                    }
                    case "stages" -> {
                        stages = true;
                        for (Node s : array(v).items()) {
                            b.stage(stage(s));
                        }
                    }
                    default -> throw unknownField(m, TOP_FIELDS);
                }
            }
            if (!stages) {
                throw error(top, "missing field \"stages\" (an array of stages, which may be empty)");
            }
            Member ignore = top.members().stream().filter(m -> m.key().equals("ignoreAmbiguitiesOn")).findFirst()
                    .orElse(null);
            if (ignore != null) {
                for (Node n : array(ignore.value()).items()) {
                    String name = name(n, "component or resource name");
                    if (names.findComponent(name).isEmpty() && names.findResource(name).isEmpty()) {
                        throw error(n, "ignoreAmbiguitiesOn names \"" + name + "\", which is no component or"
                                + " resource of this schedule" + suggestion(name, allDataNames())
                                + " (declare it in \"components\" or \"resources\" if no system uses it)");
                    }
                    b.ignoreAmbiguitiesOn(name);
                }
            }
            return new LoadedSchedule(b.build(), names, source);
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

        private SetDescriptor set(Node n, Set<String> declared) {
            Obj o = object(n, "a set");
            Node nameNode = required(o, "name", "a set");
            String name = name(nameNode, "set name");
            String criterion = null;
            for (Member m : o.members()) {
                switch (m.key()) {
                    case "name" -> {
                    }
                    case "criterion" -> criterion = name(m.value(), "run criterion name");
                    default -> throw unknownField(m, SET_FIELDS);
                }
            }
            if (!declared.add(name)) {
                throw error(nameNode, "set \"" + name + "\" is declared twice");
            }
            return criterion == null ? SetDescriptor.of(name) : SetDescriptor.of(name, criterion, RunCriterion.ALWAYS);
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
                throw error(o, MAX_SYSTEMS.problem("the schedule has more than " + maxSystems + " systems"));
            }
            SystemDescriptor.Builder b = SystemDescriptor.builder(name(required(o, "name", "a system"), "system name"));
            for (Member m : o.members()) {
                Node v = m.value();
                switch (m.key()) {
                    case "name" -> {
                    }
                    case "kind" -> b.kind(enumValue(v, SystemKind.class, "system kind"));
                    case "access" -> b.access(access(v));
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

        private Access access(Node n) {
            Obj o = object(n, "an access");
            Access.Builder b = Access.builder();
            boolean partial = false;
            Member world = null;
            for (Member m : o.members()) {
                Node v = m.value();
                switch (m.key()) {
                    case "queries" -> {
                        for (Node q : array(v).items()) {
                            b.add(query(q));
                            partial = true;
                        }
                    }
                    case "readResources" -> {
                        for (String r : names(v, "resource name")) {
                            b.readResource(names.resource(r));
                            partial = true;
                        }
                    }
                    case "writeResources" -> {
                        for (String r : names(v, "resource name")) {
                            b.writeResource(names.resource(r));
                            partial = true;
                        }
                    }
                    case "readsAllComponents" -> {
                        if (bool(v)) {
                            b.readAllComponents();
                            partial = true;
                        }
                    }
                    case "readsAllResources" -> {
                        if (bool(v)) {
                            b.readAllResources();
                            partial = true;
                        }
                    }
                    case "world" -> {
                        if (bool(v)) {
                            world = m;
                        }
                    }
                    default -> throw unknownField(m, ACCESS_FIELDS);
                }
            }
            if (world != null) {
                if (partial) {
                    throw error(world.keyPos(), world.value().path(), "\"world\": true is exclusive access to the"
                            + " whole world and cannot be combined with queries, resources or readsAll* flags");
                }
                return Access.world();
            }
            return partial ? b.build() : Access.NONE;
        }

        private ComponentAccess query(Node n) {
            Obj o = object(n, "a query");
            Set<Integer> reads = new LinkedHashSet<>();
            Set<Integer> writes = new LinkedHashSet<>();
            ArchetypeFilter filter = null;
            for (Member m : o.members()) {
                Node v = m.value();
                switch (m.key()) {
                    case "read" -> {
                        for (String c : names(v, "component name")) {
                            reads.add(names.component(c));
                        }
                    }
                    case "write" -> {
                        for (String c : names(v, "component name")) {
                            writes.add(names.component(c));
                        }
                    }
                    case "filter" -> filter = filter(v);
                    default -> throw unknownField(m, QUERY_FIELDS);
                }
            }
            reads.removeAll(writes);
            // As for typed queries: the query matches only entities with every component it touches.
            List<ArchetypeFilter> parts = new ArrayList<>();
            BitSet r = new BitSet();
            BitSet w = new BitSet();
            for (int id : writes) {
                w.set(id);
                parts.add(new ArchetypeFilter.Has(id));
            }
            for (int id : reads) {
                r.set(id);
                parts.add(new ArchetypeFilter.Has(id));
            }
            if (filter != null) {
                parts.add(filter);
            }
            return new ComponentAccess(r, w, parts.size() == 1 ? parts.get(0) : new ArchetypeFilter.And(parts));
        }

        private ArchetypeFilter filter(Node n) {
            Obj o = object(n, "a filter");
            if (o.members().isEmpty()) {
                throw error(o, "a filter needs exactly one operator (" + String.join(", ", FILTER_OPERATORS)
                        + "); found none");
            }
            if (o.members().size() > 1) {
                Member extra = o.members().get(1);
                throw error(extra.keyPos(), extra.value().path(), "a filter has exactly one operator, but this one has "
                        + InputNames.shown(o.members().get(0).key()) + " and " + InputNames.shown(extra.key())
                        + "; combine filters with {\"and\": [...]}");
            }
            Member m = o.members().get(0);
            Node v = m.value();
            return switch (m.key()) {
                case "with" -> new ArchetypeFilter.Has(names.component(name(v, "component name")));
                case "without" -> new ArchetypeFilter.Not(new ArchetypeFilter.Has(names.component(name(v, "component name"))));
                case "and" -> new ArchetypeFilter.And(array(v).items().stream().map(this::filter).toList());
                case "or" -> new ArchetypeFilter.Or(array(v).items().stream().map(this::filter).toList());
                case "not" -> new ArchetypeFilter.Not(filter(v));
                case "xor" -> {
                    Arr a = array(v);
                    if (a.items().size() != 2) {
                        throw error(a, "\"xor\" takes exactly two filters, found " + a.items().size());
                    }
                    yield new ArchetypeFilter.Xor(filter(a.items().get(0)), filter(a.items().get(1)));
                }
                default -> throw error(m.keyPos(), v.path(), "unknown filter operator " + InputNames.shown(m.key()) + "; expected one of "
                        + String.join(", ", FILTER_OPERATORS) + suggestion(m.key(), FILTER_OPERATORS));
            };
        }

        // ---------------------------------------------------------- typed values

        private Obj object(Node n, String what) {
            if (n instanceof Obj o) {
                return o;
            }
            throw wrongType(n, "an object (" + what + ")");
        }

        private Arr array(Node n) {
            if (n instanceof Arr a) {
                return a;
            }
            throw wrongType(n, "an array");
        }

        private boolean bool(Node n) {
            if (n instanceof Bool b) {
                return b.value();
            }
            throw wrongType(n, "a boolean (true or false)");
        }

        private String name(Node n, String what) {
            if (!(n instanceof Str s)) {
                throw wrongType(n, "a string (" + what + ")");
            }
            if (s.value().isBlank()) {
                throw error(n, "a " + what + " must not be blank");
            }
            String problem = InputNames.problem(s.value());
            if (problem != null) {
                throw error(n, "a " + what + ": " + problem);
            }
            return s.value();
        }

        private String[] names(Node n, String what) {
            return array(n).items().stream().map(i -> name(i, what)).toArray(String[]::new);
        }

        private int positiveInt(Node n) {
            if (n instanceof Num num && num.integer() != null && num.integer().signum() > 0
                    && num.integer().compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) <= 0) {
                return num.integer().intValue();
            }
            if (n instanceof Num num) {
                throw error(n, "expected a positive integer of at most " + Integer.MAX_VALUE + ", found " + num.text());
            }
            throw wrongType(n, "a positive integer");
        }

        private <E extends Enum<E>> E enumValue(Node n, Class<E> type, String what) {
            String s = name(n, what);
            E[] values = type.getEnumConstants();
            for (E e : values) {
                if (e.name().equals(s)) {
                    return e;
                }
            }
            List<String> options = Arrays.stream(values).map(Enum::name).toList();
            throw error(n, "unknown " + what + " " + InputNames.shown(s) + "; expected one of " + String.join(", ", options)
                    + suggestion(s, options));
        }

        private Node required(Obj o, String key, String what) {
            for (Member m : o.members()) {
                if (m.key().equals(key)) {
                    return m.value();
                }
            }
            throw error(o, what + " needs a \"" + key + "\" (missing field \"" + key + "\")");
        }

        private List<String> allDataNames() {
            List<String> all = new ArrayList<>(names.componentNames());
            all.addAll(names.resourceNames());
            return all;
        }

        // ---------------------------------------------------------- errors

        private ScheduleJsonException error(Node n, String problem) {
            return error(n.pos(), n.path(), problem);
        }

        private ScheduleJsonException error(Pos pos, String path, String problem) {
            return new ScheduleJsonException(source, pos.line(), pos.column(), path, problem);
        }

        private ScheduleJsonException wrongType(Node n, String expected) {
            String found = n instanceof Str s ? "the string " + InputNames.shown(s.value())
                    : n instanceof Num num ? "the number " + (num.text().length() > InputNames.SHOWN
                            ? num.text().substring(0, InputNames.SHOWN) + "... (" + num.text().length() + " characters)"
                            : num.text())
                    : n instanceof Bool b ? b.value() + "" : n.kind();
            return error(n, "expected " + expected + ", found " + found);
        }

        private ScheduleJsonException unknownField(Member m, List<String> known) {
            return error(m.keyPos(), m.value().path(), "unknown field " + InputNames.shown(m.key()) + "; expected one of "
                    + String.join(", ", known) + suggestion(m.key(), known));
        }
    }

    /** " (did you mean "x"?)" when a candidate is a likely typo of {@code s}, else "". */
    private static String suggestion(String s, List<String> candidates) {
        return NearestName.hint(s, candidates);
    }

    // ============================================================== writing

    private static final class Writer {
        private final DataResolver data;
        private final BitSet usedComponents = new BitSet();
        private final BitSet usedResources = new BitSet();

        Writer(DataResolver data) {
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
                }
            }
            List<String> ignored = new ArrayList<>();
            for (Object key : schedule.ignoredData()) {
                BitSet c = data.componentIds(key);
                BitSet r = data.resourceIds(key);
                if (c.isEmpty() && r.isEmpty()) {
                    continue;
                }
                usedComponents.or(c);
                usedResources.or(r);
                String name = key instanceof Class<?> type ? DataResolver.nameOf(type) : key.toString();
                if (!ignored.contains(name)) {
                    ignored.add(name);
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
            List<Object> sets = new ArrayList<>();
            for (SetDescriptor s : schedule.sets().values()) {
                Map<String, Object> set = new LinkedHashMap<>();
                set.put("name", s.name());
                if (!s.criterionName().equals(ALWAYS)) {
                    set.put("criterion", s.criterionName());
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
            if (access != null) {
                s.put("access", access(access));
            }
            putIfNotEmpty(s, "labels", List.copyOf(d.labels()));
            putIfNotEmpty(s, "sets", List.copyOf(d.sets()));
            putIfNotEmpty(s, "before", d.before());
            putIfNotEmpty(s, "after", d.after());
            putIfNotEmpty(s, "ambiguousWith", d.ambiguousWith());
            if (d.ambiguousWithAll()) {
                s.put("ambiguousWithAll", true);
            }
            return s;
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
}
