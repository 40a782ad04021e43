package dev.ecslab.reports.chart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The benchmark graphs of Bevy PR #1471 (its "Graphs" section: time against entity count, run time
 * against workload, memory over frames) and ecslab's own (executor overhead and the skewed load,
 * iteration beside its peers), drawn from {@link BenchmarkResults} with XChart: each chart as inline
 * SVG for the single-page report and as PNG files in a given directory.
 *
 * <p>The contract: {@link #build()} always returns the five charts, in this order and with these
 * ids: {@value #FRAME_TIME}, {@value #RUN_TIME_BY_WORKLOAD}, {@value #MEMORY_OVER_FRAMES},
 * {@value #EXECUTORS}, {@value #ITERATION}. A chart whose data is absent has no panels and a
 * {@code missing} text giving the command (from the repository root, after
 * {@code mvn -B -q -pl benchmarks -am package -DskipTests}) that produces the data into
 * {@code reports/out/bench/}. A chart with part of its data says in its caption which part is
 * missing and how to produce it. Times are converted from the file's JMH unit to the unit on the
 * axis; values that a logarithmic axis cannot show (zero) are left out and the caption says so.
 * <b>Honest figures:</b> every measured point carries JMH's error as an error bar (on a log axis, a
 * bar that would reach zero stops at a tenth of the value, and the caption names those points); each
 * caption says which run every series came from (file, date and how it is known, JMH settings, commit
 * when recorded: {@link BenchmarkResults.Origin}); a chart that shows figures of a quick run (only where
 * no careful result exists, {@link BenchmarkResults}) has a {@linkplain Chart#noisy() noisy badge}
 * naming those series, and the caption marks their file.
 * <b>Value layouts</b>: where results carry the {@value #LAYOUT} parameter, charts 1 and 2
 * draw a panel per layout, its title naming the layout (a result without the parameter, from an older
 * file, stored objects: {@value #REFERENCES}); chart 5 draws the columnar contenders on a second
 * panel. Files without columnar results are drawn exactly as before.
 * Rendering is headless ({@code java.awt.headless} is set to true unless already set).
 */
public final class BenchmarkCharts {
    /** Chart 1: time per frame against entity count, a panel per metric, no workload. */
    public static final String FRAME_TIME = "frame-time-by-entities";
    /** Chart 2: run time against the workload per changed entity, a panel per fraction changed. */
    public static final String RUN_TIME_BY_WORKLOAD = "run-time-by-workload";
    /** Chart 3: tracking memory over frames. */
    public static final String MEMORY_OVER_FRAMES = "memory-over-frames";
    /** Chart 4: executor overhead with empty systems, and the skewed load. */
    public static final String EXECUTORS = "executors";
    /** Chart 5: iteration side by side with the peer libraries and the hand-written loop. */
    public static final String ITERATION = "iteration";

    /** The size of a {@code changed} world: fixed in {@code ChangeTrackingBenchmark.ChangedRows.ENTITIES}. */
    static final int CHANGED_QUERY_ENTITIES = 1_000_000;

    static final String BUILD = "mvn -B -q -pl benchmarks -am package -DskipTests";
    /** What a panel's description says when it draws error bars. */
    static final String ERROR_BARS = "error bars: JMH's 99.9 % confidence half-width.";
    /** The badge of a chart that shows results of a quick run, and the mark of such a run in a caption. */
    public static final String NOISY = "noisy (quick run)";
    static final String JAR = "java -jar benchmarks/target/benchmarks.jar ";
    static final String CMD_CHANGE_SWEEP = JAR + "'ChangeTrackingBenchmark\\.(mutateAll|mutateAllChunks|frameEnd)$' "
            + "-rf json -rff reports/out/bench/ChangeTrackingBenchmark-sweep.json";
    static final String CMD_CHANGED = JAR + "'ChangeTrackingBenchmark\\.changed$' -p spread=random "
            + "-rf json -rff reports/out/bench/ChangeTrackingBenchmark-changed.json";
    static final String CMD_MEMORY = "java -cp benchmarks/target/benchmarks.jar dev.ecslab.bench.TrackingMemoryReport "
            + "--json reports/out/bench/memory.json";
    static final String CMD_EXECUTORS = JAR + "ExecutorBenchmark -rf json -rff reports/out/bench/ExecutorBenchmark.json";
    static final String CMD_ITERATION = JAR + "IterationBenchmark -rf json -rff reports/out/bench/IterationBenchmark.json";

    /** Workloads per changed entity on chart 2, in ns: 1 ns to 1 ms, four points per decade. */
    static final double[] WORKLOADS_NS = workloads();

    /** The JMH parameter that says how a component's values were stored (objects, or primitive columns). */
    static final String LAYOUT = "layout";
    /** The layout of a result without the {@value #LAYOUT} parameter: every run before columns existed stored objects. */
    static final String REFERENCES = "references";
    /** The layouts in the order their panels come; others follow alphabetically. */
    private static final List<String> LAYOUTS = List.of(REFERENCES, "columnar");

    private static final Map<String, String> CONTENDERS = Map.ofEntries(
            Map.entry("ECSLAB", "ecslab (forEach)"),
            Map.entry("ECSLAB_CHUNKS", "ecslab (forEachChunk)"),
            Map.entry("ECSLAB_CHUNK_ARRAYS", "ecslab (forEachChunk, chunk arrays)"),
            Map.entry("ECSLAB_CHUNK_ARRAYS_OBSERVED", "ecslab (chunk arrays, observed)"),
            Map.entry("HAND_LOOP", "hand-written loop"),
            Map.entry("HAND_LOOP_ECSLAB_OBJECTS", "hand loop over ecslab's objects"),
            Map.entry("DOMINION", "Dominion"),
            Map.entry("ARTEMIS_ODB", "artemis-odb"),
            Map.entry("ECSLAB_COLUMNAR", "ecslab columnar (forEach)"),
            Map.entry("ECSLAB_COLUMNAR_CHUNKS", "ecslab columnar (forEachChunk)"),
            Map.entry("HAND_SOA", "hand-written loop over primitive arrays"),
            Map.entry("ECSLAB_COLUMNAR_CHUNKS_OBSERVED", "ecslab columnar (forEachChunk, observed)"),
            Map.entry("ECSLAB_COLUMNAR_CHUNKS_NONE", "ecslab columnar (forEachChunk, none)"));
    /** Object contenders that chart 5 repeats on its columnar panel, so the columnar lines can be read against them. */
    private static final Set<String> OBJECT_YARDSTICKS = Set.of("HAND_LOOP", "ECSLAB_CHUNKS");

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private final BenchmarkResults data;
    private final Path pngDirectory;

    /** Charts of {@code data}; PNG files go to {@code pngDirectory} (created when needed). */
    public BenchmarkCharts(BenchmarkResults data, Path pngDirectory) {
        this.data = data;
        this.pngDirectory = pngDirectory;
    }

    /**
     * The five charts. Writes their PNG files (overwriting older ones of the same name).
     *
     * @throws UncheckedIOException when a PNG file cannot be written
     */
    public List<Chart> build() {
        try {
            Files.createDirectories(pngDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.of(frameTime(), runTimeByWorkload(), memoryOverFrames(), executors(), iteration());
    }

    // ---------------------------------------------------------------- chart 1

    /** The results measured with the changed component observed (or from before that parameter existed). */
    static List<BenchmarkResult> observed(List<BenchmarkResult> results) {
        return results.stream().filter(r -> !"false".equals(r.param("observed"))).toList();
    }

    private Chart frameTime() {
        String title = "Time per frame against entity count, no workload";
        // Each strategy's own cost: Position observed (files from before observation have no "observed"
        // parameter and were all observed); a run with nobody observing measures no strategy at all.
        List<BenchmarkResult> mutateAll = observed(data.select("ChangeTrackingBenchmark.mutateAll"));
        List<BenchmarkResult> mutateChunks = observed(data.select("ChangeTrackingBenchmark.mutateAllChunks"));
        boolean named = namesLayouts(mutateAll) || namesLayouts(mutateChunks);
        Map<String, Map<String, Map<Double, BenchmarkResult>>> mutate = byLayout(mutateAll,
                r -> r.param("strategy"), r -> number(r.param("entities")));
        Map<String, Map<String, Map<Double, BenchmarkResult>>> chunks = byLayout(mutateChunks,
                r -> r.param("strategy"), r -> number(r.param("entities")));
        Map<String, Map<Double, BenchmarkResult>> frameEnd = bySeries(observed(data.select("ChangeTrackingBenchmark.frameEnd")),
                r -> r.param("strategy"), r -> number(r.param("entities")));
        Map<String, Map<Double, Point>> memory = new TreeMap<>(ChartStyle::order);
        for (TrackingMemory.PerEntity m : data.memoryPerEntity()) {
            memory.computeIfAbsent(m.strategy(), k -> new TreeMap<>()).put((double) m.entities(), Point.exact(m.bytesPerEntity()));
        }
        if (mutate.isEmpty() && chunks.isEmpty() && frameEnd.isEmpty() && memory.isEmpty()) {
            return missing(FRAME_TIME, title, CMD_CHANGE_SWEEP + " and " + CMD_MEMORY);
        }
        List<Chart.Panel> panels = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        String x = "entities (count, log scale)";
        String y = "time per frame (µs, log scale)";
        mutate.forEach((layout, series) -> panels.add(xyPanel(FRAME_TIME, panels.size(),
                "writing every entity (mutateAll)" + layoutWords(layout, named), x, y, true, true,
                times(series, TimeUnit.MICROSECONDS), notes)));
        chunks.forEach((layout, series) -> panels.add(xyPanel(FRAME_TIME, panels.size(),
                "writing chunk by chunk (mutateAllChunks)" + layoutWords(layout, named), x, y, true, true,
                times(series, TimeUnit.MICROSECONDS), notes)));
        if (!frameEnd.isEmpty()) {
            panels.add(xyPanel(FRAME_TIME, panels.size(), "frame-end pass (frameEnd)", x, y, true, true,
                    times(frameEnd, TimeUnit.MICROSECONDS), notes));
            mutate.forEach((layout, series) -> panels.add(xyPanel(FRAME_TIME, panels.size(),
                    "whole frame (mutateAll + frameEnd)" + layoutWords(layout, named), x, y, true, true,
                    wholeFrame(series, frameEnd), notes)));
        }
        if (!memory.isEmpty()) {
            panels.add(xyPanel(FRAME_TIME, panels.size(), "tracking memory per entity", x,
                    "tracking memory (bytes per entity)", true, false, memory, notes));
        }
        StringBuilder caption = new StringBuilder("One writer system writes every entity's Position through a write term "
                + "(ChangeTrackingBenchmark.mutateAll, JMH average time, mean), then the strategy's frame-end pass "
                + (named ? "(frameEnd); the whole-frame panels add the two, the memory panel is "
                        : "(frameEnd); the third panel adds the two, the fourth is ")
                + "the tracking state per entity from the "
                + "strategies' own size reports (TrackingMemoryReport, empty world subtracted). No work beyond the write. "
                + "The whole frame's error bar is the sum of the two parts' (a bound). ");
        if (named) {
            caption.append(LAYOUT_WORDS).append(" mutateAll writes entity by entity (getMut, or setFloat when columnar); "
                    + "mutateAllChunks walks chunks (chunk.getMut, or writeFloats: the primitive loop, the strategy's marking"
                    + " its only overhead) and keeps no running sum. The whole frame is drawn per layout. ");
        }
        List<Map<String, Map<Double, BenchmarkResult>>> timed = new ArrayList<>(mutate.values());
        timed.addAll(chunks.values());
        timed.add(frameEnd);
        caption.append("Entity counts measured: ").append(sizes(timed)).append(". ");
        Map<String, Collection<BenchmarkResult>> used = new LinkedHashMap<>();
        mutate.forEach((layout, series) -> use(used, series, layoutTag(layout, named)));
        chunks.forEach((layout, series) -> use(used, series, layoutTag(layout, named)));
        use(used, frameEnd, "");
        caption.append(sources(used));
        if (!memory.isEmpty()) {
            caption.append(" Memory (a size report, no error bars): ").append(memorySources(data.memoryPerEntity())).append('.');
        }
        if (mutate.isEmpty() || frameEnd.isEmpty()) {
            notes.add("mutateAll or frameEnd is missing; run " + CMD_CHANGE_SWEEP);
        }
        if (named && chunks.isEmpty()) {
            notes.add("the chunk walk (mutateAllChunks) is missing; run " + CMD_CHANGE_SWEEP);
        }
        if (memory.isEmpty()) {
            notes.add("the memory panel is missing; run " + CMD_MEMORY);
        }
        notes.add("for more entity counts add e.g. -p entities=1000,10000,100000,1000000 to " + CMD_CHANGE_SWEEP);
        return chart(FRAME_TIME, title, caption, notes, panels, used);
    }

    /** mutateAll plus frameEnd of the same strategy and size, where both exist; the errors are added (a bound). */
    private static Map<String, Map<Double, Point>> wholeFrame(Map<String, Map<Double, BenchmarkResult>> mutate,
            Map<String, Map<Double, BenchmarkResult>> frameEnd) {
        Map<String, Map<Double, Point>> total = new TreeMap<>(ChartStyle::order);
        mutate.forEach((strategy, bySize) -> bySize.forEach((n, r) -> {
            BenchmarkResult end = frameEnd.getOrDefault(strategy, Map.of()).get(n);
            if (end != null) {
                Point a = Point.of(r, TimeUnit.MICROSECONDS);
                Point b = Point.of(end, TimeUnit.MICROSECONDS);
                total.computeIfAbsent(strategy, k -> new TreeMap<>())
                        .put(n, new Point(a.value() + b.value(), a.error() + b.error()));   // errors added: a bound
            }
        }));
        return total;
    }

    // ---------------------------------------------------------------- chart 2

    private Chart runTimeByWorkload() {
        String title = "Run time against the workload per changed entity";
        List<BenchmarkResult> all = data.select("ChangeTrackingBenchmark.changed");
        if (all.isEmpty()) {
            return missing(RUN_TIME_BY_WORKLOAD, title, CMD_CHANGED);
        }
        String spread = all.stream().anyMatch(r -> "random".equals(r.param("spread"))) ? "random" : all.get(0).param("spread");
        long entities = all.stream().mapToLong(BenchmarkCharts::changedWorldSize).max().orElse(CHANGED_QUERY_ENTITIES);
        List<BenchmarkResult> chosen = all.stream()
                .filter(r -> spread == null || spread.equals(r.param("spread")))
                .filter(r -> changedWorldSize(r) == entities)
                .toList();
        boolean named = namesLayouts(chosen);
        Map<Double, List<BenchmarkResult>> byPercent = new TreeMap<>();
        for (BenchmarkResult r : chosen) {
            byPercent.computeIfAbsent(number(r.param("percentChanged")), k -> new ArrayList<>()).add(r);
        }
        List<Chart.Panel> panels = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, Collection<BenchmarkResult>> used = new LinkedHashMap<>();
        for (Map.Entry<Double, List<BenchmarkResult>> facet : byPercent.entrySet()) {
            double percent = facet.getKey();
            byLayout(facet.getValue(), r -> r.param("strategy"), r -> 0.0).forEach((layout, byStrategy) -> {
                String layoutWords = layoutWords(layout, named);
                Map<String, Map<Double, Point>> series = new TreeMap<>(ChartStyle::order);
                byStrategy.forEach((strategy, one) -> {
                    BenchmarkResult r = one.get(0.0);
                    used.computeIfAbsent(strategy + layoutTag(layout, named), k -> new ArrayList<>()).add(r);
                    Point query = Point.of(r, TimeUnit.MILLISECONDS);
                    double touched = "none".equals(strategy) ? entities : entities * percent / 100;
                    Map<Double, Point> line = new TreeMap<>();
                    for (double w : WORKLOADS_NS) {
                        line.put(w, new Point(query.value() + touched * w / 1e6, query.error()));
                    }
                    series.put(strategy, line);
                });
                panels.add(xyPanel(RUN_TIME_BY_WORKLOAD, panels.size(), format(percent) + " % changed" + layoutWords,
                        "work per changed entity (ns, log scale)", "run time per frame (ms, log scale)", true, true, series,
                        notes));
            });
        }
        StringBuilder caption = new StringBuilder(String.format(Locale.ROOT,
                "%s entities, %s changes. The workload is added computationally, as Bevy PR #1471 proposes: run time(w) = "
                + "the measured time of one reader run of a Changed<Position> query that reads every reported row "
                + "(ChangeTrackingBenchmark.changed, JMH average time, mean) + (changed entities) × w; none reports every "
                + "entity and pays %s × w. w from 1 ns to 1 ms. The error bars are the measured query's (the workload is"
                + " computed, not measured). ",
                count(entities), spread, count(entities)));
        if (entities < CHANGED_QUERY_ENTITIES) {
            caption.append("The largest world present is ").append(count(entities)).append(" entities, not 10^6. ");
        }
        if (named) {
            caption.append(LAYOUT_WORDS).append(" The reader reads each reported y with get, or getFloat when columnar. ");
        }
        caption.append(sources(used));
        return chart(RUN_TIME_BY_WORKLOAD, title, caption, notes, panels, used);
    }

    private static long changedWorldSize(BenchmarkResult r) {
        String n = r.param("entities");
        return n == null ? CHANGED_QUERY_ENTITIES : (long) number(n);
    }

    // ---------------------------------------------------------------- chart 3

    private Chart memoryOverFrames() {
        String title = "Tracking memory over frames";
        List<TrackingMemory.OverFrames> rows = data.memoryOverFrames();
        if (rows.isEmpty()) {
            return missing(MEMORY_OVER_FRAMES, title, CMD_MEMORY);
        }
        Map<String, Map<Double, Point>> series = new TreeMap<>(ChartStyle::order);
        for (TrackingMemory.OverFrames m : rows) {
            series.computeIfAbsent(m.strategy(), k -> new TreeMap<>()).put((double) m.frames(), Point.exact(m.bytes() / 1024.0));
        }
        List<String> notes = new ArrayList<>();
        var panel = xyPanel(MEMORY_OVER_FRAMES, 0, title, "frames (count, log scale)", "tracking memory (KiB, log scale)",
                true, true, series, notes);
        TrackingMemory.OverFrames first = rows.get(0);
        String caption = String.format(Locale.ROOT, "Each strategy's own size report (ChangeTracker.memoryBytes, array "
                + "capacity counted) after N frames of a world of %d entities: a writer changes 1 %% of them at random, "
                + "a churn system despawns and spawns entities through commands, %d detector systems read Changed and "
                + "removals. A plain measurement, not JMH, and exact: no error bars. Flat lines are bounded memory"
                + " (criterion 6). From %s.",
                first.worldEntities(), first.detectors(), memorySources(rows));
        return chart(MEMORY_OVER_FRAMES, title, new StringBuilder(caption), notes, List.of(panel), Map.of());
    }

    // ---------------------------------------------------------------- chart 4

    private Chart executors() {
        String title = "Executors: frame overhead and a skewed load";
        Map<String, Map<Double, BenchmarkResult>> empty = bySeries(data.select("ExecutorBenchmark.emptySystems"),
                r -> r.param("executor"), r -> number(r.param("systems")));
        Map<String, Map<Double, BenchmarkResult>> skewed = bySeries(data.select("ExecutorBenchmark.skewedLoad"),
                r -> r.param("executor"), r -> 0.0);
        if (empty.isEmpty() && skewed.isEmpty()) {
            return missing(EXECUTORS, title, CMD_EXECUTORS);
        }
        List<Chart.Panel> panels = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, Collection<BenchmarkResult>> used = new LinkedHashMap<>();
        if (!empty.isEmpty()) {
            panels.add(xyPanel(EXECUTORS, panels.size(), "empty systems: frame overhead", "systems (count, log scale)",
                    "time per frame (µs, log scale)", true, true, times(empty, TimeUnit.MICROSECONDS), notes));
            use(used, empty, "");
        } else {
            notes.add("the empty-systems panel is missing; run " + CMD_EXECUTORS);
        }
        if (!skewed.isEmpty()) {
            panels.add(skewedPanel(panels.size(), skewed, notes));
            use(used, skewed, "");
        } else {
            notes.add("the skewed-load panel is missing; run " + CMD_EXECUTORS);
        }
        StringBuilder caption = new StringBuilder("One benchmark call is one frame of a one-stage schedule "
                + "(ExecutorBenchmark, JMH average time, mean; the bars carry JMH's 99.9 % error). First panel: a frame of n "
                + "empty systems, the executor's own cost. Second panel: one slow system (about 4 ms) and 16 quick ones (about "
                + "0.25 ms) that all write one resource, without ordering constraints. ");
        caption.append(sources(used));
        return chart(EXECUTORS, title, caption, notes, panels, used);
    }

    private Chart.Panel skewedPanel(int index, Map<String, Map<Double, BenchmarkResult>> skewed, List<String> notes) {
        String facet = "skewed load: 1 slow + 16 quick systems";
        String xTitle = "executor";
        String yTitle = "time per frame (ms)";
        CategoryChart chart = new CategoryChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT)
                .title(facet).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setOverlapped(true).setErrorBarsColorSeriesColor(false).setErrorBarsColor(java.awt.Color.BLACK);
        List<String> executors = new ArrayList<>(skewed.keySet());
        executors.sort(ChartStyle::order);
        List<String> unknown = new ArrayList<>();
        for (String executor : executors) {
            BenchmarkResult r = skewed.get(executor).get(0.0);
            boolean noError = Double.isNaN(r.scoreError()) || r.scoreError() < 0;
            if (noError) {                              // no error in the file: no bar, which must not read as exact
                unknown.add(executor);
            }
            List<Double> ys = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (String category : executors) {
                ys.add(category.equals(executor) ? r.score(TimeUnit.MILLISECONDS) : 0.0);
                errors.add(category.equals(executor) && !noError ? r.scoreError(TimeUnit.MILLISECONDS) : 0.0);
            }
            chart.addSeries(executor, executors, ys, errors).setFillColor(ChartStyle.colour(executor));
        }
        if (!unknown.isEmpty()) {
            notes.add(facet + ": no error recorded (drawn without a bar, not exact) for " + String.join(", ", unknown));
        }
        return export(chart, EXECUTORS, index, facet, xTitle, yTitle, executors, true);
    }

    // ---------------------------------------------------------------- chart 5

    private Chart iteration() {
        String title = "Iteration side by side: Position += Velocity";
        // The whole-value pair (ECSLAB_VALUES, ECSLAB_COLUMNAR_VALUES) measures the object API's cost on each layout,
        // not iteration; RESULTS.md quotes it, the chart would only crowd its panels.
        List<BenchmarkResult> all = data.select("IterationBenchmark.move").stream()
                .filter(r -> r.param("ecs") == null || !r.param("ecs").endsWith("_VALUES")).toList();
        // The objects panel draws the named contenders; the variants (observed, none, sparse Health) are in RESULTS.md.
        List<BenchmarkResult> objects = all.stream().filter(r -> !columnarContender(r.param("ecs")))
                .filter(r -> r.param("ecs") == null || CONTENDERS.containsKey(r.param("ecs"))).toList();
        List<BenchmarkResult> columnar = all.stream().filter(r -> columnarContender(r.param("ecs"))).toList();
        if (bySeries(all, r -> r.param("ecs"), r -> number(r.param("n"))).isEmpty()) {
            return missing(ITERATION, title, CMD_ITERATION);
        }
        List<String> notes = new ArrayList<>();
        List<Chart.Panel> panels = new ArrayList<>();
        Map<String, Collection<BenchmarkResult>> used = new LinkedHashMap<>();
        String x = "entities (count, log scale)";
        String y = "time per frame (µs, log scale)";
        Map<String, Map<Double, BenchmarkResult>> objectMoves = contenderSeries(objects);
        if (!objectMoves.isEmpty()) {
            String facet = columnar.isEmpty() ? title : "components as objects (references layout)";
            panels.add(xyPanel(ITERATION, panels.size(), facet, x, y, true, true, times(objectMoves, TimeUnit.MICROSECONDS),
                    notes));
            use(used, objectMoves, "");
        }
        if (!columnar.isEmpty()) {
            List<BenchmarkResult> withYardsticks = new ArrayList<>(columnar);
            objects.stream().filter(r -> OBJECT_YARDSTICKS.contains(r.param("ecs"))).forEach(withYardsticks::add);
            Map<String, Map<Double, BenchmarkResult>> columnarMoves = contenderSeries(withYardsticks);
            panels.add(xyPanel(ITERATION, panels.size(), "components as primitive arrays (columnar layout)", x, y, true, true,
                    times(columnarMoves, TimeUnit.MICROSECONDS), notes));
            use(used, columnarMoves, "");
        }
        StringBuilder caption = new StringBuilder("One frame of a movement update (read Velocity, write Position) over n "
                + "entities, every contender in the same JMH run and under the same JVM flags (IterationBenchmark.move, "
                + "JMH average time, mean). ecslab walks one query with forEach or forEachChunk; the hand-written loop walks "
                + "two arrays of the same component classes; Dominion 0.9.0 and artemis-odb 2.3.0 use their idiomatic paths. "
                + "ecslab's forEachChunk is drawn walking per entity through the chunk's handles and over the chunk's arrays "
                + "(readArray/writeArray, the columns themselves), the latter also with Position observed; the other "
                + "variants (tracking none, sparse Health) are in RESULTS.md."
                + " Error bars: JMH's 99.9 % confidence half-width. ");
        if (!columnar.isEmpty()) {
            caption.append("The second panel is the columnar layout, each component one primitive array per "
                    + "field: ecslab walked with forEach (getFloat/setFloat) or forEachChunk (readFloats/writeFloats, also "
                    + "with Position observed and under strategy none), and the hand-written loop over four float arrays; "
                    + "the hand-written object loop and ecslab's forEachChunk over objects are repeated there for scale. ");
        }
        caption.append(sources(used));
        return chart(ITERATION, title, caption, notes, panels, used);
    }

    /** Whether an {@code IterationBenchmark} contender stores its components in columns. */
    static boolean columnarContender(String ecs) {
        return ecs != null && (ecs.contains("COLUMNAR") || ecs.equals("HAND_SOA"));
    }

    private static Map<String, Map<Double, BenchmarkResult>> contenderSeries(List<BenchmarkResult> moves) {
        return bySeries(moves, r -> CONTENDERS.getOrDefault(r.param("ecs"), r.param("ecs")), r -> number(r.param("n")));
    }

    // ---------------------------------------------------------------- drawing

    /**
     * One value of a series and its error: JMH's 99.9 % half-width, 0 for an exact figure such as a size report,
     * NaN when the result file has none (a single measured iteration): drawn without a bar, and said so.
     */
    record Point(double value, double error) {
        static Point exact(double value) {
            return new Point(value, 0);
        }

        static Point of(BenchmarkResult r, TimeUnit unit) {
            double e = r.scoreError(unit);
            return new Point(r.score(unit), e < 0 ? Double.NaN : e);
        }
    }

    private Chart.Panel xyPanel(String chartId, int index, String facet, String xTitle,
            String yTitle, boolean logX, boolean logY, Map<String, Map<Double, Point>> series, List<String> notes) {
        XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT)
                .title(facet).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(logX).setYAxisLogarithmic(logY).setErrorBarsColorSeriesColor(true);
        List<String> names = new ArrayList<>(series.keySet());
        names.sort(ChartStyle::order);
        List<String> legend = new ArrayList<>();
        List<String> cut = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        boolean bars = false;
        for (String name : names) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (Map.Entry<Double, Point> p : series.get(name).entrySet()) {
                double y = p.getValue().value();
                boolean drawable = (!logX || p.getKey() > 0) && (!logY || y > 0);
                if (!drawable) {
                    notes.add(facet + ": " + name + " at " + format(p.getKey()) + " is " + format(y)
                            + ", which a log axis cannot show");
                    continue;
                }
                double e = p.getValue().error();
                if (Double.isNaN(e)) {                  // no error in the file: no bar, which must not read as exact
                    e = 0;
                    unknown.add(name + " at " + format(p.getKey()));
                }
                if (logY && e >= y) {                   // a bar down to zero or below: a log axis cannot draw it
                    e = 0.9 * y;
                    cut.add(name + " at " + format(p.getKey()));
                }
                xs.add(p.getKey());
                ys.add(y);
                errors.add(e);
            }
            if (xs.isEmpty()) {
                continue;
            }
            boolean withBars = errors.stream().anyMatch(e -> e > 0);
            bars |= withBars;
            XYSeries s = withBars ? chart.addSeries(name, xs, ys, errors) : chart.addSeries(name, xs, ys);
            s.setLineColor(ChartStyle.colour(name));
            s.setMarkerColor(ChartStyle.colour(name));
            s.setMarker(SeriesMarkers.CIRCLE);
            legend.add(name);
        }
        if (!cut.isEmpty()) {
            notes.add(facet + ": the error is as large as the value (too noisy to read) at " + String.join(", ", cut)
                    + "; a log axis cannot draw a bar to zero, so these bars stop at a tenth of the value");
        }
        if (!unknown.isEmpty()) {
            notes.add(facet + ": no error recorded (drawn without a bar, not exact) at " + String.join(", ", unknown));
        }
        return export(chart, chartId, index, facet, xTitle, yTitle, legend, bars);
    }

    private Chart.Panel export(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String chartId, int index, String facet,
            String xTitle, String yTitle, List<String> legend, boolean errorBars) {
        String prefix = chartId + "-" + index;
        String svg = InlineSvg.of(chart, prefix, facet, InlineSvg.describe(xTitle, yTitle, legend)
                + (errorBars ? " " + ERROR_BARS : ""));
        Path png = pngDirectory.resolve(prefix + ".png");
        try {
            BitmapEncoder.saveBitmap(chart, png.toString(), BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Chart.Panel(facet, svg, png);
    }

    private static Chart chart(String id, String title, StringBuilder caption, List<String> notes,
            List<Chart.Panel> panels, Map<String, Collection<BenchmarkResult>> used) {
        if (!notes.isEmpty()) {
            caption.append(" Notes: ").append(String.join("; ", new LinkedHashSet<>(notes))).append('.');
        }
        Set<String> noisy = new java.util.TreeSet<>(ChartStyle::order);
        used.forEach((series, results) -> {
            if (results.stream().anyMatch(BenchmarkResult::quick)) {
                noisy.add(series);
            }
        });
        String badge = noisy.isEmpty() ? "" : NOISY + ": " + String.join(", ", noisy);
        return new Chart(id, title, caption.toString().trim(), panels, Optional.empty(), badge);
    }

    private static Chart missing(String id, String title, String command) {
        return new Chart(id, title, "No data for this chart.", List.of(),
                Optional.of("No results found. From the repository root, build the benchmarks (" + BUILD + ") and run: "
                        + command), "");
    }

    // ---------------------------------------------------------------- data shaping

    /**
     * Results grouped by series name and x value; {@code results} comes newest first, so for a
     * measurement present under several JVM argument lists the newest is kept.
     */
    private static Map<String, Map<Double, BenchmarkResult>> bySeries(List<BenchmarkResult> results,
            Function<BenchmarkResult, String> series, Function<BenchmarkResult, Double> x) {
        Map<String, Map<Double, BenchmarkResult>> out = new TreeMap<>(ChartStyle::order);
        for (BenchmarkResult r : results) {
            String name = series.apply(r);
            if (name != null && r.isTimePerOperation()) {
                out.computeIfAbsent(name, k -> new TreeMap<>()).putIfAbsent(x.apply(r), r);
            }
        }
        return out;
    }

    /** Whether any of {@code results} says its layout (a file measured since columns existed). */
    static boolean namesLayouts(List<BenchmarkResult> results) {
        return results.stream().anyMatch(r -> r.param(LAYOUT) != null);
    }

    /** The layout a result was measured in; {@value #REFERENCES} for a file from before the parameter. */
    static String layout(BenchmarkResult r) {
        String layout = r.param(LAYOUT);
        return layout == null ? REFERENCES : layout;
    }

    /** {@code ", columnar layout"}, the end of a panel title; empty when no result names a layout. */
    static String layoutWords(String layout, boolean named) {
        return named ? ", " + layout + " layout" : "";
    }

    /** {@code " (columnar)"}, the end of a series name where captions list them; empty when no result names a layout. */
    static String layoutTag(String layout, boolean named) {
        return named ? " (" + layout + ")" : "";
    }

    /** What a chart whose results name layouts says about them. */
    static final String LAYOUT_WORDS = "Value layouts: references stores Position as objects; columnar as one primitive"
            + " array per field, a panel each.";

    /** {@link #bySeries} of each layout present, references first; results without the parameter are references. */
    private static Map<String, Map<String, Map<Double, BenchmarkResult>>> byLayout(List<BenchmarkResult> results,
            Function<BenchmarkResult, String> series, Function<BenchmarkResult, Double> x) {
        Map<String, Map<String, Map<Double, BenchmarkResult>>> out = new TreeMap<>(BenchmarkCharts::layoutOrder);
        Map<String, List<BenchmarkResult>> split = new LinkedHashMap<>();
        results.forEach(r -> split.computeIfAbsent(layout(r), k -> new ArrayList<>()).add(r));
        split.forEach((layout, some) -> {
            Map<String, Map<Double, BenchmarkResult>> drawn = bySeries(some, series, x);
            if (!drawn.isEmpty()) {
                out.put(layout, drawn);
            }
        });
        return out;
    }

    private static int layoutOrder(String a, String b) {
        int ia = LAYOUTS.indexOf(a) < 0 ? LAYOUTS.size() : LAYOUTS.indexOf(a);
        int ib = LAYOUTS.indexOf(b) < 0 ? LAYOUTS.size() : LAYOUTS.indexOf(b);
        return ia != ib ? Integer.compare(ia, ib) : a.compareTo(b);
    }

    /** Records the results of {@code series} under their names followed by {@code suffix}, for {@link #sources}. */
    private static void use(Map<String, Collection<BenchmarkResult>> used, Map<String, Map<Double, BenchmarkResult>> series,
            String suffix) {
        series.forEach((name, points) -> used.computeIfAbsent(name + suffix, k -> new ArrayList<>()).addAll(points.values()));
    }

    private static Map<String, Map<Double, Point>> times(Map<String, Map<Double, BenchmarkResult>> in, TimeUnit unit) {
        Map<String, Map<Double, Point>> out = new TreeMap<>(ChartStyle::order);
        in.forEach((name, points) -> {
            Map<Double, Point> line = new TreeMap<>();
            points.forEach((x, r) -> line.put(x, Point.of(r, unit)));
            out.put(name, line);
        });
        return out;
    }

    /**
     * Which run each series came from: {@code "Data (JMH mode avgt): change-a.json, 2026-11-22 (file name), commit
     * unknown, 2 forks × 5 × 1 s measured after 3 × 1 s warm-up, JMH 1.37, JDK 17.0.15: generation, flags; …"},
     * a quick run's file marked {@code NOISY (quick run)}.
     */
    String sources(Map<String, Collection<BenchmarkResult>> used) {
        Map<Path, Set<String>> byFile = new LinkedHashMap<>();
        Map<Path, Set<String>> settings = new LinkedHashMap<>();
        Set<String> modes = new LinkedHashSet<>();
        used.forEach((series, results) -> results.forEach(r -> {
            byFile.computeIfAbsent(r.source(), k -> new LinkedHashSet<>()).add(series);
            settings.computeIfAbsent(r.source(), k -> new LinkedHashSet<>()).add(r.settings().describe()
                    + (r.quick() ? " (" + NOISY + ")" : ""));
            modes.add(r.mode());
        }));
        List<String> parts = new ArrayList<>();
        byFile.forEach((file, series) -> parts.add(data.origin(file).describe() + ", " + String.join("; ", settings.get(file))
                + ": " + String.join(", ", series)));
        return "Data (JMH mode " + String.join(", ", modes) + "): " + String.join(" | ", parts) + ".";
    }

    private String memorySources(List<? extends TrackingMemory> rows) {
        Set<Path> files = new LinkedHashSet<>();
        rows.forEach(m -> files.add(m.source()));
        List<String> out = new ArrayList<>();
        files.forEach(f -> out.add(data.origin(f).describe()));
        return String.join("; ", out);
    }

    private static String sizes(List<Map<String, Map<Double, BenchmarkResult>>> charts) {
        Set<Double> all = new java.util.TreeSet<>();
        charts.forEach(c -> c.values().forEach(m -> all.addAll(m.keySet())));
        List<String> out = new ArrayList<>();
        all.forEach(n -> out.add(count((long) (double) n)));
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    private static double number(String text) {
        if (text == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", value)).stripTrailingZeros().toPlainString();
    }

    /** 10^6 for powers of ten, the digits otherwise. */
    static String count(long n) {
        long p = 1;
        for (int e = 0; e <= 18; e++, p *= 10) {
            if (p == n && e >= 3) {
                return "10^" + e;
            }
        }
        return Long.toString(n);
    }

    private static double[] workloads() {
        double[] w = new double[25];
        for (int i = 0; i < w.length; i++) {
            w[i] = Math.pow(10, i / 4.0);
        }
        return w;
    }
}
