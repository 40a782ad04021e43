package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.world.World;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own strategy in a separate jar, built here at test time (compiled with the JDK's compiler
 * against ecslab's classes and packed with its {@code META-INF/services} entry), is found by id
 * through {@link java.util.ServiceLoader} exactly like the built-in ones, and a world runs on it.
 */
class ExternalStrategyJarTest {
    record A(int v) {
    }

    record R(int v) {
    }

    @TempDir
    Path dir;

    @Test
    void aStrategyInAnExternalJarIsFoundByIdAndRuns() throws Exception {
        Path jar = buildJar("external", "MyProposal", "my-proposal");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            List<String> ids = new ArrayList<>();
            ChangeTrackerProvider.all(loader).forEach(p -> ids.add(p.id()));
            List<String> expected = new ArrayList<>(ChangeTrackerProvider.BUILT_IN);
            expected.add("my-proposal");
            assertThat(ids).as("built-ins first, in proposal order, then the user's").isEqualTo(expected);

            ChangeTrackerProvider mine = ChangeTrackerProvider.find("my-proposal", loader);
            assertThat(mine.getClass().getName()).isEqualTo("ext.MyProposal");
            assertThat(mine.getClass().getClassLoader()).isSameAs(loader);
            assertThat(mine.claimedClass(ChangeFlavor.DEFAULT)).isEqualTo(ClaimedClass.EXACT);
            assertWorks(World.builder().changeTracking(mine).build());

            // The usual route: the jar on the (context) class path, the strategy chosen by id alone.
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(loader);
            try {
                assertWorks(World.builder().changeTracking("my-proposal").build());
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
        }
        assertThatThrownBy(() -> World.builder().changeTracking("my-proposal").build())
                .as("without the jar the id is unknown").isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'my-proposal'").hasMessageContaining("generation");
    }

    @Test
    void twoStrategiesClaimingOneIdAreAnErrorNamingBoth() throws Exception {
        Path jar = buildJar("clash", "Impostor", "generation");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            assertThatThrownBy(() -> ChangeTrackerProvider.all(loader)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("'generation'").hasMessageContaining("ext.Impostor")
                    .hasMessageContaining(BuiltInChangeTrackers.Generation.class.getName());
        }
    }

    /**
     * A whole strategy written against the SPI alone, as a user would in their own jar: ticks in
     * three lanes per row, resources and removals in maps. It clamps nothing and keeps every removal:
     * an illustration of the SPI, not a proposal (the lab would find it unbounded).
     */
    static final String FROM_SCRATCH = """
            package ext;

            import dev.ecslab.ecs.change.*;
            import dev.ecslab.ecs.entity.Entity;
            import java.util.*;

            /** Lanes per row: 0 the added tick, 1 the mutated tick, 2 whether mutated since added. */
            public final class Ticked implements ChangeTrackerProvider, ChangeTracker {
                final Map<Integer, int[]> resources = new HashMap<>();   // {added, mutated, removed, 0 gone/1 added/2 mutated}
                final Map<Integer, List<Object[]>> removals = new HashMap<>();   // component -> {entity, tick}
                public String id() { return "ticked"; }
                public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                public String description() { return "ticks per row, written against the SPI alone"; }
                public ChangeTracker create() { return new Ticked(); }
                public int laneCount() { return 3; }
                static boolean news(int tick, SystemTicks r) { return Ticks.isNewer(tick, r.lastRun(), r.thisRun()); }
                public void onAdded(SystemTicks w, int c, int e, TrackedRows rows, int row) {
                    rows.setLane(0, row, w.thisRun()); rows.setLane(1, row, w.thisRun()); rows.setLane(2, row, 0); }
                public void onMutated(SystemTicks w, int c, int e, TrackedRows rows, int row) {
                    rows.setLane(1, row, w.thisRun()); rows.setLane(2, row, 1); }
                public boolean matches(ChangeKind k, ChangeFlavor f, SystemTicks r, int c, int e, TrackedRows rows, int row) {
                    return k.holds(news(rows.lane(0, row), r), rows.lane(2, row) == 1 && news(rows.lane(1, row), r)); }
                public synchronized void onRemoved(SystemTicks w, int c, Entity e) {
                    removals.computeIfAbsent(c, k -> new ArrayList<>()).add(new Object[] {e, w.thisRun()}); }
                public synchronized List<Entity> removedSince(ChangeFlavor f, SystemTicks r, int c) {
                    return removals.getOrDefault(c, List.of()).stream().filter(x -> news((int) x[1], r)).map(x -> (Entity) x[0]).toList(); }
                public synchronized void onResourceAdded(SystemTicks w, int id) { resources.put(id, new int[] {w.thisRun(), 0, 0, 1}); }
                public synchronized void onResourceMutated(SystemTicks w, int id) { int[] t = resources.get(id); t[1] = w.thisRun(); t[3] = 2; }
                public synchronized void onResourceRemoved(SystemTicks w, int id) { resources.put(id, new int[] {0, 0, w.thisRun(), 0}); }
                public synchronized boolean resourceMatches(ChangeKind k, ChangeFlavor f, SystemTicks r, int id) {
                    int[] t = resources.get(id); return t != null && t[3] > 0 && k.holds(news(t[0], r), t[3] == 2 && news(t[1], r)); }
                public synchronized boolean resourceRemovedSince(ChangeFlavor f, SystemTicks r, int id) {
                    int[] t = resources.get(id); return t != null && t[3] == 0 && news(t[2], r); }
                public long memoryBytes() { return 0; }
            }
            """;


    @Test
    void aStrategyWrittenAgainstTheSpiAloneFitsInUnder40LinesAndRuns() throws Exception {
        assertThat(FROM_SCRATCH.lines().count()).as("the whole strategy, provider included").isLessThan(40);
        assertThat(FROM_SCRATCH).doesNotContain("dev.ecslab.ecs.storage").doesNotContain("GenerationTracker")
                .doesNotContain("internal");
        Path jar = ProviderJar.build(dir.resolve("scratch"), ChangeTrackerProvider.class, "Ticked", FROM_SCRATCH);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            World world = World.builder().changeTracking(ChangeTrackerProvider.find("ticked", loader)).build();
            assertWorks(world);
            Entity gone = world.spawn(new A(3));
            world.insertResource(new R(1));
            world.clearTrackers();
            world.despawn(gone);
            world.getResourceMutOrThrow(R.class);
            assertThat(world.removed(A.class)).containsExactly(gone);
            assertThat(world.resourceChangedAs(R.class, ChangeKind.MUTATED)).isTrue();
        }
    }

    private static void assertWorks(World world) {
        QueryBuilder qb = world.query();
        qb.changed(A.class);
        dev.ecslab.ecs.query.Query observer = qb.build();      // observes A from the start, as an engine's system would
        Entity e = world.spawn(new A(1));
        world.spawn(new A(2));
        world.clearTrackers();
        world.getMut(e, A.class);
        assertThat(observer.entities()).containsExactly(e);
    }

    private Path buildJar(String name, String className, String id) throws IOException {
        return StrategyJar.build(dir.resolve(name), className, id);
    }
}
