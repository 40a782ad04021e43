package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strategies written outside the repository, against the public SPI only, compiled into jars at test
 * time as a user would ship them, and judged through {@code lab gate --strategy-jar} with no change to
 * the lab: an independent exact implementation passes; one that is a frame late passes when it claims
 * the delay and fails when it claims exactness; one that throws in an optional SPI method, one whose
 * {@code memoryBytes()} throws, and one that hangs are crashes, and the hang does not hang the gate.
 */
class ExternalStrategiesGateTest {

    /** A provider class around a tracker class, both in one source file of package {@code ext}. */
    private static String provider(String className, String id, String claim, String delay, String trackerBody) {
        return """
                package ext;

                import dev.ecslab.ecs.change.*;
                import dev.ecslab.ecs.entity.Entity;
                import java.util.*;
                import java.util.concurrent.*;

                public final class %1$s implements ChangeTrackerProvider {
                    public String id() { return "%2$s"; }
                    public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.%3$s; }
                    public int claimedDelayFrames(ChangeFlavor flavor) { return %4$s; }
                    public String description() { return "written outside the repository"; }
                    public ChangeTracker create() { return new Tracker(); }

                    static final class Tracker extends ForwardingChangeTracker {
                        Tracker() { super(new GenerationTracker()); }
                        %5$s
                    }
                }
                """.formatted(className, id, claim, delay, trackerBody);
    }

    private static Path jar(Path dir, String name, String source) throws Exception {
        return ProviderJar.build(dir.resolve(name), ChangeTrackerProvider.class, name, source);
    }

    /**
     * For the tests of a verdict on a well-behaved strategy: its jar's code runs in the lab's JVM, which spares a child
     * JVM's start and JIT per gate; the verdict is the same either way (IsolationParityTest). The tests of crashes,
     * hangs and dying threads keep the default, isolation.
     */
    private static final String IN_THE_LAB = "--no-isolate";

    private static CommandOutput gate(Path dir, Path jar, String id, String... more) {
        List<String> args = new ArrayList<>(List.of("gate", "--strategy-jar", jar.toString(), "--strategy", id,
                "--executor", "dynamic", "--no-memory", "--quiet", "--out", dir.resolve("out-" + id).toString()));
        args.addAll(List.of(more));
        if (!args.contains("--tries")) {
            args.addAll(List.of("--tries", "3"));
        }
        return CommandOutput.run(args.toArray(String[]::new));
    }

