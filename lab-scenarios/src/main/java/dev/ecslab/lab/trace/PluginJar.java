package dev.ecslab.lab.trace;

import dev.ecslab.ecs.ClassOrigin;
import dev.ecslab.ecs.executor.ExecutorProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * A plug-in jar a run actually used, as a trace records it: which role it played, its file name and
 * the SHA-256 of its bytes. A replay file carries these so that replaying it against another build of
 * the jar is refused rather than silently judging different code. Built-in strategies and executors,
 * and the lab's mutants, come from ecslab itself and have none.
 *
 * @param role   {@link #STRATEGY} or {@link #EXECUTOR}
 * @param file   the jar's file name (no directory: the same jar may live elsewhere at replay time)
 * @param sha256 the SHA-256 of the jar's bytes, lower-case hex
 */
public record PluginJar(String role, String file, String sha256) {
    /** The role of a jar that provided the change-tracking strategy. */
    public static final String STRATEGY = "strategy";
    /** The role of a jar that provided the executor. */
    public static final String EXECUTOR = "executor";
    /** The role of a jar that provided an engine under test ({@code --engine-jar}). */
    public static final String ENGINE = "engine";

    public PluginJar {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sha256, "sha256");
    }

    /** {@code reverse.jar (sha256 3f2a…)}, with the whole hash. */
    public String describe() {
        return file + " (sha256 " + sha256 + ")";
    }

    /**
     * The jar a provider class was loaded from, found through its code source; empty for a class of
     * ecslab itself (its code source is ecslab's own jar or class folder) and for a class that was not
     * loaded from a jar file.
     */
    public static Optional<PluginJar> of(String role, Class<?> providerType) {
        Optional<Path> jar = jarOf(providerType);
        if (jar.isEmpty() || jar.equals(jarOf(ExecutorProvider.class)) || jar.equals(jarOf(PluginJar.class))) {
            return Optional.empty();
        }
        return Optional.of(new PluginJar(role, jar.get().getFileName().toString(), sha256(jar.get())));
    }

    /** The jar file {@code type} was loaded from, if it was loaded from a jar file. */
    public static Optional<Path> jarOf(Class<?> type) {
        return ClassOrigin.of(type).filter(Files::isRegularFile);
    }

    /**
     * The SHA-256 of a file's bytes, lower-case hex.
     *
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    public static String sha256(Path file) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
