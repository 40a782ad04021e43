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
 * <p>Large schedules have millions of pairs and can have hundreds of thousands of ambiguous ones, so
 * neither pass may chase pointers or allocate per pair. When every component and resource id fits in
 * one 64-bit word (the common case), each access is flattened once into contiguous word arrays, a
 * pair is decided with word operations (plus the allocation-free {@link Dnf#intersects} for the pairs
 * whose data overlaps), and name lists are interned per distinct conflict. Otherwise both passes fall
 * back to {@link Access}.
 */
final class StageAccessWords {
    private final List<CompiledSystem> systems;
    private final BitSet ignoredComponents;
    private final BitSet ignoredResources;
    private final DataResolver data;
    private final boolean words;
    private final long[][] reads;
    private final long[][] writes;
    private final Dnf[][] dnfs;
    private final long[] resourceReads;
    private final long[] resourceWrites;
    private final long[] componentWrites;
    private final long[] componentReadsOrWrites;
    private final boolean[] world;
    private final boolean[] readsAllComponents;
    private final boolean[] readsAllResources;
    private final long ignoredComponentWord;
    /** Global component (resource) id to its bit in the words, for the ids that can cause a conflict. */
    private final Map<Integer, Integer> componentBits;
    private final Map<Integer, Integer> resourceBits;
    private final long ignoredResourceWord;
    private static final List<String> WORLD = List.of("World");
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

    /** Interned name lists by (component word, resource word): open addressing, no allocation per lookup. */
    private long[] internedComponents = new long[64];
    private long[] internedResources = new long[64];
    @SuppressWarnings("unchecked")
    private List<String>[] internedNames = new List[64];
    private int internedCount;

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
        // Only data touched by two systems, one of which writes it, can make two systems conflict (or any
        // written data, when a system reads everything): those get word bits, so a schedule of thousands
        // of components, each used by one system, still fits a word.
        this.componentBits = relevant(systems, true);
        this.resourceBits = relevant(systems, false);
        boolean fits = componentBits.size() <= 64 && resourceBits.size() <= 64;
        this.words = fits;
        this.reads = new long[n][];
        this.writes = new long[n][];
        this.dnfs = new Dnf[n][];
        this.resourceReads = new long[n];
        this.resourceWrites = new long[n];
        this.componentWrites = new long[n];
        this.componentReadsOrWrites = new long[n];
        this.world = new boolean[n];
        this.readsAllComponents = new boolean[n];
        this.readsAllResources = new boolean[n];
        this.ignoredComponentWord = fits ? word(ignoredComponents, componentBits) : 0;
        this.ignoredResourceWord = fits ? word(ignoredResources, resourceBits) : 0;
        // The classes project away data only one system touches, which only the word form's conflict test
        // also ignores; without it every system is its own class.
        this.accessClass = fits ? accessClasses(systems, componentBits.keySet(), resourceBits.keySet())
                : java.util.stream.IntStream.range(0, n).toArray();
        if (!fits) {
            return;
        }
        for (int i = 0; i < n; i++) {
            Access a = systems.get(i).access();
            List<ComponentAccess> parts = a.components();
            reads[i] = new long[parts.size()];
            writes[i] = new long[parts.size()];
            dnfs[i] = new Dnf[parts.size()];
            for (int p = 0; p < parts.size(); p++) {
                reads[i][p] = word(parts.get(p).reads(), componentBits);
                writes[i][p] = word(parts.get(p).writes(), componentBits);
                dnfs[i][p] = parts.get(p).dnf();
            }
            resourceReads[i] = word(a.resourceReads(), resourceBits);
            resourceWrites[i] = word(a.resourceWrites(), resourceBits);
            componentWrites[i] = word(a.componentWrites(), componentBits);
            componentReadsOrWrites[i] = word(a.componentReads(), componentBits) | componentWrites[i];
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
                if (d.isEmpty()) {
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
     * and row). Without the word form every system is its own class.
     */
    int accessClass(int j) {
        return accessClass[j];
    }

    /** True when systems {@code i} and {@code j} may not run at the same time (see {@link Access#conflictsWith}). */
    boolean conflicts(int i, int j) {
        if (!words) {
            return systems.get(i).access().conflictsWith(systems.get(j).access());
        }
        if (world[i] || world[j]) {
            return true;
        }
        if (((resourceWrites[i] & (resourceReads[j] | resourceWrites[j])) | (resourceWrites[j] & resourceReads[i])) != 0
                || (readsAllResources[i] && resourceWrites[j] != 0) || (readsAllResources[j] && resourceWrites[i] != 0)
                || (readsAllComponents[i] && componentWrites[j] != 0) || (readsAllComponents[j] && componentWrites[i] != 0)) {
            return true;
        }
        if (((componentWrites[i] & componentReadsOrWrites[j]) | (componentWrites[j] & componentReadsOrWrites[i])) == 0) {
            return false;
        }
        for (int p = 0; p < writes[i].length; p++) {
            for (int q = 0; q < writes[j].length; q++) {
                long d = (writes[i][p] & (reads[j][q] | writes[j][q])) | (writes[j][q] & reads[i][p]);
                if (d != 0 && dnfs[i][p].intersects(dnfs[j][q])) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The names of the data systems {@code i} and {@code j} conflict on, ignored data excluded. */
    List<String> between(int i, int j) {
        Access a = systems.get(i).access();
        Access b = systems.get(j).access();
        if (a.isWorld() || b.isWorld()) {
            return WORLD;
        }
        if (!words) {
            Access.Conflict c = a.conflict(b);
            BitSet comps = c.components();
            comps.andNot(ignoredComponents);
            BitSet res = c.resources();
            res.andNot(ignoredResources);
            return names(comps, res);
        }
        long comps = 0;
        for (int p = 0; p < writes[i].length; p++) {
            for (int q = 0; q < writes[j].length; q++) {
                long d = (writes[i][p] & (reads[j][q] | writes[j][q])) | (writes[j][q] & reads[i][p]);
                if (d != 0 && (d & ~comps) != 0 && dnfs[i][p].intersects(dnfs[j][q])) {
                    comps |= d;
                }
            }
        }
        long res = (resourceWrites[i] & (resourceReads[j] | resourceWrites[j])) | (resourceWrites[j] & resourceReads[i]);
        if (!conflictsFromIdsOnly) {             // the twin forgets the "every component / resource" readers
            if (a.readsAllComponents()) {
                comps |= componentWrites[j];
            }
            if (b.readsAllComponents()) {
                comps |= componentWrites[i];
            }
            if (a.readsAllResources()) {
                res |= resourceWrites[j];
            }
            if (b.readsAllResources()) {
                res |= resourceWrites[i];
            }
        }
        comps &= ~ignoredComponentWord;
        res &= ~ignoredResourceWord;
        return interned(comps, res);
    }

    private List<String> interned(long comps, long res) {
        int mask = internedNames.length - 1;
        int h = (int) mix(comps * 0x9E3779B97F4A7C15L ^ res) & mask;
        while (internedNames[h] != null) {
            if (internedComponents[h] == comps && internedResources[h] == res) {
                return internedNames[h];
            }
            h = (h + 1) & mask;
        }
        List<String> names = names(global(comps, componentBits), global(res, resourceBits));
        internedComponents[h] = comps;
        internedResources[h] = res;
        internedNames[h] = names;
        if (++internedCount * 2 > internedNames.length) {
            grow();
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        long[] oldComponents = internedComponents;
        long[] oldResources = internedResources;
        List<String>[] oldNames = internedNames;
        internedComponents = new long[oldNames.length * 2];
        internedResources = new long[oldNames.length * 2];
        internedNames = new List[oldNames.length * 2];
        int mask = internedNames.length - 1;
        for (int i = 0; i < oldNames.length; i++) {
            if (oldNames[i] != null) {
                int h = (int) mix(oldComponents[i] * 0x9E3779B97F4A7C15L ^ oldResources[i]) & mask;
                while (internedNames[h] != null) {
                    h = (h + 1) & mask;
                }
                internedComponents[h] = oldComponents[i];
                internedResources[h] = oldResources[i];
                internedNames[h] = oldNames[i];
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
    private static long word(BitSet bits, Map<Integer, Integer> order) {
        long w = 0;
        for (int id = bits.nextSetBit(0); id >= 0; id = bits.nextSetBit(id + 1)) {
            Integer bit = order.get(id);
            if (bit != null) {
                w |= 1L << bit;
            }
        }
        return w;
    }

    /** The global ids of a word's bits. */
    private static BitSet global(long word, Map<Integer, Integer> order) {
        BitSet out = new BitSet();
        if (word == 0) {
            return out;
        }
        for (Map.Entry<Integer, Integer> e : order.entrySet()) {
            if ((word & (1L << e.getValue())) != 0) {
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
        boolean readsAll = false;
        for (CompiledSystem s : systems) {
            Access a = s.access();
            BitSet touched = components ? a.componentReads() : a.resourceReads();
            BitSet writes = components ? a.componentWrites() : a.resourceWrites();
            touched.or(writes);
            written.or(writes);
            readsAll |= components ? a.readsAllComponents() : a.readsAllResources();
            for (int id = touched.nextSetBit(0); id >= 0; id = touched.nextSetBit(id + 1)) {
                touches.merge(id, 1, Integer::sum);
            }
        }
        BitSet ids = new BitSet();
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
