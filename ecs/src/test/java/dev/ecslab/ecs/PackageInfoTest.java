package dev.ecslab.ecs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every package of the build's main code says what it is: a {@code package-info.java} whose Javadoc
 * states the package's role, as the README's layout names it. The test walks {@code src/main/java} of
 * every module the parent pom lists (from this module's folder, whose parent is the build's root), so
 * a package added anywhere without one fails here, named with its folder.
 */
class PackageInfoTest {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern DOCUMENTED_DECLARATION =
            Pattern.compile("(?s)/\\*\\*(.*?)\\*/\\s*package\\s+([\\w.]+)\\s*;");

    @Test
    void everyMainPackageOfEveryModuleHasAPackageInfoWithItsRole() throws IOException {
        Path build = Path.of("").toAbsolutePath().getParent();
        String parentPom = Files.readString(build.resolve("pom.xml"), StandardCharsets.UTF_8);
        List<String> problems = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        Matcher modules = MODULE.matcher(parentPom);
        while (modules.find()) {
            Path sources = build.resolve(modules.group(1).strip()).resolve("src/main/java");
            if (Files.isDirectory(sources)) {
                checked.add(modules.group(1).strip());
                problems.addAll(problems(sources));
            }
        }

        assertThat(checked).as("the modules with main code, from the parent pom")
                .contains("ecs", "lab-scenarios", "reports", "benchmarks", "jcstress-tests");
        assertThat(problems).as("main-code packages without a package-info.java that states their role").isEmpty();
    }

    @Test
    void aPackageWithoutAPackageInfoIsNamed(@TempDir Path sources) throws IOException {
        write(sources.resolve("dev/example/documented/package-info.java"),
                "/** Says what it is. */\npackage dev.example.documented;\n");
        write(sources.resolve("dev/example/documented/A.java"), "package dev.example.documented;\nclass A {}\n");
        write(sources.resolve("dev/example/bare/B.java"), "package dev.example.bare;\nclass B {}\n");
        write(sources.resolve("module-info.java"), "module example {}\n");

        assertThat(problems(sources)).containsExactly(
                "dev.example.bare (" + sources.resolve("dev/example/bare") + "): no package-info.java");
    }

    @Test
    void aPackageInfoWithoutJavadocOrForAnotherPackageIsNamed(@TempDir Path sources) throws IOException {
        write(sources.resolve("dev/example/plain/package-info.java"), "// not Javadoc\npackage dev.example.plain;\n");
        write(sources.resolve("dev/example/empty/package-info.java"), "/** */\npackage dev.example.empty;\n");
        write(sources.resolve("dev/example/moved/package-info.java"), "/** Moved. */\npackage dev.example.other;\n");

        assertThat(problems(sources)).containsExactlyInAnyOrder(
                "dev.example.empty: package-info.java has no Javadoc that states the package's role",
                "dev.example.moved: package-info.java declares package dev.example.other",
                "dev.example.plain: package-info.java has no Javadoc that states the package's role");
    }

    /** What is missing under one source root, a line per package, sorted by package. */
    static List<String> problems(Path sources) {
        List<String> out = new ArrayList<>();
        try (Stream<Path> folders = Files.walk(sources)) {
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                if (folder.equals(sources) || !holdsJava(folder)) {
                    continue;
                }
                String name = sources.relativize(folder).toString().replace(folder.getFileSystem().getSeparator(), ".");
                Path info = folder.resolve("package-info.java");
                if (!Files.isRegularFile(info)) {
                    out.add(name + " (" + folder + "): no package-info.java");
                    continue;
                }
                Matcher m = DOCUMENTED_DECLARATION.matcher(Files.readString(info, StandardCharsets.UTF_8));
                if (!m.find() || m.group(1).replace("*", "").isBlank()) {
                    out.add(name + ": package-info.java has no Javadoc that states the package's role");
                } else if (!m.group(2).equals(name)) {
                    out.add(name + ": package-info.java declares package " + m.group(2));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static boolean holdsJava(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".java"));
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
