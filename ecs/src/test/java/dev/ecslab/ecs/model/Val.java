package dev.ecslab.ecs.model;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import java.util.List;

/**
 * The component and resource types of the model-based tests: mutable int holders, so that both
 * replacing writes ({@code set}, {@code update}) and in-place writes ({@code getMut},
 * {@code modify}) can be exercised. {@code A}, {@code B}, {@code C} are table-stored; {@code S} and
 * {@code T} are sparse-set stored, so every operation crosses both storage kinds.
 */
public abstract class Val {
    public int v;

    protected Val(int v) {
        this.v = v;
    }

    @Override
    public final boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((Val) o).v == v;
    }

    @Override
    public final int hashCode() {
        return getClass().hashCode() * 31 + v;
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "(" + v + ")";
    }

    public static final class A extends Val {
        public A(int v) {
            super(v);
        }
    }

    public static final class B extends Val {
        public B(int v) {
            super(v);
        }
    }

    public static final class C extends Val {
        public C(int v) {
            super(v);
        }
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    public static final class S extends Val {
        public S(int v) {
            super(v);
        }
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    public static final class T extends Val {
        public T(int v) {
            super(v);
        }
    }

    public static final class R1 extends Val {
        public R1(int v) {
            super(v);
        }
    }

    public static final class R2 extends Val {
        public R2(int v) {
            super(v);
        }
    }

    /** Component types by index 0..4. */
    public static final List<Class<? extends Val>> COMPONENTS = List.of(A.class, B.class, C.class, S.class, T.class);
    /** Resource types by index 0..1. */
    public static final List<Class<? extends Val>> RESOURCES = List.of(R1.class, R2.class);

    /** A new value of type {@code type} holding {@code v}. */
    public static Val make(Class<? extends Val> type, int v) {
        try {
            return type.getConstructor(int.class).newInstance(v);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
