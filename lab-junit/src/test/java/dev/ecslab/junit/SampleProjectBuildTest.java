package dev.ecslab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample project built by Maven as an engine author builds it, outside this repository: copied to a temporary
 * folder, its {@code mvn test} resolves {@code dev.ecslab:lab-junit} from a local repository this test prepares (the
 * artifacts of this build: this module's classes and the jars or classes of the modules it depends on, each installed
 * under its own pom), and everything else (JUnit, the plug-ins, the lab's libraries) from the outer build's local
 * repository, mirrored as a {@code file://} repository: no network, nothing installed into the user's repository.
 *
 * <p>{@code mvn test} fails, on the strategy that drops removals, with the replay command in its output; with only the
 * correct strategy's test it passes. The two Maven builds take about 20 s on 2 cores when the outer repository is
 * warm (each starts Maven, resolves, compiles and forks Surefire), more than the default build's headroom, so this
 * runs in the long profile ({@code mvn verify -Plong}); {@link SampleProjectTest} checks the same behaviour in-process
 * in the default build, and also runs the printed replay command.
 */
@Tag("long")
class SampleProjectBuildTest {
    private static final List<String> MODULES = List.of("ecs", "lab-scenarios", "engines", "reports", "lab-junit");

    @Test
    void mvnTestFailsOnTheBrokenStrategyWithTheReplayCommandAndPassesOnTheCorrectOne(@TempDir Path dir)
            throws IOException, InterruptedException {
        String version = System.getProperty("ecslab.version");
        String outer = System.getProperty("ecslab.outerRepository");
        assertThat(version).as("the build passes ecslab.version to the tests").isNotBlank();
        assertThat(outer).as("the build passes ecslab.outerRepository to the tests").isNotBlank();
        Path project = copy(SampleProjectTest.sampleProject(), dir.resolve("project"));
        Path repository = prepareRepository(dir.resolve("repository"), version);
        Path settings = dir.resolve("settings.xml");
        Files.writeString(settings, """
                <settings>
                  <mirrors>
                    <mirror>
                      <id>outer-build</id>
                      <mirrorOf>*</mirrorOf>
                      <url>%s</url>
                    </mirror>
                  </mirrors>
                </settings>
                """.formatted(Path.of(outer).toUri()));

        long start = System.nanoTime();
        Build all = mvn(project, settings, repository, dir.resolve("all.log"));
        assertThat(all.code).as("mvn test with the broken strategy must fail:\n" + all.tail()).isNotZero();
        assertThat(all.log).contains("BrokenTrackerTest").contains("GateFailure")
                .contains("gate sample-drops-removals / serial: expected exact").contains("seed 11")
                .containsPattern("\\./lab replay \\S+/target/ecslab/gate/sample-drops-removals-serial/counterexamples/\\S+\\.json");
        Matcher replay = SampleProjectTest.JAVA_REPLAY.matcher(all.log);
        assertThat(replay.find()).as("java @ARGS replay FILE in the output").isTrue();
        assertThat(Path.of(replay.group(2))).isRegularFile();

        Build correct = mvn(project, settings, repository, dir.resolve("correct.log"), "-Dtest=CorrectTrackerTest");
        assertThat(correct.code).as("mvn test with the correct strategy only must pass:\n" + correct.tail()).isZero();
        assertThat(correct.log).contains("Tests run: 1, Failures: 0, Errors: 0");
        System.out.printf("SampleProjectBuildTest: two Maven builds of the sample project took %.1f s%n",
                (System.nanoTime() - start) / 1e9);
    }

    private record Build(int code, String log) {
        String tail() {
            List<String> lines = log.lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
        }
    }

    private static Build mvn(Path project, Path settings, Path repository, Path log, String... more)
            throws IOException, InterruptedException {
        String home = System.getProperty("ecslab.maven.home", "");
        Path mvn = Path.of(home, "bin", "mvn");
        List<String> command = new ArrayList<>(List.of(home.isBlank() || !Files.isExecutable(mvn) ? "mvn" : mvn.toString(),
                "-B", "-s", settings.toString(), "-Dmaven.repo.local=" + repository, "-f",
                project.resolve("pom.xml").toString(), "test"));
        command.addAll(List.of(more));
        Process p = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("the sample project's build did not end in 10 minutes; its log: " + log);
        }
        return new Build(p.exitValue(), Files.readString(log));
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path f : all.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }

    /**
     * A local repository with this build's artifacts installed as {@code mvn install} would lay them out: the parent
     * pom, and each module's pom with its jar, taken from this test's class path (a module's jar, or its class folder
     * packed into one).
     */
    private static Path prepareRepository(Path repository, String version) throws IOException {
        Path root = DocExamplesTest.repository();
        install(repository, "ecslab-parent", version, root.resolve("pom.xml"), null);
        for (String module : MODULES) {
            install(repository, module, version, root.resolve(module).resolve("pom.xml"), classPathEntry(root, module, version));
        }
        return repository;
    }

    private static void install(Path repository, String artifact, String version, Path pom, Path classes) throws IOException {
        Path dir = Files.createDirectories(repository.resolve("dev/ecslab").resolve(artifact).resolve(version));
        Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"));
        if (classes == null) {
            return;
        }
        Path jar = dir.resolve(artifact + "-" + version + ".jar");
        if (Files.isRegularFile(classes)) {
            Files.copy(classes, jar);
            return;
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
                Stream<Path> all = Files.walk(classes)) {
            for (Path f : all.filter(Files::isRegularFile).sorted().toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        }
    }

    /** Where this test's class path has {@code module}'s main code: its class folder in this checkout, or its jar. */
    private static Path classPathEntry(Path root, String module, String version) {
        Path classes = root.resolve(module).resolve("target/classes").toAbsolutePath().normalize();
        for (String e : CompiledTests.classPath()) {
            Path p = Path.of(e).toAbsolutePath().normalize();
            if (p.equals(classes) || p.getFileName().toString().equals(module + "-" + version + ".jar")) {
                return p;
            }
        }
        throw new AssertionError("no class folder or jar of module " + module + " on the test class path "
                + CompiledTests.classPath());
    }
}
