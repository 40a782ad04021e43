package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.DataResolver;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The data registry of a schedule described in JSON: component names and resource names, each mapped
 * to dense ids from 0 in order of registration (two separate id spaces, so a component and a resource
 * may share a name). It is the {@link DataResolver} such a schedule is compiled with: ambiguity
 * reports name the data by these names.
 *
 * <p>It knows no Java classes, so it cannot resolve a typed {@link AccessSpec}; systems of a JSON
 * schedule carry an id-based {@link Access} built with these ids instead. A {@code Class} key (from
 * {@code ignoreAmbiguitiesOn}) is looked up by its display name ({@link DataResolver#nameOf}).
 *
 * <p>Not thread-safe while names are being added; the loader fills it, after which it is only read.
 */
public final class NameRegistry implements DataResolver {
    private final List<String> componentNames = new ArrayList<>();
    private final Map<String, Integer> componentIds = new HashMap<>();
    private final List<String> resourceNames = new ArrayList<>();
    private final Map<String, Integer> resourceIds = new HashMap<>();

    /** A registry with no names, which the schedule's loader fills. */
    public NameRegistry() {
    }

    /** The id of component {@code name}, registering it with the next id if it is new. */
    public int component(String name) {
        return register(name, componentNames, componentIds);
    }

    /** The id of resource {@code name}, registering it with the next id if it is new. */
    public int resource(String name) {
        return register(name, resourceNames, resourceIds);
    }

    /** The id of component {@code name}, if registered. */
    public OptionalInt findComponent(String name) {
        Integer id = componentIds.get(name);
        return id == null ? OptionalInt.empty() : OptionalInt.of(id);
    }

    /** The id of resource {@code name}, if registered. */
    public OptionalInt findResource(String name) {
        Integer id = resourceIds.get(name);
        return id == null ? OptionalInt.empty() : OptionalInt.of(id);
    }

    /** Component names, indexed by id. */
    public List<String> componentNames() {
        return List.copyOf(componentNames);
    }

    /** Resource names, indexed by id. */
    public List<String> resourceNames() {
        return List.copyOf(resourceNames);
    }

    private static int register(String name, List<String> names, Map<String, Integer> ids) {
        Objects.requireNonNull(name, "name");
        Integer id = ids.get(name);
        if (id == null) {
            id = names.size();
            names.add(name);
            ids.put(name, id);
        }
        return id;
    }

    /** Always throws: a name registry cannot resolve class-based declarations. */
    @Override
    public Access resolve(AccessSpec spec) {
        throw new UnsupportedOperationException("a schedule described in JSON names its data with strings and cannot"
                + " resolve the typed access declaration [" + spec + "]; give such a system an id-based Access"
                + " (SystemDescriptor.Builder.access(Access)) built with this registry's ids, or compile the schedule"
                + " against a World");
    }

    @Override
    public BitSet componentIds(Object key) {
        return lookup(key, componentIds);
    }

    @Override
    public BitSet resourceIds(Object key) {
        return lookup(key, resourceIds);
    }

    private static BitSet lookup(Object key, Map<String, Integer> ids) {
        BitSet out = new BitSet();
        String name = key instanceof Class<?> type ? DataResolver.nameOf(type) : String.valueOf(key);
        Integer id = ids.get(name);
        if (id != null) {
            out.set(id);
        }
        return out;
    }

    @Override
    public String componentName(int id) {
        return name(id, componentNames, "component");
    }

    @Override
    public String resourceName(int id) {
        return name(id, resourceNames, "resource");
    }

    private static String name(int id, List<String> names, String what) {
        if (id < 0 || id >= names.size()) {
            throw new IllegalArgumentException("no " + what + " has id " + id + " in this registry (it has "
                    + names.size() + " " + what + "s)");
        }
        return names.get(id);
    }

    @Override
    public String toString() {
        return "NameRegistry{components=" + componentNames + ", resources=" + resourceNames + "}";
    }
}
