package dev.ecslab.lab.classify;



/** Where a fold takes its units from: computed in this process ({@link UnitRunner}), or read from shard files. */
interface UnitSource {
    /**
     * Called when the fold has passed the last unit of a block of a row it has not skipped; answers how many units
     * of the block it added there (summed passing runs of a shard).
     */
    default int blockEnd(int row, int block, Row target) {
        return 0;
    }

    /** Row {@code row}'s unit {@code unit}; {@code null} when this source does not hold it (another shard's). */
    UnitResult unit(int row, int unit) throws InterruptedException;

    /** Tracker {@code tracker}'s criterion 6, or {@code null} when it was not run (or is another shard's). */
    MemoryResult memory(int tracker);
}
