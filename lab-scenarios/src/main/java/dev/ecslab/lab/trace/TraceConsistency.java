package dev.ecslab.lab.trace;

import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.input.NearestName;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Checks a trace read from outside (a replay file) against its scenario before anything judges or
 * re-runs it: a trace the lab recorded always passes, and a trace that cannot have been recorded (truncated,
 * made up, edited into an impossible shape) fails with its first inconsistency, instead of an index out of
 * bounds in the oracle, a missing sequence number read as 0, or a verdict about runs that never were. It
 * cannot tell every edit: a consistent trace with a change record removed is judged as it reads, which is
 * why {@code lab replay} also re-runs the scenario and says when the verdicts differ.
 *
 * <p>What is checked, in this order: the trace belongs to this scenario; the configuration (a known
 * flavor, a thread count within {@link #THREADS}, a delay that is not negative, plug-in jars with a role,
 * a file name and a SHA-256, an engine driver's command and files with a SHA-256 in an engine's trace only); every run (ids {@code 0, 1, 2, ...} in order, no duplicates, a system of
 * the scenario in its own stage, a frame and iteration the scenario has, sequence numbers present,
 * non-negative, increasing in start order and each run finishing after it started); every change (ids
 * in order, sequence numbers present, non-negative and in order, the world or a system as author, an
 * author run that exists, is that system's and finished when the change became visible, an entity the
 * scenario names, or none for a resource); every detection (a run that exists and whose system has the
 * watch, once per run and watch, entities the scenario names or its padding gives an engine, which a buggy
 * engine may report though nothing changed them; in a trace without a crash, every run that did
 * not fail has one for each watch of its system); every ordering event (a known kind, in sequence order, a stage
 * and a system of the scenario); the tracker's memory (one figure per frame the lab ran: every frame,
 * unless the run crashed or timed out, so a few lines of trace cannot stand for a long scenario); every
 * crash (a known source); the interleaving (a known mode, decisions of the recorded form).
 *
 * <p>Contract: {@link #check} returns normally or throws a {@link ScenarioException} whose path is the
 * first inconsistent value relative to the trace ({@code runs[3].startSeq}) and whose problem says what
 * is inconsistent with what; readers prefix the path and add the file and line.
 */
public final class TraceConsistency {
    /** The most threads a replayed trace may ask the executor for: 64 unless {@code ecslab.limit.threads} says otherwise. */
    public static final InputLimit THREADS = new InputLimit("ecslab.limit.threads", 64, "threads");

    private static final Pattern CHOICE = Pattern.compile("[tpa]\\d{1,9}/\\d{1,9}( .*)?");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final Set<String> FLAVORS = Set.of("DEFAULT", "IMMEDIATE");
    private static final Set<String> EVENT_KINDS = Set.of("start", "finish", "sync", "commands");
    private static final Set<String> CRASH_SOURCES = Set.of("strategy", "executor", "engine", "run");
    private static final Set<String> MODES = Set.of(Interleaving.CONTROLLED, Interleaving.FREE, Interleaving.SERIAL_REPLAY);

    private TraceConsistency() {
    }

    /**
     * Checks {@code trace} against {@code scenario} (which must be valid).
     *
     * @throws ScenarioException naming the first inconsistency by its path in the trace
     */
    public static void check(Scenario scenario, Trace trace) {
        new Checker(scenario, trace).check();
    }

    private static final class Checker {
        final Scenario scenario;
        final Trace trace;
        final int totalFrames;
        final Map<String, SystemSpec> systems = new HashMap<>();
        final Map<String, StageSpec> stageOf = new HashMap<>();
        final Set<String> stages = new HashSet<>();
        final Predicate<String> entities;
        /** What a detection may name: the scenario's entities, and the padding's, which an engine's report may name. */
        final Predicate<String> reportable;

        Checker(Scenario scenario, Trace trace) {
            this.scenario = scenario;
            this.trace = trace;
            this.totalFrames = scenario.totalFrames();
            for (StageSpec st : scenario.stages()) {
                stages.add(st.name());
                for (SystemSpec s : st.systems()) {
                    systems.put(s.name(), s);
                    stageOf.put(s.name(), st);
                }
            }
            this.entities = scenario.entityLabels();
            this.reportable = scenario.padding() == null ? entities : entities.or(scenario.padding()::names);
        }

        void check() {
            if (!scenario.name().equals(trace.scenario())) {
                fail("scenario", "the trace is of scenario " + InputNames.shown(trace.scenario()) + ", but the file's scenario is "
                        + InputNames.shown(scenario.name()));
            }
            config(trace.config());
            runs();
            changes();
            clock();
            detections();
            events();
            if (trace.memory().size() > totalFrames) {
                fail("memory", "has " + trace.memory().size() + " figures, but the scenario runs " + totalFrames
                        + " frames (one figure per frame)");
            }
            if (trace.config().drivesAnEngine() && !trace.memory().isEmpty()) {
                fail("memory", "has " + trace.memory().size() + " figures, but the trace is an engine's, whose memory the lab"
                        + " cannot read: it records none");
            }
            if (!trace.crashed() && !trace.config().drivesAnEngine() && trace.memory().size() != totalFrames) {
                // The lab records a figure after every frame it runs; only a run that crashed or timed out stops early.
                fail("memory", "has " + trace.memory().size() + " figures, but the scenario runs " + totalFrames
                        + " frames, and a run that neither crashed nor timed out records one per frame: the trace is"
                        + " not of this scenario, or was cut");
            }
            for (int i = 0; i < trace.crashes().size(); i++) {
                Crash c = trace.crashes().get(i);
                if (!in(CRASH_SOURCES, c.source())) {
                    fail("crashes[" + i + "].source", "unknown source " + InputNames.shown(c.source()) + "; expected one of "
                            + String.join(", ", List.of("strategy", "executor", "run")));
                }
                frame("crashes[" + i + "].frame", c.frame(), true);
            }
            interleaving(trace.interleaving());
        }

        /**
         * The lab's record of the clock: at most one start per frame, each at least the fixed jump before it
         * after the previous one; every recorded change tick within its frame's own ticks (a system's
         * write at its run's tick); present whenever the scenario has age jumps, whose sizes only the
         * record tells.
         */
        void clock() {
            List<Long> starts = trace.frameTicks();
            if (starts.size() > totalFrames) {
                fail("frameTicks", "has " + starts.size() + " entries, but the scenario runs " + totalFrames + " frames");
            }
            if (starts.isEmpty() && !scenario.ageJumps().isEmpty() && !trace.runs().isEmpty()) {
                fail("frameTicks", "is missing: the scenario has age jumps, whose sizes the lab computes while it runs,"
                        + " so only the ticks it recorded tell how old a change is");
            }
            for (int f = 1; f < starts.size(); f++) {
                if (starts.get(f) == null || starts.get(f - 1) == null || starts.get(f) - starts.get(f - 1) < scenario.jumpBefore(f)) {
                    fail("frameTicks[" + f + "]", "is " + starts.get(f) + ", less than the jump of " + scenario.jumpBefore(f)
                            + " ticks after the previous frame's start " + starts.get(f - 1));
                }
            }
            for (ChangeRecord c : trace.changes()) {
                if (c.tick() == null) {
                    continue;
                }
                String path = "changes[" + c.id() + "].tick";
                if (c.frame() >= 0 && c.frame() < starts.size()
                        && (c.tick() <= starts.get((int) c.frame()) || c.tick() - starts.get((int) c.frame()) >= 1L << 32)) {
                    fail(path, "is " + c.tick() + ", outside frame " + c.frame() + ", which began at tick " + starts.get((int) c.frame()));
                }
                if (c.frame() < 0 && !starts.isEmpty() && c.tick() > starts.get(0)) {
                    fail(path, "is " + c.tick() + ", after frame 0 began at tick " + starts.get(0));
                }
                if (c.authorRun() >= 0 && !c.tick().equals(trace.runTick(trace.run(c.authorRun())))) {
                    fail(path, "is " + c.tick() + ", but the write took its run's tick " + trace.runTick(trace.run(c.authorRun())));
                }
            }
        }

        void config(Trace.Config c) {
            identifier("config.strategy", c.strategy());
            identifier("config.executor", c.executor());
            if (!in(FLAVORS, c.flavor())) {
                fail("config.flavor", "unknown flavor " + InputNames.shown(c.flavor()) + "; expected DEFAULT or IMMEDIATE");
            }
            if (c.threads() < 1) {
                fail("config.threads", "must be at least 1, was " + c.threads());
            }
            if (c.threads() > THREADS.value()) {
                fail("config.threads", THREADS.problem("the trace asks for " + c.threads() + " threads"));
            }
            if (c.coalescing() != null && !Set.of("PER_RUN", "PER_WINDOW").contains(c.coalescing())) {
                fail("config.coalescing", "unknown fold " + InputNames.shown(c.coalescing()) + "; expected EVERY_CHANGE,"
                        + " PER_RUN or PER_WINDOW");
            }
            if (c.delayFrames() < 0) {                    // a claim may allow more delay than the scenario has frames
                fail("config.delayFrames", "must not be negative, was " + c.delayFrames());
            }
            Set<String> roles = new HashSet<>();
            for (int i = 0; i < c.plugins().size(); i++) {
                PluginJar j = c.plugins().get(i);
                String path = "config.plugins[" + i + "]";
                boolean known = c.drivesAnEngine() ? j.role().equals(PluginJar.ENGINE)
                        : j.role().equals(PluginJar.STRATEGY) || j.role().equals(PluginJar.EXECUTOR);
                if (!known) {
                    fail(path + ".role", "unknown role " + InputNames.shown(j.role()) + "; expected "
                            + (c.drivesAnEngine() ? "engine, in an engine's trace" : "strategy or executor"));
                }
                if (!roles.add(j.role())) {
                    fail(path + ".role", "a second " + j.role() + " jar; a trace records at most one per role");
                }
                identifier(path + ".file", j.file());
                if (j.file().contains("/") || j.file().contains("\\")) {
                    fail(path + ".file", "must be a file name without a directory, was " + InputNames.shown(j.file()));
                }
                sha256(path + ".sha256", j.sha256());
            }
            if (c.driver() != null) {
                driver(c);
            }
        }

        /** A process engine's driver: in an engine's trace without an engine jar, a command, and files with hashes. */
        void driver(Trace.Config c) {
            DriverFingerprint d = c.driver();
            if (!c.drivesAnEngine()) {
                fail("config.driver", "is an engine driver's, but the trace is of strategy " + InputNames.shown(c.strategy()));
            }
            if (!c.plugins().isEmpty()) {
                fail("config.driver", "an engine is either a driver or from a jar, but the trace records both");
            }
            if (d.command().isEmpty()) {
                fail("config.driver.command", "must not be empty");
            }
            for (int k = 0; k < d.command().size(); k++) {
                identifier("config.driver.command[" + k + "]", d.command().get(k));
            }
            for (int k = 0; k < d.files().size(); k++) {
                if (d.files().get(k) == null) {
                    fail("config.driver.files[" + k + "]", "must not be null");
                }
                identifier("config.driver.files[" + k + "].file", d.files().get(k).file());
                sha256("config.driver.files[" + k + "].sha256", d.files().get(k).sha256());
            }
        }

        private void sha256(String path, String value) {
            if (!SHA256.matcher(value).matches()) {
                fail(path, "must be 64 lower-case hex digits, was " + InputNames.shown(value));
            }
        }

        void runs() {
            List<RunRecord> runs = trace.runs();
            Map<Integer, Integer> seen = new HashMap<>();
            for (int i = 0; i < runs.size(); i++) {
                RunRecord r = runs.get(i);
                String path = "runs[" + i + "]";
                Integer earlier = seen.put(r.id(), i);
                if (earlier != null) {
                    fail(path + ".id", "duplicate run id " + r.id() + " (also runs[" + earlier + "])");
                }
                if (r.id() != i) {
                    fail(path + ".id", "is " + r.id() + ", but runs are numbered 0, 1, 2, ... in start order, so this one is " + i);
                }
                SystemSpec s = system(path + ".system", r.system());
                StageSpec st = stageOf.get(s.name());
                if (!st.name().equals(r.stage())) {
                    fail(path + ".stage", "is " + InputNames.shown(r.stage()) + ", but system '" + s.name() + "' is in stage '"
                            + st.name() + "'");
                }
                frame(path + ".frame", r.frame(), false);
                if (r.iteration() < 0 || r.iteration() >= st.iterations()) {
                    fail(path + ".iteration", "must be in [0, " + st.iterations() + ") (stage '" + st.name() + "' runs "
                            + st.iterations() + " iteration(s)), was " + r.iteration());
                }
                if (r.thread() == null) {
                    fail(path + ".thread", "is missing; every run records the thread it ran on");
                }
                if (r.startSeq() < 0) {
                    fail(path + ".startSeq", "must not be negative, was " + r.startSeq());
                }
                if (r.finishSeq() <= r.startSeq()) {
                    fail(path + ".finishSeq", "is " + r.finishSeq() + ", not after the run's start (" + r.startSeq() + ")");
                }
                if (i > 0 && r.startSeq() <= runs.get(i - 1).startSeq()) {
                    fail(path + ".startSeq", "is " + r.startSeq() + ", not after the start of runs[" + (i - 1) + "] ("
                            + runs.get(i - 1).startSeq() + "); runs are numbered in start order");
                }
            }
        }

        void changes() {
            List<ChangeRecord> changes = trace.changes();
            for (int i = 0; i < changes.size(); i++) {
                ChangeRecord c = changes.get(i);
                String path = "changes[" + i + "]";
                if (c.id() != i) {
                    fail(path + ".id", "is " + c.id() + ", but changes are numbered 0, 1, 2, ... in order, so this one is " + i);
                }
                if (c.seq() < 0) {
                    fail(path + ".seq", "must not be negative, was " + c.seq());
                }
                if (i > 0 && c.seq() < changes.get(i - 1).seq()) {
                    fail(path + ".seq", "is " + c.seq() + ", before the change listed before it (" + changes.get(i - 1).seq()
                            + "); changes are listed in the order they became visible");
                }
                if (c.data() == null || c.type() == null) {
                    fail(path + (c.data() == null ? ".data" : ".type"), "must not be null");
                }
                if (Scenario.WORLD.equals(c.author())) {
                    if (c.authorRun() != -1) {
                        fail(path + ".authorRun", "is " + c.authorRun() + ", but a change by the world has no run (-1)");
                    }
                    frame(path + ".frame", c.frame(), true);
                } else {
                    system(path + ".author", c.author());
                    if (c.authorRun() < 0 || c.authorRun() >= trace.runs().size()) {
                        fail(path + ".authorRun", "names run " + c.authorRun() + ", but the trace has runs 0.."
                                + (trace.runs().size() - 1));
                    }
                    RunRecord r = trace.runs().get(c.authorRun());
                    if (!r.system().equals(c.author())) {
                        fail(path + ".authorRun", "names run " + r.id() + ", a run of '" + r.system() + "', not of '"
                                + c.author() + "'");
                    }
                    if (c.seq() != r.finishSeq()) {
                        fail(path + ".seq", "is " + c.seq() + ", but a system's write becomes visible when its run finishes ("
                                + r.finishSeq() + ")");
                    }
                    if (c.frame() != r.frame()) {
                        fail(path + ".frame", "is " + c.frame() + ", but its run was in frame " + r.frame());
                    }
                }
                if (c.data().isResource()) {
                    if (c.entity() != null) {
                        fail(path + ".entity", c.data() + " is a resource: a change of it names no entity");
                    }
                } else if (!entities.test(c.entity())) {
                    fail(path + ".entity", c.entity() == null ? "a change of component " + c.data() + " needs an entity"
                            : "unknown entity " + InputNames.shown(c.entity()) + " (not in the scenario's world, groups or spawns)");
                }
            }
        }

        void detections() {
            Set<String> seen = new java.util.HashSet<>();
            for (int i = 0; i < trace.detections().size(); i++) {
                Detection d = trace.detections().get(i);
                String path = "detections[" + i + "]";
                if (d.run() < 0 || d.run() >= trace.runs().size()) {
                    fail(path + ".run", "names run " + d.run() + ", but the trace has runs 0.." + (trace.runs().size() - 1));
                }
                RunRecord r = trace.runs().get(d.run());
                Watch w = d.watch();
                if (w == null || !systems.get(r.system()).watches().contains(w)) {
                    fail(path + ".watch", "system '" + r.system() + "' (run " + r.id() + ") has no watch " + w);
                } else if (!w.existsIn(r.frame())) {
                    fail(path + ".watch", w + " does not exist in frame " + r.frame() + " (run " + r.id() + " of '"
                            + r.system() + "'), so that run cannot have evaluated it");
                }
                if (!seen.add(d.run() + " " + w)) {
                    fail(path, "a second detection of run " + r.id() + " for " + w + ": a run queries each watch once");
                }
                for (int k = 0; k < d.reported().size(); k++) {
                    String label = d.reported().get(k);
                    boolean ok = w.data().isResource() ? w.data().name().equals(label)
                            : reportable.test(label) || (label != null && label.startsWith("?") && InputNames.problem(label) == null);
                    if (!ok) {
                        fail(path + ".reported[" + k + "]", w.data().isResource()
                                ? "a resource's detection reports \"" + w.data().name() + "\" or nothing, not " + InputNames.shown(label)
                                : "unknown entity " + InputNames.shown(label) + " (not in the scenario's world, groups or spawns)");
                    }
                }
            }
            if (trace.crashed()) {
                return;                                   // a run may have stopped before its detections
            }
            for (RunRecord r : trace.runs()) {
                if (r.failure() != null) {
                    continue;
                }
                for (Watch w : systems.get(r.system()).watches()) {
                    if (w.existsIn(r.frame()) && !seen.contains(r.id() + " " + w)) {
                        // the oracle would read the missing detection as "the run stopped before it", and judge less
                        fail("detections", "run " + r.id() + " of '" + r.system() + "' finished without a detection for "
                                + w + ": a run that did not fail queries every watch of its system");
                    }
                }
            }
        }

        void events() {
            List<Trace.Event> events = trace.events();
            for (int i = 0; i < events.size(); i++) {
                Trace.Event e = events.get(i);
                String path = "events[" + i + "]";
                if (!in(EVENT_KINDS, e.kind())) {
                    fail(path + ".kind", "unknown kind " + InputNames.shown(e.kind()) + "; expected start, finish, sync or commands");
                }
                if (e.seq() < 0) {
                    fail(path + ".seq", "must not be negative, was " + e.seq());
                }
                if (i > 0 && e.seq() < events.get(i - 1).seq()) {
                    fail(path + ".seq", "is " + e.seq() + ", before the event listed before it (" + events.get(i - 1).seq()
                            + "); events are listed in sequence order");
                }
                frame(path + ".frame", e.frame(), true);
                if (e.stage() != null && !stages.contains(e.stage())) {
                    fail(path + ".stage", "unknown stage " + InputNames.shown(e.stage()) + NearestName.hint(e.stage(), stages));
                }
                if (e.kind().equals("sync")) {
                    if (e.system() != null) {
                        identifier(path + ".system", e.system());
                    }
                } else {
                    system(path + ".system", e.system());
                }
            }
        }

        void interleaving(Interleaving i) {
            if (!in(MODES, i.mode())) {
                fail("interleaving.mode", "unknown mode " + InputNames.shown(i.mode()) + "; expected controlled, free or serial-replay");
            }
            identifier("interleaving.exploration", i.exploration());
            if (i.choices().size() > Interleaving.MAX_CHOICES) {
                fail("interleaving.choices", "has " + i.choices().size() + " decisions; a trace keeps at most "
                        + Interleaving.MAX_CHOICES);
            }
            for (int k = 0; k < i.choices().size(); k++) {
                String c = i.choices().get(k);
                if (c == null || !CHOICE.matcher(c).matches() || !InputNames.safeCharacters(c)) {
                    fail("interleaving.choices[" + k + "]", InputNames.shown(c) + " is not a recorded decision (a form like"
                            + " \"t1/3 s2>s4\", \"p0/2\" or \"a1/2 s3\")");
                }
            }
            if (i.steps() < 0) {
                fail("interleaving.steps", "must not be negative, was " + i.steps());
            }
        }

        private static boolean in(Set<String> values, String value) {
            return value != null && values.contains(value);
        }

        private SystemSpec system(String path, String name) {
            SystemSpec s = name == null ? null : systems.get(name);
            if (s == null) {
                fail(path, "unknown system " + InputNames.shown(name) + NearestName.hint(name, systems.keySet())
                        + " (the scenario has " + systems.size() + " system(s))");
            }
            return s;
        }

        private void frame(String path, long frame, boolean setupAllowed) {
            long first = setupAllowed ? -1 : 0;
            if (frame < first || frame >= totalFrames) {
                fail(path, "must be in [" + first + ", " + totalFrames + ") (the scenario's frames, the quiet ones included"
                        + (setupAllowed ? "; -1 is the setup" : "") + "), was " + frame);
            }
        }

        private void identifier(String path, String value) {
            if (value == null || value.isBlank()) {
                fail(path, "must not be empty");
            }
            String problem = InputNames.problem(value);
            if (problem != null) {
                fail(path, problem);
            }
        }

        private static void fail(String path, String problem) {
            throw new ScenarioException(path, problem);
        }
    }
}
