package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.query.Dnf;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The accesses of one stage's systems, flattened for the two O(n²) passes of the compiler: the
 * conflict matrix ({@link #conflicts}) and naming the data of each ambiguous pair ({@link #between}).
 *
 * <p>Large schedules have millions of pairs and can have millions of ambiguous ones, so neither pass
 * may chase pointers or allocate per pair. Only data that can make two systems conflict (written, and
 * touched by two systems or read by a "reads everything" system: {@link #relevant}) gets a bit; each
 * access is flattened once into rows of {@code componentWords} (and {@code resourceWords}) 64-bit
 * words in contiguous arrays, one row per system and one per query part, so a pair is decided with a
 * few word operations (plus the allocation-free {@link Dnf#intersects} for query parts whose data
 * overlaps), whatever the number of components. Name lists are interned per distinct conflict.
 */
final class StageAccessWords {
    private final List<CompiledSystem> systems;
    private final BitSet ignoredComponents;
    private final BitSet ignoredResources;
    private final DataResolver data;
    /** Words per component row and per resource row. */
    private final int cw;
    private final int rw;
    /** Per system (rows of {@link #cw} or {@link #rw} words). */
    private final long[] componentWrites;
    private final long[] componentTouches;
    private final long[] resourceReads;
    private final long[] resourceWrites;
    private final boolean[] world;
    private final boolean[] readsAllComponents;
    private final boolean[] readsAllResources;
    /** Per system, its query parts are {@code partStart[i] .. partStart[i + 1] - 1}. */
    private final int[] partStart;
    /** Per query part (rows of {@link #cw} words). */
    private final long[] partReads;
    private final long[] partWrites;
    private final Dnf[] partDnf;
    /**
     * Per query part, its normal form's clauses as rows of {@link #ew} words over the components some
     * clause of the stage excludes (only those can make two clauses inconsistent): clauses
     * {@code clauseStart[p] .. clauseStart[p + 1] - 1}; an overflowed form has none and is asked directly.
     */
    private final int ew;
    private final int[] clauseStart;
    private final long[] clauseRequired;
    private final long[] clauseExcluded;
    /** Per query part: a satisfiable form whose clauses exclude nothing (it overlaps every other such part). */
    private final boolean[] partSimple;
    /** Per query part: reads (writes) every component of its entities; touches (writes) any component at all. */
    private final boolean[] partReadsAll;
    private final boolean[] partWritesAll;
    private final boolean[] partTouchesAny;
    private final boolean[] partWritesAny;
    /** Per system: some part reads or writes every component of its entities. */
    private final boolean[] hasAllTerm;
    /** Per system: writes some component (named, or every component of some entities); touches any component. */
    private final boolean[] writesAnyComponent;
    private final boolean[] touchesAnyComponent;
    private final boolean[] writesAllSomewhere;
    private final long[] ignoredComponentRow;
    private final long[] ignoredResourceRow;
    /** Global component (resource) id to its bit in the rows, for the ids that can cause a conflict. */
    private final Map<Integer, Integer> componentBits;
    private final Map<Integer, Integer> resourceBits;
    private static final List<String> WORLD = List.of("World");
    /** The name a conflict on "every component" gets: one writes every component of some entities, the other reads them all. */
    static final String EVERY_COMPONENT = "every component";
    /**
     * False in every instance but the race-bug catalogue's twin ({@code ScheduleTwins} in the tests): its
     * {@link #between} names a pair's conflicts from the individual ids only, forgetting that a system
     * reading every component or resource conflicts with every writer (Bevy #14575, fixed by #14579), so
     * such a pair gets an empty list and drops out of the ambiguity report.
     */
    private final boolean conflictsFromIdsOnly;
    /** Per system, the index of the first system with the same flattened access (its access class). */
    private final int[] accessClass;
    /** True when some filter of the stage overflowed its normal form, so that overlaps may be undecided. */
    private final boolean anyOverflowed;
    /** Scratch rows of {@link #between}. */
    private final long[] scratchComponents;
    private final long[] scratchResources;

    /** Interned name lists by (component row, resource row): open addressing, no allocation per lookup. */
    private long[][] internedKeys = new long[64][];
    @SuppressWarnings("unchecked")
    private List<String>[] internedNames = new List[64];
    private int internedCount;
    /** The interned lists by id (0 is {@code World}), and the id of the list {@link #between} returned last. */
    private final List<List<String>> conflictLists = new ArrayList<>(List.of(WORLD));
    private int[] internedIds = new int[64];
    private int lastConflictId;

    StageAccessWords(List<CompiledSystem> systems, BitSet ignoredComponents, BitSet ignoredResources, DataResolver data) {
        this(systems, ignoredComponents, ignoredResources, data, false);
    }

    /** With {@code conflictsFromIdsOnly}, the twin with Bevy #14575's bug put back (tests only). */
    StageAccessWords(List<CompiledSystem> systems, BitSet ignoredComponents, BitSet ignoredResources, DataResolver data,
            boolean conflictsFromIdsOnly) {
        this.conflictsFromIdsOnly = conflictsFromIdsOnly;
        this.systems = systems;
        this.ignoredComponents = ignoredComponents;
        this.ignoredResources = ignoredResources;
        this.data = data;
        this.anyOverflowed = systems.stream().flatMap(s -> s.access().components().stream())
                .anyMatch(p -> p.dnf().overflowed());
        int n = systems.size();
        this.componentBits = relevant(systems, true);
        this.resourceBits = relevant(systems, false);
        this.cw = Math.max(1, (componentBits.size() + 63) >>> 6);
        this.rw = Math.max(1, (resourceBits.size() + 63) >>> 6);
        this.componentWrites = new long[n * cw];
        this.componentTouches = new long[n * cw];
        this.resourceReads = new long[n * rw];
        this.resourceWrites = new long[n * rw];
        this.world = new boolean[n];
        this.readsAllComponents = new boolean[n];
        this.readsAllResources = new boolean[n];
        this.partStart = new int[n + 1];
        int parts = 0;
        for (int i = 0; i < n; i++) {
            partStart[i] = parts;
            parts += systems.get(i).access().components().size();
        }
        partStart[n] = parts;
        this.partReads = new long[parts * cw];
        this.partWrites = new long[parts * cw];
        this.partDnf = new Dnf[parts];
        this.clauseStart = new int[parts + 1];
        Map<Integer, Integer> excludedBits = new java.util.LinkedHashMap<>();
        int clauses = 0;
        for (CompiledSystem sys : systems) {
            for (ComponentAccess part : sys.access().components()) {
                for (Dnf.Clause c : part.dnf().clauses()) {
                    clauses++;
                    BitSet e = c.excluded();
                    for (int id = e.nextSetBit(0); id >= 0; id = e.nextSetBit(id + 1)) {
                        excludedBits.putIfAbsent(id, excludedBits.size());
                    }
                }
            }
        }
        this.ew = Math.max(1, (excludedBits.size() + 63) >>> 6);
        this.clauseRequired = new long[clauses * ew];
        this.clauseExcluded = new long[clauses * ew];
        this.ignoredComponentRow = row(ignoredComponents, componentBits, cw, new long[cw], 0);
        this.ignoredResourceRow = row(ignoredResources, resourceBits, rw, new long[rw], 0);
        this.scratchComponents = new long[cw];
        this.scratchResources = new long[rw];
        this.accessClass = accessClasses(systems, componentBits.keySet(), resourceBits.keySet());
        for (int i = 0; i < n; i++) {
            Access a = systems.get(i).access();
            List<ComponentAccess> ps = a.components();
            for (int p = 0; p < ps.size(); p++) {
                int part = partStart[i] + p;
                row(ps.get(p).reads(), componentBits, cw, partReads, part);
                row(ps.get(p).writes(), componentBits, cw, partWrites, part);
                partDnf[part] = ps.get(p).dnf();
            }
        }
        int clause = 0;
        for (int part = 0; part < parts; part++) {
            clauseStart[part] = clause;
            for (Dnf.Clause c : partDnf[part].clauses()) {
                row(c.required(), excludedBits, ew, clauseRequired, clause);
                row(c.excluded(), excludedBits, ew, clauseExcluded, clause);
                clause++;
            }
        }
        clauseStart[parts] = clause;
        this.partReadsAll = new boolean[parts];
        this.partWritesAll = new boolean[parts];
        this.partTouchesAny = new boolean[parts];
        this.partWritesAny = new boolean[parts];
        this.hasAllTerm = new boolean[n];
        this.writesAnyComponent = new boolean[n];
        this.touchesAnyComponent = new boolean[n];
        this.writesAllSomewhere = new boolean[n];
        for (int i = 0; i < n; i++) {
            Access acc = systems.get(i).access();
            writesAnyComponent[i] = acc.writesAnyComponent();
            writesAllSomewhere[i] = acc.writesAllComponentsSomewhere();
            touchesAnyComponent[i] = acc.readsAllComponents() || acc.components().stream().anyMatch(ComponentAccess::touchesAny);
            List<ComponentAccess> ps = systems.get(i).access().components();
            for (int p = 0; p < ps.size(); p++) {
                ComponentAccess c = ps.get(p);
                int part = partStart[i] + p;
                partReadsAll[part] = c.readsAll();
                partWritesAll[part] = c.writesAll();
                partTouchesAny[part] = c.touchesAny();
                partWritesAny[part] = c.writesAny();
                hasAllTerm[i] |= c.readsAll();
            }
        }
        this.partSimple = new boolean[parts];
        for (int part = 0; part < parts; part++) {
            boolean simple = !partDnf[part].overflowed() && clauseStart[part + 1] > clauseStart[part];
            for (int c = clauseStart[part]; c < clauseStart[part + 1] && simple; c++) {
                for (int w = 0; w < ew; w++) {
                    simple &= clauseExcluded[c * ew + w] == 0;
                }
            }
            partSimple[part] = simple && !partReadsAll[part];
        }
        for (int i = 0; i < n; i++) {
            Access a = systems.get(i).access();
            row(a.resourceReads(), resourceBits, rw, resourceReads, i);
            row(a.resourceWrites(), resourceBits, rw, resourceWrites, i);
            row(a.componentWrites(), componentBits, cw, componentWrites, i);
            BitSet touches = a.componentReads();
            touches.or(a.componentWrites());
            row(touches, componentBits, cw, componentTouches, i);
            world[i] = a.isWorld();
            readsAllComponents[i] = a.readsAllComponents();
            readsAllResources[i] = a.readsAllResources();
        }
    }

    /**
     * Per system, the first system with the same access as far as conflicts can tell: the same reads and
     * writes of the data that can conflict ({@link #relevant}), the same resources and flags, and the same
     * filters as far as they can exclude each other (whether two clauses are consistent depends only on
     * required ids some clause excludes and excluded ids some clause requires). {@link #conflicts} and
     * {@link #between} give equal answers for systems of one class.
     */
    private static int[] accessClasses(List<CompiledSystem> systems, Set<Integer> components, Set<Integer> resources) {
        BitSet relevantComponents = new BitSet();
        components.forEach(relevantComponents::set);
        BitSet relevantResources = new BitSet();
        resources.forEach(relevantResources::set);
        BitSet excludedSomewhere = new BitSet();
        BitSet requiredSomewhere = new BitSet();
        for (CompiledSystem s : systems) {
            for (ComponentAccess part : s.access().components()) {
                for (Dnf.Clause c : part.dnf().clauses()) {
                    excludedSomewhere.or(c.excluded());
                    requiredSomewhere.or(c.required());
                }
                if (part.dnf().overflowed()) {
                    // the solver compares source filters: every literal such a filter names may matter
                    BitSet named = new BitSet();
                    part.dnf().source().collectComponents(named);
                    excludedSomewhere.or(named);
                    requiredSomewhere.or(named);
                }
            }
        }
        int[] classOf = new int[systems.size()];
        Map<List<Object>, Integer> first = new HashMap<>();
        for (int i = 0; i < systems.size(); i++) {
            Access a = systems.get(i).access();
            List<Object> key = new ArrayList<>();
            key.add(a.isWorld());
            key.add(a.readsAllComponents());
            key.add(a.readsAllResources());
            key.add(and(a.resourceReads(), relevantResources));
            key.add(and(a.resourceWrites(), relevantResources));
            key.add(and(a.componentWrites(), relevantComponents).isEmpty());     // readsAll* tests "writes anything"
            key.add(and(a.resourceWrites(), relevantResources).isEmpty());
            for (ComponentAccess part : a.components()) {
                key.add(and(part.reads(), relevantComponents));
                key.add(and(part.writes(), relevantComponents));
                key.add(part.dnf().overflowed() ? part.dnf().source() : Boolean.FALSE);
                key.add(part.readsAll());
                key.add(part.writesAll());
                key.add(part.touchesAny());
                key.add(part.writesAny());
                List<Dnf.Clause> clauses = new ArrayList<>();
                for (Dnf.Clause c : part.dnf().clauses()) {
                    clauses.add(new Dnf.Clause(and(c.required(), excludedSomewhere), and(c.excluded(), requiredSomewhere)));
                }
                key.add(clauses);
            }
            int self = i;
            classOf[i] = first.computeIfAbsent(key, k -> self);
        }
        return classOf;
    }

    /**
     * True when systems {@code i} and {@code j} are reported only because the solver could not decide
     * whether their filters overlap ({@link Dnf.Overlap#UNDECIDED}): no conflict on non-ignored data is
     * proved, and at least one is undecided. Such a pair is reported as undecided, never as a proved
     * conflict and never dropped. Cheap when no filter of the stage overflowed its normal form.
     */
    boolean undecided(int i, int j) {
        if (!anyOverflowed) {
            return false;
        }
        Access a = systems.get(i).access();
        Access b = systems.get(j).access();
        if (a.isWorld() || b.isWorld()) {
            return false;
        }
        Access.Conflict c = a.conflict(b);
        BitSet res = c.resources();
        res.andNot(ignoredResources);
        if (!res.isEmpty() || proved(a, b) || proved(b, a)) {
            return false;
        }
        boolean undecided = false;
        for (ComponentAccess p : a.components()) {
            for (ComponentAccess q : b.components()) {
                BitSet d = p.dataConflict(q);
                d.andNot(ignoredComponents);
                if (d.isEmpty() && !p.conflictsOnEveryComponent(q)) {
                    continue;
                }
                switch (p.dnf().overlap(q.dnf())) {
                    case OVERLAP -> {
                        return false;
                    }
                    case UNDECIDED -> undecided = true;
                    case DISJOINT -> { }
                }
            }
        }
        return undecided;
    }

    /** True when {@code a} reads every component and {@code b} writes a component that is not ignored. */
    private boolean proved(Access a, Access b) {
        if (!a.readsAllComponents()) {
            return false;
        }
        BitSet w = b.componentWrites();
        w.andNot(ignoredComponents);
        return !w.isEmpty();
    }

    private static BitSet and(BitSet bits, BitSet mask) {
        BitSet out = (BitSet) bits.clone();
        out.and(mask);
        return out;
    }

    /**
     * The access class of system {@code j}: systems of one class have the same flattened access, so
     * {@code between(i, j)} is the same for every {@code j} of a class (the compiler asks once per class
     * and row).
     */
    int accessClass(int j) {
        return accessClass[j];
    }

    /**
     * The symmetric conflict matrix, one row per system ({@link #conflicts} for every pair; no system
     * conflicts with itself), built from an inverted index instead of n² pair questions: per relevant
     * component and resource, the systems that write it and those that touch it. A system's candidates
     * are the union of those rows over its own data; resource, "reads everything" and whole-world
     * conflicts are certain, and a component candidate is certain too when neither system has a filter
     * that excludes anything (their filters then always overlap). Only the remaining candidates, pairs
     * with a {@code Without}-like filter, are asked {@link #conflicts}, once per unordered pair, and the
     * result is mirrored ({@link BitMatrix#orTranspose}).
     */
    BitSet[] conflictRows() {
        int n = world.length;
        int nw = Math.max(1, (n + 63) >>> 6);
        int cBits = componentBits.size();
        int rBits = resourceBits.size();
        long[] compWriters = new long[cBits * nw];
        long[] compTouchers = new long[cBits * nw];
        long[] resWriters = new long[rBits * nw];
        long[] resTouchers = new long[rBits * nw];
        long[] anyCompWriter = new long[nw];
        long[] anyResWriter = new long[nw];
        long[] readsAllComp = new long[nw];
        long[] readsAllRes = new long[nw];
        long[] worldRow = new long[nw];
        long[] allTermRow = new long[nw];
        long[] toucherRow = new long[nw];
        boolean[] simple = new boolean[n];
        for (int i = 0; i < n; i++) {
            long bit = 1L << i;
            int word = i >>> 6;
            if (hasAllTerm[i]) {
                allTermRow[word] |= bit;
            }
            if (touchesAnyComponent[i]) {
                toucherRow[word] |= bit;
            }
            if (writesAnyComponent[i]) {
                anyCompWriter[word] |= bit;
            }
            for (int b = 0; b < cBits; b++) {
                long m = 1L << b;
                if ((componentWrites[i * cw + (b >>> 6)] & m) != 0) {
                    compWriters[b * nw + word] |= bit;
                    anyCompWriter[word] |= bit;
                }
                if ((componentTouches[i * cw + (b >>> 6)] & m) != 0) {
                    compTouchers[b * nw + word] |= bit;
                }
            }
            for (int b = 0; b < rBits; b++) {
                long m = 1L << b;
                boolean writes = (resourceWrites[i * rw + (b >>> 6)] & m) != 0;
                if (writes) {
                    resWriters[b * nw + word] |= bit;
                    anyResWriter[word] |= bit;
                }
                if (writes || (resourceReads[i * rw + (b >>> 6)] & m) != 0) {
                    resTouchers[b * nw + word] |= bit;
                }
            }
            if (readsAllComponents[i]) {
                readsAllComp[word] |= bit;
            }
            if (readsAllResources[i]) {
                readsAllRes[word] |= bit;
            }
            if (world[i]) {
                worldRow[word] |= bit;
            }
            boolean simpleParts = true;
            for (int p = partStart[i]; p < partStart[i + 1]; p++) {
                simpleParts &= partSimple[p];
            }
            simple[i] = simpleParts && !hasAllTerm[i];
        }
        // the anyCompWriter / anyResWriter rows hold every writer, relevant bits or not: "reads everything"
        // conflicts with a writer of any component, as in conflicts()
        long[] matrix = new long[n * nw];
        long[] certain = new long[nw];
        long[] data = new long[nw];
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(certain, 0);
            java.util.Arrays.fill(data, 0);
            if (world[i]) {
                java.util.Arrays.fill(certain, -1L);
            } else {
                or(certain, worldRow, 0, nw);
                for (int b = 0; b < rBits; b++) {
                    long m = 1L << b;
                    if ((resourceWrites[i * rw + (b >>> 6)] & m) != 0) {
                        or(certain, resTouchers, b * nw, nw);
                    } else if ((resourceReads[i * rw + (b >>> 6)] & m) != 0) {
                        or(certain, resWriters, b * nw, nw);
                    }
                }
                boolean writesResource = false;
                for (int w = 0; w < rw; w++) {
                    writesResource |= resourceWrites[i * rw + w] != 0;
                }
                boolean writesComponent = writesAnyComponent[i];
                if (readsAllResources[i]) {
                    or(certain, anyResWriter, 0, nw);
                }
                if (writesResource) {
                    or(certain, readsAllRes, 0, nw);
                }
                if (readsAllComponents[i]) {
                    or(certain, anyCompWriter, 0, nw);
                }
                if (writesComponent) {
                    or(certain, readsAllComp, 0, nw);
                }
                for (int b = 0; b < cBits; b++) {
                    long m = 1L << b;
                    if ((componentWrites[i * cw + (b >>> 6)] & m) != 0) {
                        or(data, compTouchers, b * nw, nw);
                    } else if ((componentTouches[i * cw + (b >>> 6)] & m) != 0) {
                        or(data, compWriters, b * nw, nw);
                    }
                }
                // "every component" terms: candidates both ways, decided pairwise (such systems are never simple)
                if (hasAllTerm[i]) {
                    or(data, toucherRow, 0, nw);
                }
                if (touchesAnyComponent[i]) {
                    or(data, allTermRow, 0, nw);
                }
            }
            int base = i * nw;
            for (int w = 0; w < nw; w++) {
                matrix[base + w] = certain[w];
            }
            // data candidates not already certain: certain when both are simple, else asked (j > i only)
            for (int w = 0; w < nw; w++) {
                long open = data[w] & ~certain[w];
                while (open != 0) {
                    int j = (w << 6) + Long.numberOfTrailingZeros(open);
                    open &= open - 1;
                    if (simple[i] && simple[j]) {
                        matrix[base + w] |= 1L << j;
                    } else if (j > i && conflicts(i, j)) {
                        matrix[base + w] |= 1L << j;
                    }
                }
            }
        }
        long[] full = BitMatrix.orTranspose(matrix, n, nw);
        BitSet[] rows = new BitSet[n];
        for (int i = 0; i < n; i++) {
            full[i * nw + (i >>> 6)] &= ~(1L << i);
            if (n % 64 != 0) {
                full[i * nw + nw - 1] &= -1L >>> (64 - n % 64);        // bits past n (a whole-world row)
            }
            rows[i] = BitSet.valueOf(java.nio.LongBuffer.wrap(full, i * nw, nw));
        }
        return rows;
    }

    private static void or(long[] into, long[] rows, int from, int words) {
        for (int w = 0; w < words; w++) {
            into[w] |= rows[from + w];
        }
    }

    /** True when systems {@code i} and {@code j} may not run at the same time (see {@link Access#conflictsWith}). */
    boolean conflicts(int i, int j) {
        if (world[i] || world[j]) {
            return true;
        }
        int ri = i * rw;
        int rj = j * rw;
        boolean writesResourceI = false;
        boolean writesResourceJ = false;
        for (int w = 0; w < rw; w++) {
            long wi = resourceWrites[ri + w];
            long wj = resourceWrites[rj + w];
            if (((wi & (resourceReads[rj + w] | wj)) | (wj & resourceReads[ri + w])) != 0) {
                return true;
            }
            writesResourceI |= wi != 0;
            writesResourceJ |= wj != 0;
        }
        if ((readsAllResources[i] && writesResourceJ) || (readsAllResources[j] && writesResourceI)) {
            return true;
        }
        int ci = i * cw;
        int cj = j * cw;
        boolean overlap = false;
        boolean writesComponentI = false;
        boolean writesComponentJ = false;
        for (int w = 0; w < cw; w++) {
            long wi = componentWrites[ci + w];
            long wj = componentWrites[cj + w];
            overlap |= ((wi & componentTouches[cj + w]) | (wj & componentTouches[ci + w])) != 0;
            writesComponentI |= wi != 0;
            writesComponentJ |= wj != 0;
        }
        if ((readsAllComponents[i] && (writesComponentJ || writesAnyComponent[j]))
                || (readsAllComponents[j] && (writesComponentI || writesAnyComponent[i]))) {
            return true;
        }
        if (!overlap && !hasAllTerm[i] && !hasAllTerm[j]) {
            return false;
        }
        for (int p = partStart[i]; p < partStart[i + 1]; p++) {
            for (int q = partStart[j]; q < partStart[j + 1]; q++) {
                if (partsShareData(p, q) && filtersOverlap(p, q)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * {@code partDnf[p].intersects(partDnf[q])} with word operations: some pair of clauses where neither
     * requires what the other excludes. Overflowed forms are asked directly (the solver, or "may overlap").
     */
    private boolean filtersOverlap(int p, int q) {
        if (partSimple[p] && partSimple[q]) {
            return true;
        }
        if (partDnf[p].overflowed() || partDnf[q].overflowed()) {
            return partDnf[p].intersects(partDnf[q]);
        }
        for (int a = clauseStart[p]; a < clauseStart[p + 1]; a++) {
            for (int b = clauseStart[q]; b < clauseStart[q + 1]; b++) {
                boolean consistent = true;
                for (int w = 0; w < ew && consistent; w++) {
                    consistent = ((clauseRequired[a * ew + w] & clauseExcluded[b * ew + w])
                            | (clauseExcluded[a * ew + w] & clauseRequired[b * ew + w])) == 0;
                }
                if (consistent) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when query part {@code p} writes what {@code q} reads or writes, or the other way round. */
    private boolean partsShareData(int p, int q) {
        if ((partWritesAll[p] && partTouchesAny[q]) || (partWritesAll[q] && partTouchesAny[p])
                || (partReadsAll[p] && partWritesAny[q]) || (partReadsAll[q] && partWritesAny[p])) {
            return true;
        }
        int a = p * cw;
        int b = q * cw;
        for (int w = 0; w < cw; w++) {
            if (((partWrites[a + w] & (partReads[b + w] | partWrites[b + w])) | (partWrites[b + w] & partReads[a + w])) != 0) {
                return true;
            }
        }
        return false;
    }

    /** The id of the list the last {@link #between} returned: equal lists, equal ids ({@link #conflictLists}). */
    int lastConflictId() {
        return lastConflictId;
    }

    /** Every list {@link #between} has returned, by id. */
    List<List<String>> conflictLists() {
        return conflictLists;
    }

    /** The names of the data systems {@code i} and {@code j} conflict on, ignored data excluded. */
    List<String> between(int i, int j) {
        if (world[i] || world[j]) {
            lastConflictId = 0;
            return WORLD;
        }
        long[] comps = scratchComponents;
        long[] res = scratchResources;
        java.util.Arrays.fill(comps, 0);
        boolean every = false;
        for (int p = partStart[i]; p < partStart[i + 1]; p++) {
            for (int q = partStart[j]; q < partStart[j + 1]; q++) {
                int a = p * cw;
                int b = q * cw;
                boolean news = false;
                boolean pairEvery = (partWritesAll[p] && partReadsAll[q]) || (partWritesAll[q] && partReadsAll[p]);
                for (int w = 0; w < cw; w++) {
                    news |= (shared(a, b, p, q, w) & ~comps[w]) != 0;
                }
                if ((news || (pairEvery && !every)) && filtersOverlap(p, q)) {
                    for (int w = 0; w < cw; w++) {
                        comps[w] |= shared(a, b, p, q, w);
                    }
                    every |= pairEvery;
                }
            }
        }
        int ri = i * rw;
        int rj = j * rw;
        for (int w = 0; w < rw; w++) {
            res[w] = (resourceWrites[ri + w] & (resourceReads[rj + w] | resourceWrites[rj + w]))
                    | (resourceWrites[rj + w] & resourceReads[ri + w]);
        }
        if (!conflictsFromIdsOnly) {             // the twin forgets the "every component / resource" readers
            every |= (readsAllComponents[i] && writesAllSomewhere[j]) || (readsAllComponents[j] && writesAllSomewhere[i]);
            for (int w = 0; w < cw; w++) {
                if (readsAllComponents[i]) {
                    comps[w] |= componentWrites[j * cw + w];
                }
                if (readsAllComponents[j]) {
                    comps[w] |= componentWrites[i * cw + w];
                }
            }
            for (int w = 0; w < rw; w++) {
                if (readsAllResources[i]) {
                    res[w] |= resourceWrites[rj + w];
                }
                if (readsAllResources[j]) {
                    res[w] |= resourceWrites[ri + w];
                }
            }
        }
        for (int w = 0; w < cw; w++) {
            comps[w] &= ~ignoredComponentRow[w];
        }
        for (int w = 0; w < rw; w++) {
            res[w] &= ~ignoredResourceRow[w];
        }
        return interned(comps, res, every);
    }

    /** Word {@code w} of the components parts {@code p} (row {@code a}) and {@code q} (row {@code b}) share. */
    private long shared(int a, int b, int p, int q, int w) {
        long pTouch = partReads[a + w] | partWrites[a + w];
        long qTouch = partReads[b + w] | partWrites[b + w];
        long d = (partWrites[a + w] & qTouch) | (partWrites[b + w] & partReads[a + w]);
        if (partWritesAll[p]) {
            d |= qTouch;
        }
        if (partWritesAll[q]) {
            d |= pTouch;
        }
        if (partReadsAll[p]) {
            d |= partWrites[b + w];
        }
        if (partReadsAll[q]) {
            d |= partWrites[a + w];
        }
        return d;
    }

    private List<String> interned(long[] comps, long[] res, boolean every) {
        int mask = internedNames.length - 1;
        int h = (hash(comps, res) ^ (every ? 0x5bd1e995 : 0)) & mask;
        while (internedNames[h] != null) {
            if (sameKey(internedKeys[h], comps, res) && (internedKeys[h][cw + rw] != 0) == every) {
                lastConflictId = internedIds[h];
                return internedNames[h];
            }
            h = (h + 1) & mask;
        }
        List<String> names = names(global(comps, componentBits), global(res, resourceBits));
        if (every) {
            List<String> withEvery = new ArrayList<>(names);
            withEvery.add(0, EVERY_COMPONENT);
            names = List.copyOf(withEvery);
        }
        long[] key = java.util.Arrays.copyOf(comps, cw + rw + 1);
        System.arraycopy(res, 0, key, cw, rw);
        key[cw + rw] = every ? 1 : 0;
        internedKeys[h] = key;
        internedNames[h] = names;
        internedIds[h] = conflictLists.size();
        lastConflictId = conflictLists.size();
        conflictLists.add(names);
        if (++internedCount * 2 > internedNames.length) {
            grow();
        }
        return names;
    }

    private boolean sameKey(long[] key, long[] comps, long[] res) {
        for (int w = 0; w < cw; w++) {
            if (key[w] != comps[w]) {
                return false;
            }
        }
        for (int w = 0; w < rw; w++) {
            if (key[cw + w] != res[w]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(long[] comps, long[] res) {
        long h = 0;
        for (long c : comps) {
            h = mix(h * 0x9E3779B97F4A7C15L ^ c);
        }
        for (long r : res) {
            h = mix(h * 0x9E3779B97F4A7C15L ^ r);
        }
        return (int) h;
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        long[][] oldKeys = internedKeys;
        List<String>[] oldNames = internedNames;
        int[] oldIds = internedIds;
        internedKeys = new long[oldNames.length * 2][];
        internedNames = new List[oldNames.length * 2];
        internedIds = new int[oldNames.length * 2];
        int mask = internedNames.length - 1;
        for (int i = 0; i < oldNames.length; i++) {
            if (oldNames[i] != null) {
                long[] key = oldKeys[i];
                int h = (hash(java.util.Arrays.copyOf(key, cw), java.util.Arrays.copyOfRange(key, cw, cw + rw))
                        ^ (key[cw + rw] != 0 ? 0x5bd1e995 : 0)) & mask;
                while (internedNames[h] != null) {
                    h = (h + 1) & mask;
                }
                internedKeys[h] = key;
                internedNames[h] = oldNames[i];
                internedIds[h] = oldIds[i];
            }
        }
    }

    /** SplitMix64's finalizer: spreads every input bit over the whole hash. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Sorted names, components before resources, so reports do not depend on registration order. */
    private List<String> names(BitSet comps, BitSet res) {
        List<String> components = new ArrayList<>();
        for (int id = comps.nextSetBit(0); id >= 0; id = comps.nextSetBit(id + 1)) {
            components.add(data.componentName(id));
        }
        List<String> resources = new ArrayList<>();
        for (int id = res.nextSetBit(0); id >= 0; id = res.nextSetBit(id + 1)) {
            resources.add("resource " + data.resourceName(id));
        }
        components.sort(null);
        resources.sort(null);
        components.addAll(resources);
        return List.copyOf(components);
    }

    /** {@code bits} (global ids) as a word of the ids' bit positions in {@code order}; ids not in it are dropped. */
    /** Writes {@code bits}, as far as {@code order} gives them bits, into row {@code index} of {@code rows}. */
    private static long[] row(BitSet bits, Map<Integer, Integer> order, int words, long[] rows, int index) {
        for (int id = bits.nextSetBit(0); id >= 0; id = bits.nextSetBit(id + 1)) {
            Integer bit = order.get(id);
            if (bit != null) {
                rows[index * words + (bit >>> 6)] |= 1L << bit;
            }
        }
        return rows;
    }

    private static BitSet global(long[] row, Map<Integer, Integer> order) {
        BitSet out = new BitSet();
        boolean any = false;
        for (long w : row) {
            any |= w != 0;
        }
        if (!any) {
            return out;
        }
        for (Map.Entry<Integer, Integer> e : order.entrySet()) {
            int bit = e.getValue();
            if ((row[bit >>> 6] & (1L << bit)) != 0) {
                out.set(e.getKey());
            }
        }
        return out;
    }

    /**
     * The component (or resource) ids that can make two systems of the stage conflict, each with its bit
     * position, in id order: those touched by at least two systems, at least one of which writes them;
     * and when some system reads every component (resource), every written one.
     */
    private static Map<Integer, Integer> relevant(List<CompiledSystem> systems, boolean components) {
        Map<Integer, Integer> touches = new HashMap<>();
        BitSet written = new BitSet();
        BitSet touchedAtAll = new BitSet();
        boolean readsAll = false;
        boolean writesAll = false;
        for (CompiledSystem s : systems) {
            Access a = s.access();
            BitSet touched = components ? a.componentReads() : a.resourceReads();
            BitSet writes = components ? a.componentWrites() : a.resourceWrites();
            touched.or(writes);
            written.or(writes);
            touchedAtAll.or(touched);
            readsAll |= components ? a.readsAllComponentsSomewhere() : a.readsAllResources();
            if (components && a.writesAllComponentsSomewhere()) {
                writesAll = true;
            }
            for (int id = touched.nextSetBit(0); id >= 0; id = touched.nextSetBit(id + 1)) {
                touches.merge(id, 1, Integer::sum);
            }
        }
        BitSet ids = new BitSet();
        if (writesAll) {
            ids.or(touchedAtAll);             // a writer of every component conflicts on whatever another touches
        }
        for (int id = written.nextSetBit(0); id >= 0; id = written.nextSetBit(id + 1)) {
            if (readsAll || touches.getOrDefault(id, 0) >= 2) {
                ids.set(id);
            }
        }
        Map<Integer, Integer> order = new java.util.LinkedHashMap<>();
        for (int id = ids.nextSetBit(0); id >= 0; id = ids.nextSetBit(id + 1)) {
            order.put(id, order.size());
        }
        return order;
    }
}
