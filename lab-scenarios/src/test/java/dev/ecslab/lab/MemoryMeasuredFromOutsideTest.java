package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.measure.MemoryRun;
import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.measure.RetainedHeap;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Criterion 6 judges the heap measured from outside the tracker, not the tracker's own
 * {@code memoryBytes()}: a leak that is not reported fails, a bounded tracker that lies about its
 * size passes, and the lie is a finding. Prints the figures and the time each measurement takes.
 */
class MemoryMeasuredFromOutsideTest {
    static final ClassLoader LOADER = MemoryMeasuredFromOutsideTest.class.getClassLoader();
    static final long GIB = 1L << 30;

    static MemoryBound.Result measure(TrackerSubject subject) {
        long start = System.nanoTime();
        MemoryBound.Result r = MemoryRun.measure(subject);
        System.out.printf("MemoryMeasuredFromOutsideTest: %s took %.1f s: %s%n", subject.label(),
                (System.nanoTime() - start) / 1e9, r.describe());
        return r;
    }

    static TrackerSubject mutant(String id) {
        return Mutants.trackers().stream().filter(m -> m.subject().id().equals(id)).findFirst().orElseThrow().subject();
    }

    static TrackerSubject subject(String id, Supplier<ChangeTracker> factory) {
        return new TrackerSubject(id, ChangeFlavor.DEFAULT, null, id, factory);
    }

    /** {@code generation}, bounded, that claims one GiB. */
    static final class ClaimsOneGib extends ForwardingChangeTracker {
        ClaimsOneGib() {
            super(new GenerationTracker());
        }

        @Override
        public long memoryBytes() {
            return GIB;
        }
    }

    /** {@code generation} that keeps every removed entity and claims to hold nothing. */
    static final class LeaksAndClaimsNothing extends ForwardingChangeTracker {
        private final List<Entity> kept = new ArrayList<>();

        LeaksAndClaimsNothing() {
            super(new GenerationTracker());
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            super.onRemoved(writer, componentId, entity);
            kept.add(entity);
        }

        @Override
        public long memoryBytes() {
            return 0;
        }
    }

    /** {@code generation} that keeps every removed entity in a static list, and reports the delegate's bytes. */
    static final class LeaksIntoAStaticList extends ForwardingChangeTracker {
        static final List<Entity> KEPT = Collections.synchronizedList(new ArrayList<>());

        LeaksIntoAStaticList() {
            super(new GenerationTracker());
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            super.onRemoved(writer, componentId, entity);
            KEPT.add(entity);
        }
    }

    @Test
    void theBuiltInStrategiesStayBounded() {
        for (String id : List.of("generation", "system-data", "flags", "none")) {
            MemoryBound.Result r = measure(TrackerSubject.find(id, LOADER));
            assertThat(r.failure()).as(id + ": " + r.describe()).isNull();
            assertThat(r.latePeak()).as(id + ": late peak within the early peak plus the tolerance")
                    .isLessThanOrEqualTo(r.allowedLatePeak());
            assertThat(r.at(MemoryBound.FRAMES).measured()).as(id + ": tracking state after 10 000 frames")
                    .isPositive().isLessThan(64 * 1024);
            assertThat(r.disagreement()).as(id + ": its own figure is close enough to the measure").isNull();
        }
    }

    @Test
    void aLeakThatIsNotReportedFails() {
        MemoryBound.Result r = measure(mutant("mutant:leaks-silently"));
        assertThat(r.passes()).as(r.describe()).isFalse();
        assertThat(r.failure()).as("the reason names the growth").startsWith("the tracking state keeps growing");
        assertThat(r.latePeak()).as("one entity per frame kept: 5 000 more frames hold tens of KiB more")
                .isGreaterThan(r.allowedLatePeak() + 50_000);
        assertThat(r.at(MemoryBound.FRAMES).reported()).as("its own figure stays bounded (generation's)")
                .isLessThan(64 * 1024);
        assertThat(r.at(MemoryBound.FRAMES).measured()).as("while the measure sees every kept entity")
                .isGreaterThan(200_000);
        assertThat(r.disagreement()).as("and the gap is a finding").contains("after 10 000 frames it reports");
    }

    @Test
    void theLeakThatReportsItselfStillFails() {
        MemoryBound.Result r = measure(mutant("mutant:leaks-removals"));
        assertThat(r.failure()).as(r.describe()).startsWith("the tracking state keeps growing");
        assertThat(r.latePeak()).isGreaterThan(r.allowedLatePeak() + 50_000);
        assertThat(r.disagreement()).as("it reports its leak, so its figure agrees with the measure").isNull();
    }

