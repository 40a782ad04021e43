package dev.ecslab.ecs.query;

import java.util.BitSet;
import java.util.Objects;

/**
 * The component access of one query: which components it reads, which it writes, and the archetype
 * filter that bounds where (term requirements included). Immutable; the bitsets are private copies.
 */
public final class ComponentAccess {
    private final BitSet reads;
    private final BitSet writes;
    private final ArchetypeFilter filter;
    private final Dnf dnf;

    public ComponentAccess(BitSet reads, BitSet writes, ArchetypeFilter filter) {
        this.reads = (BitSet) reads.clone();
        this.writes = (BitSet) writes.clone();
        this.filter = Objects.requireNonNull(filter, "filter");
        this.dnf = Dnf.of(filter);
    }

    /** Components read (but not written). A copy. */
    public BitSet reads() {
        return (BitSet) reads.clone();
    }

    /** Components written. A copy. */
    public BitSet writes() {
        return (BitSet) writes.clone();
    }

    public ArchetypeFilter filter() {
        return filter;
    }

    public Dnf dnf() {
        return dnf;
    }

    boolean readsOrWrites(int componentId) {
        return reads.get(componentId) || writes.get(componentId);
    }

    boolean writesComponent(int componentId) {
        return writes.get(componentId);
    }

    BitSet readsRaw() {
        return reads;
    }

    BitSet writesRaw() {
        return writes;
    }

    /** True when {@link #conflictsWith} would be non-empty; allocation-free. */
    public boolean conflicts(ComponentAccess other) {
        boolean data = writes.intersects(other.reads) || writes.intersects(other.writes) || other.writes.intersects(reads);
        return data && dnf.intersects(other.dnf);
    }

    /**
     * The components one of the two accesses writes and the other reads or writes, filters ignored: what
     * they would conflict on if some archetype matched both. A new set.
     */
    public BitSet dataConflict(ComponentAccess other) {
        BitSet data = (BitSet) writes.clone();
        BitSet otherTouches = (BitSet) other.reads.clone();
        otherTouches.or(other.writes);
        data.and(otherTouches);
        BitSet back = (BitSet) other.writes.clone();
        back.and(reads);
        data.or(back);
        return data;
    }

    /**
     * The components on which this access and {@code other} conflict (one writes what the other
     * reads or writes) <em>and</em> some archetype could match both filters; empty when disjoint.
     */
    public BitSet conflictsWith(ComponentAccess other) {
        BitSet data = dataConflict(other);
        if (data.isEmpty() || !dnf.intersects(other.dnf)) {
            return new BitSet();
        }
        return data;
    }

    @Override
    public String toString() {
        return "ComponentAccess{reads=" + reads + ", writes=" + writes + ", filter=" + filter + "}";
    }
}
