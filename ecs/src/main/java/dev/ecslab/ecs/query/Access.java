package dev.ecslab.ecs.query;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * What a query, system or job may touch: a list of {@link ComponentAccess} (each with its own
 * archetype filter), the resources it reads and writes, and, for exclusive code, the whole world.
 *
 * <p><b>Contract.</b> Two accesses {@linkplain #conflictsWith conflict} exactly when one writes a
 * resource the other reads or writes, or when one writes a component the other reads or writes
 * <em>and some archetype could match both filters</em>. A whole-world access conflicts with every
 * access, including the empty one. Executors trust this answer to run systems in parallel, and the
 * world view uses {@link #covers} to refuse touching undeclared data, so both are exact with respect
 * to the declared filters (up to {@link Dnf#MAX_CLAUSES}, past which they stay conservative).
 *
 * <p>Immutable and thread-safe.
 */
public final class Access {
    /** Touches nothing. */
    public static final Access NONE = new Builder().build();

    private final List<ComponentAccess> components;
    private final BitSet componentReads;
    private final BitSet componentWrites;
    private final BitSet resourceReads;
    private final BitSet resourceWrites;
    private final boolean world;
    private final boolean readsAllComponents;
    private final boolean readsAllResources;
    /** Some query part reads (writes) every component of the entities it matches. */
    private final boolean partReadsAll;
    private final boolean partWritesAll;

    private Access(Builder b) {
        this.components = List.copyOf(b.components);
        this.resourceReads = (BitSet) b.resourceReads.clone();
        this.resourceWrites = (BitSet) b.resourceWrites.clone();
        this.resourceReads.andNot(resourceWrites);
        this.world = b.world;
        this.readsAllComponents = b.readsAllComponents;
        this.readsAllResources = b.readsAllResources;
        this.componentReads = new BitSet();
        this.componentWrites = new BitSet();
        boolean ra = false;
        boolean wa = false;
        for (ComponentAccess c : components) {
            componentReads.or(c.readsRaw());
            componentWrites.or(c.writesRaw());
            ra |= c.readsAll();
            wa |= c.writesAll();
        }
        this.partReadsAll = ra;
        this.partWritesAll = wa;
    }

    /** True when some query of this access writes every component of the entities it matches (Bevy's {@code EntityMut}). */
    public boolean writesAllComponentsSomewhere() {
        return partWritesAll;
    }

    /** True when some query reads every component of the entities it matches, filtered or not. */
    public boolean readsAllComponentsSomewhere() {
        return readsAllComponents || partReadsAll;
    }

    /** True when this access writes some component (named, or every component of some entities). */
    public boolean writesAnyComponent() {
        return partWritesAll || !componentWrites.isEmpty();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Reads every component and resource, writes nothing (Bevy's {@code &World}): not exclusive. */
    public static Access readWorld() {
        return new Builder().readAllComponents().readAllResources().build();
    }

    /** Exclusive access to the whole world: conflicts with everything. */
    public static Access world() {
        Builder b = new Builder();
        b.world = true;
        return b.build();
    }

    public List<ComponentAccess> components() {
        return components;
    }

    /** Union of components read by any part (a copy). */
    public BitSet componentReads() {
        return (BitSet) componentReads.clone();
    }

    /** Union of components written by any part (a copy). */
    public BitSet componentWrites() {
        return (BitSet) componentWrites.clone();
    }

    /** Resources read and not written (a copy). */
    public BitSet resourceReads() {
        return (BitSet) resourceReads.clone();
    }

    /** Resources written (a copy). */
    public BitSet resourceWrites() {
        return (BitSet) resourceWrites.clone();
    }

    /** True for exclusive, whole-world access. */
    public boolean isWorld() {
        return world;
    }

    /** True when this access reads every component (Bevy's {@code EntityRef} or {@code &World}). */
    public boolean readsAllComponents() {
        return readsAllComponents;
    }

    /** True when this access reads every resource ({@code &World}). */
    public boolean readsAllResources() {
        return readsAllResources;
    }

    /** True when nothing in this access writes. */
    public boolean isReadOnly() {
        return !world && !partWritesAll && componentWrites.isEmpty() && resourceWrites.isEmpty();
    }

    /**
     * True when this access and {@code other} cannot safely run at the same time. Allocation-free:
     * the schedule compiler calls it for every pair of systems.
     */
    public boolean conflictsWith(Access other) {
        if (world || other.world) {
            return true;
        }
        if (resourceWrites.intersects(other.resourceReads) || resourceWrites.intersects(other.resourceWrites)
                || other.resourceWrites.intersects(resourceReads)
                || (readsAllResources && !other.resourceWrites.isEmpty())
                || (other.readsAllResources && !resourceWrites.isEmpty())) {
            return true;
        }
        if ((readsAllComponents && other.writesAnyComponent()) || (other.readsAllComponents && writesAnyComponent())) {
            return true;
        }
        if (!mayConflictOnComponents(other)) {
            return false;
        }
        for (ComponentAccess a : components) {
            for (ComponentAccess b : other.components) {
                if (a.conflicts(b)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The data this access and {@code other} conflict on, for reports: components, resources, and
     * whether one side is whole-world. {@link Conflict#isEmpty()} when they do not conflict.
     */
    public Conflict conflict(Access other) {
        BitSet comps = new BitSet();
        BitSet res = new BitSet();
        if (world || other.world) {
            return new Conflict(comps, res, true, false);
        }
        if (mayConflictOnComponents(other)) {
            for (ComponentAccess a : components) {
                for (ComponentAccess b : other.components) {
                    comps.or(a.conflictsWith(b));
                }
            }
        }
        if (readsAllComponents) {
            comps.or(other.componentWrites);
        }
        if (other.readsAllComponents) {
            comps.or(componentWrites);
        }
        boolean every = (readsAllComponents && other.partWritesAll) || (other.readsAllComponents && partWritesAll);
        if (mayConflictOnComponents(other)) {
            for (ComponentAccess a : components) {
                for (ComponentAccess b : other.components) {
                    every |= a.conflictsOnEveryComponent(b) && a.dnf().intersects(b.dnf());
                }
            }
        }
        BitSet r = resourceConflicts(other);
        if (r != null) {
            res.or(r);
        }
        if (readsAllResources) {
            res.or(other.resourceWrites);
        }
        if (other.readsAllResources) {
            res.or(resourceWrites);
        }
        return new Conflict(comps, res, false, every);
    }

    /**
     * True when this access allows touching component {@code componentId} (writing it when
     * {@code write}) on an archetype whose components {@code archetypeHas} tests.
     */
    public boolean covers(int componentId, boolean write, IntPredicate archetypeHas) {
        if (world || (!write && readsAllComponents)) {
            return true;
        }
        for (ComponentAccess c : components) {
            boolean declared = write ? c.writesComponent(componentId) : c.readsOrWrites(componentId);
            if (declared && c.filter().matches(archetypeHas)) {
                return true;
            }
        }
        return false;
    }

    /** True when this access declares component {@code componentId} at all (ignoring filters). */
    public boolean mentionsComponent(int componentId, boolean write) {
        return world || partWritesAll || componentWrites.get(componentId)
                || (!write && (readsAllComponents || partReadsAll || componentReads.get(componentId)));
    }

    /** True when this access allows reading (or, with {@code write}, writing) a resource. */
    public boolean coversResource(int resourceId, boolean write) {
        return world || resourceWrites.get(resourceId)
                || (!write && (readsAllResources || resourceReads.get(resourceId)));
    }

    private boolean mayConflictOnComponents(Access other) {
        return componentWrites.intersects(other.componentReads) || componentWrites.intersects(other.componentWrites)
                || other.componentWrites.intersects(componentReads)
                || partWritesAll || other.partWritesAll
                || (partReadsAll && other.writesAnyComponent()) || (other.partReadsAll && writesAnyComponent());
    }

    private BitSet resourceConflicts(Access other) {
        BitSet out = (BitSet) resourceWrites.clone();
        BitSet theirs = (BitSet) other.resourceReads.clone();
        theirs.or(other.resourceWrites);
        out.and(theirs);
        BitSet back = (BitSet) other.resourceWrites.clone();
        back.and(resourceReads);
        out.or(back);
        return out.isEmpty() ? null : out;
    }

    /**
     * The data two accesses conflict on; {@code everyComponent} when one writes every component of some
     * entities and the other reads or writes every component of some of the same (no single name says it).
     */
    public record Conflict(BitSet components, BitSet resources, boolean world, boolean everyComponent) {
        public boolean isEmpty() {
            return !world && !everyComponent && components.isEmpty() && resources.isEmpty();
        }
    }

    /** Collects the parts of an access. */
    public static final class Builder {
        private final List<ComponentAccess> components = new ArrayList<>();
        private final BitSet resourceReads = new BitSet();
        private final BitSet resourceWrites = new BitSet();
        private boolean world;
        private boolean readsAllComponents;
        private boolean readsAllResources;

        /** Made by {@link Access#builder()}, the one way to start a builder. */
        private Builder() {
        }

        public Builder add(ComponentAccess access) {
            components.add(access);
            return this;
        }

        public Builder readResource(int resourceId) {
            resourceReads.set(resourceId);
            return this;
        }

        public Builder writeResource(int resourceId) {
            resourceWrites.set(resourceId);
            return this;
        }

        /** Reads every component, in every archetype. */
        public Builder readAllComponents() {
            readsAllComponents = true;
            return this;
        }

        /** Reads every resource. */
        public Builder readAllResources() {
            readsAllResources = true;
            return this;
        }

        /** Adds every part of {@code other}. */
        public Builder addAll(Access other) {
            components.addAll(other.components);
            resourceReads.or(other.resourceReads);
            resourceWrites.or(other.resourceWrites);
            world |= other.world;
            readsAllComponents |= other.readsAllComponents;
            readsAllResources |= other.readsAllResources;
            return this;
        }

        public Access build() {
            return new Access(this);
        }
    }
}
