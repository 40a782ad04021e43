package dev.ecslab.lab.scenario;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;

/**
 * The lab's fixed palette of data: three components ({@code A} and {@code B} in tables, {@code S} in
 * a sparse set, so archetype moves and both storages are exercised) and two resources. Every value
 * is a mutable {@code int} cell with value equality, which is what {@code setIfChanged} compares.
 * A fixed palette keeps scenarios plain data (JSON names them {@code "A"}, {@code "R"}, ...).
 */
public enum Data {
    A(Values.A.class, false),
    B(Values.B.class, false),
    S(Values.S.class, false),
    R(Values.R.class, true),
    Q(Values.Q.class, true);

    private final Class<? extends Values.Cell> type;
    private final boolean resource;

    Data(Class<? extends Values.Cell> type, boolean resource) {
        this.type = type;
        this.resource = resource;
    }

    public Class<? extends Values.Cell> type() {
        return type;
    }

    public boolean isResource() {
        return resource;
    }

    /** A new value of this data. */
    public Values.Cell value(int v) {
        return switch (this) {
            case A -> new Values.A(v);
            case B -> new Values.B(v);
            case S -> new Values.S(v);
            case R -> new Values.R(v);
            case Q -> new Values.Q(v);
        };
    }

    /** The data a value belongs to. */
    public static Data of(Object value) {
        for (Data d : values()) {
            if (d.type == value.getClass()) {
                return d;
            }
        }
        throw new IllegalArgumentException("not lab data: " + value);
    }

    /** The value classes. Public so the world can construct and access them. */
    public static final class Values {
        private Values() {
        }

        /** A mutable int with value equality (same class, same int). */
        public abstract static class Cell {
            public int v;

            Cell(int v) {
                this.v = v;
            }

            @Override
            public final boolean equals(Object o) {
                return o != null && o.getClass() == getClass() && ((Cell) o).v == v;
            }

            @Override
            public final int hashCode() {
                return getClass().hashCode() * 31 + v;
            }

            @Override
            public final String toString() {
                return getClass().getSimpleName() + "(" + v + ")";
            }
        }

        public static final class A extends Cell {
            public A(int v) {
                super(v);
            }
        }

        public static final class B extends Cell {
            public B(int v) {
                super(v);
            }
        }

        @ComponentStorage(StorageKind.SPARSE_SET)
        public static final class S extends Cell {
            public S(int v) {
                super(v);
            }
        }

        public static final class R extends Cell {
            public R(int v) {
                super(v);
            }
        }

        public static final class Q extends Cell {
            public Q(int v) {
                super(v);
            }
        }
    }
}
