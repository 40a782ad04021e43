package dev.ecslab.lab.run;

/**
 * One configuration a scenario runs under: the strategy (with its flavor), the executor, and the
 * seed that drives the executor's choices (seeded topological orders, seeded delays). Two runs with
 * the same configuration and an unambiguous schedule give the same trace up to thread names.
 *
 * @param threads worker threads for the parallel executors
 */
public record LabConfig(TrackerSubject tracker, ExecutorSubject executor, long seed, int threads) {
    public LabConfig(TrackerSubject tracker, ExecutorSubject executor, long seed) {
        this(tracker, executor, seed, 3);
    }

    public LabConfig withSeed(long newSeed) {
        return new LabConfig(tracker, executor, newSeed, threads);
    }

    public String label() {
        return tracker.label() + " / " + executor.id() + " / seed " + seed;
    }
}