    /**
     * A strategy written from scratch against the SPI (no ecslab tracker inside): a history of change
     * events per component and entity, per resource, and of removals, each with its tick and writer.
     * A reader's window is its previous run to this run, or with {@code LATE} frames of delay, the end
     * of the previous frame (answers lag a frame, every change reported once). Its memory grows with
     * every change: the tests switch criterion 6 off. It clamps the ticks it keeps at every sync point and
     * frame end (the world clamps its readers' previous runs): without that the catalogue's clock
     * jumps (which lap the 32-bit clock) catch it, as they did when they were added.
     */
    private static String history(String className, String id, String claim, int delay, int late) {
        return """
                package ext;

                import dev.ecslab.ecs.change.*;
                import dev.ecslab.ecs.entity.Entity;
                import java.util.*;
                import java.util.concurrent.*;

                public final class %1$s implements ChangeTrackerProvider {
                    public String id() { return "%2$s"; }
                    public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.%3$s; }
                    public int claimedDelayFrames(ChangeFlavor flavor) { return %4$d; }
                    public String description() { return "a history of events, written outside the repository"; }
                    public ChangeTracker create() { return new History(%5$d); }

                    static final class History implements ChangeTracker {
                        static final int ADDED = 0, MUTATED = 1, REMOVED = 2;
                        final int late;
                        TrackerHost host;
                        int start;
                        final List<Integer> frameEnds = Collections.synchronizedList(new ArrayList<>());
                        final Map<Integer, Integer> seen = new ConcurrentHashMap<>();
                        final Map<Integer, int[]> windows = new ConcurrentHashMap<>();
                        final Map<Long, List<int[]>> events = new ConcurrentHashMap<>();          // {tick, kind, writer}
                        final Map<Integer, List<Object[]>> removals = new ConcurrentHashMap<>();  // {tick, writer, entity}
                        final Map<Integer, List<int[]>> resources = new ConcurrentHashMap<>();
                        final Set<Integer> present = ConcurrentHashMap.newKeySet();

                        History(int late) { this.late = late; }

                        public int laneCount() { return 0; }
                        public void attach(TrackerHost h) { host = h; start = h.currentTick(); }
                        public void onFrameEnded() { frameEnds.add(host.currentTick()); clamp(); }
                        public void onSyncPoint() { clamp(); }

                        /** Ticks wrap: every tick kept here is clamped (the world clamps the readers' previous runs). */
                        void clamp() {
                            int now = host.currentTick();
                            start = Ticks.clamp(start, now);
                            synchronized (frameEnds) { frameEnds.replaceAll(t -> Ticks.clamp(t, now)); }
                            seen.replaceAll((k, t) -> Ticks.clamp(t, now));
                            windows.replaceAll((k, w) -> new int[] {Ticks.clamp(w[0], now), Ticks.clamp(w[1], now)});
                            for (List<int[]> list : events.values()) {
                                synchronized (list) { list.forEach(e -> e[0] = Ticks.clamp(e[0], now)); }
                            }
                            for (List<int[]> list : resources.values()) {
                                synchronized (list) { list.forEach(e -> e[0] = Ticks.clamp(e[0], now)); }
                            }
                            for (List<Object[]> list : removals.values()) {
                                synchronized (list) { list.forEach(r -> r[0] = Ticks.clamp((Integer) r[0], now)); }
                            }
                        }

                        public void onRunStarted(SystemTicks run) {
                            int hi;
                            int lo;
                            if (late == 0) {
                                hi = run.thisRun();
                                lo = run.lastRun();
                            } else {
                                synchronized (frameEnds) { hi = frameEnds.isEmpty() ? start : frameEnds.get(frameEnds.size() - 1); }
                                lo = seen.getOrDefault(run.id(), start);
                            }
                            windows.put(run.id(), new int[] {lo, hi});
                        }

                        public void onRunFinished(SystemTicks run) {
                            int[] w = windows.get(run.id());
                            if (w != null) { seen.put(run.id(), w[1]); }
                        }

                        static long key(int component, int entity) { return ((long) component << 32) | (entity & 0xffffffffL); }

                        static void add(Map<Long, List<int[]>> m, long k, int[] e) {
                            m.computeIfAbsent(k, x -> Collections.synchronizedList(new ArrayList<>())).add(e);
                        }

                        public void onAdded(SystemTicks w, int c, int e, TrackedRows col, int row) { add(events, key(c, e), new int[] {w.thisRun(), ADDED, w.id()}); }
                        public void onMutated(SystemTicks w, int c, int e, TrackedRows col, int row) { add(events, key(c, e), new int[] {w.thisRun(), MUTATED, w.id()}); }
                        public void onRemoved(SystemTicks w, int c, Entity entity) {
                            events.remove(key(c, entity.index()));
                            removals.computeIfAbsent(c, x -> Collections.synchronizedList(new ArrayList<>()))
                                    .add(new Object[] {w.thisRun(), w.id(), entity});
                        }

                        void resourceEvent(SystemTicks w, int r, int kind) {
                            resources.computeIfAbsent(r, x -> Collections.synchronizedList(new ArrayList<>()))
                                    .add(new int[] {w.thisRun(), kind, w.id()});
                        }

                        public void onResourceAdded(SystemTicks w, int r) { present.add(r); resourceEvent(w, r, ADDED); }
                        public void onResourceMutated(SystemTicks w, int r) { resourceEvent(w, r, MUTATED); }
                        public void onResourceRemoved(SystemTicks w, int r) {
                            present.remove(r);
                            List<int[]> list = resources.get(r);
                            if (list != null) {                    // a removed resource's changes are gone with it
                                synchronized (list) { list.removeIf(e -> e[1] != REMOVED); }
                            }
                            resourceEvent(w, r, REMOVED);
                        }

                        boolean in(SystemTicks reader, int tick, int writer) {
                            int[] w = windows.get(reader.id());
                            int lo = w == null ? reader.lastRun() : w[0];
                            int hi = w == null ? reader.thisRun() : w[1];
                            return writer != reader.id() && Ticks.isNewer(tick, lo, hi);
                        }

                        static boolean holds(ChangeKind kind, int eventKind) {
                            return switch (kind) {
                                case ADDED -> eventKind == ADDED;
                                case MUTATED -> eventKind == MUTATED;
                                case CHANGED -> eventKind != REMOVED;
                            };
                        }

                        boolean any(List<int[]> list, SystemTicks reader, ChangeKind kind) {
                            if (list == null) { return false; }
                            synchronized (list) {
                                for (int[] e : list) {
                                    if (holds(kind, e[1]) && in(reader, e[0], e[2])) { return true; }
                                }
                            }
                            return false;
                        }

                        public boolean matches(ChangeKind kind, ChangeFlavor f, SystemTicks reader, int c, int e, TrackedRows col, int row) {
                            return any(events.get(key(c, e)), reader, kind);
                        }

                        public List<Entity> removedSince(ChangeFlavor f, SystemTicks reader, int c) {
                            List<Entity> out = new ArrayList<>();
                            List<Object[]> list = removals.get(c);
                            if (list == null) { return out; }
                            synchronized (list) {
                                for (Object[] r : list) {
                                    if (in(reader, (Integer) r[0], (Integer) r[1])) { out.add((Entity) r[2]); }
                                }
                            }
                            return out;
                        }

                        public boolean resourceMatches(ChangeKind kind, ChangeFlavor f, SystemTicks reader, int r) {
                            return present.contains(r) && any(resources.get(r), reader, kind);
                        }

                        public boolean resourceRemovedSince(ChangeFlavor f, SystemTicks reader, int r) {
                            List<int[]> list = resources.get(r);
                            if (list == null) { return false; }
                            synchronized (list) {
                                for (int[] e : list) {
                                    if (e[1] == REMOVED && in(reader, e[0], e[2])) { return true; }
                                }
                            }
                            return false;
                        }

                        public long memoryBytes() { return 64L * events.size() + 32L * removals.size(); }
                    }
                }
                """.formatted(className, id, claim, delay, late);
    }

