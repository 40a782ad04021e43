package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a file under a temporary name and moves it into place, so a reader (or a run stopped with
 * Ctrl-C) never sees half a file: the old file or the new one, nothing in between.
 *
 * <p>Contract: the temporary file gets a unique name beside the target ({@code .NAME.RANDOM.lab-tmp}),
 * created exclusively, so no file of the user's (an existing {@code NAME.tmp} included) is ever
 * overwritten or removed. Every temporary file this process has created and not yet moved or removed is
 * tracked, and {@link #removePending()} (what an interrupt runs) removes those and nothing else.
 */
public final class AtomicFiles {
    /** The suffix of this process's temporary files; only tracked ones are ever removed. */
    static final String TMP_SUFFIX = ".lab-tmp";

    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private AtomicFiles() {
    }

    /**
     * Writes {@code text} (UTF-8) to {@code file}, creating its folder if needed.
     *
     * @throws BadInputException naming the file and the problem when it cannot be written
     */
    public static void write(Path file, String text) {
        Path tmp = reserve(file);
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            publish(tmp, file);
        } catch (IOException e) {
            discard(tmp);
            throw new BadInputException(file.toAbsolutePath().toString(), "", "cannot write: " + FileProblem.words(e), e);
        }
    }

    /**
     * Creates an empty, uniquely named temporary file beside {@code file} (its folder is created if
     * needed) and tracks it until {@link #publish} or {@link #discard}.
     *
     * @throws BadInputException when the folder cannot be written
     */
    static Path reserve(Path file) {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        String inTheWay = FileProblem.fileInTheWay(dir);
        if (inTheWay != null) {
            throw new BadInputException(target.toString(), "", "its folder " + dir + " " + inTheWay);
        }
        try {
            Files.createDirectories(dir);
            while (true) {
                // created exclusively (never an existing file), with the umask's permissions like any other output
                Path tmp = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36)
                        + TMP_SUFFIX);
                try {
                    Files.createFile(tmp);
                } catch (java.nio.file.FileAlreadyExistsException taken) {
                    continue;
                }
                PENDING.add(tmp);
                return tmp;
            }
        } catch (IOException | SecurityException e) {
            String why = e instanceof IOException io ? FileProblem.words(io) : "permission denied";
            throw new BadInputException(target.toString(), "", "cannot write into " + dir + ": " + why, e);
        }
    }

    /** Moves a reserved temporary file onto {@code file}, replacing it in one step. */
    static void publish(Path tmp, Path file) throws IOException {
        try {
            Files.move(tmp, file.toAbsolutePath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            PENDING.remove(tmp);
        }
    }

    /** Removes a reserved temporary file that will not be published. */
    static void discard(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // the failure that made us discard it is what matters
        } finally {
            PENDING.remove(tmp);
        }
    }

    /**
     * Checks before any work that {@code file} can be written: its folder exists or can be created, a
     * file can be created there, and {@code file} is not a folder.
     *
     * @throws BadInputException naming the option, the file and the problem
     */
    static void checkWritable(Path file, String option) {
        Path target = file.toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw new BadInputException(target.toString(), option, "is a folder, not a file");
        }
        // the new file is moved into place, so it would replace a FIFO or a device (as root, /dev/null itself)
        if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                && !Files.isRegularFile(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                && !Files.isSymbolicLink(target)) {
            throw new BadInputException(target.toString(), option, "is not a regular file (a FIFO, device or socket):"
                    + " the file written is moved into place and would replace it; give a regular file's path");
        }
        Path tmp;
        try {
            tmp = reserve(target);
        } catch (BadInputException e) {
            throw new BadInputException(target.toString(), option, e.problem(), e);
        }
        discard(tmp);
    }

    /**
     * {@link #checkWritable}, and that {@code file} is neither a file of the report the same command writes into
     * {@code out} (its matrix, pages, replay files, manifest or lock: one would overwrite the other) nor one of the
     * command's {@code inputs}.
     *
     * @throws BadInputException naming the option, the file and the problem
     */
    static void checkWritable(Path file, String option, Path out, String outOption, java.util.List<Path> inputs) {
        Path target = file.toAbsolutePath().normalize();
        Path folder = out.toAbsolutePath().normalize();
        if (target.startsWith(folder) && StagedReport.isReportName(folder.relativize(target).toString().replace('\\', '/'))) {
            throw new BadInputException(target.toString(), option, "is a file of the report " + outOption + " " + folder
                    + " gets: one would overwrite the other; give " + option + " another name");
        }
        for (Path in : inputs) {
            if (sameFile(target, in)) {
                throw new BadInputException(target.toString(), option, "is an input of this command (" + in
                        + "): it would be overwritten; give " + option + " another name");
            }
        }
        checkWritable(file, option);                  // last: it creates the file's folder
    }

    /** Whether two paths name one existing file (through links too). */
    static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException | SecurityException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }

    /** Removes every temporary file this process created and has not moved into place (an interrupt's cleanup). */
    static void removePending() {
        for (Path tmp : Set.copyOf(PENDING)) {
            discard(tmp);
        }
    }

    /** How many temporary files are in flight (for tests). */
    static int pending() {
        return PENDING.size();
    }
}
