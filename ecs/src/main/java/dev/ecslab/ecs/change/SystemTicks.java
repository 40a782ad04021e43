package dev.ecslab.ecs.change;

/**
 * The identity and clock of one reader or writer of changes: a system (or the world itself) with a
 * dense {@link #id()}, the tick of its current run and the tick of its previous run.
 *
 * <p>Ids: {@link #WORLD_WRITER} for structural operations and writes made directly on the world
 * (including commands applied at sync points), {@link #WORLD_READER} for change queries made directly
 * on the world, and {@code 2, 3, ...} for the systems of a schedule.
 *
 * <p><b>Threads.</b> A system's ticks are written by the thread that runs the schedule before and
 * after each run and read by the thread that runs the system; the executor's hand-off publishes them.
 */
public final class SystemTicks {
    public static final int WORLD_WRITER = 0;
    public static final int WORLD_READER = 1;
    public static final int FIRST_SYSTEM = 2;

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
    /** True from {@link #fresh} until the first {@link #end()}: its {@code lastRun} only says "long ago". */
    private volatile boolean neverRan;

    /**
     * A reader or writer whose previous run is {@code lastRun}. A new system starts with
     * {@code lastRun = now - MAX_AGE}, so on its first run everything that exists counts as added, as
     * in Bevy.
     */
    public SystemTicks(int id, String name, int lastRun) {
        this.id = id;
        this.name = name;
        this.thisRun = lastRun;
        this.lastRun = lastRun;
    }

    /** Ticks for a system that has never run, in a world whose current tick is {@code now}. */
    public static SystemTicks fresh(int id, String name, int now) {
        SystemTicks t = new SystemTicks(id, name, (int) (now - Ticks.MAX_AGE));
        t.neverRan = true;
        return t;
    }

    /**
     * True for ticks made by {@link #fresh} that have not finished a run yet: their previous run only
     * means "at least the maximum age ago", however many ticks have passed since they were made (a
     * strategy that clamps ticks must not let it wrap; see {@link GenerationTracker#runStarted}).
     */
    public boolean neverRan() {
        return neverRan;
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    /** The tick of the run in progress (or of the last run, between runs). */
    public int thisRun() {
        return thisRun;
    }

    /** The tick of the previous run; changes newer than this (and not this run's own) are news. */
    public int lastRun() {
        return lastRun;
    }

    /** Starts a run at {@code tick}. */
    public void begin(int tick) {
        this.thisRun = tick;
    }

    /** Ends the run: the next run sees changes newer than this run's tick. */
    public void end() {
        this.lastRun = thisRun;
        this.neverRan = false;
    }

    /** Moves {@code lastRun} (clamping old ticks, see {@link Ticks#clamp}). */
    public void setLastRun(int tick) {
        this.lastRun = tick;
    }

    @Override
    public String toString() {
        return name + "#" + id + "[last " + Integer.toUnsignedString(lastRun) + ", this " + Integer.toUnsignedString(thisRun) + "]";
    }
}
