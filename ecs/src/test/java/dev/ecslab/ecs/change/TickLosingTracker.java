package dev.ecslab.ecs.change;


/**
 * A deliberately broken tracker (a mutant): {@code generation} in every respect, except that when an
 * entity moves between archetypes it loses the change ticks of the components it keeps (and does not
 * re-log them), the bug of a strategy that keeps its ticks beside the table instead of in lanes that
 * travel with the row.
 */
final class TickLosingTracker extends ForwardingChangeTracker {
    TickLosingTracker() {
        super(new GenerationTracker());
    }

    @Override
    public void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] columns, int[] rows) {
        // The delegate's own bookkeeping still runs (its block summaries must cover the moved rows, or a
        // later query would index past them and the mutant would crash instead of answering wrongly).
        super.onMoved(entityIndex, fromArchetype, toArchetype, componentIds, columns, rows);
        for (int i = 0; i < columns.length; i++) {
            int old = (int) (columns[i].lane(GenerationTracker.ADDED, rows[i]) - Ticks.MAX_AGE);
            columns[i].setLane(GenerationTracker.ADDED, rows[i], old);
            columns[i].setLane(GenerationTracker.MUTATED, rows[i], old);
            columns[i].setLane(GenerationTracker.MUTATED_SINCE_ADDED, rows[i], 0);
        }
    }
}
