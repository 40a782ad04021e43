package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.json.JsonTree.Arr;
import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ArchetypeFilter;
import dev.ecslab.ecs.query.ComponentAccess;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a system's {@code "access"} object of a schedule file: its queries with their filters, the
 * resources it reads and writes, the {@code readsAll*} flags and {@code "world"} (see
 * {@link ScheduleJson} for the format). Component and resource names get their ids from the schedule's
 * {@link NameRegistry}, in order of first appearance.
 */
final class AccessReader extends ValueReader {
    private static final List<String> ACCESS_FIELDS = List.of("queries", "readResources", "writeResources",
            "readsAllComponents", "writesAllComponents", "readsAllResources", "world");
    private static final List<String> QUERY_FIELDS = List.of("read", "write", "readAll", "writeAll", "filter");
    private static final List<String> FILTER_OPERATORS = List.of("with", "without", "and", "or", "not", "xor");

    private final NameRegistry names;

    AccessReader(String source, NameRegistry names) {
        super(source);
        this.names = names;
    }

    Access access(Node n) {
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
                case "writesAllComponents" -> {
                    if (bool(v)) {
                        b.add(new ComponentAccess(new BitSet(), new BitSet(), ArchetypeFilter.TRUE, true, true));
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
        boolean readAll = false;
        boolean writeAll = false;
        for (Member m : o.members()) {
            Node v = m.value();
            switch (m.key()) {
                case "readAll" -> readAll = bool(v);
                case "writeAll" -> writeAll = bool(v);
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
        ArchetypeFilter where = parts.size() == 1 ? parts.get(0) : new ArchetypeFilter.And(parts);
        return new ComponentAccess(r, w, where, readAll, writeAll);
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
}
