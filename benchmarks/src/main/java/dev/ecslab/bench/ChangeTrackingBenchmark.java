package dev.ecslab.bench;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.TermField;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The change-tracking strategies side by side, {@code none} as the control (Bevy PR #1471's measurement
 * plan, first part). Worlds are driven directly with {@link SystemTicks}, so a benchmark call is
 * exactly one system run and nothing else: no executor, no frame-end pass.
 *
 * <ul>
 *   <li>{@link #mutateAll}: one system run writing every {@link Position} through a write
 *       term (the write hook marks it), 10⁵ and 10⁶ entities. Target: {@code generation}
 *       at most 1.3× {@code none}. {@link #frameEnd} is the per-frame pass the flag strategies
 *       add (it shifts every row's flags), reported separately.</li>
 *   <li>{@link #changed}: one reader run of a {@code Changed<Position>} query over 10⁶
 *       entities, reading each changed position, when 0.1, 1, 10 or 100 % of them were written
 *       since its previous run: a seeded random subset, or one clustered run of rows. The reader's
 *       previous run stays put, so every call asks the same question. {@link #changedCount} counts
 *       the same rows without reading them (the detection alone). {@link #fullScan} reads every row
 *       with no filter: the cost a change query is meant to avoid. {@code generation-scan} is
 *       {@code generation} without its block summaries (every row's ticks tested, Bevy's filter).
 *       Target: {@code generation} at 1 % random at most 0.2× the full scan.</li>
 * </ul>
 *
 * <p><b>Layouts.</b> {@code layout=references} keeps Position as objects, as before;
 * {@code layout=columnar} stores it as one primitive array per field, so each strategy's overhead can
 * be quoted against a primitive loop too. {@link #mutateAll}, {@link #changed} and {@link #fullScan}
 * do the same work in both, per entity ({@code getMut(...).x += 1} becomes
 * {@code setFloat(x, getFloat(x) + 1)}). {@link #mutateAllChunks} walks chunks instead:
 * {@code writeFloats} for columnar, the primitive loop itself, with the strategy's marking of every
 * row as its only overhead. {@link #mutateAllArrays} is that walk over objects ({@code writeArray},
 * the column's {@code Position[]}, references only). {@link #frameEnd} and {@link #changedCount} never
 * touch a value, so they have no layout parameter (references).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ChangeTrackingBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChangeTrackingBenchmark {

    /** {@code generation} without its block summaries: a change query tests every row's ticks. */
    static final String SCANNING = "generation-scan";

    /** A world of {@code entities} positions and one system's ticks and view over it. */
    abstract static class Tracked {
        World world;
        ChangeTracker tracker;

        void spawn(String strategy, int entities) {
            spawn(strategy, entities, true, ValueLayout.REFERENCES);
        }

        /**
         * @param observed whether Position is observed from the start (a reader of its changes exists);
         *                 when not, writes to it are free whatever the strategy (nobody observes them)
         * @param layout   how Position's values are stored (objects, or one primitive array per field)
         */
        void spawn(String strategy, int entities, boolean observed, ValueLayout layout) {
            World.Builder builder = strategy.equals(SCANNING)
                    ? World.builder().changeTracking("generation", new ForwardingChangeTracker(new GenerationTracker()) {
                        @Override
                        public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId,
                                int[] archetypeIds) {
                            return null;                 // no summaries: test every row, as Bevy's filter does
                        }

                        @Override
                        public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader,
                                TrackedRows column, int rows, ChangeTracker.RowSink sink) {
                            return false;
                        }
                    })
                    : World.builder().changeTracking(strategy);
            world = builder.defaultLayout(layout).build();
            if (world.layoutOf(Position.class) != layout) {
                throw new IllegalStateException("Position must be stored as " + layout);
            }
            if (observed) {
                WorldInternals.of(world).observe(WorldInternals.of(world).components().infoOf(Position.class).id());
            }
            for (int i = 0; i < entities; i++) {
                world.spawn(new Position(i, i));
            }
            tracker = WorldInternals.of(world).changeTracker();
            tracker.onFrameEnded();
            tracker.onFrameEnded();        // the spawn is old news for the flag strategies too
        }

        RunTicks system(String name) {
            return WorldInternals.of(world).newSystemTicks(name);
        }

        WorldView view(String name, RunTicks ticks) {
            return WorldInternals.of(world).view(name, Access.world(), ticks);
        }

        void begin(RunTicks ticks) {
            ticks.begin(WorldInternals.of(world).nextChangeTick());
            tracker.onRunStarted(ticks);
        }

        void finish(RunTicks ticks) {
            tracker.onRunFinished(ticks);
            ticks.end();
        }

        /**
         * How Position's values are stored: as objects, unless a state with a {@code layout} parameter
         * says otherwise (only the benchmarks that touch values have one).
         */
        ValueLayout valueLayout() {
            return ValueLayout.REFERENCES;
        }

        /** The layout a {@code layout} parameter names: {@code references} or {@code columnar}. */
        static ValueLayout parseLayout(String name) {
            return switch (name) {
                case "references" -> ValueLayout.REFERENCES;
                case "columnar" -> ValueLayout.COLUMNAR;
                default -> throw new IllegalArgumentException("layout is references or columnar, not " + name);
            };
        }
    }

    /** A world of positions and a writer system's query over all of them: what the write benchmarks share. */
    @State(Scope.Benchmark)
    public abstract static class Writes extends Tracked {
        @Param({"none", "flags", "double-buffer", "last-tick", "flag-doubling", "generation", "system-data"})
        public String strategy;

        @Param({"100000", "1000000"})
        public int entities;

        /** Whether a reader of Position's changes exists (false: Position is unobserved, its writes free). */
        @Param({"true", "false"})
        public boolean observed;

        RunTicks writer;
        Query all;
        Write<Position> position;
        /** Position's {@code x} when it is columnar, else null. */
        TermField x;

        @Setup
        public void setup() {
            ValueLayout layout = valueLayout();
            spawn(strategy, entities, observed, layout);
            writer = system("mutate-all");
            QueryBuilder qb = view("mutate-all", writer).query();
            position = qb.write(Position.class);
            x = layout == ValueLayout.COLUMNAR ? position.field("x") : null;
            all = qb.build();
        }
    }

    /** The write benchmarks that touch values, under both layouts. */
    @State(Scope.Benchmark)
    public static class MutateAll extends Writes {
        /** {@code references}: Position objects; {@code columnar}: one primitive array per field. */
        @Param({"references", "columnar"})
        public String layout;

        @Override
        ValueLayout valueLayout() {
            return parseLayout(layout);
        }
    }

    /** The frame-end pass, which never touches a value: Position as objects only. */
    @State(Scope.Benchmark)
    public static class FrameEnd extends Writes {
    }

    /** The write over the chunk's arrays of objects, which a columnar component does not have: references only. */
    @State(Scope.Benchmark)
    public static class MutateArrays extends Writes {
    }

    /**
     * A world of {@link #ENTITIES} positions of which a reader's {@code Changed<Position>} query sees the
     * ones written since its previous run: what the change-query benchmarks share.
     */
    @State(Scope.Benchmark)
    public abstract static class ChangedRows extends Tracked {
        @Param({"none", "flags", "double-buffer", "last-tick", "flag-doubling", "generation", "system-data", SCANNING})
        public String strategy;

        @Param({"0.1", "1", "10", "100"})
        public double percentChanged;

        /** {@code random}: a seeded random subset; {@code clustered}: one run of consecutive rows. */
        @Param({"random", "clustered"})
        public String spread;

        static final int ENTITIES = 1_000_000;
        RunTicks reader;
        Query changed;
        Read<Position> position;
        /** Position's {@code y} when it is columnar, else null. */
        TermField y;

        @Setup
        public void setup() {
            ValueLayout layout = valueLayout();
            spawn(strategy, ENTITIES, true, layout);
            reader = system("reader");
            WorldView rv = view("reader", reader);
            QueryBuilder cq = rv.query();
            position = cq.read(Position.class);
            y = layout == ValueLayout.COLUMNAR ? position.field("y") : null;
            changed = cq.changed(Position.class).build();
            begin(reader);                        // the reader's previous run: before the writes
            finish(reader);

            RunTicks writer = system("writer");
            QueryBuilder wq = view("writer", writer).query();
            Write<Position> w = wq.write(Position.class);
            TermField wy = layout == ValueLayout.COLUMNAR ? w.field("y") : null;
            Query all = wq.build();
            SplittableRandom random = new SplittableRandom(0xBE7C4L);
            double p = percentChanged / 100;
            int clusterStart = ENTITIES / 3;
            int clusterEnd = clusterStart + (int) Math.round(p * ENTITIES);
            int[] written = {0};
            int[] row = {0};
            begin(writer);
            all.forEach(r -> {
                int i = row[0]++;
                boolean write = spread.equals("clustered") ? i >= clusterStart && i < clusterEnd : random.nextDouble() < p;
                if (write && wy != null) {
                    r.setFloat(wy, r.getFloat(wy) + 1);
                } else if (write) {
                    r.getMut(w).y += 1;
                }
                written[0] += write ? 1 : 0;
            });
            finish(writer);
            if (strategy.equals("last-tick") || strategy.equals("flag-doubling")) {
                tracker.onFrameEnded();             // they answer from the previous frame's flags
            }
            begin(reader);
            int seen = changed.count();
            int expected = strategy.equals("none") ? ENTITIES : written[0];
            if (seen != expected) {
                throw new IllegalStateException(strategy + ": the Changed query saw " + seen + " rows, expected " + expected);
            }
        }
    }

    /** The reader run that reads what it is told changed, under both layouts. */
    @State(Scope.Benchmark)
    public static class ChangedQuery extends ChangedRows {
        /** {@code references}: Position objects; {@code columnar}: one primitive array per field. */
        @Param({"references", "columnar"})
        public String layout;

        @Override
        ValueLayout valueLayout() {
            return parseLayout(layout);
        }
    }

    /** The detection alone, which reads no value: Position as objects only. */
    @State(Scope.Benchmark)
    public static class ChangedCount extends ChangedRows {
    }

    /** The same world under {@code generation}, every row read with no filter: what a change query saves. */
    @State(Scope.Benchmark)
    public static class FullScan extends Tracked {
        /** {@code references}: Position objects; {@code columnar}: one primitive array per field. */
        @Param({"references", "columnar"})
        public String layout;

        Query everything;
        Read<Position> position;
        /** Position's {@code y} when it is columnar, else null. */
        TermField y;

        @Override
        ValueLayout valueLayout() {
            return parseLayout(layout);
        }

        @Setup
        public void setup() {
            spawn("generation", ChangedRows.ENTITIES, true, valueLayout());
            QueryBuilder qb = view("reader", system("reader")).query();
            position = qb.read(Position.class);
            y = valueLayout() == ValueLayout.COLUMNAR ? position.field("y") : null;
            everything = qb.build();
        }
    }

    /**
     * One system run writing every position, entity by entity. Returns the last value written, not a
     * running sum: a sum kept in the captured array chains every row to the previous one through
     * memory wherever the walk is compiled apart from this method (the sum cannot live in a register
     * there), and then measures that chain rather than the write (some forks ran 2.5 times slower for
     * it; see RESULTS.md, 2026-11-27). The writes land in the world, so they cannot be eliminated.
     */
    @Benchmark
    public float mutateAll(MutateAll s) {
        s.begin(s.writer);
        float[] last = {0};
        if (s.x != null) {
            s.all.forEach(row -> {
                float x = row.getFloat(s.x) + 1;
                row.setFloat(s.x, x);
                last[0] = x;
            });
        } else {
            s.all.forEach(row -> {
                Position p = row.getMut(s.position);
                p.x += 1;
                last[0] = p.x;
            });
        }
        s.finish(s.writer);
        return last[0];
    }

    /**
     * The same run walked chunk by chunk: columnar writes every x through {@code writeFloats} (the
     * column's own array, each chunk's rows marked at once), references through {@code chunk.getMut}.
     * No running sum, which would chain every iteration to the previous one: the loop is the
     * primitive loop a hand-written one is, and its writes land in the world, where dead-code
     * elimination cannot remove them. Returns the last value written.
     */
    @Benchmark
    public float mutateAllChunks(MutateAll s) {
        s.begin(s.writer);
        float[] last = {0};
        if (s.x != null) {
            s.all.forEachChunk(chunk -> {
                float[] xs = chunk.writeFloats(s.x);
                int n = chunk.size();
                for (int i = 0; i < n; i++) {
                    xs[i] += 1;
                }
                last[0] = n > 0 ? xs[n - 1] : last[0];
            });
        } else {
            s.all.forEachChunk(chunk -> {
                int n = chunk.size();
                for (int i = 0; i < n; i++) {
                    chunk.getMut(s.position, i).x += 1;
                }
                last[0] = n > 0 ? chunk.get(s.position, n - 1).x : last[0];
            });
        }
        s.finish(s.writer);
        return last[0];
    }

    /**
     * The same run over the chunk's arrays of objects: {@code chunk.writeArray} is the column itself
     * ({@code Position[]}) and marks every row of the chunk at once (one fill of the tick lane for a
     * strategy that stamps directly), so the loop is a hand-written loop over the objects. Returns the
     * last value written, for the reason {@link #mutateAllChunks} gives.
     */
    @Benchmark
    public float mutateAllArrays(MutateArrays s) {
        s.begin(s.writer);
        float[] last = {0};
        s.all.forEachChunk(chunk -> {
            Position[] ps = chunk.writeArray(s.position);
            int n = chunk.size();
            for (int i = 0; i < n; i++) {
                ps[i].x += 1;
            }
            last[0] = n > 0 ? ps[n - 1].x : last[0];
        });
        s.finish(s.writer);
        return last[0];
    }

    /** The frame-end pass of the strategy (a whole-world flag shift for P1-P4). */
    @Benchmark
    public long frameEnd(FrameEnd s) {
        s.tracker.onFrameEnded();
        return WorldInternals.of(s.world).changeTick();
    }

    /** One reader run; its previous run stays before the writes, so every call sees the same changes. */
    @Benchmark
    public float changed(ChangedQuery s) {
        s.reader.begin(WorldInternals.of(s.world).nextChangeTick());
        float[] sum = {0};
        if (s.y != null) {
            s.changed.forEach(row -> sum[0] += row.getFloat(s.y));
        } else {
            s.changed.forEach(row -> sum[0] += row.get(s.position).y);
        }
        return sum[0];
    }

    /** The same reader run counting the changed rows without reading them: the detection alone. */
    @Benchmark
    public int changedCount(ChangedCount s) {
        s.reader.begin(WorldInternals.of(s.world).nextChangeTick());
        return s.changed.count();
    }

    /** Every row, no filter. */
    @Benchmark
    public float fullScan(FullScan s) {
        float[] sum = {0};
        if (s.y != null) {
            s.everything.forEach(row -> sum[0] += row.getFloat(s.y));
        } else {
            s.everything.forEach(row -> sum[0] += row.get(s.position).y);
        }
        return sum[0];
    }
}
