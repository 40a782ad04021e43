package dev.ecslab.reports.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The ecslab checkout the command runs in: the working directory or the nearest parent with the modules. */
final class RepositoryRoot {
    private RepositoryRoot() {
    }

    /** The nearest directory (the working one or a parent) that holds {@code jcstress-tests} and {@code reports}; else the working one. */
    static Path find() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("jcstress-tests")) && Files.isDirectory(d.resolve("reports"))) {
                return d;
            }
        }
        return dir;
    }
}
