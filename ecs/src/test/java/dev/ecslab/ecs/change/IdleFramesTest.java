package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.ClockJumps.A;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link WorldInternals#endIdleFrames}: a span of frames in which the schedule does not run, ended in one
 * event ({@link ChangeTracker#onIdleFramesEnded}). It must mean exactly that many frame ends: the SPI's
 * default makes them one by one, a decorator that ends frames itself hears each, and every built-in
 * strategy that answers in fewer steps answers afterwards as if each frame had ended (a variant that
 * ends one frame for the whole span is caught by the same comparison).
 */
class IdleFramesTest {
    /** A plain tracker written against the SPI: the default ends idle frames one by one. */
    static final class Plain implements ChangeTracker {
        long frameEnds;

        @Override public int laneCount() { return 0; }
        @Override public void onFrameEnded() { frameEnds++; }
        @Override public void onAdded(SystemTicks w, int c, int e, TrackedRows r, int row) { }
        @Override public void onMutated(SystemTicks w, int c, int e, TrackedRows r, int row) { }
        @Override public void onRemoved(SystemTicks w, int c, Entity e) { }
        @Override public boolean matches(ChangeKind k, ChangeFlavor f, SystemTicks r, int c, int e, TrackedRows col, int row) {
            return true;
        }
        @Override public List<Entity> removedSince(ChangeFlavor f, SystemTicks r, int c) { return List.of(); }
        @Override public void onResourceAdded(SystemTicks w, int r) { }
        @Override public void onResourceMutated(SystemTicks w, int r) { }
        @Override public void onResourceRemoved(SystemTicks w, int r) { }
        @Override public boolean resourceMatches(ChangeKind k, ChangeFlavor f, SystemTicks r, int id) { return true; }
        @Override public boolean resourceRemovedSince(ChangeFlavor f, SystemTicks r, int id) { return false; }
        @Override public long memoryBytes() { return 0; }
    }

    /** The delegate of a decorator: records the idle events it is given. */
    static final class Recording extends ForwardingChangeTracker {
        final List<Long> idle = new ArrayList<>();

        Recording() {
            super(new GenerationTracker());
        }

        @Override
        public void onIdleFramesEnded(long count) {
            idle.add(count);
            super.onIdleFramesEnded(count);
        }
    }

    @Test
    void theDefaultEndsEveryFrameOneByOne() {
        Plain plain = new Plain();
        World world = World.builder().changeTracking("plain", plain).build();
        WorldInternals.of(world).endIdleFrames(1_000);
        assertThat(plain.frameEnds).isEqualTo(1_000);
    }

    @Test
    void aDecoratorForwardsOneEventUnlessItEndsFramesItself() {
        Recording inner = new Recording();
        World passing = World.builder().changeTracking("passes", new ForwardingChangeTracker(inner) { }).build();
        WorldInternals.of(passing).endIdleFrames(1_000_000_000L);
        assertThat(inner.idle).as("one event, 10^9 frames: generation answers it in two steps").containsExactly(1_000_000_000L);

        Recording inner2 = new Recording();
        long[] own = {0};
        World counting = World.builder().changeTracking("counts", new ForwardingChangeTracker(inner2) {
            @Override
            public void onFrameEnded() {
                super.onFrameEnded();
                own[0]++;
            }
        }).build();
        WorldInternals.of(counting).endIdleFrames(500);
        assertThat(own[0]).as("a decorator that counts frames hears each").isEqualTo(500);
        assertThat(inner2.idle).isEmpty();
    }

    @Test
    void aSpanOfNoFramesIsRefusedAndSoIsOneDuringIteration() {
        World world = new World();
        assertThatThrownBy(() -> WorldInternals.of(world).endIdleFrames(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0");
        world.spawn(new A(1));
        QueryBuilder qb = world.query();
        qb.read(A.class);
        Query q = qb.build();
        assertThatThrownBy(() -> q.forEach(row -> WorldInternals.of(world).endIdleFrames(1)))
                .isInstanceOf(StructuralChangeException.class).hasMessageContaining("end idle frames");
    }

    @Test
    void everyBuiltInAnswersASpanAsThatManyFrameEnds() {
        for (String id : ChangeTrackerProvider.BUILT_IN) {
            for (int n : new int[] {1, 2, 3, 7}) {
                Supplier<ChangeTracker> make = () -> ChangeTrackerProvider.find(id).create();
                assertThat(answers(make, n, true)).as(id + ", " + n + " idle frames in one step")
                        .isEqualTo(answers(make, n, false));
            }
        }
    }

    @Test
    void aStrategyThatEndsOneFrameForTheWholeSpanIsCaught() {
        Supplier<ChangeTracker> oneForAll = () -> new ForwardingChangeTracker(new FlagTracker(FlagTracker.Mode.DOUBLE_BUFFER)) {
            @Override
            public void onIdleFramesEnded(long count) {
                delegate().onFrameEnded();
            }
        };
        assertThat(answers(oneForAll, 2, true)).isNotEqualTo(answers(oneForAll, 2, false));
    }

    /**
     * A reader runs, then the world adds, writes and removes; then {@code n} frames end (in one step, or as
     * {@code n} frame ends); then the reader runs again: what it is told, per change kind and for removals.
     */
    private static List<String> answers(Supplier<ChangeTracker> tracker, int n, boolean inOneStep) {
        World world = World.builder().changeTracking("under-test", tracker.get()).observeEverything().build();
        Entity kept = world.spawn(new A(0));
        Entity gone = world.spawn(new A(1));
        world.clearTrackers();
        RunTicks reader = WorldInternals.of(world).newSystemTicks("reader");
        reader.begin(WorldInternals.of(world).nextChangeTick());
        reader.end();
        world.getMut(kept, A.class);
        Entity added = world.spawn(new A(2));
        world.despawn(gone);
        if (inOneStep) {
            WorldInternals.of(world).endIdleFrames(n);
        } else {
            for (int i = 0; i < n; i++) {
                world.clearTrackers();
            }
        }
        reader.begin(WorldInternals.of(world).nextChangeTick());
        WorldView view = WorldInternals.of(world).view("reader", Access.world(), reader);
        List<String> out = new ArrayList<>();
        for (ChangeKind kind : ChangeKind.values()) {
            QueryBuilder qb = view.query();
            EntityTerm id = qb.entity();
            Query q = qb.changedAs(A.class, kind, ChangeFlavor.DEFAULT).build();
            List<Entity> got = new ArrayList<>();
            q.forEach(row -> got.add(row.get(id)));
            q.close();
            out.add(kind + " " + got);
        }
        out.add("removed " + view.removed(A.class, ChangeFlavor.DEFAULT));
        reader.end();
        out.add("(" + kept + ", " + added + ")");
        return out;
    }
}
