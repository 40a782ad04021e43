package dev.ecslab.lab.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.WatchKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An engine in any language, driven as a separate process over the lab's process protocol, version 1
 * ({@code docs/engine-protocol.md}): one JSON request per line on the driver's standard input, one JSON answer per
 * line on its standard output, in order. One instance is one driver process, for one scenario run or, when the
 * driver declares itself {@linkplain #reusable reusable}, for several runs in turn, each after a {@code reset} that
 * {@link ProcessEngineProvider} asks for:
 * {@link #start} asks the driver's contract at once (to learn it), {@link #launch} asks it with the first call and
 * holds the driver to the contract the lab judges it by.
 *
 * <p><b>What it promises.</b> Every way the driver can fail is an exception thrown from the {@link Engine} method
 * whose request failed ({@link DriverFailure}, or {@link IllegalArgumentException} for a contract the lab refuses),
 * so the lab records a crash and never a pass: the driver exited (its exit code named), answered a line that is not
 * JSON (quoted, shortened and made printable), answered another id (out of order), answered {@code ok:false} (its
 * error text quoted), left out a field, spoke another protocol version, or flooded its output (a line over
 * {@link #MAX_LINE_BYTES}, or more than {@link #MAX_UNREAD_LINES} lines or {@link #MAX_UNREAD_BYTES} bytes nobody
 * read). Each message names the op and the request id and ends with the last lines exchanged and the last
 * {@link #STDERR_LINES} lines of the driver's standard error.
 *
 * <p><b>Threads and processes.</b> The driver's standard output is read on a daemon thread with a byte cap per line,
 * its standard error is drained on another into a ring of its last lines, and a third notes the driver's child
 * processes while it lives. A call waits for its answer without a limit of its own (except {@code hello}): the lab's
 * run timeout bounds it, by calling {@link #close} from another thread, which wakes the waiting call at once.
 * {@link #close} ends the driver and every process it started (asked to end, then killed after {@link #GRACE}); no
 * process is left behind, and the reading threads end with the process.
 */
public final class ProcessEngine implements Engine {
    /** The protocol version this lab speaks; a driver that answers another is refused. */
    public static final int PROTOCOL = 1;
    /**
     * The longest answer line the lab reads; a longer one is a flood. Large enough for the end state of the lab's
     * largest world (a million entities, a million padding entities), which a driver writes on one line.
     */
    public static final dev.ecslab.ecs.input.InputLimit MAX_LINE_BYTES = new dev.ecslab.ecs.input.InputLimit(
            "ecslab.limit.driverLineBytes", 128L << 20, "bytes");
    /** The most answer lines the lab holds unread; more is a flood (a driver answers one line per request). */
    public static final int MAX_UNREAD_LINES = 10_000;
    /** The most bytes of answer lines the lab holds unread; more is a flood (room for one longest line, and some). */
    public static final dev.ecslab.ecs.input.InputLimit MAX_UNREAD_BYTES = new dev.ecslab.ecs.input.InputLimit(
            "ecslab.limit.driverUnreadBytes", 160L << 20, "bytes");
    /** How many lines of the driver's standard error a failure quotes. */
    public static final int STDERR_LINES = 20;
    /** How long the driver has to exit after {@code close}, and its processes to end when asked, before a kill. */
    public static final Duration GRACE = Duration.ofSeconds(2);

    /** How much of one standard error line is kept. */
    private static final int STDERR_LINE_CHARS = 300;
    /** How many of the lines last exchanged a failure quotes, and how much of each. */
    private static final int EXCHANGED_LINES = 6;
    private static final int QUOTED_CHARS = 200;
    /** How often the driver's child processes are noted while it lives. */
    private static final long WATCH_MILLIS = 100;
    private static final ObjectWriter WRITER = ScenarioJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** One item of the driver's standard output as the reading thread hands it over. */
    private record Line(Kind kind, String text) {
        enum Kind {
            ANSWER, END, FLOOD, CLOSED
        }
    }

    private static final Line END = new Line(Line.Kind.END, "");
    private static final Line CLOSED = new Line(Line.Kind.CLOSED, "");

    private final String driver;
    private final Process process;
    private final OutputStream stdin;
    private final LinkedBlockingDeque<Line> answers = new LinkedBlockingDeque<>();
    private final AtomicLong unreadBytes = new AtomicLong();
    private final ArrayDeque<String> stderr = new ArrayDeque<>();
    private final ArrayDeque<String> exchanged = new ArrayDeque<>();
    private final Set<ProcessHandle> children = ConcurrentHashMap.newKeySet();
    private final Thread stdoutReader;
    private final Thread stderrReader;
    private final Thread watcher;
    private final AtomicBoolean busy = new AtomicBoolean();
    private final Object closeLock = new Object();
    private volatile boolean closing;
    private volatile boolean broken;
    private boolean closed;
    private int nextId = 1;
    private EngineContract contract;
    /** Whether the driver declared {@code "reusable": true} in its {@code hello} answer. */
    private volatile boolean reusable;
    /** The op of the last request the driver answered ok ({@code null} before any). */
    private volatile String lastOp;
    /** The contract a driver launched for a run must declare ({@code null}: whatever it declares). */
    private final EngineContract expected;
    private final Duration helloTimeout;
    /**
     * How long a driver that wrote a line that is not an answer is given to end, and its further lines kept with its
     * last words ({@link Duration#ZERO}: not at all): a JVM that is crashing writes its report's first lines to
     * standard output, and then the failure says how it ended rather than what it wrote.
     */
    private final Duration settle;

    private ProcessEngine(List<String> command, String name, Duration settle, Path workingDir, Duration helloTimeout,
            EngineContract expected) throws DriverFailure {
        this.driver = name == null ? String.join(" ", command) : name;
        this.settle = settle;
        this.helloTimeout = helloTimeout;
        this.expected = expected;
        ProcessBuilder pb = new ProcessBuilder(command);
        if (workingDir != null) {
            pb.directory(workingDir.toFile());
        }
        try {
            this.process = pb.start();
        } catch (IOException e) {
            throw new DriverFailure("the driver '" + driver + "' could not be started: " + e.getMessage(), e);
        }
        this.stdin = process.getOutputStream();
        String pid = Long.toString(process.pid());
        this.stdoutReader = daemon("ecslab-driver-stdout-" + pid, () -> readAnswers(process.getInputStream()));
        this.stderrReader = daemon("ecslab-driver-stderr-" + pid, () -> readStderr(process.getErrorStream()));
        this.watcher = daemon("ecslab-driver-children-" + pid, this::watchChildren);
    }

    /**
     * Starts {@code command} in {@code workingDir} (the lab's own when {@code null}) and asks it {@code hello}; the
     * driver must answer within {@code helloTimeout}. On any failure the process is ended before this throws.
     *
     * @throws DriverFailure            when the driver fails the protocol before its contract is known
     * @throws IllegalArgumentException when its contract is refused, the field named
     */
    public static ProcessEngine start(List<String> command, Path workingDir, Duration helloTimeout)
            throws IOException, InterruptedException {
        ProcessEngine e = new ProcessEngine(checked(command), null, Duration.ZERO, workingDir, helloTimeout, null);
        try {
            e.hello();
            return e;
        } catch (IOException | InterruptedException | RuntimeException x) {
            e.close();
            throw x;
        }
    }

    /**
     * Starts {@code command} for one scenario run without waiting for it: its {@code hello} is asked with the first
     * call, which fails unless the driver declares {@code expected}. So a driver that hangs at its start is ended by
     * the run's timeout like any other hang, through {@link #close}.
     *
     * @throws DriverFailure when the command cannot be started
     */
    public static ProcessEngine launch(List<String> command, Path workingDir, Duration helloTimeout,
            EngineContract expected) throws DriverFailure {
        return launch(command, null, Duration.ZERO, workingDir, helloTimeout, expected);
    }

    /**
     * As {@link #launch(List, Path, Duration, EngineContract)}, with the driver named {@code name} in every message
     * instead of its command ({@code null}: the command), for a command that holds what differs from one machine to the
     * next (an isolated JVM's class path), which a crash's words must not; a driver that writes a line that is not an
     * answer is given {@code settle} to end (a JVM writes a native crash's first lines there), and then the failure
     * carries how it ended and what it wrote.
     */
    static ProcessEngine launch(List<String> command, String name, Duration settle, Path workingDir, Duration helloTimeout,
            EngineContract expected) throws DriverFailure {
        return new ProcessEngine(checked(command), name, settle, workingDir, helloTimeout,
                java.util.Objects.requireNonNull(expected));
    }

    private static List<String> checked(List<String> command) {
        if (command == null || command.isEmpty()) {
            throw new IllegalArgumentException("an engine driver needs a command");
        }
        return List.copyOf(command);
    }

    /** The contract the driver declared in its {@code hello}; {@code null} until it has answered. */
    public EngineContract contract() {
        return contract;
    }

    private void hello() throws IOException, InterruptedException {
        ObjectNode r = request("hello");
        r.put("protocol", PROTOCOL);
        JsonNode a = exchange(r, helloTimeout, false);
        JsonNode version = a.get("protocol");
        if (version == null || !version.isInt() || version.intValue() != PROTOCOL) {
            broken = true;
            throw failure("hello", 1, "the driver speaks protocol " + (version == null ? "(none named)" : version)
                    + "; this lab speaks protocol " + PROTOCOL + " only");
        }
        EngineContract declared;
        try {
            declared = contractOf(a.get("contract"));
        } catch (IllegalArgumentException e) {
            broken = true;
            throw e;
        }
        if (expected != null && !expected.equals(declared)) {
            broken = true;
            throw failure("hello", 1, "the driver declared another contract than the one it is judged by: " + declared
                    + " instead of " + expected);
        }
        JsonNode reuse = a.get("reusable");
        reusable = reuse != null && reuse.isBoolean() && reuse.booleanValue();
        contract = declared;
    }

    /**
     * Whether the driver declared {@code "reusable": true} in its {@code hello} answer: that it drops its whole world
     * on {@code reset}, so that the lab may run another scenario in the same process. {@code false} until it has
     * answered {@code hello}.
     */
    public boolean reusable() {
        return reusable;
    }

    /**
     * Asks a reusable driver, after a run that ended with its {@code state}, to drop its whole world; answers whether it
     * answered {@code ok:true} within {@code limit}, so that the process may serve another run, which starts with
     * {@code open}. Nothing is sent (and {@code false} answered) unless the driver declared itself reusable, no request
     * failed, none waits, the engine is not closing, the process lives and its last answered request was
     * {@code state}. Any failure leaves the engine broken, for {@link #close} to end it. On success the lines last
     * exchanged and the standard error kept so far are forgotten, so that a later run's failure quotes only its own.
     */
    boolean reset(Duration limit) {
        if (!reusable || broken || closing || contract == null || !process.isAlive() || !"state".equals(lastOp)
                || !answers.isEmpty()) {
            return false;
        }
        try {
            exchange(request("reset"), limit, false);
        } catch (IOException | RuntimeException e) {
            broken = true;
            return false;
        } catch (InterruptedException e) {
            broken = true;
            Thread.currentThread().interrupt();
            return false;
        }
        lastOp = "reset";
        synchronized (exchanged) {
            exchanged.clear();
        }
        synchronized (stderr) {
            stderr.clear();
        }
        return true;
    }

    /**
     * Whether an idle process may take another run: it lives, nothing failed or closed it, and it wrote nothing that
     * nobody asked for since its last answer (a line that would otherwise be read as the next run's answer).
     */
    boolean idle() {
        return !broken && !closing && process.isAlive() && answers.isEmpty() && "reset".equals(lastOp);
    }

    /** The driver's process id, for messages and tests. */
    long pid() {
        return process.pid();
    }
    /**
     * The contract a driver declared, read strictly: every field of {@link EngineContract} present with its type,
     * filters among {@link WatchKind}'s names and features among {@link EngineContract.Feature}'s; fields it does not
     * know are ignored.
     *
     * @throws IllegalArgumentException naming the field that is missing or wrong
     */
    static EngineContract contractOf(JsonNode c) {
        if (c == null || !c.isObject()) {
            throw refused("contract", "is missing or not an object");
        }
        String id = text(c, "id");
        String name = text(c, "name");
        String source = text(c, "source");
        Set<WatchKind> components = names(c, "components", WatchKind.class);
        Set<WatchKind> resources = names(c, "resources", WatchKind.class);
        boolean ownWrites = bool(c, "ownWrites");
        boolean equalWritesCount = bool(c, "equalWritesCount");
        JsonNode delay = c.get("delayFrames");
        if (delay == null || !delay.isInt()) {
            throw refused("delayFrames", "is " + (delay == null ? "missing" : delay) + "; it is a whole number of frames");
        }
        if (delay.intValue() < 0 || delay.intValue() > EngineContract.MAX_DELAY_FRAMES) {
            throw refused("delayFrames", "is " + delay.intValue() + "; a contract declares 0 to "
                    + EngineContract.MAX_DELAY_FRAMES + " frames of delay");
        }
        Set<EngineContract.Feature> features = names(c, "features", EngineContract.Feature.class);
        EngineContract.Coalescing coalescing = optional(c, "coalescing", EngineContract.Coalescing.EVERY_CHANGE);
        EngineContract.SetSemantics sets = optional(c, "sets", EngineContract.SetSemantics.FILTER);
        try {
            return new EngineContract(id, name, source, components, resources, ownWrites, equalWritesCount,
                    delay.intValue(), features, coalescing, sets);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the driver's contract is refused: " + e.getMessage(), e);
        }
    }

    /** The optional field {@code field} of the contract, one of {@code absent}'s enum's names; {@code absent} when missing or null. */
    private static <E extends Enum<E>> E optional(JsonNode c, String field, E absent) {
        JsonNode value = c.get(field);
        if (value == null || value.isNull()) {
            return absent;
        }
        try {
            return Enum.valueOf(absent.getDeclaringClass(), value.isTextual() ? value.textValue() : "?");
        } catch (IllegalArgumentException e) {
            throw refused(field, "is " + quote(value.toString()) + "; expected one of "
                    + java.util.Arrays.toString(absent.getDeclaringClass().getEnumConstants()));
        }
    }

    private static IllegalArgumentException refused(String field, String what) {
        return new IllegalArgumentException("the driver's contract is refused: field '" + field + "' " + what);
    }

    private static String text(JsonNode c, String field) {
        JsonNode v = c.get(field);
        if (v == null || !v.isTextual()) {
            throw refused(field, v == null ? "is missing" : "is not a string: " + quote(v.toString()));
        }
        return v.textValue();
    }

    private static boolean bool(JsonNode c, String field) {
        JsonNode v = c.get(field);
        if (v == null || !v.isBoolean()) {
            throw refused(field, v == null ? "is missing" : "is not true or false: " + quote(v.toString()));
        }
        return v.booleanValue();
    }

    private static <E extends Enum<E>> Set<E> names(JsonNode c, String field, Class<E> type) {
        JsonNode v = c.get(field);
        if (v == null || !v.isArray()) {
            throw refused(field, v == null ? "is missing" : "is not an array: " + quote(v.toString()));
        }
        Set<E> out = EnumSet.noneOf(type);
        for (JsonNode n : v) {
            E found = null;
            for (E e : type.getEnumConstants()) {
                if (n.isTextual() && e.name().equals(n.textValue())) {
                    found = e;
                }
            }
            if (found == null) {
                throw refused(field, "names " + quote(n.toString()) + ", which is none of "
                        + String.join(", ", EnumSet.allOf(type).stream().map(Enum::name).toList()));
            }
            out.add(found);
        }
        return out;
    }

    @Override
    public void open(EngineWorld world) throws IOException, InterruptedException {
        ObjectNode r = request("open");
        ArrayNode systems = r.putArray("systems");
        for (EngineWorld.SystemDecl s : world.systems()) {
            ObjectNode sys = systems.addObject().put("name", s.name());
            ArrayNode watches = sys.putArray("watches");
            for (EngineWorld.WatchDecl w : s.watches()) {
                ObjectNode watch = watches.addObject().put("data", w.data()).put("kind", w.kind()).put("resource", w.resource())
                        .put("late", w.late());
                if (!w.with().isEmpty()) {                      // written only when there is one: older drivers never see it
                    ArrayNode with = watch.putArray("with");
                    w.with().forEach(with::add);
                }
            }
        }
        call(r);
    }

    @Override
    public void spawn(String entity, Map<String, Integer> components) throws IOException, InterruptedException {
        ObjectNode r = request("spawn").put("entity", entity);
        ObjectNode c = r.putObject("components");
        components.forEach(c::put);
        call(r);
    }

    @Override
    public void insert(String entity, String component, int value) throws IOException, InterruptedException {
        call(request("insert").put("entity", entity).put("component", component).put("value", value));
    }

    @Override
    public void remove(String entity, String component) throws IOException, InterruptedException {
        call(request("remove").put("entity", entity).put("component", component));
    }

    @Override
    public void despawn(String entity) throws IOException, InterruptedException {
        call(request("despawn").put("entity", entity));
    }

    @Override
    public void insertResource(String resource, int value) throws IOException, InterruptedException {
        call(request("insertResource").put("resource", resource).put("value", value));
    }

    @Override
    public void removeResource(String resource) throws IOException, InterruptedException {
        call(request("removeResource").put("resource", resource));
    }

    @Override
    public void beginRun(String system, long frame) throws IOException, InterruptedException {
        call(request("beginRun").put("system", system).put("frame", frame));
    }

    @Override
    public List<String> report(String system, int watch) throws IOException, InterruptedException {
        JsonNode a = call(request("report").put("system", system).put("watch", watch));
        JsonNode reported = field(a, "report", "reported");
        if (!reported.isArray()) {
            throw wrong(a, "report", "reported", "is not an array of entity labels");
        }
        List<String> out = new ArrayList<>(reported.size());
        for (JsonNode n : reported) {
            if (!n.isTextual()) {
                throw wrong(a, "report", "reported", "holds " + quote(n.toString()) + ", which is not a label");
            }
            out.add(n.textValue());
        }
        return out;
    }

    @Override
    public void write(String entity, String component, int value) throws IOException, InterruptedException {
        call(request("write").put("entity", entity).put("component", component).put("value", value));
    }

    @Override
    public void writeResource(String resource, int value) throws IOException, InterruptedException {
        call(request("writeResource").put("resource", resource).put("value", value));
    }

    @Override
    public void endRun(String system) throws IOException, InterruptedException {
        call(request("endRun").put("system", system));
    }

    @Override
    public void openWatch(String system, int watch) throws IOException, InterruptedException {
        call(request("openWatch").put("system", system).put("watch", watch));
    }

    @Override
    public void closeWatch(String system, int watch) throws IOException, InterruptedException {
        call(request("closeWatch").put("system", system).put("watch", watch));
    }

    @Override
    public void endFrame(long frame) throws IOException, InterruptedException {
        call(request("endFrame").put("frame", frame));
    }

    @Override
    public EngineState state() throws IOException, InterruptedException {
        JsonNode a = call(request("state"));
        JsonNode entities = field(a, "state", "entities");
        JsonNode resources = field(a, "state", "resources");
        if (!entities.isObject()) {
            throw wrong(a, "state", "entities", "is not an object of entities");
        }
        Map<String, Map<String, Integer>> byEntity = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : entities.properties()) {
            byEntity.put(e.getKey(), ints(a, e.getValue(), "entities." + e.getKey()));
        }
        return new EngineState(byEntity, ints(a, resources, "resources"));
    }

    /** An object whose every value is an {@code int}, as a map. */
    private Map<String, Integer> ints(JsonNode answer, JsonNode object, String where) throws DriverFailure {
        if (!object.isObject()) {
            throw wrong(answer, "state", where, "is not an object of int values");
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            if (!e.getValue().isInt()) {
                throw wrong(answer, "state", where + "." + e.getKey(), "is " + quote(e.getValue().toString())
                        + ", which is not an int");
            }
            out.put(e.getKey(), e.getValue().intValue());
        }
        return out;
    }

    private JsonNode field(JsonNode answer, String op, String name) throws DriverFailure {
        JsonNode v = answer.get(name);
        if (v == null) {
            throw wrong(answer, op, name, "is missing");
        }
        return v;
    }

    private DriverFailure wrong(JsonNode answer, String op, String field, String what) {
        broken = true;
        return failure(op, answer.get("id").intValue(), "the answer's field '" + field + "' " + what);
    }

    /** A request with its op; its id is set when it is sent (it stays the first field). */
    private static ObjectNode request(String op) {
        ObjectNode r = ScenarioJson.MAPPER.createObjectNode();
        r.put("id", 0);
        r.put("op", op);
        return r;
    }

    /** Sends a request of the run and answers its answer; the first one asks {@code hello} before it. */
    private JsonNode call(ObjectNode request) throws IOException, InterruptedException {
        if (contract == null) {
            hello();
        }
        JsonNode a = exchange(request, null, false);
        lastOp = request.get("op").textValue();
        return a;
    }

    /**
     * Sends one request and answers the driver's answer to it, checked: same id, {@code ok:true}. Waits at most
     * {@code limit} ({@code null}: until an answer comes or {@link #close} wakes it). Any failure leaves the engine
     * broken: later calls fail at once, and {@link #close} does not ask the driver to close.
     */
    private JsonNode exchange(ObjectNode request, Duration limit, boolean closingRequest)
            throws IOException, InterruptedException {
        String op = request.get("op").textValue();
        if (!busy.compareAndSet(false, true)) {
            if (closing) {
                throw failure(op, nextId, "the engine was closed before the request was sent").byTheLab();
            }
            throw new IllegalStateException("two calls into one process engine at once: the lab calls an engine from one"
                    + " thread");
        }
        boolean answered = false;
        int id = nextId++;
        try {
            request.put("id", id);
            if (closing && !closingRequest) {
                throw failure(op, id, "the engine was closed before the request was sent").byTheLab();
            }
            if (broken) {
                throw failure(op, id, "an earlier request failed, so the driver's answers can no longer be trusted");
            }
            String text = WRITER.writeValueAsString(request);
            remember("lab: " + text);
            try {
                stdin.write((text + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            } catch (IOException e) {
                throw failure(op, id, closing ? "the engine was closed while the lab sent this request"
                        : ended("before it read the request (" + e.getMessage() + ")"));
            }
            Line line = limit == null ? answers.take() : answers.poll(limit.toNanos(), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw failure(op, id, "the driver did not answer within " + limit.toMillis() + " ms");
            }
            switch (line.kind()) {
                case CLOSED -> throw failure(op, id, "the engine was closed while the lab waited for this answer").byTheLab();
                case FLOOD -> throw failure(op, id, "the driver flooded its output: " + line.text());
                case END -> throw failure(op, id, ended("before it answered"));
                case ANSWER -> unreadBytes.addAndGet(-line.text().length());
            }
            remember("driver: " + line.text());
            JsonNode a = parse(line.text());
            if (a == null) {
                List<String> wrote = settled(line.text());
                throw failure(op, id, "the driver answered with a line that is not a JSON object: " + quote(line.text()), wrote);
            }
            JsonNode got = a.get("id");
            if (got == null || !got.isIntegralNumber()) {
                throw failure(op, id, "the answer has no integer field 'id': " + quote(line.text()));
            }
            if (!got.canConvertToLong() || got.longValue() != id) {
                throw failure(op, id, "the driver answered id " + got + " to request " + id + ": its answers are out of"
                        + " order");
            }
            JsonNode ok = a.get("ok");
            if (ok == null || !ok.isBoolean()) {
                throw failure(op, id, "the answer has no field 'ok' that is true or false: " + quote(line.text()));
            }
            if (!ok.booleanValue()) {
                JsonNode error = a.get("error");
                throw failure(op, id, "the driver answered ok:false: " + (error == null || error.isNull() ? "(no error text)"
                        : quote(error.isTextual() ? error.textValue() : error.toString()))).refusedWith(a);
            }
            answered = true;
            return a;
        } finally {
            if (!answered) {
                broken = true;
            }
            busy.set(false);
        }
    }

    /** The line as a JSON object, or {@code null} when it is not one. */
    private static JsonNode parse(String line) {
        try {
            JsonNode n = ScenarioJson.MAPPER.readTree(line);
            return n != null && n.isObject() ? n : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** How the driver ended its output: its exit code, or that it still runs. */
    private String ended(String when) throws InterruptedException {
        boolean exited = process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
        stderrReader.join(GRACE.toMillis());                       // its last words, before they are quoted
        return exited ? "the driver exited with code " + process.exitValue() + " " + when
                : "the driver closed its output " + when + " and still runs";
    }

    /** A failure of request {@code id}, with the lines last exchanged and the driver's standard error. */
    /**
     * What a driver that wrote {@code text} where an answer belongs wrote after it, once it has ended within
     * {@link #settle}; nothing when it is not given time or goes on.
     */
    private List<String> settled(String text) throws InterruptedException {
        if (settle.isZero() || !process.waitFor(settle.toMillis(), TimeUnit.MILLISECONDS)) {
            return List.of();
        }
        stdoutReader.join(GRACE.toMillis());
        stderrReader.join(GRACE.toMillis());
        List<String> wrote = new ArrayList<>(List.of(BadInputException.printable(text)));
        for (Line l; (l = answers.poll()) != null; ) {
            if (l.kind() == Line.Kind.ANSWER) {
                wrote.add(BadInputException.printable(l.text()));
            }
        }
        return wrote;
    }

    private DriverFailure failure(String op, int id, String what) {
        return failure(op, id, what, List.of());
    }

    /** As {@link #failure(String, int, String)}, with what the driver wrote on its standard output besides answers. */
    private DriverFailure failure(String op, int id, String what, List<String> wrote) {
        StringBuilder m = new StringBuilder(op).append(" (request ").append(id).append("): ").append(what)
                .append("; driver: ").append(quote(driver));
        synchronized (exchanged) {
            if (!exchanged.isEmpty()) {
                m.append("; last exchanged: ").append(String.join(" | ", exchanged));
            }
        }
        List<String> said;
        synchronized (stderr) {
            said = List.copyOf(stderr);
        }
        m.append(said.isEmpty() ? "; its standard error is empty"
                : "; the last lines of its standard error: " + String.join(" | ", said));
        List<String> last = new ArrayList<>(wrote);
        last.addAll(said);
        return new DriverFailure(m.toString(), process.isAlive() ? null : process.exitValue(), last);
    }

    private void remember(String line) {
        synchronized (exchanged) {
            if (exchanged.size() == EXCHANGED_LINES) {
                exchanged.removeFirst();
            }
            exchanged.addLast(quote(line));
        }
    }

    /** Text from the driver as a message quotes it: at most {@link #QUOTED_CHARS} characters, printable. */
    static String quote(String text) {
        String cut = text.length() <= QUOTED_CHARS ? text
                : text.substring(0, QUOTED_CHARS) + "... (" + text.length() + " characters)";
        return "'" + BadInputException.printable(cut) + "'";
    }

    /** Reads answer lines into {@link #answers} until the driver's output ends or floods. */
    private void readAnswers(InputStream in) {
        String flood = null;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        try (in) {
            int n;
            reading:
            while ((n = in.read(buf)) > 0) {
                int from = 0;
                for (int i = 0; i < n; i++) {
                    if (buf[i] != '\n') {
                        continue;
                    }
                    line.write(buf, from, i - from);
                    from = i + 1;
                    flood = tooLong(line);
                    if (flood != null) {
                        break reading;
                    }
                    String text = line.toString(StandardCharsets.UTF_8);
                    line.reset();
                    if (text.endsWith("\r")) {
                        text = text.substring(0, text.length() - 1);
                    }
                    if (answers.size() >= MAX_UNREAD_LINES || unreadBytes.get() + text.length() > MAX_UNREAD_BYTES.value()) {
                        flood = "it wrote more than " + MAX_UNREAD_LINES + " lines or " + (MAX_UNREAD_BYTES.value() >> 20)
                                + " MiB that the lab did not ask for";
                        break reading;
                    }
                    unreadBytes.addAndGet(text.length());
                    answers.offer(new Line(Line.Kind.ANSWER, text));
                }
                line.write(buf, from, n - from);
                flood = tooLong(line);
                if (flood != null) {
                    break;
                }
            }
        } catch (IOException e) {
            // the output was closed: the driver ended
        }
        answers.offer(flood == null ? END : new Line(Line.Kind.FLOOD, flood));
    }

    private static String tooLong(ByteArrayOutputStream line) {
        long most = MAX_LINE_BYTES.value();
        return line.size() <= most ? null : "a line longer than " + (most >= 1 << 20 ? (most >> 20) + " MiB" : most + " bytes");
    }

    /** Keeps the last {@link #STDERR_LINES} lines of the driver's standard error, each shortened. */
    private void readStderr(InputStream in) {
        byte[] buf = new byte[8192];
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        keepStderr(bytes);
                    } else if (bytes.size() < STDERR_LINE_CHARS * 4) {
                        bytes.write(buf[i]);
                    }
                }
            }
        } catch (IOException e) {
            // the stream was closed: the driver ended
        }
        if (bytes.size() > 0) {
            keepStderr(bytes);
        }
    }

    private void keepStderr(ByteArrayOutputStream bytes) {
        String text = bytes.toString(StandardCharsets.UTF_8);
        bytes.reset();
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        if (text.length() > STDERR_LINE_CHARS) {
            text = text.substring(0, STDERR_LINE_CHARS) + "...";
        }
        synchronized (stderr) {
            if (stderr.size() == STDERR_LINES) {
                stderr.removeFirst();
            }
            stderr.addLast(BadInputException.printable(text));
        }
    }

    /**
     * Notes the driver's child processes while it lives, so that one it leaves behind when it exits (and that is then
     * no longer its descendant) can still be ended by {@link #close}.
     */
    private void watchChildren() {
        while (!closing) {
            process.descendants().forEach(children::add);
            try {
                process.onExit().get(WATCH_MILLIS, TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                // still alive: look again
            } catch (ExecutionException | InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Ends the driver: when no call is waiting and nothing failed, it is asked to {@code close} and given
     * {@link #GRACE} to exit; then its standard input is closed, and it and every process it started that still live
     * are asked to end and, after {@link #GRACE}, killed. A call waiting for an answer on another thread is woken and
     * throws. Idempotent; a second caller returns once the first has finished.
     */
    @Override
    public void close() {
        synchronized (closeLock) {
            if (closed) {
                return;
            }
            closed = true;
            boolean interrupted = Thread.interrupted();             // the waits below are bounded; keep the flag
            try {
                closing = true;
                process.descendants().forEach(children::add);     // while the driver lives, they are its descendants
                boolean polite = contract != null && !broken && process.isAlive() && !busy.get();
                if (polite) {
                    try {
                        exchange(request("close"), GRACE, true);
                        closeStdin();
                        waitFor(List.of(process.toHandle()), System.nanoTime() + GRACE.toNanos());
                    } catch (IOException | RuntimeException e) {
                        // it is ended below
                    } catch (InterruptedException e) {
                        interrupted = true;                      // it is ended below, and the flag kept
                    }
                } else {
                    answers.offerFirst(CLOSED);                  // wakes a call that waits for an answer
                }
                endTree();
                closeStdin();       // only now: a call blocked writing to a full pipe holds the stream's lock until then
                watcher.interrupt();
                joinQuietly(stdoutReader);
                joinQuietly(stderrReader);
                joinQuietly(watcher);
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private void closeStdin() {
        try {
            stdin.close();
        } catch (IOException e) {
            // the driver is gone already
        }
    }

    /** Ends the driver and its processes: asked first, killed after {@link #GRACE}, and waited for. */
    private void endTree() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());     // read before the driver ends
        tree.addAll(children);
        tree.add(process.toHandle());
        tree.removeIf(h -> !h.isAlive());
        tree.forEach(ProcessHandle::destroy);
        List<ProcessHandle> left = waitFor(tree, System.nanoTime() + GRACE.toNanos());
        left.forEach(ProcessHandle::destroyForcibly);
        waitFor(left, System.nanoTime() + GRACE.toNanos());
    }

    /** Waits until each process has ended or the deadline passed; answers those still alive. */
    private static List<ProcessHandle> waitFor(List<ProcessHandle> handles, long deadline) {
        for (ProcessHandle h : handles) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException | InterruptedException e) {
                break;
            }
        }
        return handles.stream().filter(ProcessHandle::isAlive).toList();
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(GRACE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
