package dev.ecslab.ecs.change;

/**
 * The identity and clock of one reader or writer of changes, as a change tracker sees it: a system
 * (or the world itself) with a dense {@link #id()}, the tick of its current run and the tick of its
 * previous run. Read-only here: the world and the schedule runner move the clock (through a
 * subclass of their own), and they keep {@link #lastRun()} within {@link Ticks#MAX_AGE} of the
 * world's clock, so a strategy never clamps a reader.
 *
 * <p>Ids: {@link #WORLD_WRITER} for structural operations and writes made directly on the world
 * (including commands applied at sync points), {@link #WORLD_READER} for change queries made directly
 * on the world, and {@code 2, 3, ...} for the systems of a schedule.
 *
 * <p><b>Threads.</b> A system's ticks are written by the thread that runs the schedule before and
 * after each run and read by the thread that runs the system; the executor's hand-off publishes them.
 */
public class SystemTicks {
    public static final int WORLD_WRITER = 0;
    public static final int WORLD_READER = 1;
    public static final int FIRST_SYSTEM = 2;
    /**
     * The {@link #name()} of the world writer that announces every row of a component when its
     * observation starts (the world could not track it while nobody observed it): a strategy may tell
     * these calls apart, and the lab's mutant that drops them does.
     */
    public static final String OBSERVATION_STARTS = "world (observation starts)";

    private final int id;
    private final String name;
    /**
     * Plain, not volatile: it is read on every component write (the write hook), and a volatile read
     * there costs several nanoseconds per row on the machines we measured. It is set before the run
     * is handed to a worker, and the executor's hand-off orders that write before every read.
     */
    private int thisRun;
    /** Volatile: clamping and log compaction read other systems' previous runs. */
    private volatile int lastRun;
    /** True for ticks that have not finished a run yet: their {@code lastRun} only says "long ago". */
    private volatile boolean neverRan;
    /**
     * Between {@link #begin} and {@link #end}: what {@link #inRun()} answers. Plain, for the reason
     * {@link #thisRun} is: a volatile store here would put a fence into every system run's start. It is
     * set with {@code thisRun}, under the same hand-off, and cleared before {@code end}'s volatile store
     * of {@code lastRun}, which publishes it.
     */
    private boolean running;

    /** A reader or writer whose previous (and current) run is {@code lastRun}. */
    protected SystemTicks(int id, String name, int lastRun) {
        this.id = id;
        this.name = name;
        this.thisRun = lastRun;
        this.lastRun = lastRun;
    }

    /**
     * The same reader answering over another window: previous run {@code lastRun}, this run
     * {@code thisRun}. For decorators that answer as if a reader had run at another time (the lab's
     * mutants); a copy, so the real reader's clock is untouched.
     */
    public final SystemTicks withWindow(int lastRun, int thisRun) {
        SystemTicks t = new SystemTicks(id, name, lastRun);
        t.thisRun = thisRun;
        return t;
    }

    /**
     * True until the first run finishes: the previous run then only means "at least the maximum age
     * ago" (on the first run it is exactly {@link Ticks#MAX_AGE} before {@link #thisRun()}).
     */
    public final boolean neverRan() {
        return neverRan;
    }

    public final int id() {
        return id;
    }

    public final String name() {
        return name;
    }

    /** The tick of the run in progress (or of the last run, between runs). */
    public final int thisRun() {
        return thisRun;
    }

    /**
     * True while a run is under way (begun, not yet ended). Not the same as {@code thisRun() != lastRun()}:
     * a clamping pass between runs moves the previous run and leaves this one, and a system that never
     * ran has no run at all.
     */
    public final boolean inRun() {
        return running;
    }

    /** The tick of the previous run; changes newer than this (and not this run's own) are news. */
    public final int lastRun() {
        return lastRun;
    }

    // ------------------------------------------------------------------ for the clock's owner

    /** Marks ticks made for a system that has not run yet (see {@link #neverRan()}). */
    protected final void markNeverRan() {
        this.neverRan = true;
    }

    /**
     * Starts a run at {@code tick}. A first run's previous run becomes exactly the maximum age before
     * it: the tick the ticks were made with may be more than {@code 2 * CHECK_THRESHOLD} ticks old by
     * now, and the clock would have lapped it.
     */
    protected void begin(int tick) {
        this.thisRun = tick;
        this.running = true;
        if (neverRan) {
            this.lastRun = (int) (tick - Ticks.MAX_AGE);
        }
    }

    /** Ends the run: the next run sees changes newer than this run's tick. */
    protected void end() {
        this.running = false;
        this.lastRun = thisRun;
        this.neverRan = false;
    }

    /** Clamps the previous run to at most {@link Ticks#MAX_AGE} before {@code now} ({@link Ticks#clamp}). */
    protected void clampLastRun(int now) {
        this.lastRun = Ticks.clamp(lastRun, now);
    }

    @Override
    public String toString() {
        return name + "#" + id + "[last " + Integer.toUnsignedString(lastRun) + ", this " + Integer.toUnsignedString(thisRun) + "]";
    }
}
