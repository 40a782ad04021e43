package dev.ecslab.ecs.query;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.internal.AccessScope;
import dev.ecslab.ecs.internal.QueryHost;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Builds a {@link Query}: declare terms (each call returns the typed handle the rows accept), add
 * filters, then {@link #build()}. Obtained from the world or from a system's world view.
 *
 * <pre>{@code
 * QueryBuilder qb = world.query();
 * Read<Velocity> vel = qb.read(Velocity.class);
 * Write<Position> pos = qb.write(Position.class);
 * Query moving = qb.filter(Filter.without(Frozen.class)).build();
 * }</pre>
 *
 * <p>{@link #build()} rejects a query whose terms conflict with each other (the same component
 * written twice, or read and written) and one that can never match, with a
 * {@link QueryDefinitionException} naming the component.
 */
public final class QueryBuilder {
    private final QueryHost host;
    private final AccessScope scope;
    private final Object owner = new Object();
    private final List<Term<?>> terms = new ArrayList<>();
    private final List<Filter> filters = new ArrayList<>();
    private final List<ChangeFilter> changeFilters = new ArrayList<>();
    private boolean hasEntityTerm;
    private boolean built;
    /** {@link Query.Defect#NONE} in every builder but the race-bug catalogue's twins ({@code QueryTwins} in the tests). */
    private Query.Defect defect = Query.Defect.NONE;

    /**
     * For the world and world views, an internal seam (both parameter types are in
     * {@code dev.ecslab.ecs.internal}); user code calls {@code world.query()} or {@code view.query()}.
     * Public only because the world lives in another package; javac's "exports" warning (a parameter
     * type that not every reader of the module sees) is the point, so it is suppressed here alone.
     */
    @SuppressWarnings("exports")
    public QueryBuilder(QueryHost host, AccessScope scope) {
        this.host = Objects.requireNonNull(host, "host");
        this.scope = scope;
    }

    /** Adds a read term for component {@code type}. */
    public <T> Read<T> read(Class<T> type) {
        Read<T> t = new Read<>(owner, terms.size(), info(type));
        terms.add(t);
        return t;
    }

    /** Adds a write term for component {@code type}. */
    public <T> Write<T> write(Class<T> type) {
        Write<T> t = new Write<>(owner, terms.size(), info(type));
        terms.add(t);
        return t;
    }

    /** Adds the entity term. */
    public EntityTerm entity() {
        requireOpen();
        hasEntityTerm = true;
        return new EntityTerm(owner);
    }

    /** Adds a filter; several filters are combined with {@code And}. */
    public QueryBuilder filter(Filter filter) {
        requireOpen();
        filters.add(Objects.requireNonNull(filter, "filter"));
        return this;
    }

    /** Visits only entities whose {@code type} was added since the reader's previous run. */
    public QueryBuilder added(Class<?> type) {
        return changedAs(type, ChangeKind.ADDED, ChangeFlavor.DEFAULT);
    }

    /** Visits only entities whose {@code type} was mutated (written, or re-inserted) since the reader's previous run. */
    public QueryBuilder mutated(Class<?> type) {
        return changedAs(type, ChangeKind.MUTATED, ChangeFlavor.DEFAULT);
    }

    /** Visits only entities whose {@code type} was added or mutated since the reader's previous run. */
    public QueryBuilder changed(Class<?> type) {
        return changedAs(type, ChangeKind.CHANGED, ChangeFlavor.DEFAULT);
    }

    /**
     * Visits only entities whose {@code type} had a change of {@code kind} since the reader's previous
     * run: the general form of {@link #added}, {@link #mutated} and {@link #changed}, with an explicit
     * flavor ({@link ChangeFlavor#IMMEDIATE} is flag-doubling's JustChanged; every other strategy
     * treats both flavors alike).
     */
    public QueryBuilder changedAs(Class<?> type, ChangeKind kind, ChangeFlavor flavor) {
        requireOpen();
        changeFilters.add(new ChangeFilter(resolve(Objects.requireNonNull(type, "type")), kind, flavor));
        return this;
    }


    /** Validates the terms and filters and returns the query. The builder cannot be reused. */
    public Query build() {
        requireOpen();
        built = true;
        Components components = host.components();
        String description = describe();
        BitSet reads = new BitSet();
        BitSet writes = new BitSet();
        List<ArchetypeFilter> parts = new ArrayList<>();
        for (Term<?> t : terms) {
            int id = t.component.id();
            if (t.isWrite()) {
                if (writes.get(id)) {
                    throw new QueryDefinitionException(description + " writes " + t.component.name()
                            + " twice; one write term per component");
                }
                if (reads.get(id)) {
                    throw new QueryDefinitionException(description + " reads and writes "
                            + t.component.name() + "; use the write term to read it too");
                }
                writes.set(id);
            } else {
                if (writes.get(id)) {
                    throw new QueryDefinitionException(description + " reads and writes "
                            + t.component.name() + "; use the write term to read it too");
                }
                reads.set(id);
            }
            parts.add(new ArchetypeFilter.Has(id));
        }
        for (ChangeFilter c : changeFilters) {
            int id = c.component().id();
            if (!writes.get(id)) {
                reads.set(id);          // a change filter reads the component's change state
            }
            parts.add(new ArchetypeFilter.Has(id));
        }
        for (Filter f : filters) {
            parts.add(compile(f, this::resolve));
        }
        ArchetypeFilter filter = parts.size() == 1 ? parts.get(0) : new ArchetypeFilter.And(parts);
        ComponentAccess access = new ComponentAccess(reads, writes, filter);
        if (!access.dnf().satisfiable()) {
            throw new QueryDefinitionException(description + " can never match any entity: its terms and "
                    + "filters contradict each other (" + filter.describe(id -> components.info(id).name()) + ")");
        }
        Query query = new Query(host, scope, owner, terms.toArray(new Term<?>[0]), changeFilters.toArray(new ChangeFilter[0]),
                filter, access, denseOnly(filter, components), description, defect);
        if (scope != null) {
            scope.checkQuery(query);
        }
        return query;
    }

    /** Compiles a user filter to component ids, resolving each type with {@code resolve}. */
    public static ArchetypeFilter compile(Filter f, Function<Class<?>, ComponentInfo> resolve) {
        if (f instanceof Filter.With w) {
            return new ArchetypeFilter.Has(resolve.apply(w.type()).id());
        } else if (f instanceof Filter.Without w) {
            return new ArchetypeFilter.Not(new ArchetypeFilter.Has(resolve.apply(w.type()).id()));
        } else if (f instanceof Filter.And a) {
            return new ArchetypeFilter.And(a.operands().stream().map(o -> compile(o, resolve)).toList());
        } else if (f instanceof Filter.Or o) {
            return new ArchetypeFilter.Or(o.operands().stream().map(x -> compile(x, resolve)).toList());
        } else if (f instanceof Filter.Not n) {
            return new ArchetypeFilter.Not(compile(n.operand(), resolve));
        } else {
            Filter.Xor x = (Filter.Xor) f;
            return new ArchetypeFilter.Xor(compile(x.left(), resolve), compile(x.right(), resolve));
        }
    }

    /** For the race-bug catalogue's twins only: the query this builder builds has {@code d} put back. */
    QueryBuilder withDefect(Query.Defect d) {
        defect = Objects.requireNonNull(d, "defect");
        return this;
    }

    private ComponentInfo info(Class<?> type) {
        requireOpen();
        return resolve(Objects.requireNonNull(type, "type"));
    }

    /**
     * The world registers new types on first mention; a scoped (system) builder may run on a worker
     * thread, where registering is unsafe, so it only looks types up.
     */
    private ComponentInfo resolve(Class<?> type) {
        Components components = host.components();
        if (scope == null) {
            return components.infoOf(type);
        }
        return components.find(type).orElseThrow(() -> new QueryDefinitionException("component "
                + Components.displayName(type) + " is not registered in this world; a system's query can only "
                + "use types registered before systems run"));
    }

    private void requireOpen() {
        if (built) {
            throw new IllegalStateException("this QueryBuilder already built its query; start a new one");
        }
    }

    private String describe() {
        StringBuilder sb = new StringBuilder("Query[");
        String sep = "";
        if (hasEntityTerm) {
            sb.append("Entity");
            sep = ", ";
        }
        for (Term<?> t : terms) {
            sb.append(sep).append(t);
            sep = ", ";
        }
        for (ChangeFilter c : changeFilters) {
            sb.append(sep).append(c);
            sep = ", ";
        }
        for (Filter f : filters) {
            sb.append(sep).append(f);
            sep = ", ";
        }
        return sb.append(']').toString();
    }

    /**
     * True when the filter (which includes one {@code Has} per term) mentions only table
     * components: then every archetype sharing a matched table matches too, and rows can be walked
     * per table.
     */
    private static boolean denseOnly(ArchetypeFilter filter, Components components) {
        BitSet mentioned = new BitSet();
        filter.collectComponents(mentioned);
        for (int id = mentioned.nextSetBit(0); id >= 0; id = mentioned.nextSetBit(id + 1)) {
            if (components.info(id).storage() != dev.ecslab.ecs.component.StorageKind.TABLE) {
                return false;
            }
        }
        return true;
    }
}
