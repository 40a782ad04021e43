package dev.ecslab.reports.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Ctrl-C during a long command: the JVM runs this hook before exiting, which says the run was stopped
 * and removes the temporary files of an unfinished write under the output directory. Every report file
 * is written with {@link AtomicFiles}, so what remains is the previous complete report or none.
 */
final class Interrupts implements AutoCloseable {
    private final Thread hook;

    private Interrupts(Path dir) {
        this.hook = new Thread(() -> {
            System.err.println("\nlab: stopped; no partial report was left in " + (dir == null ? "place" : dir));
            if (dir != null && Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.filter(p -> p.getFileName().toString().endsWith(AtomicFiles.TMP)).forEach(p -> {
                        try {
                            Files.deleteIfExists(p);
                        } catch (IOException ignored) {
                            // best effort while the JVM exits
                        }
                    });
                } catch (IOException ignored) {
                    // best effort while the JVM exits
                }
            }
        }, "lab-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Arms the hook for a command writing under {@code dir}; close it when the command is done. */
    static Interrupts cleanUpOnCtrlC(Path dir) {
        return new Interrupts(dir);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // the JVM is already exiting: the hook runs
        }
    }
}
