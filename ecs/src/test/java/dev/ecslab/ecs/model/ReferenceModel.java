package dev.ecslab.ecs.model;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.Filter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The deliberately simple reference: maps from entity to (type index to value), and from resource
 * index to value. No archetypes, no tables, no ids of its own: it takes the ids the world hands out
 * and only remembers which are alive.
 */
final class ReferenceModel {
    final Map<Entity, TreeMap<Integer, Integer>> alive = new LinkedHashMap<>();
    final Map<Integer, Integer> resources = new HashMap<>();

    boolean isAlive(Entity e) {
        return alive.containsKey(e);
    }

    void spawn(Entity e, int mask, int value) {
        TreeMap<Integer, Integer> comps = new TreeMap<>();
        alive.put(e, comps);
        insert(e, mask, value);
    }

    void insert(Entity e, int mask, int value) {
        for (int t = 0; t < Val.COMPONENTS.size(); t++) {
            if ((mask & (1 << t)) != 0) {
                alive.get(e).put(t, value);
            }
        }
    }

    /** Evaluates a filter on a set of type indices, straight from the definition of each operator. */
    static boolean matches(Filter f, java.util.Set<Integer> types) {
        if (f == null) {
            return true;
        } else if (f instanceof Filter.With w) {
            return types.contains(Val.COMPONENTS.indexOf(w.type()));
        } else if (f instanceof Filter.Without w) {
            return !types.contains(Val.COMPONENTS.indexOf(w.type()));
        } else if (f instanceof Filter.And a) {
            return a.operands().stream().allMatch(o -> matches(o, types));
        } else if (f instanceof Filter.Or o) {
            return o.operands().stream().anyMatch(x -> matches(x, types));
        } else if (f instanceof Filter.Not n) {
            return !matches(n.operand(), types);
        } else {
            Filter.Xor x = (Filter.Xor) f;
            return matches(x.left(), types) != matches(x.right(), types);
        }
    }

    /** True when some component set containing {@code required} satisfies {@code f} (brute force). */
    static boolean satisfiable(int required, Filter f) {
        for (int set = 0; set < (1 << Val.COMPONENTS.size()); set++) {
            if ((set & required) == required && matches(f, typesOf(set))) {
                return true;
            }
        }
        return false;
    }

    static java.util.Set<Integer> typesOf(int mask) {
        java.util.Set<Integer> s = new java.util.TreeSet<>();
        for (int t = 0; t < Val.COMPONENTS.size(); t++) {
            if ((mask & (1 << t)) != 0) {
                s.add(t);
            }
        }
        return s;
    }
}
