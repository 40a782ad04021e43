package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.world.World;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
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

    private static final String PROVIDER = """
            package ext;

            import dev.ecslab.ecs.change.*;

            public final class %s implements ChangeTrackerProvider {
                public String id() { return "%s"; }
                public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                public String description() { return "a user's proposal: the generation counter, repackaged"; }
                public ChangeTracker create() { return new GenerationTracker(); }
            }
            """;

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

    /** Compiles one provider class against ecslab's classes and jars it with its service entry. */
    private Path buildJar(String name, String className, String id) throws IOException {
        Path src = dir.resolve(name + "/src/ext/" + className + ".java");
        Path classes = dir.resolve(name + "/classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, PROVIDER.formatted(className, id));
        String ecslabClasses = Path.of(toUri(ChangeTrackerProvider.class)).toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("the tests need a JDK, not a JRE").isNotNull();
        int status = javac.run(null, null, System.err, "--release", "17", "-classpath", ecslabClasses, "-d",
                classes.toString(), src.toString());
        assertThat(status).as("javac exit status").isZero();

        Path jar = dir.resolve(name + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + ChangeTrackerProvider.class.getName()));
            write(out, "ext." + className + "\n");
            out.closeEntry();
        }
        return jar;
    }

    private static java.net.URI toUri(Class<?> type) {
        try {
            return type.getProtectionDomain().getCodeSource().getLocation().toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
