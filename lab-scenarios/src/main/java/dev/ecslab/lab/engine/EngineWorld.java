package dev.ecslab.lab.engine;

import java.util.List;
import java.util.Objects;

/**
 * The systems of one scenario run as an engine sees them, declared before any entity exists: their names and
 * watches, in the lab's order. An engine builds its queries, trackers or subscriptions from it.
 */
public record EngineWorld(List<SystemDecl> systems) {
    public EngineWorld {
        systems = List.copyOf(systems);
    }

    /** A system and its watches; a watch is named by its index in {@code watches}. */
    public record SystemDecl(String name, List<WatchDecl> watches) {
        public SystemDecl {
            Objects.requireNonNull(name, "name");
            watches = List.copyOf(watches);
        }
    }

    /**
     * One change filter: {@code kind} is {@code ADDED}, {@code MUTATED} (changed, not added), {@code CHANGED} (added
     * or mutated) or {@code REMOVED}; {@code data} a component ({@code A}, {@code B}, {@code S}) or a resource
     * ({@code R}, {@code Q}); {@code late} when it does not exist from the start: it starts to exist at
     * {@link Engine#openWatch} (its window starts after frame 0, or its query is built inside a run); {@code with} the
     * other components an entity must hold, when the watch runs, to be reported (Bevy's {@code With<B>}; empty for a
     * watch of one component, and for every watch of an engine that does not declare
     * {@link EngineContract.Feature#SETS}).
     */
    public record WatchDecl(String data, String kind, boolean resource, boolean late, List<String> with) {
        public WatchDecl {
            Objects.requireNonNull(data, "data");
            Objects.requireNonNull(kind, "kind");
            with = with == null ? List.of() : List.copyOf(with);
        }

        /** A watch of one component or resource. */
        public WatchDecl(String data, String kind, boolean resource, boolean late) {
            this(data, kind, resource, late, List.of());
        }
    }
}