    @Test
    void anIndependentlyPackagedExactStrategyPasses(@TempDir Path dir) throws Exception {
        Path jar = jar(dir, "Plain", provider("Plain", "ext-plain", "EXACT", "0", ""));
        CommandOutput r = gate(dir, jar, "ext-plain", IN_THE_LAB);
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("expected exact, measured exact: PASS");
    }

    @Test
    void anExactStrategyWrittenFromScratchPasses(@TempDir Path dir) throws Exception {
        Path jar = jar(dir, "HistoryExact", history("HistoryExact", "ext-history", "EXACT", 0, 0));
        CommandOutput r = gate(dir, jar, "ext-history", "--tries", "20", IN_THE_LAB);
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("expected exact, measured exact: PASS");
    }

    @Test
    void aFrameLateStrategyPassesWhenItClaimsTheDelayAndFailsWhenItClaimsExactness(@TempDir Path dir) throws Exception {
        Path honest = jar(dir, "LateHonest", history("LateHonest", "ext-late-honest", "EXACT_DELAYED", 1, 1));
        CommandOutput ok = gate(dir, honest, "ext-late-honest", "--tries", "20", IN_THE_LAB);
        assertThat(ok.code()).as(ok.out() + ok.err()).isZero();
        assertThat(ok.out()).contains("measured exact-delayed: PASS");

        Path boastful = jar(dir, "LateBoast", history("LateBoast", "ext-late-boast", "EXACT", 0, 1));
        CommandOutput bad = gate(dir, boastful, "ext-late-boast", "--tries", "0", IN_THE_LAB);
        assertThat(bad.code()).as(bad.out() + bad.err()).isEqualTo(1);
        assertThat(bad.out()).contains("expected exact, measured ").doesNotContain("measured exact:")
                .contains("FAIL 1 timeliness").contains("FAIL 3 same frame");
    }