    @Test
    void aBoundedTrackerThatClaimsOneGibPassesWithAFinding() {
        MemoryBound.Result r = measure(subject("test:claims-one-gib", ClaimsOneGib::new));
        assertThat(r.failure()).as(r.describe()).isNull();
        assertThat(r.at(MemoryBound.FRAMES).reported()).isEqualTo(GIB);
        assertThat(r.at(MemoryBound.FRAMES).measured()).as("the measure ignores the claim").isLessThan(64 * 1024);
        assertThat(r.disagreement()).as("the claim is a finding")
                .contains("it reports 1 073 741 824 bytes but").contains("were measured");
        assertThat(r.describe()).contains("the tracker reports 1073741824 / 1073741824 / 1073741824").contains("finding:");
    }

    @Test
    void aLeakThatClaimsNothingFails() {
        MemoryBound.Result r = measure(subject("test:leaks-claims-nothing", LeaksAndClaimsNothing::new));
        assertThat(r.failure()).as(r.describe()).startsWith("the tracking state keeps growing");
        assertThat(r.at(MemoryBound.FRAMES).reported()).isZero();
        assertThat(r.at(MemoryBound.FRAMES).measured()).isGreaterThan(200_000);
        assertThat(r.disagreement()).contains("it reports 0 bytes but");
    }

    @Test
    void aLeakIntoAStaticFieldOfTheTrackersClassFails() {
        LeaksIntoAStaticList.KEPT.clear();
        MemoryBound.Result r = measure(subject("test:leaks-into-a-static-list", LeaksIntoAStaticList::new));
        LeaksIntoAStaticList.KEPT.clear();
        assertThat(r.failure()).as(r.describe()).startsWith("the tracking state keeps growing");
        assertThat(r.at(MemoryBound.FRAMES).measured()).isGreaterThan(200_000);
    }

    /**
     * A plug-in whose tracker keeps every removed entity in a static list of a helper class of its jar (not
     * the tracker's class or a superclass): the measure used to read only the tracker's class hierarchy,
     * so this leak passed criterion 6 and the gate as exact. It keeps one object per frame, as the other
     * leaks here do (it kept one per system run, three per frame, and the measure's thousands of walks over
     * them made it the slowest test of the module; the size of the leak is not what is tested).
     */
    @Test
    void aLeakIntoAStaticFieldOfAHelperClassOfAPluginJarFails(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path jar = dev.ecslab.ecs.ProviderJar.build(dir.resolve("LeaksIntoAHelper"),
                dev.ecslab.ecs.change.ChangeTrackerProvider.class, "LeaksIntoAHelper", """
                package ext;

                import dev.ecslab.ecs.change.*;
                import dev.ecslab.ecs.entity.Entity;
                import java.util.*;

                public final class LeaksIntoAHelper implements ChangeTrackerProvider {
                    public String id() { return "ext-leaks-into-a-helper"; }
                    public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                    public String description() { return "generation, and every removed entity kept in a helper's static list"; }
                    public ChangeTracker create() { return new Tracker(); }

                    static final class Store {
                        static final List<Entity> REMOVED = Collections.synchronizedList(new ArrayList<>());
                    }

                    static final class Tracker extends ForwardingChangeTracker {
                        Tracker() { super(new GenerationTracker()); }
                        @Override public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
                            super.onRemoved(writer, componentId, entity);
                            Store.REMOVED.add(entity);
                        }
                    }
                }
                """);
        try (dev.ecslab.lab.run.PluginJars jars = dev.ecslab.lab.run.PluginJars.open(List.of(jar), List.of())) {
            TrackerSubject s = TrackerSubject.find("ext-leaks-into-a-helper", jars.loader());
            MemoryBound.Result r = measure(s);
            assertThat(r.failure()).as(r.describe()).startsWith("the tracking state keeps growing");
            assertThat(r.at(MemoryBound.FRAMES).measured()).as("every kept entity is measured").isGreaterThan(200_000);
        }
    }

    @Test
    void theWorldReachesNoneOfTheLabsBookkeepingBetweenFrames() {
        TreeSet<Integer> frames = new TreeSet<>(List.of(1, 10, 50));
        RetainedHeap.Measurement m = RetainedHeap.measure(MemoryBound.scenario(50), new LabConfig(
                TrackerSubject.find("generation", LOADER), new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0),
                frames);
        assertThat(m.problem()).isNull();
        assertThat(m.trackingBytes()).containsOnlyKeys(frames);
        assertThat(m.labObjectsMet()).as("objects of the runner's bookkeeping met by the walks").isZero();
        System.out.println("MemoryMeasuredFromOutsideTest: JOL's start-up output, kept rather than printed: "
                + RetainedHeap.jolNotes().replace('\n', ' '));
    }
}
