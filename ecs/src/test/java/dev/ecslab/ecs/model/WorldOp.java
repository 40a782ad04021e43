package dev.ecslab.ecs.model;

import dev.ecslab.ecs.query.Filter;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One step of a model-based test, as plain data so that jqwik can shrink a failing sequence and
 * print it. Entity handles are indices into the list of every id the world has ever handed out
 * (modulo its size), so stale ids are exercised as often as live ones.
 */
public sealed interface WorldOp {

    /** Component type names of a 5-bit mask over {@link Val#COMPONENTS}. */
    static String types(int mask) {
        return IntStream.range(0, Val.COMPONENTS.size()).filter(i -> (mask & (1 << i)) != 0)
                .mapToObj(i -> Val.COMPONENTS.get(i).getSimpleName()).collect(Collectors.joining(",", "{", "}"));
    }

    record Spawn(int mask, int value) implements WorldOp {
        @Override
        public String toString() {
            return "spawn" + types(mask) + "=" + value;
        }
    }

    record Despawn(int handle) implements WorldOp {
        @Override
        public String toString() {
            return "despawn(h" + handle + ")";
        }
    }

    record Insert(int handle, int mask, int value) implements WorldOp {
        @Override
        public String toString() {
            return "insert(h" + handle + ", " + types(mask) + "=" + value + ")";
        }
    }

    record Remove(int handle, int type) implements WorldOp {
        @Override
        public String toString() {
            return "remove(h" + handle + ", " + types(1 << type) + ")";
        }
    }

    record Get(int handle, int type) implements WorldOp {
        @Override
        public String toString() {
            return "get(h" + handle + ", " + types(1 << type) + ")";
        }
    }

    record InsertResource(int resource, int value) implements WorldOp {
        @Override
        public String toString() {
            return "insertResource(R" + (resource + 1) + "=" + value + ")";
        }
    }

    record RemoveResource(int resource) implements WorldOp {
        @Override
        public String toString() {
            return "removeResource(R" + (resource + 1) + ")";
        }
    }

    record MutateResource(int resource, int delta) implements WorldOp {
        @Override
        public String toString() {
            return "resourceMut(R" + (resource + 1) + ") += " + delta;
        }
    }

    /** Records the commands in one buffer, then applies it. */
    record Commands(List<Cmd> commands) implements WorldOp {
        @Override
        public String toString() {
            return "commands" + commands;
        }
    }

    /**
     * Builds a query with read terms {@code reads}, write terms {@code writes}, an optional entity
     * term and an optional filter, compares its rows with the model, then writes {@code delta} into
     * every write term through write handle {@code writeMode} (0 set, 1 update, 2 setIfChanged,
     * 3 getMut, 4 modify). {@code walk} picks forEach (0), an explicit cursor (1) or forEachChunk (2).
     */
    record RunQuery(int reads, int writes, boolean entityTerm, Filter filter, int writeMode, int delta,
            int walk) implements WorldOp {
        @Override
        public String toString() {
            return "query(read" + types(reads) + ", write" + types(writes) + (entityTerm ? ", entity" : "")
                    + (filter == null ? "" : ", " + filter) + ", mode" + writeMode + ", +" + delta
                    + ", " + (walk == 0 ? "forEach" : walk == 1 ? "cursor" : "chunks") + ")";
        }
    }

    /** Looks one entity up through a query: {@code contains} and {@code forEntity}. */
    record Lookup(int reads, Filter filter, int handle) implements WorldOp {
        @Override
        public String toString() {
            return "lookup(read" + types(reads) + (filter == null ? "" : ", " + filter) + ", h" + handle + ")";
        }
    }

    /**
     * Attempts structural change {@code kind} (0 spawn, 1 despawn, 2 insert, 3 remove, 4 apply
     * commands) inside a running iteration; it must be refused and change nothing.
     */
    record StructuralDuringIteration(int handle, int kind, boolean cursor) implements WorldOp {
        @Override
        public String toString() {
            return "structuralDuringIteration(h" + handle + ", kind" + kind + (cursor ? ", cursor" : "") + ")";
        }
    }

    /** One command of a {@link Commands} step. */
    sealed interface Cmd {
        record CSpawn(int mask, int value) implements Cmd {
            @Override
            public String toString() {
                return "spawn" + types(mask) + "=" + value;
            }
        }

        record CDespawn(int handle) implements Cmd {
            @Override
            public String toString() {
                return "despawn(h" + handle + ")";
            }
        }

        record CInsert(int handle, int mask, int value) implements Cmd {
            @Override
            public String toString() {
                return "insert(h" + handle + ", " + types(mask) + "=" + value + ")";
            }
        }

        record CRemove(int handle, int type) implements Cmd {
            @Override
            public String toString() {
                return "remove(h" + handle + ", " + types(1 << type) + ")";
            }
        }

        record CInsertResource(int resource, int value) implements Cmd {
            @Override
            public String toString() {
                return "insertResource(R" + (resource + 1) + "=" + value + ")";
            }
        }

        record CRemoveResource(int resource) implements Cmd {
            @Override
            public String toString() {
                return "removeResource(R" + (resource + 1) + ")";
            }
        }
    }
}
