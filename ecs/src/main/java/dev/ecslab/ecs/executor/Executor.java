package dev.ecslab.ecs.executor;

/**
 * Runs one iteration of a compiled stage. Every executor consumes the same {@link StageRun} and must:
 * <ul>
 *   <li>run each active system exactly once, and complete each inactive one as a no-op, a system
 *       starting only after every predecessor in the stage's graph finished (soft dependencies);</li>
 *   <li>never run two systems whose accesses conflict at the same time;</li>
 *   <li>run exclusive systems alone, and main-thread and exclusive systems on the caller's thread;</li>
 *   <li>after a failure, start nothing more and return once every started system has finished, so no
 *       system is still running when it returns.</li>
 * </ul>
 * Executors differ only in how they choose among ready systems and how they use threads. Close an
 * executor to stop its threads.
 */
public interface Executor extends AutoCloseable {
    /** The id that selects this executor ({@code serial}, {@code staged}, {@code dynamic}, ...). */
    String id();

    /** Runs {@code run} to completion (or to the end of a failure), on the calling thread's behalf. */
    void execute(StageRun run);

    /**
     * True when this executor was created with an {@link ExecutionControl} ({@link ExecutorOptions#control()})
     * and follows its protocol, so that a run is a function of the control's decisions. An executor that
     * ignores the control returns false (the default), and a harness then cannot replay its interleavings.
     */
    default boolean controlled() {
        return false;
    }

    /** Stops worker threads; idempotent. */
    @Override
    default void close() {
    }
}
