package dev.ecslab.ecs.query;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.storage.Resources;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A system's declared access, written with classes and independent of any world: a list of
 * {@link QuerySpec}s, the resources read and written, or the whole world. {@link #resolve} turns it
 * into the id-based {@link Access} of one world (registering the types it names).
 *
 * <pre>{@code
 * AccessSpec.builder()
 *     .query(QuerySpec.reads(Velocity.class).writes(Position.class).filter(Filter.without(Frozen.class)))
 *     .readsResource(Time.class)
 *     .build();
 * }</pre>
 *
 * <p>Immutable.
 */
public final class AccessSpec {
    private static final AccessSpec NONE = new Builder().build();
    private static final AccessSpec WORLD = new AccessSpec(List.of(), List.of(), List.of(), true);

    private final List<QuerySpec> queries;
    private final List<Class<?>> resourceReads;
    private final List<Class<?>> resourceWrites;
    private final boolean world;
    private final boolean readsAllComponents;
    private final boolean readsAllResources;

    private AccessSpec(List<QuerySpec> queries, List<Class<?>> resourceReads, List<Class<?>> resourceWrites,
            boolean world) {
        this(queries, resourceReads, resourceWrites, world, false, false);
    }

    private AccessSpec(List<QuerySpec> queries, List<Class<?>> resourceReads, List<Class<?>> resourceWrites,
            boolean world, boolean readsAllComponents, boolean readsAllResources) {
        this.queries = List.copyOf(queries);
        this.resourceReads = List.copyOf(resourceReads);
        this.resourceWrites = List.copyOf(resourceWrites);
        this.world = world;
        this.readsAllComponents = readsAllComponents;
        this.readsAllResources = readsAllResources;
    }

    /** Touches nothing (a system that only issues commands, say). */
    public static AccessSpec none() {
        return NONE;
    }

    /** The whole world, for exclusive systems. */
    public static AccessSpec world() {
        return WORLD;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Shorthand for an access of one query. */
    public static AccessSpec of(QuerySpec query) {
        return builder().query(query).build();
    }

    public List<QuerySpec> queries() {
        return queries;
    }

    public List<Class<?>> resourceReads() {
        return resourceReads;
    }

    public List<Class<?>> resourceWrites() {
        return resourceWrites;
    }

    public boolean isWorld() {
        return world;
    }

    /** Reads every component and resource, writes nothing (Bevy's {@code &World}); not exclusive. */
    public static AccessSpec readWorld() {
        return builder().readsAllComponents().readsAllResources().build();
    }

    /** True when this declares anything short of the whole world. */
    public boolean isPartial() {
        return !queries.isEmpty() || !resourceReads.isEmpty() || !resourceWrites.isEmpty()
                || readsAllComponents || readsAllResources;
    }

    /** The id-based access in a world with these registries; registers the types it names. */
    public Access resolve(Components components, Resources resources) {
        if (world) {
            return Access.world();
        }
        Access.Builder b = Access.builder();
        if (readsAllComponents) {
            b.readAllComponents();
        }
        if (readsAllResources) {
            b.readAllResources();
        }
        for (QuerySpec q : queries) {
            b.add(q.resolve(components));
        }
        resourceReads.forEach(r -> b.readResource(resources.infoOf(r).id()));
        resourceWrites.forEach(r -> b.writeResource(resources.infoOf(r).id()));
        return b.build();
    }

    @Override
    public String toString() {
        if (world) {
            return "World";
        }
        List<String> parts = new ArrayList<>();
        if (readsAllComponents) {
            parts.add("Read<all components>");
        }
        if (readsAllResources) {
            parts.add("Read<all resources>");
        }
        queries.forEach(q -> parts.add(q.toString()));
        resourceReads.forEach(r -> parts.add("Res<" + Components.displayName(r) + ">"));
        resourceWrites.forEach(r -> parts.add("ResMut<" + Components.displayName(r) + ">"));
        return String.join(", ", parts);
    }

    /** Collects the parts of an access declaration. */
    public static final class Builder {
        private final List<QuerySpec> queries = new ArrayList<>();
        private final List<Class<?>> resourceReads = new ArrayList<>();
        private final List<Class<?>> resourceWrites = new ArrayList<>();
        private boolean readsAllComponents;
        private boolean readsAllResources;

        /** Made by {@link AccessSpec#builder()}, the one way to start a builder. */
        private Builder() {
        }

        /** Reads every component (Bevy's {@code EntityRef} query). */
        public Builder readsAllComponents() {
            readsAllComponents = true;
            return this;
        }

        /** Reads every resource. */
        public Builder readsAllResources() {
            readsAllResources = true;
            return this;
        }

        public Builder query(QuerySpec query) {
            queries.add(Objects.requireNonNull(query, "query"));
            return this;
        }

        public Builder readsResource(Class<?>... types) {
            resourceReads.addAll(Arrays.asList(types));
            return this;
        }

        public Builder writesResource(Class<?>... types) {
            resourceWrites.addAll(Arrays.asList(types));
            return this;
        }

        public AccessSpec build() {
            return new AccessSpec(queries, resourceReads, resourceWrites, false, readsAllComponents, readsAllResources);
        }
    }

    /**
     * One query's worth of declared component access: components read, components written and a
     * filter. The query visits only entities that have every read and written component.
     */
    public static final class QuerySpec {
        private final List<Class<?>> reads;
        private final List<Class<?>> writes;
        private final Filter filter;

        private QuerySpec(List<Class<?>> reads, List<Class<?>> writes, Filter filter) {
            this.reads = List.copyOf(reads);
            this.writes = List.copyOf(writes);
            this.filter = filter;
        }

        public static QuerySpec reads(Class<?>... types) {
            return new QuerySpec(Arrays.asList(types), List.of(), null);
        }

        public static QuerySpec writes(Class<?>... types) {
            return new QuerySpec(List.of(), Arrays.asList(types), null);
        }

        /** A copy that also reads {@code types}. */
        public QuerySpec andReads(Class<?>... types) {
            List<Class<?>> r = new ArrayList<>(reads);
            r.addAll(Arrays.asList(types));
            return new QuerySpec(r, writes, filter);
        }

        /** A copy that also writes {@code types}. */
        public QuerySpec andWrites(Class<?>... types) {
            List<Class<?>> w = new ArrayList<>(writes);
            w.addAll(Arrays.asList(types));
            return new QuerySpec(reads, w, filter);
        }

        /** A copy with {@code filter} added (combined with {@code And}). */
        public QuerySpec filter(Filter f) {
            Objects.requireNonNull(f, "filter");
            return new QuerySpec(reads, writes, filter == null ? f : Filter.and(filter, f));
        }

        public List<Class<?>> readTypes() {
            return reads;
        }

        public List<Class<?>> writeTypes() {
            return writes;
        }

        public Filter filterOrNull() {
            return filter;
        }

        ComponentAccess resolve(Components components) {
            BitSet r = new BitSet();
            BitSet w = new BitSet();
            List<ArchetypeFilter> parts = new ArrayList<>();
            for (Class<?> t : writes) {
                ComponentInfo info = components.infoOf(t);
                w.set(info.id());
                parts.add(new ArchetypeFilter.Has(info.id()));
            }
            for (Class<?> t : reads) {
                ComponentInfo info = components.infoOf(t);
                if (!w.get(info.id())) {
                    r.set(info.id());
                    parts.add(new ArchetypeFilter.Has(info.id()));
                }
            }
            if (filter != null) {
                parts.add(QueryBuilder.compile(filter, components::infoOf));
            }
            ArchetypeFilter f = parts.size() == 1 ? parts.get(0) : new ArchetypeFilter.And(parts);
            return new ComponentAccess(r, w, f);
        }

        @Override
        public String toString() {
            List<String> parts = new ArrayList<>();
            reads.forEach(t -> parts.add("Read<" + Components.displayName(t) + ">"));
            writes.forEach(t -> parts.add("Write<" + Components.displayName(t) + ">"));
            if (filter != null) {
                parts.add(filter.toString());
            }
            return parts.stream().collect(Collectors.joining(", ", "Query[", "]"));
        }
    }
}
