package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The lock file {@value #NAME} of an output folder: one lab command at a time writes into a folder, so two
 * runs cannot mix their reports.
 *
 * <p>Contract: the lock is the operating system's lock on that file, so it ends with the process that
 * holds it, however that process ends; the file's text names the holder (process id, command, start
 * time) for the message a second run gets. A second run into the same folder fails with a
 * {@link BadInputException} naming the holder's process; a lock left by a process that is gone is taken
 * over with a note. The file itself is never deleted (deleting a lock file lets two runs lock two
 * different files); on release its text is emptied.
 */
final class RunLock implements AutoCloseable {
    /** The lock file's name in the output folder. */
    static final String NAME = ".lab-lock";
    private static final int MAX_TEXT = 4096;

    /**
     * The folders locked by this process, with the lock text: a second channel on a locked file must not be
     * opened and closed here, since closing any channel on a file may release every lock the process holds
     * on it (POSIX semantics).
     */
    private static final Map<Path, String> HELD = new ConcurrentHashMap<>();

    private final Path folder;
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(Path folder, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code dir} (created if needed) for {@code command}; {@code notes} gets one line if a gone
     * process's lock was taken over.
     *
     * @throws BadInputException when the folder cannot be created or written, or another run holds it
     */
    static RunLock acquire(Path dir, String option, String command, Consumer<String> notes) {
        Path folder = dir.toAbsolutePath().normalize();
        Path file = folder.resolve(NAME);
        String text = "pid " + ProcessHandle.current().pid() + "\ncommand " + command + "\nstarted "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS) + "\n";
        String inThisProcess = HELD.putIfAbsent(folder, text);
        if (inThisProcess != null) {
            throw busy(folder, option, inThisProcess);
        }
        FileChannel channel = null;
        boolean locked = false;
        try {
            String inTheWay = FileProblem.fileInTheWay(folder);
            if (inTheWay != null) {
                throw new BadInputException(folder.toString(), option, inTheWay);
            }
            Files.createDirectories(folder);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                lock = null;
            }
            if (lock == null) {
                String holder = read(channel);
                channel.close();
                throw busy(folder, option, holder);
            }
            String previous = read(channel);
            if (!previous.isBlank()) {
                notes.accept("took over the lock of " + folder + " from a lab command that ended without releasing it ("
                        + describe(previous) + ", no longer running)");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            locked = true;
            return new RunLock(folder, channel, lock);
        } catch (IOException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // the first failure is reported
                }
            }
            throw new BadInputException(folder.toString(), option, "cannot write into this folder: "
                    + FileProblem.words(e), e);
        } finally {
            if (!locked) {
                HELD.remove(folder, text);
            }
        }
    }

    private static BadInputException busy(Path folder, String option, String holderText) {
        return new BadInputException(folder.toString(), option, "another lab command is writing into this folder ("
                + describe(holderText) + "); wait for it to end, or choose another output folder");
    }

    private static String read(FileChannel channel) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(MAX_TEXT);
        channel.read(buf, 0);
        buf.flip();
        return StandardCharsets.UTF_8.decode(buf).toString();
    }

    /** "process 1234, lab run, started 2025-01-01T10:00:00Z" from the lock file's text. */
    static String describe(String text) {
        String pid = field(text, "pid");
        String command = field(text, "command");
        String started = field(text, "started");
        if (pid.isEmpty()) {
            return "a process that did not say which";
        }
        return "process " + pid + (command.isEmpty() ? "" : ", " + command) + (started.isEmpty() ? "" : ", started " + started);
    }

    private static String field(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + " ")) {
                return BadInputException.printable(line.substring(name.length() + 1).strip());
            }
        }
        return "";
    }

    /**
     * Empties the file's text but keeps the lock (the process is about to end: Ctrl-C), so the next run does
     * not take this for a run that died.
     */
    void ending() {
        try {
            if (channel.isOpen()) {
                channel.truncate(0);
            }
        } catch (IOException ignored) {
            // the next run then says it took the lock over: true enough
        }
    }

    /** Empties the file's text and releases the lock. */
    @Override
    public void close() {
        try {
            if (channel.isOpen()) {
                channel.truncate(0);
                lock.release();
                channel.close();
            }
        } catch (IOException ignored) {
            // the lock ends with the channel or the process anyway
        } finally {
            HELD.remove(folder);
        }
    }
}
