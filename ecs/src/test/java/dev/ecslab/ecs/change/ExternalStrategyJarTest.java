package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    private static void assertWorks(World world) {
        Entity e = world.spawn(new A(1));
        world.spawn(new A(2));
        world.clearTrackers();
        world.getMut(e, A.class);
        QueryBuilder qb = world.query();
        qb.changed(A.class);
        assertThat(qb.build().entities()).containsExactly(e);
    }

    private Path buildJar(String name, String className, String id) throws IOException {
        return StrategyJar.build(dir.resolve(name), className, id);
    }
}
