package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Column;
import java.util.List;

/**
 * The one SPI every change-tracking strategy implements (proposals 0 to 6 of the Bevy
 * change-detection seed, and any a user plugs in). A world creates one tracker when it is built;
 * all query code is the same whichever tracker is chosen.
 *
 * <p><b>What a tracker sees.</b> Component added, mutated and removed per entity (with the column and
 * row whose {@linkplain Column#lane metadata lanes} belong to the tracker: it asks for
 * {@link #laneCount()} of them, and storage moves them with every value); archetype moves; resource
 * inserts, mutations and removals; every system run's start and finish with its {@link SystemTicks};
 * sync points and frame ends. Each event names the writer, so a tracker can keep a system from seeing
 * its own changes.
 *
 * <p><b>What it answers.</b> Whether a row's component was added, mutated or changed since a
 * reader's previous run ({@link #test}), optionally a short list of candidate entities so that a
 * change query costs in proportion to the changes ({@link #candidates}), which entities lost a
 * component ({@link #removed}), the same for resources, and how much memory it holds.
 *
 * <p><b>Threads.</b> Events about one column (and one archetype) come from one thread at a time:
 * systems that write the same data never run together. {@link #runStarted} and {@link #runFinished}
 * come from the thread that runs the system, so several may arrive at once for different systems:
 * implementations must make them thread-safe. {@link #syncPoint}, {@link #frameEnded} and events from
 * structural changes come from the thread that owns the world, when no system runs (the place for
 * whole-world passes such as clamping or clearing flags). Answers may be asked by any system thread
 * concurrently with writes to data the asking system does not read.
 *
 * <p><b>Ticks wrap.</b> {@link SystemTicks} are 32-bit, and a long-running world's clock laps every
 * tick ({@link dev.ecslab.ecs.internal.WorldInternals#advanceChangeTick} makes that happen in tests and in the
 * lab). A strategy that keeps ticks must clamp the ones it keeps ({@link Ticks#clamp}) and the
 * previous-run ticks of the readers it answers ({@link SystemTicks#setLastRun}), as
 * {@link GenerationTracker} does: the world calls {@link #syncPoint} at least every
 * {@link Ticks#CHECK_THRESHOLD} ticks. A reader whose first run starts ({@link SystemTicks#neverRan()})
 * has a previous run that only means "at least the maximum age ago".
 */
public interface ChangeTracker {
    /** Metadata lanes per component row this tracker needs (0 for none). */
    int laneCount();

    /** Called once, when the world is built, before any event. */
    void attach(TrackerHost host);

    // ------------------------------------------------------------------ clock

    /** A system run (or a direct world operation) starts; {@code run.thisRun()} is its tick. */
    void runStarted(SystemTicks run);

    /** The run finished; after this the tracker must answer its next run relative to this one. */
    void runFinished(SystemTicks run);

    /** Command buffers were just applied at a sync point. */
    default void syncPoint() {
    }

    /** A frame ended (every stage ran). */
    default void frameEnded() {
    }

    // ------------------------------------------------------------------ component events

    /** {@code componentId} was added to the entity, at {@code row} of {@code column}. */
    void added(SystemTicks writer, int componentId, int entityIndex, Column column, int row);

    /** {@code componentId} of the entity was written (or re-inserted), at {@code row} of {@code column}. */
    void mutated(SystemTicks writer, int componentId, int entityIndex, Column column, int row);

    /** {@code componentId} was removed from {@code entity} (also once per component on despawn). */
    void removed(SystemTicks writer, int componentId, Entity entity);

    /**
     * The entity moved between archetypes; its rows (values and lanes) moved with it. Called after
     * the move, on the owning thread, with the column and row of each component it kept.
     */
    default void moved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, Column[] columns,
            int[] rows) {
    }

    // ------------------------------------------------------------------ resource events

    void resourceAdded(SystemTicks writer, int resourceId);

    void resourceMutated(SystemTicks writer, int resourceId);

    void resourceRemoved(SystemTicks writer, int resourceId);

    // ------------------------------------------------------------------ answers

    /** True when, for {@code reader}, the component at {@code row} of {@code column} matches {@code kind}. */
    boolean test(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex, Column column,
            int row);

    /**
     * Entity indices that may match {@code kind} for {@code reader} among the entities of the given
     * archetypes, in a deterministic order (duplicates and stale entries allowed: the caller tests
     * each with {@link #test}), or {@code null} when the tracker cannot narrow the search and every
     * row must be tested.
     */
    default int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        return null;
    }

    /**
     * Exactly the rows of {@code column} (among its first {@code rows}) that match {@code kind} for
     * {@code reader}, each as {@link #test} would answer, passed to {@code sink} in increasing order,
     * for queries that walk tables directly; returns {@code true}. The caller does not test listed
     * rows again for this filter (it still tests its other change filters), so a tracker must not
     * list a row that {@link #test} would refuse. Returns {@code false}, having called nothing, when
     * the tracker cannot narrow the search and every row must be tested. A tracker that lists
     * {@link #candidates} should answer this too: it spares the caller a lookup from entity to row
     * and a second test for every candidate.
     */
    default boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, Column column, int rows,
            RowSink sink) {
        return false;
    }

    /** Receives candidate rows, for {@link #candidateRows}. */
    @FunctionalInterface
    interface RowSink {
        void accept(int row);
    }

    /** Entities that lost {@code componentId} since {@code reader}'s previous run (not by itself). */
    List<Entity> removed(ChangeFlavor flavor, SystemTicks reader, int componentId);

    /** True when the resource matches {@code kind} for {@code reader} (false when it is absent). */
    boolean resource(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId);

    /** True when the resource was removed since {@code reader}'s previous run (not by itself). */
    boolean resourceRemoved(ChangeFlavor flavor, SystemTicks reader, int resourceId);

    /** Bytes of tracking state this tracker holds, lanes included. */
    long memoryBytes();
}
