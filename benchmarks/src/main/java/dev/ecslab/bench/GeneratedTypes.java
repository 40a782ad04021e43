package dev.ecslab.bench;

import java.util.List;

/**
 * Distinct component and resource classes for {@link ScheduleBuildBenchmark}: ecslab keys data by
 * class, so a schedule over 32 components and 8 resources needs 40 classes. Written out by a script
 * (one empty class each); nothing else depends on them.
 */
final class GeneratedTypes {
    private GeneratedTypes() {
    }

    static final class C0 {
    }

    static final class C1 {
    }

    static final class C2 {
    }

    static final class C3 {
    }

    static final class C4 {
    }

    static final class C5 {
    }

    static final class C6 {
    }

    static final class C7 {
    }

    static final class C8 {
    }

    static final class C9 {
    }

    static final class C10 {
    }

    static final class C11 {
    }

    static final class C12 {
    }

    static final class C13 {
    }

    static final class C14 {
    }

    static final class C15 {
    }

    static final class C16 {
    }

    static final class C17 {
    }

    static final class C18 {
    }

    static final class C19 {
    }

    static final class C20 {
    }

    static final class C21 {
    }

    static final class C22 {
    }

    static final class C23 {
    }

    static final class C24 {
    }

    static final class C25 {
    }

    static final class C26 {
    }

    static final class C27 {
    }

    static final class C28 {
    }

    static final class C29 {
    }

    static final class C30 {
    }

    static final class C31 {
    }

    static final class R0 {
    }

    static final class R1 {
    }

    static final class R2 {
    }

    static final class R3 {
    }

    static final class R4 {
    }

    static final class R5 {
    }

    static final class R6 {
    }

    static final class R7 {
    }

    private static final List<Class<?>> COMPONENTS = List.of(C0.class, C1.class, C2.class, C3.class, C4.class, C5.class, C6.class, C7.class, C8.class, C9.class, C10.class, C11.class, C12.class, C13.class, C14.class, C15.class, C16.class, C17.class, C18.class, C19.class, C20.class, C21.class, C22.class, C23.class, C24.class, C25.class, C26.class, C27.class, C28.class, C29.class, C30.class, C31.class);

    private static final List<Class<?>> RESOURCES = List.of(R0.class, R1.class, R2.class, R3.class, R4.class, R5.class, R6.class, R7.class);

    static Class<?> component(int i) {
        return COMPONENTS.get(i);
    }

    static Class<?> resource(int i) {
        return RESOURCES.get(i);
    }
}
