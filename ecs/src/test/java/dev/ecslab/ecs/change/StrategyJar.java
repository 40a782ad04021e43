package dev.ecslab.ecs.change;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Test support, shared with the lab's tests through the ecs test jar: builds a user's strategy jar
 * at test time. One provider class (the generation counter under another id, claiming exact) is
 * compiled with the JDK's compiler against ecslab's classes and packed with its
 * {@code META-INF/services} entry, as a user would ship a proposal.
 */
public final class StrategyJar {
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

    private StrategyJar() {
    }

    /** Builds {@code dir.jar} holding provider {@code ext.className} with strategy id {@code id}. */
    public static Path build(Path dir, String className, String id) throws IOException {
        Path src = dir.resolve("src/ext/" + className + ".java");
        Path classes = dir.resolve("classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, PROVIDER.formatted(className, id));
        String ecslabClasses = Path.of(location(ChangeTrackerProvider.class)).toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("the tests need a JDK, not a JRE: no system Java compiler");
        }
        int status = javac.run(null, null, System.err, "--release", "17", "-classpath", ecslabClasses, "-d",
                classes.toString(), src.toString());
        if (status != 0) {
            throw new IllegalStateException("javac failed with status " + status);
        }
        Path jar = dir.resolveSibling(dir.getFileName() + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + ChangeTrackerProvider.class.getName()));
            out.write(("ext." + className + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    private static java.net.URI location(Class<?> type) {
        try {
            return type.getProtectionDomain().getCodeSource().getLocation().toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
