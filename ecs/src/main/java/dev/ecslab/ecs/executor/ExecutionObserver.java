package dev.ecslab.ecs.executor;

/**
 * Receives what a schedule run does, in happens-before order: frames, each system run's start and
 * finish (with its thread and a global sequence number), command applications and sync points. The
 * lab checks ordering, overlap and thread rules from these events.
 *
 * <p><b>Threads.</b> {@link #systemStarted} and {@link #systemFinished} are called on the thread
 * that runs the system, concurrently for systems that run in parallel; the other methods are called
 * on the thread that runs the schedule. Implementations must be thread-safe.
 *
 * <p><b>Cost.</b> With no observer attached the runner makes no calls and takes no sequence numbers.
 */
public interface ExecutionObserver {
    default void frameStarted(long frame) {
    }

    default void systemStarted(SystemEvent event) {
    }

    default void systemFinished(SystemEvent event) {
    }

    /**
     * The commands of {@code system}'s buffer were applied at a sync point ({@code count} commands).
     *
     * @param sequence the event's sequence number
     */
    default void commandsApplied(long sequence, long frame, String stage, int iteration, String system, int count) {
    }

    /**
     * A sync point: the end of a stage iteration ({@code explicitSystem} is {@code null}), or an
     * explicit sync-point system.
     */
    default void syncPoint(long sequence, long frame, String stage, int iteration, String explicitSystem) {
    }

    default void frameFinished(long frame) {
    }
}
