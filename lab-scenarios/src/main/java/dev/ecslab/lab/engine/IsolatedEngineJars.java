package dev.ecslab.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.lab.isolate.IsolatedJvmCommand;
import dev.ecslab.lab.isolate.PluginCrashedException;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.PluginJar;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Engine jars ({@code --engine-jar}) whose code runs in child JVMs, never in the lab's: the lab's defence against an
 * engine that ends, crashes or poisons the JVM it runs in. In the lab's own JVM, {@code Runtime.halt(0)} from an
 * engine ends a gate with status 0 (a pass to CI), and a native crash or an out-of-memory error takes the lab down
 * with no verdict; here each ends only a child, and the run is judged a crash of the engine that says what happened.
 *
 * <p><b>How.</b> A child JVM ({@link IsolatedJvmCommand}, as for plug-in strategies) runs {@link JarEngineDriver} on the
 * jars: once with {@code --list}, to learn the jars' engines (ids, contracts, the jars' SHA-256), then per engine as a
 * reusable driver of the engine process protocol, driven by {@link ProcessEngineProvider} with all of its failure
 * handling (an exit, a hang, garbage). Each engine is an {@link EngineSubject} with its jar ({@link PluginJar}, role
 * engine) and no driver fingerprint, exactly as in the lab's own JVM, so a trace, its replay file and every verdict are
 * the same either way. What the engine throws is the same crash as in the lab's JVM (its class, message and frames);
 * a child that ended is a crash of the isolated JVM, in words without process ids, addresses or paths.
 *
 * <p>Close every subject when done: it ends its idle child (a JVM shutdown hook ends any left).
 */
public final class IsolatedEngineJars {
    /** How long the child may take beyond the providers' own limit to start and list the engines. */
    static final Duration MARGIN = Duration.ofSeconds(60);
    /** How long a child that wrote what is not an answer is given to end: a native crash's report takes a moment. */
    static final Duration SETTLE = Duration.ofSeconds(5);

    private IsolatedEngineJars() {
    }

    /**
     * The jars' own engines (not the lab's), each of which runs in a child JVM, in id order.
     *
     * @param helloTimeout how long a fresh child may take to start and answer {@code hello}
     * @throws IllegalArgumentException when the jars are refused (an engine provider that does not load, throws or
     *                                  hangs stating its contract, two providers with one id), with the lab's message
     * @throws PluginCrashedException   when the jars' code ended the child that listed them
     */
    public static List<EngineSubject> open(List<Path> jars, Duration helloTimeout) {
        if (jars.isEmpty()) {
            return List.of();
        }
        List<String> jarArgs = new ArrayList<>();
        jars.forEach(j -> jarArgs.addAll(List.of("--engine-jar", j.toAbsolutePath().normalize().toString())));
        List<String> listArgs = new ArrayList<>(jarArgs);
        listArgs.add(JarEngineDriver.LIST);
        JsonNode listed = list(IsolatedJvmCommand.of(JarEngineDriver.class.getName(), listArgs));
        if (listed.hasNonNull("refused")) {
            throw new IllegalArgumentException(listed.get("refused").textValue());
        }
        List<EngineSubject> out = new ArrayList<>();
        for (JsonNode e : listed.path("engines")) {
            EngineContract contract = ProcessEngine.contractOf(e.get("contract"));
            PluginJar jar;
            try {
                jar = ScenarioJson.MAPPER.treeToValue(e.get("jar"), PluginJar.class);
            } catch (IOException x) {
                throw new IllegalStateException("the isolated JVM listed an engine jar the lab cannot read: " + e, x);
            }
            List<String> args = new ArrayList<>(jarArgs);
            args.addAll(List.of("--engine", contract.id()));
            out.add(new EngineSubject(contract, new Provider(contract, IsolatedJvmCommand.of(JarEngineDriver.class.getName(), args),
                    jar, helloTimeout), jar));
        }
        return out;
    }

