package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import java.util.List;

/**
 * The one SPI every change-tracking strategy implements (proposals 0 to 6 of Bevy's change-detection
 * PR #1471, and any a user plugs in). A world creates one tracker when it is built;
 * all query code is the same whichever tracker is chosen.
 *
 * <p><b>Names.</b> Every method the world calls to <em>tell</em> the tracker something is an event
 * named {@code on…} and returns nothing; every method it calls to <em>ask</em> something is an
 * answer with a question's name ({@link #matches}, {@link #removedSince}, {@link #resourceMatches},
 * {@link #resourceRemovedSince}, {@link #candidates}, {@link #memoryBytes}). No event shares a
 * name with an answer, so overriding one can never silently override the other.
 *
 * <p><b>What a tracker sees.</b> Entities (by index), components and resources (by dense id), the
 * writer or reader of each change as {@link SystemTicks} (its id and its run's ticks), and each
 * component row as an opaque handle: a {@link TrackedRows} and a row index, whose
 * {@linkplain TrackedRows#lane lanes} ({@link #laneCount()} of them) belong to the tracker and travel
 * with the row. Archetype ids appear only as opaque numbers the {@link TrackerHost} hands back. The
 * events: component added, mutated, removed and moved between archetypes; resource added, mutated,
 * removed; every run's start and finish; every stage's start and end and every iteration of a
 * looping stage; sync points and frame ends. Each change names its writer, so a tracker can keep a
 * system from seeing its own changes.
 *
 * <p><b>Additions a strategy ignores.</b> The world calls {@link #onAdded} for every component that
 * comes into being, before any other event about that row. A strategy may record nothing there
 * (proposal 0 does), but the row's lanes are then zero, which a tick-keeping strategy reads as tick
 * 0, a real tick. A decorator that wants an addition not to count (for anyone) calls its delegate's
 * {@link #onAddedSilently} instead of {@code onAdded}: the delegate sets the row up as a component
 * present since before every reader's window, neither added nor mutated; it never needs the
 * delegate's lane layout.
 *
 * <p><b>Unobserved components.</b> The world sends no {@link #onAdded}, {@link #onMutated} or
 * {@link #onMoved} about a component nobody observes (no query or system has a change filter on it:
 * its rows' {@link TrackedRows#observed()} is false), so writing it costs a strategy nothing. When
 * observation of a component starts, the world announces every live row: {@link #onAdded} then
 * {@link #onMutated}, by the world writer, at one tick (the observer's current run's, if it starts
 * observing mid-run, else a fresh one). A strategy therefore reports those rows as changed to every
 * reader whose window includes that tick: what the world could not track is reported, never missed.
 * Removals and resources are always reported.
 *
 * <p><b>What it answers.</b> Whether a row's component was added, mutated or changed since a
 * reader's previous run ({@link #matches}), optionally a short list of candidate entities or rows so
 * that a change query costs in proportion to the changes ({@link #candidates}, {@link #candidateRows}),
 * which entities lost a component ({@link #removedSince}), the same for resources, and how much
 * memory it holds.
 *
 * <p><b>Threads.</b> Events about one set of rows (and one archetype) come from one thread at a
 * time: systems that write the same data never run together. {@link #onRunStarted} and
 * {@link #onRunFinished} come from the thread that runs the system, so several may arrive at once for
 * different systems: implementations must make them thread-safe. {@link #onSyncPoint},
 * {@link #onFrameEnded}, the stage events and events from structural changes come from the thread
 * that owns the world, when no system runs (the place for whole-world passes such as clamping or
 * clearing flags). Answers may be asked by any system thread concurrently with writes to data the
 * asking system does not read.
 *
 * <p><b>Ticks wrap.</b> {@link SystemTicks} are 32-bit, and a long-running world's clock laps every
 * tick ({@link dev.ecslab.ecs.internal.WorldInternals#advanceChangeTick} makes that happen in tests and in the
 * lab). The world keeps every reader's previous run within {@link Ticks#MAX_AGE} of the clock; a
 * strategy that keeps ticks of its own must clamp them ({@link Ticks#clamp}), as
 * {@link GenerationTracker} does: the world calls {@link #onSyncPoint} at least every
 * {@link Ticks#CHECK_THRESHOLD} ticks.
 */
public interface ChangeTracker {
    /** Metadata lanes per component row this tracker needs (0 for none). */
    int laneCount();

    /** Called once, when the world is built, before any event. */
    default void attach(TrackerHost host) {
    }

    /**
     * The world talks to this tracker directly (no decorator in between), right after
     * {@link #attach}: it may install a stamp on its rows so that writes record themselves without a
     * call per write ({@link TrackedRows#stampMutation}; only the built-in {@code generation} does). A
     * decorator ({@link ForwardingChangeTracker}) never forwards this event, because it must see every
     * {@link #onMutated}.
     */
    default void onDirectStampsAllowed() {
    }

    // ------------------------------------------------------------------ clock events

    /** A system run (or a direct world operation) starts; {@code run.thisRun()} is its tick. */
    default void onRunStarted(SystemTicks run) {
    }

