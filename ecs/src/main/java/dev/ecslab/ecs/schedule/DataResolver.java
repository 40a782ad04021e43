package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.world.World;
import java.util.BitSet;

/**
 * What the schedule compiler needs from a data registry: resolving typed accesses to ids, resolving
 * the names of globally ignored data, and naming ids in reports. A world is one registry
 * ({@link #of(World)}); a schedule read from JSON brings its own, over plain names.
 */
public interface DataResolver {
    /** The id-based access of a typed declaration. */
    Access resolve(AccessSpec spec);

    /** Component ids that {@code key} (a class or a name) stands for; empty if none. */
    BitSet componentIds(Object key);

    /** Resource ids that {@code key} (a class or a name) stands for; empty if none. */
    BitSet resourceIds(Object key);

    String componentName(int id);

    String resourceName(int id);

    /** The registries of {@code world}; resolving registers the types a declaration names. */
    static DataResolver of(World world) {
        WorldInternals internals = WorldInternals.of(world);
        return new DataResolver() {
            @Override
            public Access resolve(AccessSpec spec) {
                return spec.resolve(internals.components(), internals.resources());
            }

            @Override
            public BitSet componentIds(Object key) {
                BitSet out = new BitSet();
                if (key instanceof Class<?> type) {
                    internals.components().find(type).ifPresent(i -> out.set(i.id()));
                } else {
                    internals.components().all().stream().filter(i -> i.name().equals(key)).forEach(i -> out.set(i.id()));
                }
                return out;
            }

            @Override
            public BitSet resourceIds(Object key) {
                BitSet out = new BitSet();
                if (key instanceof Class<?> type) {
                    internals.resources().find(type).ifPresent(i -> out.set(i.id()));
                } else {
                    internals.resources().all().stream().filter(i -> i.name().equals(key)).forEach(i -> out.set(i.id()));
                }
                return out;
            }

            @Override
            public String componentName(int id) {
                return internals.components().info(id).name();
            }

            @Override
            public String resourceName(int id) {
                return internals.resources().info(id).name();
            }
        };
    }

    /** The display name of a class, as components and resources are named in reports. */
    static String nameOf(Class<?> type) {
        return Components.displayName(type);
    }
}
