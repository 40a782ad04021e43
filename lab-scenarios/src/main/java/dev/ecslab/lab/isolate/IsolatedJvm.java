package dev.ecslab.lab.isolate;

import dev.ecslab.lab.isolate.IsolationProtocol.Answer;
import dev.ecslab.lab.isolate.IsolationProtocol.Request;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
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
    /** More options for the isolated JVMs, split on spaces ({@code -Xmx4g}, a profiler's agent). */
    static final String JVM_OPTIONS = "ecslab.isolated.jvmOptions";

    /** How to start a child: the java executable, its options, the class path and the jars. */
    record Command(List<String> line, Path errorFile) {
        static Command of(List<Path> strategyJars, List<Path> executorJars) {
            List<String> line = new ArrayList<>();
            line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            long heap = Runtime.getRuntime().maxMemory();
            if (heap != Long.MAX_VALUE) {
                line.add("-Xmx" + Math.max(64, heap >> 20) + "m");           // the lab's own cap, no more
            }
            for (String o : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (o.startsWith("-XX:Tier") || o.startsWith("-XX:TieredStopAtLevel")) {
                    line.add(o);                                          // the lab's JIT budget
                }
            }
            System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("ecslab.") && !k.equals(JVM_OPTIONS)).sorted()
                    .forEach(k -> line.add("-D" + k + "=" + System.getProperty(k)));  // the lab's settings and limits
            String more = System.getProperty(JVM_OPTIONS, "").trim();
            if (!more.isEmpty()) {
                line.addAll(List.of(more.split("\\s+")));                  // later options win: -Xmx4g raises the cap
            }
            Path errors;
            try {
                errors = Files.createTempDirectory("ecslab-isolated-");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make a folder for the isolated JVMs' crash reports", e);
            }
            // An out-of-memory error ends the child at once (the lab reports it), and the JVM's own messages (that
            // one, a native crash's report) go to standard error, never into the answers.
            // The JVM logs to standard output by default: its warnings go to standard error instead.
            line.addAll(List.of("-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+ExitOnOutOfMemoryError", "-XX:-CreateCoredumpOnCrash", "-XX:+UnlockDiagnosticVMOptions", "-XX:+DisplayVMOutputToStderr",
                    "-XX:ErrorFile=" + errors.resolve("hs_err_pid%p.log"), "-Djava.awt.headless=true",
                    "-cp", System.getProperty("java.class.path"), IsolatedJvmMain.class.getName()));
            strategyJars.forEach(j -> line.addAll(List.of("--strategy-jar", j.toAbsolutePath().toString())));
            executorJars.forEach(j -> line.addAll(List.of("--executor-jar", j.toAbsolutePath().toString())));
            return new Command(List.copyOf(line), errors);
        }
    }

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

    private final Command command;
    private final Process process;
    private final OutputStream requests;
    private final LinkedBlockingQueue<Optional<String>> answers = new LinkedBlockingQueue<>();
    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private final Thread stderr;

    private IsolatedJvm(Command command, Process process) {
        this.command = command;
        this.process = process;
        this.requests = process.getOutputStream();
        daemon("ecslab-isolated-answers", () -> readAnswers(process.getInputStream()));
        this.stderr = daemon("ecslab-isolated-stderr", () -> drain(process.getErrorStream()));
    }

    static IsolatedJvm start(Command command) {
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
        String oom = said.stream().filter(l -> l.contains("OutOfMemoryError")).findFirst().orElse(null);
        boolean fatal = said.stream().anyMatch(l -> l.contains("A fatal error has been detected by the Java Runtime"));
        String how;
        if (oom != null) {
            how = "ran out of memory (" + oom.trim() + "; its heap is capped at the lab's own, -Xmx"
                    + Math.max(64, Runtime.getRuntime().maxMemory() >> 20) + "m)";
        } else if (fatal) {
            how = "crashed in native code (exit status " + status + ")" + nativeCrash(said);
        } else if (status > 128) {
            how = "was killed by signal " + (status - 128) + " (" + signal(status - 128) + ")";
        } else {
            how = "ended with status " + status + " during the run (the code under test called System.exit or Runtime.halt)";
        }
        return new Ended(how, false, said);
    }

    private static String signal(int s) {
        return switch (s) {
            case 6 -> "SIGABRT";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 15 -> "SIGTERM";
            default -> "signal " + s;
        };
    }

    /**
     * What a JVM's fatal error report says first, in words that are the same from one crash to the next (the signal
     * and the frame it hit, without addresses or process ids), so that a replay of the crash gives the same verdict.
     */
    private static String nativeCrash(List<String> said) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < said.size(); i++) {
            String l = said.get(i).trim();
            java.util.regex.Matcher signal = java.util.regex.Pattern.compile("#\\s+(SIG[A-Z]+ \\(0x[0-9a-f]+\\)).*").matcher(l);
            if (signal.matches()) {
                out.append("; ").append(signal.group(1));
            } else if (l.startsWith("# Problematic frame:") && i + 1 < said.size()) {
                out.append("; problematic frame: ").append(said.get(i + 1).replaceFirst("^#\\s*", "").trim());
            }
        }
        return out.toString();
    }

    /** The crash report the child wrote, if it wrote one ({@code hs_err_pid….log}), else null. */
    Path crashReport() {
        for (String l : lines()) {
            int at = l.indexOf(command.errorFile().getParent().toString());
            if (at >= 0) {
                return Path.of(l.substring(at).trim());
            }
        }
        return null;
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

    /** The folder of the children's crash reports, removed when no child wrote one. */
    static void tidy(Command command) {
        try {
            Files.deleteIfExists(command.errorFile().getParent());
        } catch (IOException kept) {
            // a crash report is in it: the message that named it still points there
        }
    }
}
