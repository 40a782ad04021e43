package dev.ecslab.ecs.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.StrategyJar;
import dev.ecslab.ecs.executor.ExecutorJar;
import dev.ecslab.ecs.executor.ExecutorProvider;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plug-in jar's id is printed in every report, so an id that could forge a line is refused when the jar is loaded. */
class PluginIdTest {
    @Test
    void aStrategyIdWithALineBreakIsRefusedNamingTheClassAndItsJar(@TempDir Path dir) throws Exception {
        Path jar = StrategyJar.build(dir.resolve("evil"), "EvilStrategy", "evil\\nFAIL generation");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            BadInputException e = catchThrowableOfType(BadInputException.class, () -> ChangeTrackerProvider.all(loader));
            assertThat(e.source()).contains("ext.EvilStrategy").contains("evil.jar");
            assertThat(e.problem()).startsWith("the change-tracking strategy's id: a name may not contain a line break");
            assertThat(e.getMessage()).doesNotContain("\n");
        }
    }

    @Test
    void anExecutorIdWithAnEscapeSequenceIsRefused(@TempDir Path dir) throws Exception {
        Path jar = ExecutorJar.reverse(dir.resolve("evil"), "EvilExecutor", "\\u001b[2Jreverse");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            BadInputException e = catchThrowableOfType(BadInputException.class, () -> ExecutorProvider.all(loader));
            assertThat(e.problem()).startsWith("the executor's id: a name may not contain an escape character (U+001B)");
        }
    }
}
