package dev.ecslab.ecs;

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
 * Test support, shared with the lab's and the reports' tests through the ecs test jar: builds a user's
 * plug-in jar at test time, as a user would ship one. One provider class, given as Java source in
 * package {@code ext}, is compiled with the JDK's compiler against ecslab's classes and packed with its
 * {@code META-INF/services} entry for the service interface.
 */
public final class ProviderJar {
    private ProviderJar() {
    }

    /**
     * Builds {@code dir.jar} (a sibling of {@code dir}, which holds the sources and classes) with the
     * class {@code ext.className} compiled from {@code source}, listed as a provider of {@code service}.
     */
    public static Path build(Path dir, Class<?> service, String className, String source) throws IOException {
        Path src = dir.resolve("src/ext/" + className + ".java");
        Path classes = dir.resolve("classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, source);
        String ecslabClasses = Path.of(location(service)).toString();
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
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + service.getName()));
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
