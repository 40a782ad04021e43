package dev.ecslab.lab.classify;



/** Where a fold takes its units from: computed in this process ({@link UnitRunner}). */
interface UnitSource {
    /** Row {@code row}'s unit {@code unit}; {@code null} when this source does not hold it (another shard's). */
    UnitResult unit(int row, int unit) throws InterruptedException;

    /** Tracker {@code tracker}'s criterion 6, or {@code null} when it was not run (or is another shard's). */
    MemoryResult memory(int tracker);
}
