package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.ResourceInfo;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.internal.AccessScope;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.storage.Archetype;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The world as one system sees it: only the data its declared {@link Access} covers, plus its own
 * command buffer for structural changes.
 *
 * <p><b>Why.</b> Executors decide what may run in parallel from declared accesses alone. If a system
 * could touch undeclared data, the lab's verdicts would be about a schedule that does not exist. So
 * every read and write through a view is checked, and an undeclared touch throws
 * {@link AccessViolationException} naming the system and the data, before anything is read or
 * written.
 *
 * <p>Checks happen once per (query, archetype) when a query first matches an archetype, and once per
 * call for direct lookups, so iterating stays as fast as through the world. The view offers no
 * direct structural operations: those go through {@link #commands()}.
 *
 * <p><b>Threads.</b> A view is used by the one thread running its system. It never registers new
 * component or resource types (registration is not thread-safe), so a type unknown to the world is
 * reported as undeclared.
 */
public final class WorldView {
    private final World world;
    private final WorldInternals internals;
    private final Scope scope = new Scope();
    private final String system;
    private final Access declared;
    private final CommandBuffer commands;
    private final SystemTicks ticks;

    WorldView(World world, String system, Access declared, CommandBuffer commands, SystemTicks ticks) {
        this.world = world;
        this.internals = WorldInternals.of(world);
        this.system = Objects.requireNonNull(system, "system");
        this.declared = Objects.requireNonNull(declared, "declared access");
        this.commands = commands;
        this.ticks = Objects.requireNonNull(ticks, "ticks");
    }

    /** The name of the system this view belongs to. */
    public String system() {
        return system;
    }

    /** The access the system declared: what this view lets it touch. */
    public Access access() {
        return declared;
    }

    /** This system's command buffer. */
    public CommandBuffer commands() {
        return commands;
    }

    /** Builds a query whose every touch is checked against the declared access. */
    public QueryBuilder query() {
        return new QueryBuilder(internals, scope);
    }

    /** The component of {@code entity}, or empty; the read must be declared for its archetype. */
    public <T> Optional<T> get(Entity entity, Class<T> type) {
        ComponentInfo info = known(type, false);
        if (!world.isAlive(entity)) {
            return Optional.empty();
        }
        checkEntity(info, false, entity);
        return world.get(entity, type);
    }

    /** The component of {@code entity} for mutation, or empty; the write must be declared. */
    public <T> Optional<T> getMut(Entity entity, Class<T> type) {
        ComponentInfo info = known(type, true);
        if (!world.isAlive(entity)) {
            return Optional.empty();
        }
        checkEntity(info, true, entity);
        return world.getMut(entity, type, ticks);
    }

    /** A declared resource, or empty. */
    public <T> Optional<T> getResource(Class<T> type) {
        checkResource(type, false);
        return world.getResource(type);
    }

    /** A declared resource; {@link NoSuchResourceException} when absent. */
    public <T> T getResourceOrThrow(Class<T> type) {
        checkResource(type, false);
        return world.getResourceOrThrow(type);
    }

    /** A resource declared as written, for mutation, or empty; marks it mutated by this system when present. */
    public <T> Optional<T> getResourceMut(Class<T> type) {
        checkResource(type, true);
        return world.resourcesWithTracking().getResourceMut(type, ticks);
    }

    /** {@link #getResourceMut}; {@link NoSuchResourceException} when absent. */
    public <T> T getResourceMutOrThrow(Class<T> type) {
        getResourceOrThrow(type);
        return getResourceMut(type).orElseThrow();
    }

    /** A declared written resource inserted only if absent or different (Bevy's {@code set_if_neq}). */
    public boolean insertResourceIfChanged(Object value) {
        checkResource(value.getClass(), true);
        return world.resourcesWithTracking().insertResourceIfChanged(value, ticks);
    }

    // ---------------------------------------------------------------- change detection

    /**
     * Entities that lost {@code type} since this system's previous run (not by this system). Needs a
     * declared read of the component.
     */
    public List<Entity> removed(Class<?> type) {
        return removed(type, ChangeFlavor.DEFAULT);
    }

    /** {@link #removed(Class)} with an explicit flavor. */
    public List<Entity> removed(Class<?> type, ChangeFlavor flavor) {
        ComponentInfo info = known(type, false);
        if (!declared.mentionsComponent(info.id(), false)) {
            throw new AccessViolationException(system, info.name(), false,
                    "asking for removals of a component reads it, but the declared access has no read of it");
        }
        return internals.changeTracker().removedSince(flavor, ticks, info.id());
    }

    /** True when the resource was added since this system's previous run. */
    public boolean resourceAdded(Class<?> type) {
        return resourceChangedAs(type, ChangeKind.ADDED, ChangeFlavor.DEFAULT);
    }

    /** True when the resource was added or mutated since this system's previous run (not by this system). */
    public boolean resourceChanged(Class<?> type) {
        return resourceChangedAs(type, ChangeKind.CHANGED, ChangeFlavor.DEFAULT);
    }

    /** True when the resource had a change of {@code kind} since this system's previous run (not by this system). */
    public boolean resourceChangedAs(Class<?> type, ChangeKind kind, ChangeFlavor flavor) {
        checkResource(type, false);
        return internals.changeTracker().resourceMatches(kind, flavor, ticks, internals.resources().find(type).orElseThrow().id());
    }

    /** True when the resource was removed since this system's previous run (not by this system). */
    public boolean resourceRemoved(Class<?> type) {
        return resourceRemoved(type, ChangeFlavor.DEFAULT);
    }

    /** {@link #resourceRemoved(Class)} with an explicit flavor. */
    public boolean resourceRemoved(Class<?> type, ChangeFlavor flavor) {
        checkResource(type, false);
        return internals.changeTracker().resourceRemovedSince(flavor, ticks, internals.resources().find(type).orElseThrow().id());
    }

    // ---------------------------------------------------------------- the scope its queries check against

    /** What this view's queries check their terms and archetypes against; kept off the view's own surface. */
    private final class Scope implements AccessScope {
        @Override
        public SystemTicks ticks() {
            return ticks;
        }

        @Override
        public void checkQuery(Query query) {
            for (TermAccess t : TermAccess.of(query)) {
                if (!declared.mentionsComponent(t.component().id(), t.write())) {
                    throw new AccessViolationException(system, t.component().name(), t.write(),
                            query.description() + " " + (t.write() ? "writes" : "reads") + " it, but the declared access "
                                    + "has no " + (t.write() ? "write" : "read or write") + " of " + t.component().name());
                }
            }
        }

        @Override
        public void checkArchetype(Query query, Archetype archetype) {
            for (TermAccess t : TermAccess.of(query)) {
                if (!declared.covers(t.component().id(), t.write(), archetype::has)) {
                    throw new AccessViolationException(system, t.component().name(), t.write(),
                            query.description() + " matches entities with " + names(archetype)
                                    + ", which the declared access does not cover for this component");
                }
            }
        }
    }

    // ---------------------------------------------------------------- internals

    private ComponentInfo known(Class<?> type, boolean write) {
        Objects.requireNonNull(type, "type");
        return internals.components().find(type).orElseThrow(() -> new AccessViolationException(system,
                Components.displayName(type), write, "the type is not even registered in the world"));
    }

    private void checkEntity(ComponentInfo info, boolean write, Entity entity) {
        Archetype a = internals.storage().archetype(internals.entities().archetypeId(entity.index()));
        if (!declared.covers(info.id(), write, a::has)) {
            throw new AccessViolationException(system, info.name(), write, "entity " + entity + " has "
                    + names(a) + ", which the declared access does not cover for this component");
        }
    }

    private void checkResource(Class<?> type, boolean write) {
        Objects.requireNonNull(type, "type");
        Optional<ResourceInfo> info = internals.resources().find(type);
        if (info.isEmpty() || !declared.coversResource(info.get().id(), write)) {
            throw new AccessViolationException(system, "resource " + Components.displayName(type), write,
                    "the declared access has no " + (write ? "write" : "read or write") + " of it");
        }
    }

    private String names(Archetype a) {
        Components c = internals.components();
        return Arrays.stream(a.componentIds()).mapToObj(id -> c.info(id).name())
                .collect(Collectors.joining(", ", "[", "]"));
    }

    /** One term's component and whether it writes. */
    private record TermAccess(ComponentInfo component, boolean write) {
        static List<TermAccess> of(Query query) {
            return query.terms().stream().map(t -> new TermAccess(t.component(), t.isWrite())).toList();
        }
    }

    @Override
    public String toString() {
        return "WorldView[" + system + "]";
    }
}