    /** The run finished; after this the tracker must answer its next run relative to this one. */
    default void onRunFinished(SystemTicks run) {
    }

    /**
     * Command buffers were just applied: at a stage's end, and after every explicit sync-point
     * system ({@link dev.ecslab.ecs.schedule.SystemKind#SYNC_POINT}).
     */
    default void onSyncPoint() {
    }

    /** Stage {@code stage} (its name in the schedule) is about to run its first system. */
    default void onStageStarted(String stage) {
    }

    /**
     * Pass {@code iteration} (from 0) of a looping stage ended, its sync point done, and the stage
     * evaluates its run criteria for another pass. Not called after a stage's last pass (that is
     * {@link #onStageEnded}), so never for a stage that runs once.
     */
    default void onLoopIterationEnded(String stage, int iteration) {
    }

    /**
     * Stage {@code stage} ended, its commands applied (after its last pass, if it loops). Not called
     * when a system of the stage failed: the frame ends there.
     */
    default void onStageEnded(String stage) {
    }

    /** A frame ended (every stage ran). */
    default void onFrameEnded() {
    }

    /**
     * {@code count} frames ended one after another with no other event between them: frames in which
     * this world's schedule did not run at all, as an engine's fixed-timestep schedule has frames with
     * no step due, or a game paused or set aside for a long time still ends frames. It means exactly
     * {@code count} calls of {@link #onFrameEnded} in a row, and the default makes them. A strategy
     * whose frame end reaches a fixed point after a few calls with nothing in between should answer in
     * that many steps instead: the lab skips up to 10<sup>9</sup> frames at once this way, and a loop of
     * that length through a costly frame end would not finish in any run's time limit.
     *
     * @param count how many frames ended, at least 1
     */
    default void onIdleFramesEnded(long count) {
        for (long i = 0; i < count; i++) {
            onFrameEnded();
        }
    }

    // ------------------------------------------------------------------ component events

    /** {@code componentId} was added to the entity; its state lives at {@code row} of {@code rows}. */
    void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row);

    /**
     * {@code componentId} is present at {@code row} of {@code rows} but must count as neither added
     * nor mutated for any reader, as if it had been there since before every reader's previous run.
     * The world never calls this: it is how a decorator ignores an addition without knowing its
     * delegate's lanes (see the class comment), right after the addition or later, to take one back.
     * The default does what suits a tracker without per-row state: nothing.
     */
    default void onAddedSilently(int componentId, int entityIndex, TrackedRows rows, int row) {
    }

    /** {@code componentId} of the entity was written (or re-inserted), at {@code row} of {@code rows}. */
    void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row);

    /** {@code componentId} was removed from {@code entity} (also once per component on despawn). */
    void onRemoved(SystemTicks writer, int componentId, Entity entity);

    /**
     * The entity moved between archetypes; its rows (values and lanes) moved with it. Called after
     * the move, on the owning thread, with the rows and row of each component it kept.
     */
    default void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] rows,
            int[] rowIndices) {
    }

    // ------------------------------------------------------------------ resource events

    void onResourceAdded(SystemTicks writer, int resourceId);

    void onResourceMutated(SystemTicks writer, int resourceId);

    void onResourceRemoved(SystemTicks writer, int resourceId);

    // ------------------------------------------------------------------ answers

    /** True when, for {@code reader}, the component at {@code row} of {@code rows} matches {@code kind}. */
    boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows rows, int row);

    /**
     * Entity indices that may match {@code kind} for {@code reader} among the entities of the given
     * archetypes, in a deterministic order (duplicates and stale entries allowed: the caller tests
     * each with {@link #matches}), or {@code null} when the tracker cannot narrow the search and every
     * row must be tested.
     */
    default int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        return null;
    }

    /**
     * Exactly the rows of {@code rows} (among its first {@code count}) that match {@code kind} for
     * {@code reader}, each as {@link #matches} would answer, passed to {@code sink} in increasing order,
     * for queries that walk tables directly; returns {@code true}. The caller does not test listed
     * rows again for this filter (it still tests its other change filters), so a tracker must not
     * list a row that {@link #matches} would refuse. Returns {@code false}, having called nothing, when
     * the tracker cannot narrow the search and every row must be tested. A tracker that lists
     * {@link #candidates} should answer this too: it spares the caller a lookup from entity to row
     * and a second test for every candidate.
     */
    default boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows rows, int count,
            RowSink sink) {
        return false;
    }

    /** Receives candidate rows, for {@link #candidateRows}. */
    @FunctionalInterface
    interface RowSink {
        void accept(int row);
    }

    /** Entities that lost {@code componentId} since {@code reader}'s previous run (not by itself). */
    List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId);

    /** True when the resource matches {@code kind} for {@code reader} (false when it is absent). */
    boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId);

    /** True when the resource was removed since {@code reader}'s previous run (not by itself). */
    boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId);

    /** Bytes of tracking state this tracker holds, lanes included. */
    long memoryBytes();
}
