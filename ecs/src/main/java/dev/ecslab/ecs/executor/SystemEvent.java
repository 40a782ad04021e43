package dev.ecslab.ecs.executor;

/**
 * One system run starting or finishing, as an {@link ExecutionObserver} receives it.
 *
 * @param sequence    a global sequence number: every observed event gets the next one, so the order
 *                    of sequence numbers is consistent with happens-before (a finish that
 *                    happens-before a start has a smaller number)
 * @param tick        the change tick of this run
 * @param lastRunTick the change tick of the system's previous run (what it compares changes with)
 * @param failure     the exception the system threw, on a finish event; {@code null} otherwise
 */
public record SystemEvent(long sequence, long frame, String stage, int iteration, String system, int systemIndex,
        String thread, int tick, int lastRunTick, Throwable failure) {
    public boolean failed() {
        return failure != null;
    }
}
