package dev.ecslab.ecs.query;

import java.util.BitSet;
import java.util.Objects;

/**
 * The component access of one query: which components it reads, which it writes, and the archetype
 * filter that bounds where (term requirements included). A query may also read or write <em>every</em>
 * component of the entities it matches (Bevy's {@code EntityRef} and {@code EntityMut}, {@link #readsAll()}
 * and {@link #writesAll()}): such a term conflicts with any query that writes (or, for a write, touches)
 * a component, wherever the two filters can match one entity. Immutable; the bitsets are private copies.
 */
public final class ComponentAccess {
    private final BitSet reads;
    private final BitSet writes;
    private final ArchetypeFilter filter;
    private final Dnf dnf;
    private final boolean readsAll;
    private final boolean writesAll;

    public ComponentAccess(BitSet reads, BitSet writes, ArchetypeFilter filter) {
        this(reads, writes, filter, false, false);
    }

    /**
     * @param readsAll  reads every component of the matched entities (Bevy's {@code EntityRef})
     * @param writesAll writes every component of the matched entities (Bevy's {@code EntityMut}); implies reads
     */
    public ComponentAccess(BitSet reads, BitSet writes, ArchetypeFilter filter, boolean readsAll, boolean writesAll) {
        this.reads = (BitSet) reads.clone();
        this.writes = (BitSet) writes.clone();
        this.filter = Objects.requireNonNull(filter, "filter");
        this.dnf = Dnf.of(filter);
        this.readsAll = readsAll || writesAll;
        this.writesAll = writesAll;
    }

    /** True when this query reads every component of the entities it matches. */
    public boolean readsAll() {
        return readsAll;
    }

    /** True when this query writes every component of the entities it matches. */
    public boolean writesAll() {
        return writesAll;
    }

    /** True when this query touches any component at all. */
    public boolean touchesAny() {
        return readsAll || !reads.isEmpty() || !writes.isEmpty();
    }

    /** True when this query writes any component. */
    public boolean writesAny() {
        return writesAll || !writes.isEmpty();
    }

    /**
     * True when the two queries conflict on "every component" itself (one writes every component, the
     * other reads or writes every component), beyond any named component. Filters ignored.
     */
    public boolean conflictsOnEveryComponent(ComponentAccess other) {
        return (writesAll && other.readsAll) || (other.writesAll && readsAll);
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
        return readsAll || reads.get(componentId) || writes.get(componentId);
    }

    boolean writesComponent(int componentId) {
        return writesAll || writes.get(componentId);
    }

    BitSet readsRaw() {
        return reads;
    }

    BitSet writesRaw() {
        return writes;
    }

    /** True when the two queries conflict (see {@link #conflictsWith}), "every component" terms included. */
    public boolean conflicts(ComponentAccess other) {
        boolean data = writes.intersects(other.reads) || writes.intersects(other.writes) || other.writes.intersects(reads)
                || (writesAll && other.touchesAny()) || (other.writesAll && touchesAny())
                || (readsAll && other.writesAny()) || (other.readsAll && writesAny());
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
        if (writesAll) {
            data.or(otherTouches);                       // every component this one writes, the other touches
        }
        if (other.writesAll) {
            data.or(reads);
            data.or(writes);
        }
        if (readsAll) {
            data.or(other.writes);
        }
        if (other.readsAll) {
            data.or(writes);
        }
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
        return "ComponentAccess{reads=" + reads + ", writes=" + writes + (readsAll ? ", readsAll" : "")
                + (writesAll ? ", writesAll" : "") + ", filter=" + filter + "}";
    }
}
