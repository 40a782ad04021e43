package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The ecslab checkout the lab's own files live in (benchmark results, the JCStress and JMH jars, the race
 * catalogue, the shipped engine drivers, the default output folder {@code reports/out}), when there is one. Paths
 * the user types are not resolved against it: they mean what they mean in the directory the command was started in.
 *
 * <p>Contract: the {@code lab} script names its checkout ({@value #PROPERTY}); classes run from a build tree
 * ({@code reports/target/classes}, as in the tests) find the checkout above them; the executable jar
 * ({@code java -jar ecslab-lab.jar}) has no checkout unless {@value #PROPERTY} names one. Without a checkout the
 * default output folder is {@value #STANDALONE_OUT} in the working directory, and a command that needs the
 * checkout gets a {@link BadInputException} saying so (exit 2), never a path into nowhere.
 */
final class RepositoryRoot {
    /** Set by the {@code lab} script to the checkout it lives in. */
    static final String PROPERTY = "ecslab.home";
    /** The default output folder, in the working directory, of a lab without a checkout. */
    static final String STANDALONE_OUT = "ecslab-out";

    private RepositoryRoot() {
    }

    /**
     * The checkout: the {@value #PROPERTY} system property; else, when the lab's classes are a folder of a build
     * tree, the nearest parent of it that holds {@code jcstress-tests} and {@code reports}; else none.
     */
    static Optional<Path> checkout() {
        String home = System.getProperty(PROPERTY);
        if (home != null && !home.isBlank()) {
            return Optional.of(Path.of(home).toAbsolutePath().normalize());
        }
        Path classes = classesLocation();
        return classes == null || !Files.isDirectory(classes) ? Optional.empty() : Optional.ofNullable(checkoutAbove(classes));
    }

    /** The checkout, for code that cannot work without one (and the tests, which run inside it). */
    static Path find() {
        return required("lab", "its own files");
    }

    /**
     * The checkout; without one, a {@link BadInputException} naming {@code command}, what it needs from the checkout
     * and how to give it one.
     */
    static Path required(String command, String what) {
        return checkout().orElseThrow(() -> new BadInputException("no ecslab checkout", "", command + " needs "
                + what + " from a clone of ecslab, which the executable jar does not carry: run ./lab "
                + command.replaceFirst("^lab ?", "") + " in a clone (git clone the ecslab repository), or name"
                + " one with java -D" + PROPERTY + "=DIR -jar ecslab-lab.jar"));
    }

    /**
     * The default output folder (and below): {@code reports/out} in the checkout, or {@value #STANDALONE_OUT} in the
     * working directory without one.
     */
    static Path defaultOut(String... below) {
        Path base = checkout().map(root -> root.resolve(Path.of("reports", "out")))
                .orElseGet(() -> Path.of(STANDALONE_OUT).toAbsolutePath());
        return base.resolve(Path.of("", below));
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
