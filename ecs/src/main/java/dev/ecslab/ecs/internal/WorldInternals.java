package dev.ecslab.ecs.internal;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.storage.Resources;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.Objects;
import java.util.function.Function;

/**
 * The insides of one {@link World}, for the engine's other packages, the lab, the benchmarks and the
 * tests: storage and registries, the change clock, the iteration guard and the job scheduler's sync
 * points. <b>Unstable, not for engine users</b> (see the package note).
 *
 * <p>Obtained with {@link #of(World)}; every world has exactly one, which lives as long as the world.
 * The contract of each method is the world's: the same threads rule (the owning thread only, except
 * where a method says otherwise), and the same refusal of structural work while a query iterates.
 *
 * <p>Implemented inside the {@code world} package, which hands its implementation over once, when
 * {@link World} is initialized ({@link #install}); this keeps the internals out of {@code World}'s
 * public methods without making the {@code world} package depend on its callers.
 */
public abstract class WorldInternals implements QueryHost {
    private static volatile Function<World, WorldInternals> access;

    /** For the world's own implementation only. */
    protected WorldInternals() {
    }

    /** The internals of {@code world}. */
    public static WorldInternals of(World world) {
        Objects.requireNonNull(world, "world");
        return access.apply(world);     // set: World's class initializer ran before any world existed
    }

    /**
     * Called once, by {@link World}'s class initializer.
     *
     * @throws IllegalStateException when called a second time
     */
    public static synchronized void install(Function<World, WorldInternals> worldAccess) {
        if (access != null) {
            throw new IllegalStateException("WorldInternals is installed by World itself, once");
        }
        access = Objects.requireNonNull(worldAccess, "worldAccess");
    }

    /** The resource store, for access declarations (resource ids) and tooling. */
    public abstract Resources resources();

    /**
     * Checks that every live entity's recorded location agrees with the archetypes, tables and
     * sparse sets (linear time; for tests and the lab).
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public abstract void verifyIntegrity();

    /** Materializes entities reserved by command buffers (they become alive with no components). */
    public abstract void flush();

    /** True while some query iterates. */
    public abstract boolean isIterating();

    // ---------------------------------------------------------------- the change clock

    /** The last change tick handed out. */
    public abstract int changeTick();

    /**
     * Hands out the next change tick: the runner calls this when a system run starts. Direct writes
     * made afterwards take a newer tick, so that the system sees them on its next run.
     */
    public abstract int nextChangeTick();

    /**
     * Advances the change tick by {@code ticks}, as if that many ticks had been handed out to system
     * runs that touched nothing: a world that has run for a very long time, without spending the time.
     * Tests and the lab use it to make clamping and the 32-bit wraparound happen for real: a jump of
     * 2<sup>32</sup> laps the clock, and a change older than {@link dev.ecslab.ecs.change.Ticks#MAX_AGE}
     * expires (Bevy's semantics: it is clamped and no longer reported).
     *
     * <p>The jump is made in steps of at most {@link dev.ecslab.ecs.change.Ticks#CHECK_THRESHOLD}
     * ticks, and after each step the tracker's {@link dev.ecslab.ecs.change.ChangeTracker#syncPoint()}
     * runs, as it would at the sync points of the stages those ticks stand for: a strategy that clamps
     * old ticks there (Bevy's {@code check_change_ticks}) gets every chance a real run would give it,
     * and one that does not is caught. No frame ends: a frame-based strategy sees one long gap inside
     * a frame, not millions of frames. Direct writes made afterwards take a tick after the jump.
     *
     * <p>For the owning thread, between frames: no system may run and no query may iterate.
     *
     * @param ticks how many ticks to advance, {@code >= 0} (any amount: 2<sup>32</sup> and more lap
     *              the 32-bit clock)
     * @throws IllegalArgumentException when {@code ticks} is negative
     * @throws dev.ecslab.ecs.world.StructuralChangeException while a query iterates
     */
    public abstract void advanceChangeTick(long ticks);

    /**
     * Ends {@code count} frames in which the schedule does not run at all, in one step: what an engine
     * does for frames whose fixed-timestep schedule has no step due, or while a game is paused or a
     * world set aside, without spending the time. Readers' previous runs are clamped when due, the
     * tracker hears {@link dev.ecslab.ecs.change.ChangeTracker#onIdleFramesEnded}, and direct reads
     * afterwards see only what changes from then on, as after {@link dev.ecslab.ecs.world.World#clearTrackers()}.
     * No tick is taken: nobody runs. With {@link #advanceChangeTick} the lab makes a reader absent for
     * 10<sup>9</sup> frames and any number of ticks, as when other schedules run meanwhile.
     *
     * <p>For the owning thread, between frames: no system may run and no query may iterate.
     *
     * @param count how many frames end, at least 1
     * @throws IllegalArgumentException when {@code count} is below 1
     * @throws dev.ecslab.ecs.world.StructuralChangeException while a query iterates
     */
    public abstract void endIdleFrames(long count);

    /** A new dense id for a system's {@link SystemTicks}. */
    public abstract int newSystemId();

    /**
     * The clock of a new system that has never run, with a new id; the world keeps its previous run
     * within {@link dev.ecslab.ecs.change.Ticks#MAX_AGE} of the clock at every sync point and frame
     * end, however long it pauses. Ticks not made here are not clamped by the world.
     */
    public abstract RunTicks newSystemTicks(String system);

    /**
     * A sync point for change tracking, once commands are applied (the runner calls it, for explicit
     * sync-point systems too): readers' previous runs are clamped when due, then the tracker hears
     * {@link dev.ecslab.ecs.change.ChangeTracker#onSyncPoint}.
     */
    public abstract void endSyncPoint();

    // ---------------------------------------------------------------- running systems

    /** A view whose queries read changes and mark writes with {@code ticks} (the runner's per-system ticks). */
    public abstract WorldView view(String system, Access declared, SystemTicks ticks);

    /**
     * Runs {@code body} as an exclusive system with {@code ticks}: direct operations inside it are
     * that system's writes and reads, not the world's. For the runner.
     */
    public abstract void runExclusive(SystemTicks ticks, ExclusiveBody body) throws Exception;

    /** The code of an exclusive system run, for {@link #runExclusive}. */
    @FunctionalInterface
    public interface ExclusiveBody {
        void run() throws Exception;
    }

    // ---------------------------------------------------------------- sync points

    /**
     * Attaches the sync points of a job scheduler (one at a time). For the {@code job} package: user
     * code calls {@code JobScheduler.attach(world)}.
     *
     * @throws IllegalStateException if another hook is attached
     */
    public abstract void attachSyncHook(SyncHook hook);

    /** Detaches {@code hook} if it is the attached one. */
    public abstract void detachSyncHook(SyncHook hook);

    /** Open observations of the component (queries with a change filter on it, and {@link #observe} calls). */
    public abstract int observations(int componentId);
}
