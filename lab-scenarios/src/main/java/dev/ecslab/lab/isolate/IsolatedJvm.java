package dev.ecslab.lab.isolate;

import dev.ecslab.lab.isolate.IsolationProtocol.Answer;
import dev.ecslab.lab.isolate.IsolationProtocol.Request;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM of {@link IsolatedPlugins}: started on the lab's own class path with the plug-in jars, asked one
 * request at a time, and ended for good. Its standard output is read line by line on a thread of its own (so a
 * wait for an answer has a deadline), its standard error is drained into its last {@value #TAIL} lines (so a
 * chatty plug-in can never block it), and when it ends, how it ended is said in words.
 */
final class IsolatedJvm {
    /** Lines of standard error kept, and quoted when the child ends. */
    static final int TAIL = 40;
    private static final Optional<String> END = Optional.empty();
    /** The child ended, or stopped answering and was ended; the message says how, {@link #lines} what it said last. */
    static final class Ended extends Exception {
        private final boolean timedOut;
        private final List<String> lines;

        Ended(String message, boolean timedOut, List<String> lines) {
            super(message);
            this.timedOut = timedOut;
            this.lines = List.copyOf(lines);
        }

        boolean timedOut() {
            return timedOut;
        }

        List<String> lines() {
            return lines;
        }

        /** The last lines, each after {@code prefix}, or nothing. */
        String tail(String prefix) {
            return lines.isEmpty() ? "" : prefix + String.join(prefix, lines);
        }
    }

    private final IsolatedJvmCommand command;
    private final Process process;
    private final OutputStream requests;
    private final LinkedBlockingQueue<Optional<String>> answers = new LinkedBlockingQueue<>();
    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private final Thread stderr;

    private IsolatedJvm(IsolatedJvmCommand command, Process process) {
        this.command = command;
        this.process = process;
        this.requests = process.getOutputStream();
        daemon("ecslab-isolated-answers", () -> readAnswers(process.getInputStream()));
        this.stderr = daemon("ecslab-isolated-stderr", () -> drain(process.getErrorStream()));
    }

    static IsolatedJvm start(IsolatedJvmCommand command) {
        try {
            return new IsolatedJvm(command, new ProcessBuilder(command.line()).start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a JVM for the plug-ins (" + command.line().get(0) + ")", e);
        }
    }

    /**
     * Sends {@code request} and waits up to {@code limit} for its answer.
     *
     * @throws Ended when the child ends, has ended, answers with something that is not an answer, or does not answer
     *         in time (then it is ended here)
     */
    Answer ask(Request request, Duration limit) throws Ended {
        try {
            requests.write((IsolationProtocol.write(request) + "\n").getBytes(StandardCharsets.UTF_8));
            requests.flush();
        } catch (IOException e) {
            throw ended();                                         // it is gone: say how
        }
        // Lines that are not JSON objects are the JVM's own (its logging, a crash report's first lines), never an
        // answer: they are kept with the child's last words, and the wait goes on.
        long deadline = System.nanoTime() + limit.toNanos();
        Optional<String> line;
        do {
            try {
                line = answers.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                end();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while " + dev.ecslab.lab.run.RunHost.ENDED + " ran", e);
            }
            if (line != null && line.isPresent() && !line.get().startsWith("{")) {
                keep(line.get());
                continue;
            }
            break;
        } while (true);
        if (line == null) {
            end();
            throw new Ended("did not answer within " + limit.toSeconds() + " s; it was ended (a hang, or a thread of the code"
                    + " under test that would not stop)", true, lines());
        }
        if (line.isEmpty()) {
            throw ended();
        }
        try {
            return IsolationProtocol.read(line.get(), Answer.class);
        } catch (IOException e) {
            return notAnAnswer(line.get());
        }
    }

    /**
     * The child wrote {@code text} where its answer belongs. A JVM that is crashing writes its report's first lines
     * to standard output, so the child is given a moment to end: then it is said how it ended, with what it wrote.
     * A child that goes on is ended: the code under test wrote to the process's standard output itself.
     */
    private Answer notAnAnswer(String text) throws Ended {
        keep(text);
        try {
            if (process.waitFor(5, TimeUnit.SECONDS)) {
                for (Optional<String> more; (more = answers.poll(1, TimeUnit.SECONDS)) != null && more.isPresent(); ) {
                    keep(more.get());
                }
                throw ended();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        end();
        throw new Ended("wrote to its standard output what is not the lab's answer ('"
                + dev.ecslab.ecs.input.BadInputException.printable(text.length() > 200 ? text.substring(0, 200) + "..." : text)
                + "'): the code under test wrote to the process's standard output directly", false, lines());
    }

    /** How the child ended, once it has (waiting a moment for its status). */
    private Ended ended() {
        int status;
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                end();
                return new Ended("stopped reading the lab's requests and did not end; it was ended", false, lines());
            }
            status = process.exitValue();
            stderr.join(TimeUnit.SECONDS.toMillis(5));             // its last words, written before it ended
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end();
            return new Ended("was ended (the lab was interrupted)", false, lines());
        }
        List<String> said = lines();
        String how = IsolatedJvmCommand.howItEnded(status, said);
        return new Ended(how, false, said);
    }

    /** The crash report the child wrote, if it wrote one ({@code hs_err_pid….log}), else null. */
    Path crashReport() {
        return command.crashReport(lines());
    }

    private List<String> lines() {
        // the reader may still be draining what the child wrote last
        synchronized (tail) {
            return List.copyOf(tail);
        }
    }

    /** Whether the child process, or a process it started, is still running. */
    boolean alive() {
        return process.isAlive() || process.descendants().anyMatch(ProcessHandle::isAlive);
    }

    /** Asks the child to end, and ends it if it has not within a moment: the lab is done with it. */
    void close() {
        try {
            requests.write((IsolationProtocol.write(new Request(IsolationProtocol.Op.CLOSE, null, null)) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            requests.flush();
            process.waitFor(IsolatedJvmMain.CLOSE_NANOS + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
        } catch (IOException gone) {
            // it has ended already
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        end();
    }

    /** Ends the child and every process it started, at once. */
    void end() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            requests.close();
        } catch (IOException ignored) {
            // it is gone
        }
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void readAnswers(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                answers.add(Optional.of(line));
            }
        } catch (IOException e) {
            // the child is gone
        }
        answers.add(END);
    }

    private void drain(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                keep(line);
            }
        } catch (IOException e) {
            // the child is gone
        }
    }

    /** Keeps one of the child's last lines. */
    private void keep(String line) {
        synchronized (tail) {
            if (tail.size() == TAIL) {
                tail.removeFirst();
            }
            tail.addLast(dev.ecslab.ecs.input.BadInputException.printable(line));
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
