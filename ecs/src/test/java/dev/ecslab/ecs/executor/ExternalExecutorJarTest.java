package dev.ecslab.ecs.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's executor in a separate jar, built here at test time, is found by id through the class
 * loader it is given, listed beside the built-ins, and runs a schedule; unknown and clashing ids are
 * errors that say what is known and who clashes.
 */
class ExternalExecutorJarTest {
    @TempDir
    Path dir;

    private static URLClassLoader loaderOver(Path... jars) throws Exception {
        URL[] urls = new URL[jars.length];
        for (int i = 0; i < jars.length; i++) {
            urls[i] = jars[i].toUri().toURL();
        }
        return new URLClassLoader(urls, ExternalExecutorJarTest.class.getClassLoader());
    }

    /** Runs one frame of s0, s1, s2 (s0 before s2) and returns the order the systems ran in. */
    private static List<String> runOrder(Executor executor) {
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        Schedule schedule = Schedule.builder().stage("update",
                SystemDescriptor.builder("s0").access(AccessSpec.none()).before("s2").run(ctx -> ran.add("s0")).build(),
                SystemDescriptor.of("s1", AccessSpec.none(), ctx -> ran.add("s1")),
                SystemDescriptor.of("s2", AccessSpec.none(), ctx -> ran.add("s2"))).build();
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), schedule, executor)) {
            runner.runFrame();
        }
        return ran;
    }

    @Test
    void anExecutorInAJarIsFoundByIdThroughItsLoaderAndRuns() throws Exception {
        Path jar = ExecutorJar.reverse(dir.resolve("reverse"), "ReverseExecutor", "reverse");
        try (URLClassLoader loader = loaderOver(jar)) {
            assertThat(ExecutorProvider.knownIds(loader)).as("built-ins first, then the jar's")
                    .containsExactly("serial", "staged", "dynamic", "reverse");
            Executor reverse = ExecutorProvider.create("reverse", ExecutorOptions.defaults(), loader);
            assertThat(reverse.id()).isEqualTo("reverse");
            assertThat(ExecutorProvider.find("reverse", loader).getClass().getClassLoader()).isSameAs(loader);
            assertThat(runOrder(reverse)).as("highest ready index first, s0 still before s2")
                    .containsExactly("s1", "s0", "s2");
            assertThat(runOrder(ExecutorProvider.create("serial", ExecutorOptions.defaults(), loader)))
                    .containsExactly("s0", "s1", "s2");
        }
        assertThat(ExecutorProvider.knownIds()).as("the context class loader does not see the jar")
                .containsExactly("serial", "staged", "dynamic");
    }

    @Test
    void anUnknownIdNamesTheKnownIdsIncludingTheJars() throws Exception {
        Path jar = ExecutorJar.reverse(dir.resolve("reverse"), "ReverseExecutor", "reverse");
        try (URLClassLoader loader = loaderOver(jar)) {
            assertThatThrownBy(() -> ExecutorProvider.create("turbo", ExecutorOptions.defaults(), loader))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("no executor with id 'turbo'; known: serial, staged, dynamic, reverse");
        }
        assertThatThrownBy(() -> ExecutorProvider.create("reverse", ExecutorOptions.defaults()))
                .as("without the jar the id is unknown").isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no executor with id 'reverse'; known: serial, staged, dynamic");
    }

    @Test
    void twoExecutorsClaimingOneIdAreAnErrorNamingBoth() throws Exception {
        Path first = ExecutorJar.reverse(dir.resolve("first"), "ReverseExecutor", "reverse");
        Path second = ExecutorJar.ignoringConstraints(dir.resolve("second"), "OtherReverse", "reverse");
        try (URLClassLoader loader = loaderOver(first, second)) {
            assertThatThrownBy(() -> ExecutorProvider.create("reverse", ExecutorOptions.defaults(), loader))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("two executors claim the id 'reverse'")
                    .hasMessageContaining("ext.ReverseExecutor (from " + first + ")")
                    .hasMessageContaining("ext.OtherReverse (from " + second + ")");
            assertThatThrownBy(() -> ExecutorProvider.knownIds(loader)).isInstanceOf(IllegalStateException.class);
        }
        Path impostor = ExecutorJar.reverse(dir.resolve("impostor"), "Impostor", "serial");
        try (URLClassLoader loader = loaderOver(impostor)) {
            assertThatThrownBy(() -> ExecutorProvider.create("dynamic", ExecutorOptions.defaults(), loader))
                    .as("a jar may not take a built-in id, even when another id is asked for")
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("'serial'")
                    .hasMessageContaining(SerialExecutor.class.getName() + " (built in)")
                    .hasMessageContaining("ext.Impostor");
        }
    }
}
