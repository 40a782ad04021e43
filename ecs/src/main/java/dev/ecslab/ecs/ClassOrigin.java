package dev.ecslab.ecs;

import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;

/**
 * Where a class was loaded from: the jar or class folder of its code source. Plug-ins (strategies and
 * executors found through {@code ServiceLoader}) are named by it in error messages, and the lab pins
 * replay files to the jar a plug-in came from.
 */
public final class ClassOrigin {
    private ClassOrigin() {
    }

    /** The jar file or class folder {@code type} was loaded from, or empty when the JVM does not say. */
    public static Optional<Path> of(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath().normalize());
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            return Optional.empty();
        }
    }

    /** The class's name and where it came from, for an error message: {@code ext.Mine (from /x/mine.jar)}. */
    public static String describe(Class<?> type) {
        return type.getName() + of(type).map(p -> " (from " + p + ")").orElse("");
    }
}
