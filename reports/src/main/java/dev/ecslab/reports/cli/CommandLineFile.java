package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import dev.ecslab.ecs.schedule.json.ScheduleJsonException;
import dev.ecslab.lab.scenario.ScenarioException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * A file named on the command line, checked before it is read, and the reading itself with every failure
 * turned into a {@link BadInputException}: a command never hangs on a FIFO, never reads a device until
 * memory runs out, and never shows a reader's Java exception to the user.
 */
final class CommandLineFile {
    private CommandLineFile() {
    }

    /**
     * {@code file} as an absolute path, once it is known to be a readable regular file.
     *
     * @param what what the file should be, for messages ("a replay file")
     * @throws BadInputException when it is missing, a folder, a FIFO, a device or a socket, or unreadable
     */
    static Path regular(Path file, String what) {
        Path abs = file.toAbsolutePath().normalize();
        if (!Files.exists(abs)) {
            throw new BadInputException(abs.toString(), "", "no such file");
        }
        if (Files.isDirectory(abs)) {
            throw new BadInputException(abs.toString(), "", "is a folder, not " + what);
        }
        if (!Files.isRegularFile(abs)) {
            throw new BadInputException(abs.toString(), "", "is not a regular file (a FIFO, a device or a socket is refused:"
                    + " reading it may never end)");
        }
        if (!Files.isReadable(abs)) {
            throw new BadInputException(abs.toString(), "", "cannot be read: permission denied");
        }
        return abs;
    }

    /**
     * Runs a reader on {@code file}. The readers' own errors are bad input with their message; any other
     * failure of a reader is bad input too (the file made the reader fail), said in words without the
     * exception's text, which {@code --debug} shows.
     */
    static <T> T read(Path file, String what, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (RuntimeException | StackOverflowError e) {
            // instanceof rather than catch clauses: the readers' exceptions may become BadInputExceptions
            if (e instanceof BadInputException b) {
                throw b;
            }
            if (e instanceof ScheduleJsonException || e instanceof ScheduleBuildException || e instanceof ScenarioException) {
                String rest = withoutFile(e.getMessage(), file);
                // "(line 4, column 32, $.path): problem" keeps its place beside the file name
                int close = rest.indexOf("): ");
                if (rest.startsWith("(line ") && close > 0) {
                    throw new BadInputException(file.toString(), rest.substring(1, close), rest.substring(close + 3), e);
                }
                throw new BadInputException(file.toString(), "", rest, e);
            }
            if (e instanceof UncheckedIOException u) {
                throw new BadInputException(file.toString(), "", "cannot be read: " + FileProblem.words(u), e);
            }
            throw new BadInputException(file.toString(), "", "cannot be used as " + what + " (the reader failed on it;"
                    + " --debug shows where)", e);
        }
    }

    /** A reader's message without the file name it starts with (the exception names the file again). */
    private static String withoutFile(String message, Path file) {
        if (message == null) {
            return "malformed";
        }
        String name = file.toString();
        if (message.startsWith(name)) {
            String rest = message.substring(name.length());
            rest = rest.startsWith(": ") ? rest.substring(2) : rest.startsWith(":") ? "line " + rest.substring(1) : rest;
            return rest.strip();
        }
        return message;
    }
}
