package dev.ecslab.ecs.change;

/**
 * A probe: forwards everything to another tracker and counts what {@link #candidates} and
 * {@link #candidateRows} answered: how often a query could walk only the changes, how often it had
 * to scan, and how many candidates it was given. Lets tests check the cost claim without timing.
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

    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column,
            int rows, RowSink sink) {
        long[] given = {0};
        boolean narrowed = super.candidateRows(kind, flavor, reader, column, rows, row -> {
            given[0]++;
            sink.accept(row);
        });
        synchronized (this) {
            candidateCalls++;
            if (!narrowed) {
                scans++;
            }
            candidatesGiven += given[0];
        }
        return narrowed;
    }
}