    @Test
    void crashesInAnyCallAreCrashes(@TempDir Path dir) throws Exception {
        Path rows = jar(dir, "RowsThrow", provider("RowsThrow", "ext-rows-throw", "EXACT", "0", """
                @Override public boolean candidateRows(ChangeKind k, ChangeFlavor f, SystemTicks r, TrackedRows c, int n, RowSink s) {
                    throw new UnsupportedOperationException("candidateRows is optional, isn't it?");
                }
                """));
        CommandOutput r1 = gate(dir, rows, "ext-rows-throw");
        assertThat(r1.code()).isEqualTo(1);
        assertThat(r1.out()).contains("measured broken: FAIL").contains("FAIL X no crash")
                .contains("UnsupportedOperationException").contains("candidateRows(");

        Path memory = jar(dir, "MemoryThrows", provider("MemoryThrows", "ext-memory-throws", "EXACT", "0", """
                @Override public long memoryBytes() { throw new IllegalStateException("not measured"); }
                """));
        CommandOutput r2 = gate(dir, memory, "ext-memory-throws", "--tries", "0");
        assertThat(r2.code()).isEqualTo(1);
        assertThat(r2.out()).contains("FAIL X no crash").contains("memoryBytes()");
    }

    @Test
    void anExceptionThatEndsAThreadTheStrategyStartedIsACrash(@TempDir Path dir) throws Exception {
        Path jar = jar(dir, "HelperDies", provider("HelperDies", "ext-helper-dies", "EXACT", "0", """
                @Override public void onFrameEnded() {
                    super.onFrameEnded();
                    Thread helper = new Thread(() -> { throw new IllegalStateException("the compactor died"); }, "compactor");
                    helper.start();
                    try { helper.join(); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                }
                """));
        CommandOutput r = gate(dir, jar, "ext-helper-dies");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("measured broken: FAIL").contains("FAIL X no crash").contains("the compactor died")
                .contains("'compactor'");
    }

    @Test
    void aStrategyThatHangsIsACrashAndTheGateEndsPromptly(@TempDir Path dir) throws Exception {
        Path hang = jar(dir, "Hangs", provider("Hangs", "ext-hangs", "EXACT", "0", """
                private final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
                @Override public void onFrameEnded() {
                    super.onFrameEnded();
                    if (calls.incrementAndGet() == 2) {
                        while (true) { Thread.onSpinWait(); }            // the third frame never comes
                    }
                }
                """));
        Instant start = Instant.now();
        CommandOutput r = gate(dir, hang, "ext-hangs", "--run-timeout", "2");
        Duration took = Duration.between(start, Instant.now());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("FAIL X no crash").contains("timeout").contains("onFrameEnded");
        assertThat(r.out()).contains("campaign complete").contains("the rest of its scenarios were not run");
        assertThat(took).as("one timeout, then the rest of the configuration is skipped").isLessThan(Duration.ofSeconds(45));
    }

    /** A provider that claims a delay no scenario can show is refused as bad input, as a negative claim is. */
    @org.junit.jupiter.api.Test
    void aClaimedDelayNoScenarioCanShowIsBadInput(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path jar = jar(dir, "ClaimsForever", provider("ClaimsForever", "ext-claims-forever", "EXACT_DELAYED",
                "Integer.MAX_VALUE", ""));
        CommandOutput r = gate(dir, jar, "ext-claims-forever");
        org.assertj.core.api.Assertions.assertThat(r.code()).as(r.err()).isEqualTo(2);
        org.assertj.core.api.Assertions.assertThat(r.err()).contains("strategy 'ext-claims-forever' is allowed a delay of "
                + Integer.MAX_VALUE + " frames, more than any scenario can show").contains("judge nothing");
    }
}
