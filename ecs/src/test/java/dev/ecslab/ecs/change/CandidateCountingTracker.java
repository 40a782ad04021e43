package dev.ecslab.ecs.change;

/**
 * A probe: forwards everything to another tracker and counts what {@link #candidates} answered: how
 * often a query could walk only the changes, how often it had to scan, and how many candidates it
 * was given. Lets tests check the cost claim without timing.
 */
final class CandidateCountingTracker extends ForwardingChangeTracker {
    int candidateCalls;
    int scans;
    long candidatesGiven;

    CandidateCountingTracker(ChangeTracker inner) {
        super(inner);
    }

    void reset() {
        candidateCalls = 0;
        scans = 0;
        candidatesGiven = 0;
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        int[] c = super.candidates(kind, flavor, reader, componentId, archetypeIds);
        synchronized (this) {
            candidateCalls++;
            if (c == null) {
                scans++;
            } else {
                candidatesGiven += c.length;
            }
        }
        return c;
    }
}
