package dev.ecslab.lab.isolate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the lab starts a child JVM for code under test (a plug-in strategy's or executor's, an engine jar's): one
 * place, so that every isolated child gets the same treatment. It runs on the lab's own class path, with the lab's
 * heap cap ({@code -Xmx}), JIT budget and {@code -Decslab.…} settings, plus {@value #JVM_OPTIONS}; an out-of-memory
 * error ends it at once, the JVM's own messages (its logging, a native crash's report) go to standard error, never
 * into the answers on standard output, and a native crash writes its report into {@link #errorFile()}'s folder, a
 * temporary one of its own, with no core dump.
 *
 * @param line      the command: the java executable, its options, the main class and its arguments
 * @param errorFile where a native crash's report goes ({@code hs_err_pid%p.log} in a folder of its own)
 */
public record IsolatedJvmCommand(List<String> line, Path errorFile) {
    /** More options for the isolated JVMs, split on spaces ({@code -Xmx4g}, a profiler's agent). */
    public static final String JVM_OPTIONS = "ecslab.isolated.jvmOptions";

    public IsolatedJvmCommand {
        line = List.copyOf(line);
    }

    /** The command that runs {@code mainClass} with {@code args} in a child JVM, with a fresh folder for crash reports. */
    public static IsolatedJvmCommand of(String mainClass, List<String> args) {
        List<String> line = new ArrayList<>();
        line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.getRuntime().maxMemory() != Long.MAX_VALUE) {
            line.add("-Xmx" + heapCapMegabytes() + "m");                     // the lab's own cap, no more
        }
        for (String o : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (o.startsWith("-XX:Tier") || o.startsWith("-XX:TieredStopAtLevel")) {
                line.add(o);                                              // the lab's JIT budget
            }
        }
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("ecslab.") && !k.equals(JVM_OPTIONS)).sorted()
                .forEach(k -> line.add("-D" + k + "=" + System.getProperty(k)));  // the lab's settings and limits
        String more = System.getProperty(JVM_OPTIONS, "").trim();
        if (!more.isEmpty()) {
            line.addAll(List.of(more.split("\\s+")));                      // later options win: -Xmx4g raises the cap
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
        line.addAll(List.of("-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+ExitOnOutOfMemoryError", "-XX:-CreateCoredumpOnCrash",
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+DisplayVMOutputToStderr",
                "-XX:ErrorFile=" + errors.resolve("hs_err_pid%p.log"), "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), mainClass));
        line.addAll(args);
        return new IsolatedJvmCommand(line, errors);
    }

    /** The heap cap of the children, in MiB: the lab's own ({@code -Xmx}), at least 64. */
    static long heapCapMegabytes() {
        return Math.max(64, Runtime.getRuntime().maxMemory() >> 20);
    }

    /** The crash report a child wrote, named in one of its last lines on standard error; null when none is. */
    public Path crashReport(List<String> said) {
        for (String l : said) {
            int at = l.indexOf(errorFile.getParent().toString());
            if (at >= 0) {
                return Path.of(l.substring(at).trim());
            }
        }
        return null;
    }

    /**
     * The child's side: its standard output, kept for its answers alone, with {@code System.out} pointed at standard
     * error; called first in a child's {@code main}, before any code under test is loaded, so that what that code
     * prints goes where the lab keeps the child's last lines and never among the answers.
     */
    public static java.io.PrintStream answers() {
        java.io.PrintStream answers = new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                java.nio.charset.StandardCharsets.UTF_8);
        System.setOut(System.err);
        return answers;
    }

    /** Removes the folder of the children's crash reports when no child wrote one. */
    public void tidy() {
        try {
            Files.deleteIfExists(errorFile.getParent());
        } catch (IOException kept) {
            // a crash report is in it: the message that named it still points there
        }
    }

    /**
     * How a child JVM ended, in words that hold no address, process id or path, so that a replay of the crash reads
     * the same: it ran out of memory, crashed in native code (the signal and the frame it hit), was killed by a signal,
     * or ended with a status (the code under test called {@code System.exit} or {@code Runtime.halt}).
     *
     * @param status its exit status
     * @param said   its last lines on standard error
     */
    public static String howItEnded(int status, List<String> said) {
        String oom = said.stream().filter(l -> l.contains("OutOfMemoryError")).findFirst().orElse(null);
        boolean fatal = said.stream().anyMatch(l -> l.contains("A fatal error has been detected by the Java Runtime"));
        if (oom != null) {
            return "ran out of memory (" + oom.trim() + "; its heap is capped at the lab's own, -Xmx" + heapCapMegabytes() + "m)";
        }
        if (fatal) {
            return "crashed in native code (exit status " + status + ")" + nativeCrash(said);
        }
        if (status > 128) {
            return "was killed by signal " + (status - 128) + " (" + signal(status - 128) + ")";
        }
        return "ended with status " + status + " during the run (the code under test called System.exit or Runtime.halt)";
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
     * and the frame it hit, without addresses or process ids).
     */
    private static String nativeCrash(List<String> said) {
        StringBuilder out = new StringBuilder();
        java.util.regex.Pattern signal = java.util.regex.Pattern.compile("#\\s+(SIG[A-Z]+ \\(0x[0-9a-f]+\\)).*");
        for (int i = 0; i < said.size(); i++) {
            String l = said.get(i).trim();
            java.util.regex.Matcher m = signal.matcher(l);
            if (m.matches()) {
                out.append("; ").append(m.group(1));
            } else if (l.startsWith("# Problematic frame:") && i + 1 < said.size()) {
                out.append("; problematic frame: ").append(said.get(i + 1).replaceFirst("^#\\s*", "").trim());
            }
        }
        return out.toString();
    }
}
