package dev.ecslab.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine driver of an engine jar run in a child JVM ({@link IsolatedEngineJars}): it loads the jars
 * ({@code --engine-jar}, repeatable) in this JVM and speaks the engine process protocol ({@code docs/engine-protocol.md})
 * on its standard output, delegating each op to the jar's {@link Engine}, so that whatever the engine does to its JVM
 * ({@code System.exit}, {@code Runtime.halt}, a native crash, an out-of-memory error, a hang) ends this process, which
 * the lab judges as a crash of the engine, and never the lab.
 *
 * <p>Two modes. {@code --list}: one line, the jars' own engines ({@code {"engines": [{"contract", "jar"}]}}), or why
 * the jars are refused ({@code {"refused": "..."}}, the lab's message for it in its own JVM), then the JVM ends; so the
 * lab learns the ids, contracts and jars without loading a class of them. {@code --engine ID}: the driver of that
 * engine, {@code "reusable": true}: a fresh {@link Engine} per {@code open}, closed and dropped on {@code reset}.
 *
 * <p>Standard output carries only answers: {@code System.out} is pointed at standard error before any code of the jars
 * is loaded. An exception from the engine is answered {@code ok:false} with the exception's class, message and top
 * frames in {@code "thrown"}, so the lab records the same crash as in its own JVM. The JVM halts when its standard
 * input closes (the lab is done, or died) and after {@code close}.
 */
public final class JarEngineDriver {
    /** The option of the listing mode. */
    public static final String LIST = "--list";
    private static final ObjectWriter WRITER = ScenarioJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    private final PrintStream answers;
    private final ClassLoader loader;
    private final String id;
    private EngineSubject subject;
    private Engine engine;
    /** The lab's call an op makes when it is not the op itself ({@code create}, made at {@code open}); else null. */
    private String call;

    private JarEngineDriver(PrintStream answers, ClassLoader loader, String id) {
        this.answers = answers;
        this.loader = loader;
        this.id = id;
    }

    public static void main(String[] args) throws IOException {
        PrintStream answers = dev.ecslab.lab.isolate.IsolatedJvmCommand.answers();
        List<URL> jars = new ArrayList<>();
        String id = null;
        boolean list = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--engine-jar" -> jars.add(url(Path.of(args[++i])));
                case "--engine" -> id = args[++i];
                case LIST -> list = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        ClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), JarEngineDriver.class.getClassLoader());
        if (list) {
            answers.println(WRITER.writeValueAsString(list(loader)));
        } else {
            new JarEngineDriver(answers, loader, id).serve();
        }
        answers.flush();
        // halt, not exit: a shutdown hook or a thread the engine left must not keep this JVM alive
        Runtime.getRuntime().halt(0);
    }

    private static URL url(Path jar) {
        try {
            return jar.toAbsolutePath().normalize().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("jar " + jar + ": " + e.getMessage(), e);
        }
    }

    /** The jars' own engines (the lab's stay the lab's), or why they are refused. */
    private static ObjectNode list(ClassLoader loader) {
        ObjectNode out = ScenarioJson.MAPPER.createObjectNode();
        List<EngineSubject> all;
        try {
            all = EngineSubject.all(loader);
        } catch (IllegalArgumentException | IllegalStateException e) {
            out.put("refused", String.valueOf(e.getMessage()));
            return out;
        }
        ArrayNode engines = out.putArray("engines");
        for (EngineSubject s : all) {
            if (s.jar() != null) {
                ObjectNode e = engines.addObject();
                e.set("contract", contract(s.contract()));
                e.set("jar", ScenarioJson.MAPPER.valueToTree(s.jar()));
            }
        }
        return out;
    }

    /** A contract as {@code hello} declares it ({@link ProcessEngine#contractOf} reads it back). */
    static ObjectNode contract(EngineContract c) {
        return ScenarioJson.MAPPER.valueToTree(c);
    }

    private void serve() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            JsonNode r = ScenarioJson.MAPPER.readTree(line);
            ObjectNode a = ScenarioJson.MAPPER.createObjectNode();
            a.put("id", r.path("id").intValue());
            String op = r.path("op").textValue();
            call = null;
            try {
                a.put("ok", true);
                answer(op, r, a);
            } catch (Exception | LinkageError | StackOverflowError e) {
                a.removeAll();
                a.put("id", r.path("id").intValue());
                a.put("ok", false);
                a.put("error", e.toString());
                ObjectNode thrown = a.putObject("thrown");
                thrown.put("type", e.getClass().getName());
                thrown.put("message", e.getMessage());
                ArrayNode frames = thrown.putArray("frames");
                EngineRunner.frames(e).forEach(frames::add);
                if (call != null) {
                    thrown.put("call", call);
                }
            }
            answers.println(WRITER.writeValueAsString(a));
            answers.flush();
            if ("close".equals(op)) {
                return;
            }
        }
    }

    private void answer(String op, JsonNode r, ObjectNode a) throws Exception {
        switch (op == null ? "" : op) {
            case "hello" -> {
                subject = EngineSubject.find(id, loader);
                a.put("protocol", ProcessEngine.PROTOCOL).put("reusable", true).set("contract", contract(subject.contract()));
            }
            case "open" -> {
                drop();
                call = "create";
                engine = subject.create();
                if (engine == null) {
                    throw new NullPointerException("the engine provider made no engine");
                }
                call = null;
                engine.open(world(r.path("systems")));
            }
            case "spawn" -> engine.spawn(text(r, "entity"), ints(r.path("components")));
            case "insert" -> engine.insert(text(r, "entity"), text(r, "component"), r.path("value").intValue());
            case "remove" -> engine.remove(text(r, "entity"), text(r, "component"));
            case "despawn" -> engine.despawn(text(r, "entity"));
            case "insertResource" -> engine.insertResource(text(r, "resource"), r.path("value").intValue());
            case "removeResource" -> engine.removeResource(text(r, "resource"));
            case "beginRun" -> engine.beginRun(text(r, "system"), r.path("frame").longValue());
            case "report" -> {
                List<String> got = engine.report(text(r, "system"), r.path("watch").intValue());
                if (got == null) {                      // the lab's words for it in its own JVM (EngineRunner)
                    throw new NullPointerException("the engine answered no list");
                }
                ArrayNode reported = a.putArray("reported");
                got.forEach(reported::add);
            }
            case "write" -> engine.write(text(r, "entity"), text(r, "component"), r.path("value").intValue());
            case "writeResource" -> engine.writeResource(text(r, "resource"), r.path("value").intValue());
            case "endRun" -> engine.endRun(text(r, "system"));
            case "openWatch" -> engine.openWatch(text(r, "system"), r.path("watch").intValue());
            case "closeWatch" -> engine.closeWatch(text(r, "system"), r.path("watch").intValue());
            case "endFrame" -> engine.endFrame(r.path("frame").longValue());
            case "state" -> {
                EngineState s = engine.state();
                a.set("entities", ScenarioJson.MAPPER.valueToTree(s.entities()));
                a.set("resources", ScenarioJson.MAPPER.valueToTree(s.resources()));
            }
            case "reset", "close" -> drop();
            default -> throw new IllegalArgumentException("unknown op " + op);
        }
    }

    /** Closes the run's engine, if any: the lab closes it at the end of every run, whatever its close does. */
    private void drop() throws Exception {
        Engine e = engine;
        engine = null;
        if (e != null) {
            e.close();
        }
    }

    private static String text(JsonNode r, String field) {
        return r.path(field).textValue();
    }

    private static Map<String, Integer> ints(JsonNode object) {
        Map<String, Integer> out = new LinkedHashMap<>();
        object.properties().forEach(e -> out.put(e.getKey(), e.getValue().intValue()));
        return out;
    }

    private static EngineWorld world(JsonNode systems) {
        List<EngineWorld.SystemDecl> out = new ArrayList<>();
        for (JsonNode s : systems) {
            List<EngineWorld.WatchDecl> watches = new ArrayList<>();
            for (JsonNode w : s.path("watches")) {
                List<String> with = new ArrayList<>();
                w.path("with").forEach(n -> with.add(n.textValue()));
                watches.add(new EngineWorld.WatchDecl(text(w, "data"), text(w, "kind"), w.path("resource").booleanValue(),
                        w.path("late").booleanValue(), with));
            }
            out.add(new EngineWorld.SystemDecl(text(s, "name"), watches));
        }
        return new EngineWorld(out);
    }
}
