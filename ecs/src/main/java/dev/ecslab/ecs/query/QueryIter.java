package dev.ecslab.ecs.query;

import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.Table;

/**
 * An explicit cursor over a query, for loops that need {@code break} or early return:
 *
 * <pre>{@code
 * try (QueryIter it = query.iter()) {
 *     while (it.next()) {
 *         Position p = it.get(pos);
 *     }
 * }
 * }</pre>
 *
 * <p>Structural changes are refused while the cursor is open; it closes itself when
 * {@link #next()} returns {@code false}, and {@link #close()} is idempotent, so use
 * try-with-resources whenever the loop may exit early.
 */
public final class QueryIter extends QueryRow implements AutoCloseable {
    private int unit;
    private int position;
    private int unitSize;
    private int[] tableRows;
    private int[] entityIndices;
    private boolean open;
    /** Per entity index, the number of the last change walk that visited it (deduplicates candidates). */
    private int[] visited = new int[0];
    int visitStamp;

    QueryIter(Query query) {
        super(query);
    }

    /** The most rows a change walk lists before it visits them: enough to overlap their misses, 4 KB. */
    static final int LISTED_BATCH = 1024;
    /** Rows a change walk listed in the current table, before it visits them ({@link #listRow}); made on first use. */
    private int[] listedRows;
    private int listedCount;

    void clearListedRows() {
        if (listedRows == null) {
            listedRows = new int[LISTED_BATCH];
        }
        listedCount = 0;
    }

    /** Appends {@code row} to the rows listed; true when the batch is full and must be visited. */
    boolean listRow(int row) {
        listedRows[listedCount++] = row;
        return listedCount == LISTED_BATCH;
    }

    int listedCount() {
        return listedCount;
    }

    int[] listedRows() {
        return listedRows;
    }

    /** The visit stamps, grown to cover {@code slots} entity indices. */
    int[] visited(int slots) {
        if (visited.length < slots) {
            visited = java.util.Arrays.copyOf(visited, Math.max(slots, visited.length * 2));
        }
        return visited;
    }

    void start() {
        open = true;
        unit = -1;
        position = 0;
        unitSize = 0;
    }

    /** Advances to the next matching entity; returns {@code false} (and closes) at the end. */
    public boolean next() {
        if (!open) {
            return false;
        }
        while (true) {
            while (++position >= unitSize) {
                if (!enterNextUnit()) {
                    close();
                    return false;
                }
            }
            if (walkingTables) {
                row = position;
            } else {
                row = tableRows[position];
                entityIndex = entityIndices[position];
            }
            if (passesChanges()) {
                return true;
            }
        }
    }

    private boolean enterNextUnit() {
        Query q = query;
        while (++unit < q.unitCount()) {
            if (q.walksTables()) {
                Table t = q.tableAt(unit);
                if (t.size() > 0) {
                    enterTable(t);
                    unitSize = t.size();
                    position = -1;
                    return true;
                }
            } else {
                Archetype a = q.archetypeAt(unit);
                if (a.size() > 0) {
                    enterArchetype(a);
                    unitSize = a.size();
                    tableRows = a.tableRows();
                    entityIndices = a.entityIndices();
                    position = -1;
                    return true;
                }
            }
        }
        return false;
    }

    /** Ends the iteration: structural changes are allowed again. Idempotent. */
    @Override
    public void close() {
        if (open) {
            open = false;
            query.release(this);
        }
    }
}
