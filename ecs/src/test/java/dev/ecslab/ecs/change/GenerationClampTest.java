package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.storage.ObjectColumn;
import org.junit.jupiter.api.Test;

/**
 * Clamping keeps what lanes cannot rebuild. Removal ticks are clamped with every other tick (never
 * dropped, never left to wrap): a reader keeps seeing a removal until it has run once after it, and
 * a removal it has seen does not come back when the 32-bit clock laps it. Block summaries are
 * clamped too, so an old block does not look new again after the wrap (which would cost a look). The clock jumps
 * by {@link Ticks#CHECK_THRESHOLD} between checks, as a long-running world's would.
 */
class GenerationClampTest {
    record C() {
    }

    private final GenerationTracker tracker = new GenerationTracker();
    private final ObjectColumn column = new ObjectColumn(new ComponentInfo(0, C.class, "C", StorageKind.TABLE),
            tracker.laneCount(), 4);
    private final FakeTrackerHost host = new FakeTrackerHost(column);

    GenerationClampTest() {
        tracker.attach(host);
    }

    @Test
    void aRemovalSurvivesAClampAndNeverComesBackAcrossTheWrap() {
        RunTicks writer = new RunTicks(5, "remover", 0);
        RunTicks seenIt = new RunTicks(6, "seen-it", 0);
        RunTicks late = new RunTicks(7, "late", 0);
        tracker.onRunStarted(seenIt);
        tracker.onRunStarted(late);
        late.begin(1);                                    // late ran once, before the removal
        late.end();

        writer.begin(host.now = 2);
        tracker.onAdded(writer, 0, 0, column, 0);             // a component added once, never touched again
        tracker.onRemoved(writer, 0, new Entity(42, 0));
        tracker.onResourceRemoved(writer, 0);
        writer.end();

        seenIt.begin(host.now = 3);
        assertThat(tracker.removedSince(ChangeFlavor.DEFAULT, seenIt, 0)).containsExactly(new Entity(42, 0));
        assertThat(tracker.resourceRemovedSince(ChangeFlavor.DEFAULT, seenIt, 0)).isTrue();
        seenIt.end();

        host.now = 3 + Ticks.CHECK_THRESHOLD;                // the first check: nothing is old yet
        tracker.checkTicks();
        late.begin(host.now);
        assertThat(tracker.removedSince(ChangeFlavor.DEFAULT, late, 0)).as("kept through a clamping pass")
                .containsExactly(new Entity(42, 0));
        assertThat(tracker.resourceRemovedSince(ChangeFlavor.DEFAULT, late, 0)).isTrue();
        late.end();

        for (int lap = 2; lap <= 10; lap++) {              // 10 checks: more than 2^32 ticks go by
            host.now = (int) (3 + (long) lap * Ticks.CHECK_THRESHOLD);
            tracker.checkTicks();
            for (RunTicks reader : new RunTicks[] {seenIt, late}) {
                reader.begin(host.now);
                assertThat(tracker.removedSince(ChangeFlavor.DEFAULT, reader, 0)).as("%s after %d checks", reader.name(), lap)
                        .isEmpty();
                assertThat(tracker.resourceRemovedSince(ChangeFlavor.DEFAULT, reader, 0)).isFalse();
                long examined = tracker.rowsExamined();
                assertThat(tracker.candidates(ChangeKind.CHANGED, ChangeFlavor.DEFAULT, reader, 0, new int[] {0})).isEmpty();
                assertThat(tracker.rowsExamined() - examined).as("block summaries clamped too: the old block is not looked at")
                        .isZero();
                reader.end();
            }
        }
    }
}
