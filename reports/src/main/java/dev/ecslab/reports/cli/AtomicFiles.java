package dev.ecslab.reports.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file under a temporary name and moves it into place, so a reader (or a run stopped with
 * Ctrl-C) never sees half a file: the old file or the new one, nothing in between.
 */
public final class AtomicFiles {
    /** The suffix of files being written; {@link Interrupts} removes leftovers. */
    static final String TMP = ".tmp";

    private AtomicFiles() {
    }

    public static void write(Path file, String text) {
        Path tmp = file.resolveSibling(file.getFileName() + TMP);
        try {
            Files.writeString(tmp, text);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the original failure is what matters
            }
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
