package dev.ecslab.lab.explore;

/**
 * A replayed schedule that this run cannot follow: at decision {@code index} the recorded choice does
 * not fit what the run offers (another number of options, a system that is not waiting), or the record
 * ended early. The code under test (or the scenario) no longer behaves as it did when the schedule was
 * recorded; the message says where, in words.
 */
public final class ScheduleDivergedException extends RuntimeException {
    private final int index;

    public ScheduleDivergedException(int index, String message) {
        super(message);
        this.index = index;
    }

    /** The decision (0-based, counting only decisions with more than one option) where the run diverged. */
    public int index() {
        return index;
    }
}