    /** Runs the child in its listing mode and reads its one line; how it ended when it ended without one. */
    private static JsonNode list(IsolatedJvmCommand command) {
        Process p;
        try {
            p = new ProcessBuilder(command.line()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a JVM for the engine jars (" + command.line().get(0) + ")", e);
        }
        try {
            p.getOutputStream().close();
            StreamText stdout = StreamText.read(p.getInputStream());
            StreamText stderr = StreamText.read(p.getErrorStream());
            long limit = PluginJars.DESCRIBE_SECONDS.value() + MARGIN.toSeconds();
            if (!p.waitFor(limit, TimeUnit.SECONDS)) {
                end(p);
                throw new IllegalArgumentException("--engine-jar: the isolated JVM did not list the jars' engines within "
                        + limit + " s: the lab cannot judge an engine that hangs while it loads");
            }
            String line = stdout.text().lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElse("");
            if (p.exitValue() == 0 && !line.isEmpty()) {
                try {
                    return ScenarioJson.MAPPER.readTree(line);
                } catch (IOException e) {
                    // not the driver's answer: said below
                }
            }
            List<String> said = stderr.text().lines().toList();
            String report = crashReportLine(command, said);
            List<String> last = said.stream().filter(l -> !l.startsWith("#")).toList();
            throw new PluginCrashedException("the engine jars' code ended "
                    + dev.ecslab.lab.trace.Crash.ISOLATED_JVM + " that loaded them, before any"
                    + " run: " + IsolatedJvmCommand.howItEnded(p.exitValue(), said)
                    + (last.isEmpty() ? "" : " | " + String.join(" | ", last.subList(Math.max(0, last.size() - 3), last.size())))
                    + report);
        } catch (InterruptedException e) {
            end(p);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the isolated JVM listed the engine jars' engines", e);
        } catch (IOException e) {
            end(p);
            throw new UncheckedIOException(e);
        } finally {
            command.tidy();
        }
    }

    private static String crashReportLine(IsolatedJvmCommand command, List<String> said) {
        Path report = command.crashReport(said);
        return report == null ? "" : " (its crash report: " + report + ")";
    }

    private static void end(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    /** A stream read whole on a daemon thread, so that neither of a child's outputs can block it. */
    private static final class StreamText {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Thread reader;

        private StreamText(InputStream in) {
            reader = new Thread(() -> {
                try (in) {
                    in.transferTo(bytes);
                } catch (IOException e) {
                    // the child is gone
                }
            }, "ecslab-isolated-engine-list");
            reader.setDaemon(true);
            reader.start();
        }

        static StreamText read(InputStream in) {
            return new StreamText(in);
        }

        String text() throws InterruptedException {
            reader.join(TimeUnit.SECONDS.toMillis(5));
            synchronized (bytes) {
                return bytes.toString(StandardCharsets.UTF_8);
            }
        }
    }

    /**
     * One engine of the jars: its runs are made by a reusable child driven through a {@link ProcessEngineProvider},
     * whose failures are put back into what the lab records for an engine in its own JVM ({@link #translated}).
     */
    private static final class Provider implements EngineProvider, AutoCloseable {
        private final EngineContract contract;
        private final IsolatedJvmCommand command;
        private final ProcessEngineProvider driver;
        private final List<Path> crashReports = new java.util.concurrent.CopyOnWriteArrayList<>();

        Provider(EngineContract contract, IsolatedJvmCommand command, PluginJar jar, Duration helloTimeout) {
            this.contract = contract;
            this.command = command;
            this.driver = new ProcessEngineProvider(contract, command.line(), "the isolated JVM of --engine-jar " + jar.file(),
                    SETTLE, null, helloTimeout, true, ProcessEngineProvider.RESET_TIMEOUT, List.of(), this::translated);
        }

        @Override
        public EngineContract contract() {
            return contract;
        }

        @Override
        public Engine create() throws Exception {
            return driver.create();
        }

        @Override
        public void close() {
            driver.close();
            crashReports.forEach(r -> System.err.println("lab: an isolated JVM that crashed in native code wrote its crash"
                    + " report: " + r));
            crashReports.clear();
            command.tidy();
        }

        /** A failure of the child as the lab records it for an engine in its own JVM. */
        private Exception translated(DriverFailure f) {
            if (f.closedByTheLab()) {
                return new Abandoned(f);
            }
            JsonNode refusal = f.refusal();
            if (refusal != null && refusal.path("thrown").isObject()) {
                JsonNode t = refusal.get("thrown");
                List<String> frames = new ArrayList<>();
                t.path("frames").forEach(n -> frames.add(n.asText()));
                return new Thrown(t.path("type").asText(), t.path("message").isTextual() ? t.get("message").textValue() : null,
                        frames, t.path("call").isTextual() ? t.get("call").textValue() : null);
            }
            if (f.exitStatus() != null) {
                Path report = command.crashReport(f.stderr());
                if (report != null) {
                    crashReports.add(report);
                }
                // the JVM's own report lines (#) are summed up in the words, and kept whole in its crash report file
                return new JvmEnded(IsolatedJvmCommand.howItEnded(f.exitStatus(), f.stderr()),
                        f.stderr().stream().filter(l -> !l.startsWith("#")).toList());
            }
            return f;
        }
    }

    /** What the engine threw in the child, as it was thrown: its class, message and frames, and the call if not the op's. */
    static final class Thrown extends Exception {
        private static final long serialVersionUID = 1L;
        private final String type;
        private final String thrownMessage;
        private final transient List<String> frames;
        private final String call;

        Thrown(String type, String message, List<String> frames, String call) {
            super(type + (message == null ? "" : ": " + message), null, false, false);
            this.type = type;
            this.thrownMessage = message;
            this.frames = List.copyOf(frames);
            this.call = call;
        }

        String type() {
            return type;
        }

        String message() {
            return thrownMessage;
        }

        List<String> frames() {
            return frames;
        }

        /** The lab's call it failed in when that is not the op's ({@code create}, made at {@code open}); else null. */
        String call() {
            return call;
        }
    }

    /**
     * A call the lab abandoned by closing the run (it hung): a consequence of the hang, which is the run's crash, with
     * words that depend on how far the child got; the lab does not record it.
     */
    static final class Abandoned extends Exception {
        private static final long serialVersionUID = 1L;

        Abandoned(DriverFailure f) {
            super(f.getMessage(), f, false, false);
        }
    }

    /** The child ended during a call: how, in stable words, and its last lines on standard error. */
    static final class JvmEnded extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient List<String> lines;

        JvmEnded(String how, List<String> lines) {
            super(how, null, false, false);
            this.lines = List.copyOf(lines);
        }

        List<String> lines() {
            return lines;
        }
    }
}
