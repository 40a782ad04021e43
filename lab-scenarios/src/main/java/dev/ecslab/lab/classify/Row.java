package dev.ecslab.lab.classify;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.EnumMap;
import java.util.Map;

/** One strategy (and flavor) under one executor: a cell per criterion, the claimed and measured class. */
public final class Row {
    private final TrackerSubject subject;
    private final String executor;
    private final Map<Criterion, Cell> cells = new EnumMap<>(Criterion.class);

    public Row(TrackerSubject subject, String executor) {
        this.subject = subject;
        this.executor = executor;
        for (Criterion c : Criterion.values()) {
            cells.put(c, new Cell(c));
        }
    }

    public TrackerSubject subject() {
        return subject;
    }

    public String strategy() {
        return subject.label();
    }

    public String executor() {
        return executor;
    }

    public Cell cell(Criterion c) {
        return cells.get(c);
    }

    /** {@code null} for a mutant, which claims nothing. */
    public ClaimedClass claimed() {
        return subject.claimed();
    }

    public MeasuredClass measured() {
        return MeasuredClass.of(cell(Criterion.AT_LEAST_ONCE).passes(), cell(Criterion.AT_MOST_ONCE).passes());
    }

    /** True when the measured class agrees with the claim (always false for a mutant). */
    public boolean agrees() {
        return claimed() != null && measured().agreesWith(claimed());
    }
}
