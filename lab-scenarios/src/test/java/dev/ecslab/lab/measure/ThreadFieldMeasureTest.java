package dev.ecslab.lab.measure;

import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.TrackerSubject;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.criteria.MemoryBound;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.vm.VirtualMachine;

/**
 * A tracker that holds a {@link Thread} is measured quietly and correctly: sizing a {@code Thread}
 * through JOL's {@code ClassLayout} printed "Error while accessing @Contended value" (its fields carry
 * the JDK's own {@code @Contended}, whose group JOL cannot read) above the gate's verdict.
 */
class ThreadFieldMeasureTest {
    static final TreeSet<Integer> FRAMES = new TreeSet<>(List.of(1, 10, 20));

    /** {@code generation}, plus a thread it never starts. */
    static final class HoldsAThread extends ForwardingChangeTracker {
        private final Thread thread = new Thread(() -> { }, "held-by-a-tracker");

        HoldsAThread() {
            super(new GenerationTracker());
        }
    }

    /** {@code generation}, plus a field that holds nothing: the same shape without the thread. */
    static final class HoldsNothing extends ForwardingChangeTracker {
        private final Object nothing = null;

        HoldsNothing() {
            super(new GenerationTracker());
        }
    }

    static RetainedHeap.Measurement measure(String id, Supplier<ChangeTracker> factory) {
        return RetainedHeap.measure(MemoryBound.scenario(20), new LabConfig(
                new TrackerSubject(id, ChangeFlavor.DEFAULT, null, id, factory),
                new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0), FRAMES);
    }

    @Test
    void aTrackerHoldingAThreadIsMeasuredWithoutAnythingPrinted() throws Exception {
        // JOL prints its @Contended error once per JVM: forget that it did, so this test sees it whatever ran before.
        Field shown = Class.forName("org.openjdk.jol.vm.ContendedSupport").getDeclaredField("shown");
        shown.setAccessible(true);
        shown.setBoolean(null, false);
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        RetainedHeap.Measurement m;
        System.setOut(capture);
        System.setErr(capture);
        try {
            m = measure("test:holds-a-thread", HoldsAThread::new);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String printed = captured.toString(StandardCharsets.UTF_8);
        assertThat(printed).as("what the measure printed on standard output or error").doesNotContain("@Contended")
                .doesNotContain("Error");
        assertThat(m.problem()).isNull();
        assertThat(m.trackingBytes()).containsOnlyKeys(FRAMES);
    }

    @Test
    void theThreadCountsItsOwnObjectAndNothingItReaches() {
        RetainedHeap.Measurement with = measure("test:holds-a-thread", HoldsAThread::new);
        RetainedHeap.Measurement without = measure("test:holds-nothing", HoldsNothing::new);
        long thread = RetainedHeap.instanceSize(RetainedHeap.jolVm(), Thread.class);
        assertThat(thread).as("a Thread's own object").isGreaterThan(RetainedHeap.jolVm().objectHeaderSize());
        for (int n : FRAMES) {
            assertThat(with.trackingBytes().get(n) - without.trackingBytes().get(n))
                    .as("after %d frames: the thread's own object, not its name, group or context", n)
                    .isEqualTo(thread);
        }
    }

    @Test
    void theInstanceSizeIsJolsLayoutSize() {
        VirtualMachine vm = RetainedHeap.jolVm();
        for (Class<?> c : List.of(Object.class, Integer.class, Long.class, String.class, ArrayList.class, HashMap.class,
                GenerationTracker.class, HoldsNothing.class, RetainedHeap.Measurement.class, MemoryBound.Sample.class)) {
            assertThat(RetainedHeap.instanceSize(vm, c)).as(c.getName()).isEqualTo(ClassLayout.parseClass(c).instanceSize());
        }
    }
}
