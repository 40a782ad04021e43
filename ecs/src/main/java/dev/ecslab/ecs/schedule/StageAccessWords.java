package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.query.Dnf;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

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
    private final long ignoredResourceWord;
    private static final List<String> WORLD = List.of("World");

    /** Interned name lists by (component word, resource word): open addressing, no allocation per lookup. */
    private long[] internedComponents = new long[64];
    private long[] internedResources = new long[64];
    @SuppressWarnings("unchecked")
    private List<String>[] internedNames = new List[64];
    private int internedCount;

    StageAccessWords(List<CompiledSystem> systems, BitSet ignoredComponents, BitSet ignoredResources, DataResolver data) {
        this.systems = systems;
        this.ignoredComponents = ignoredComponents;
        this.ignoredResources = ignoredResources;
        this.data = data;
        int n = systems.size();
        boolean fits = ignoredComponents.length() <= 64 && ignoredResources.length() <= 64;
        for (CompiledSystem s : systems) {
            Access a = s.access();
            fits &= a.componentReads().length() <= 64 && a.componentWrites().length() <= 64
                    && a.resourceReads().length() <= 64 && a.resourceWrites().length() <= 64;
        }
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
        this.ignoredComponentWord = word(ignoredComponents);
        this.ignoredResourceWord = word(ignoredResources);
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
                reads[i][p] = word(parts.get(p).reads());
                writes[i][p] = word(parts.get(p).writes());
                dnfs[i][p] = parts.get(p).dnf();
            }
            resourceReads[i] = word(a.resourceReads());
            resourceWrites[i] = word(a.resourceWrites());
            componentWrites[i] = word(a.componentWrites());
            componentReadsOrWrites[i] = word(a.componentReads()) | componentWrites[i];
            world[i] = a.isWorld();
            readsAllComponents[i] = a.readsAllComponents();
            readsAllResources[i] = a.readsAllResources();
        }
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
        if (a.readsAllComponents()) {
            comps |= componentWrites[j];
        }
        if (b.readsAllComponents()) {
            comps |= componentWrites[i];
        }
        long res = (resourceWrites[i] & (resourceReads[j] | resourceWrites[j])) | (resourceWrites[j] & resourceReads[i]);
        if (a.readsAllResources()) {
            res |= resourceWrites[j];
        }
        if (b.readsAllResources()) {
            res |= resourceWrites[i];
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
        List<String> names = names(BitSet.valueOf(new long[] {comps}), BitSet.valueOf(new long[] {res}));
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

    private static long word(BitSet bits) {
        long[] w = bits.toLongArray();
        return w.length == 0 ? 0 : w[0];
    }
}
