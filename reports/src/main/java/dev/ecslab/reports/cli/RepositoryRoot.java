package dev.ecslab.reports.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The ecslab checkout the lab's own files live in (benchmark results, the JCStress and JMH jars, the default
 * output folder {@code reports/out}). Paths the user types are not resolved against it: they mean what
 * they mean in the directory the command was started in.
 */
final class RepositoryRoot {
    /** Set by the {@code lab} script to the checkout it lives in. */
    static final String PROPERTY = "ecslab.home";

    private RepositoryRoot() {
    }

    /**
     * The checkout: the {@value #PROPERTY} system property; else the nearest parent of the lab's own classes
     * that holds {@code jcstress-tests} and {@code reports}; else the same search from the working
     * directory; else the working directory.
     */
    static Path find() {
        String home = System.getProperty(PROPERTY);
        if (home != null && !home.isBlank()) {
            return Path.of(home).toAbsolutePath().normalize();
        }
        Path fromClasses = checkoutAbove(classesLocation());
        if (fromClasses != null) {
            return fromClasses;
        }
        Path here = Path.of("").toAbsolutePath();
        Path fromHere = checkoutAbove(here);
        return fromHere != null ? fromHere : here;
    }

    /** {@code reports/out} (and below) in the checkout: the default output folders. */
    static Path defaultOut(String... below) {
        return find().resolve(Path.of("reports", "out").resolve(Path.of("", below)));
    }

    private static Path classesLocation() {
        try {
            var source = RepositoryRoot.class.getProtectionDomain().getCodeSource();
            return source == null ? null : Path.of(source.getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static Path checkoutAbove(Path start) {
        for (Path d = start; d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("jcstress-tests")) && Files.isDirectory(d.resolve("reports"))) {
                return d;
            }
        }
        return null;
    }
}
