package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The semantics each strategy claims, pinned down scenario by scenario. Every scenario runs two warm-up
 * frames (so the spawn is old news for every strategy), then counts, per frame, what one reader system
 * sees, for a component ({@code Changed<A>}) and for a resource (resource changed). The expected rows
 * are the documented behaviour of each proposal (Bevy PR #1471's proposals P0 to P6, as {@code
 * docs/ecs.md} lists them), written out by hand: where a strategy is not exact the row shows how (a
 * missed change is a 0 where {@code generation} has a 1, a repeat is an extra 1, a delay is a 1 one
 * frame later).
 */
class ChangeStrategySemanticsTest {
    record A(int v) {
    }

    static final class Res {
        int v;
    }

    /** A strategy and the flavor its reader asks (only flag-doubling answers the two differently). */
    record Reader(String strategy, ChangeFlavor flavor) {
        @Override
        public String toString() {
            return flavor == ChangeFlavor.IMMEDIATE ? strategy + "/immediate" : strategy;
        }
    }

    static final Reader NONE = new Reader("none", ChangeFlavor.DEFAULT);
    static final Reader FLAGS = new Reader("flags", ChangeFlavor.DEFAULT);
    static final Reader DOUBLE_BUFFER = new Reader("double-buffer", ChangeFlavor.DEFAULT);
    static final Reader LAST_TICK = new Reader("last-tick", ChangeFlavor.DEFAULT);
    static final Reader DOUBLING = new Reader("flag-doubling", ChangeFlavor.DEFAULT);
    static final Reader DOUBLING_IMMEDIATE = new Reader("flag-doubling", ChangeFlavor.IMMEDIATE);
    static final Reader GENERATION = new Reader("generation", ChangeFlavor.DEFAULT);
    static final Reader SYSTEM_DATA = new Reader("system-data", ChangeFlavor.DEFAULT);

    /** The counted frames, numbered from 1 (after the two warm-up frames). */
    static final int FRAMES = 4;

    // ------------------------------------------------------------------ expectations

    /** Writer then reader in one stage; the writer writes in frame 1 only. */
    static final Map<Reader, int[]> WRITER_FIRST = Map.of(
            NONE, new int[] {1, 1, 1, 1},
            FLAGS, new int[] {1, 0, 0, 0},
            DOUBLE_BUFFER, new int[] {1, 1, 0, 0},        // conservative: seen again the next frame
            LAST_TICK, new int[] {0, 1, 0, 0},            // exact, a frame late
            DOUBLING, new int[] {0, 1, 0, 0},
            DOUBLING_IMMEDIATE, new int[] {1, 0, 0, 0},
            GENERATION, new int[] {1, 0, 0, 0},
            SYSTEM_DATA, new int[] {1, 0, 0, 0});

    /** Reader then writer; the writer writes in frame 1 only. */
    static final Map<Reader, int[]> READER_FIRST = Map.of(
            NONE, new int[] {1, 1, 1, 1},
            FLAGS, new int[] {0, 0, 0, 0},                // flaky: cleared before the reader runs again
            DOUBLE_BUFFER, new int[] {0, 1, 0, 0},
            LAST_TICK, new int[] {0, 1, 0, 0},
            DOUBLING, new int[] {0, 1, 0, 0},
            DOUBLING_IMMEDIATE, new int[] {0, 0, 0, 0},
            GENERATION, new int[] {0, 1, 0, 0},
            SYSTEM_DATA, new int[] {0, 1, 0, 0});

    /** Writer then reader; the writer writes in frame 1, the reader runs in frame 3 only. */
    static final Map<Reader, int[]> READER_SKIPS_FRAMES = Map.of(
            NONE, new int[] {0, 0, 1, 0},
            FLAGS, new int[] {0, 0, 0, 0},                // every flag strategy forgets after a frame or two
            DOUBLE_BUFFER, new int[] {0, 0, 0, 0},
            LAST_TICK, new int[] {0, 0, 0, 0},
            DOUBLING, new int[] {0, 0, 0, 0},
            DOUBLING_IMMEDIATE, new int[] {0, 0, 0, 0},
            GENERATION, new int[] {0, 0, 1, 0},
            SYSTEM_DATA, new int[] {0, 0, 1, 0});

    /** Writer then reader in a stage that runs twice per frame; the writer writes in frame 1, first pass. */
    static final Map<Reader, int[]> LOOPING_STAGE = Map.of(
            NONE, new int[] {2, 2, 2, 2},
            FLAGS, new int[] {2, 0, 0, 0},                // repeated within the frame
            DOUBLE_BUFFER, new int[] {2, 2, 0, 0},
            LAST_TICK, new int[] {0, 2, 0, 0},            // "exact but delayed" is per frame: loops repeat
            DOUBLING, new int[] {0, 2, 0, 0},
            DOUBLING_IMMEDIATE, new int[] {2, 0, 0, 0},
            GENERATION, new int[] {1, 0, 0, 0},
            SYSTEM_DATA, new int[] {1, 0, 0, 0});

    /**
     * A writer, then the reader, which writes the same data after reading it; every frame. The
     * reader must see the other writer's change every frame. Flag strategies keep one writer id per
     * row and frame, so once the reader has written last, a previous-frame answer takes the whole
     * frame's change for the reader's own.
     */
    static final Map<Reader, int[]> READER_ALSO_WRITES = Map.of(
            NONE, new int[] {1, 1, 1, 1},
            FLAGS, new int[] {1, 1, 1, 1},
            DOUBLE_BUFFER, new int[] {1, 1, 1, 1},
            LAST_TICK, new int[] {0, 0, 0, 0},            // misses: the counterexample to "exact, delayed"
            DOUBLING, new int[] {0, 0, 0, 0},
            DOUBLING_IMMEDIATE, new int[] {1, 1, 1, 1},
            GENERATION, new int[] {1, 1, 1, 1},
            SYSTEM_DATA, new int[] {1, 1, 1, 1});

    /** Only the reader writes, every frame after reading: nobody else's change, so nothing to see. */
    static final Map<Reader, int[]> OWN_CHANGES_ONLY = Map.of(
            NONE, new int[] {1, 1, 1, 1},
            FLAGS, new int[] {0, 0, 0, 0},
            DOUBLE_BUFFER, new int[] {0, 0, 0, 0},
            LAST_TICK, new int[] {0, 0, 0, 0},
            DOUBLING, new int[] {0, 0, 0, 0},
            DOUBLING_IMMEDIATE, new int[] {0, 0, 0, 0},
            GENERATION, new int[] {0, 0, 0, 0},
            SYSTEM_DATA, new int[] {0, 0, 0, 0});

    /** The world removes the component and the resource just before frame 1; the reader asks every frame. */
    static final Map<Reader, int[]> REMOVED_BEFORE_FRAME_1 = Map.of(
            NONE, new int[] {1, 1, 0, 0},                 // the widest bounded answer: two frames of removals
            FLAGS, new int[] {1, 0, 0, 0},
            DOUBLE_BUFFER, new int[] {1, 1, 0, 0},
            LAST_TICK, new int[] {0, 1, 0, 0},
            DOUBLING, new int[] {0, 1, 0, 0},
            DOUBLING_IMMEDIATE, new int[] {1, 0, 0, 0},
            GENERATION, new int[] {1, 0, 0, 0},
            SYSTEM_DATA, new int[] {1, 0, 0, 0});

    static Stream<Arguments> readers() {
        return Stream.of(NONE, FLAGS, DOUBLE_BUFFER, LAST_TICK, DOUBLING, DOUBLING_IMMEDIATE, GENERATION, SYSTEM_DATA)
                .flatMap(r -> Stream.of(Arguments.of(r, Target.COMPONENT), Arguments.of(r, Target.RESOURCE)));
    }

    enum Target {
        COMPONENT, RESOURCE
    }

    // ------------------------------------------------------------------ scenarios

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("readers")
    void writerBeforeReader(Reader reader, Target target) {
        assertThat(new Scenario(reader, target).writesIn(1).readerAfterWriter(true).run())
                .as(reader + " " + target).containsExactly(WRITER_FIRST.get(reader));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("readers")
    void readerBeforeWriter(Reader reader, Target target) {
        assertThat(new Scenario(reader, target).writesIn(1).readerAfterWriter(false).run())
                .as(reader + " " + target).containsExactly(READER_FIRST.get(reader));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("readers")
    void readerThatSkipsFrames(Reader reader, Target target) {
        assertThat(new Scenario(reader, target).writesIn(1).readerRunsIn(f -> f == 3).run())
                .as(reader + " " + target).containsExactly(READER_SKIPS_FRAMES.get(reader));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("readers")
    void loopingStage(Reader reader, Target target) {
        assertThat(new Scenario(reader, target).writesIn(1).passes(2).run())
                .as(reader + " " + target).containsExactly(LOOPING_STAGE.get(reader));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("readers")
    void readerAlsoWrites(Reader reader, Target target) {
        assertThat(new Scenario(reader, target).writesIn(1, 2, 3, 4).readerWrites(true).run())
                .as(reader + " " + target).containsExactly(READER_ALSO_WRITES.get(reader));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("readers")
    void ownChangesAreNeverNews(Reader reader, Target target) {
        assertThat(new Scenario(reader, target).readerWrites(true).run())
                .as(reader + " " + target).containsExactly(OWN_CHANGES_ONLY.get(reader));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("readers")
    void removals(Reader reader, Target target) {
        assertThat(new Scenario(reader, target).removesBeforeFrame1().run())
                .as(reader + " " + target).containsExactly(REMOVED_BEFORE_FRAME_1.get(reader));
    }

    /** The class Bevy PR #1471 claims for each proposal (the table in {@code docs/ecs.md}), per flavor. */
    @org.junit.jupiter.api.Test
    void claimedClasses() {
        Map<String, ClaimedClass> expected = Map.of("none", ClaimedClass.CONSERVATIVE, "flags", ClaimedClass.FLAKY,
                "double-buffer", ClaimedClass.CONSERVATIVE, "last-tick", ClaimedClass.EXACT_DELAYED,
                "flag-doubling", ClaimedClass.EXACT_DELAYED, "generation", ClaimedClass.EXACT,
                "system-data", ClaimedClass.EXACT);
        expected.forEach((id, claimed) -> assertThat(ChangeTrackerProvider.find(id).claimedClass(ChangeFlavor.DEFAULT))
                .as(id).isEqualTo(claimed));
        assertThat(ChangeTrackerProvider.find("flag-doubling").claimedClass(ChangeFlavor.IMMEDIATE))
                .isEqualTo(ClaimedClass.FLAKY);
    }

    /** One world, a writer "w" and a reader "r" in one stage; counts what r sees per counted frame. */
    private static final class Scenario {
        private static final int WARM_UP = 2;
        private final Reader reader;
        private final Target target;
        private Set<Integer> writeFrames = Set.of();
        private boolean readerAfterWriter = true;
        private IntPredicate readerRuns;
        private int passes = 1;
        private boolean readerWrites;
        private boolean removes;
        /** The counted frame being run (0 and below: warm-up). */
        private int frame;
        private final int[] seen = new int[FRAMES];

        Scenario(Reader reader, Target target) {
            this.reader = reader;
            this.target = target;
        }

        Scenario writesIn(Integer... frames) {
            writeFrames = Set.of(frames);
            return this;
        }

        Scenario readerAfterWriter(boolean after) {
            readerAfterWriter = after;
            return this;
        }

        Scenario readerRunsIn(IntPredicate frames) {
            readerRuns = frames;
            return this;
        }

        Scenario passes(int n) {
            passes = n;
            return this;
        }

        Scenario readerWrites(boolean writes) {
            readerWrites = writes;
            return this;
        }

        Scenario removesBeforeFrame1() {
            removes = true;
            return this;
        }

        int[] run() {
            World world = World.builder().changeTracking(reader.strategy()).build();
            Entity e = world.spawn(new A(0));
            world.insertResource(new Res());
            int[] pass = {0};
            SystemDescriptor.Builder w = SystemDescriptor.builder("w").inSet("loop")
                    .access(AccessSpec.builder().query(QuerySpec.writes(A.class)).writesResource(Res.class).build())
                    .setup(view -> {
                        Query all = writeQuery(view);
                        return ctx -> {
                            if (writeFrames.contains(frame) && pass[0] == 0) {
                                write(ctx.world(), all);
                            }
                        };
                    });
            SystemDescriptor.Builder r = SystemDescriptor.builder("r").inSet("loop")
                    .access(AccessSpec.builder().query(QuerySpec.writes(A.class)).writesResource(Res.class).build())
                    .setup(view -> {
                        QueryBuilder qb = view.query();
                        qb.read(A.class);
                        Query changed = qb.changedAs(A.class, ChangeKind.CHANGED, reader.flavor()).build();
                        Query all = writeQuery(view);
                        return ctx -> {
                            if (frame >= 1) {
                                seen[frame - 1] += count(ctx.world(), changed);
                            }
                            if (readerWrites) {
                                write(ctx.world(), all);
                            }
                        };
                    });
            Schedule.Builder schedule = Schedule.builder().set("loop", "passes", c -> {
                pass[0] = c.iteration();
                return c.iteration() + 1 < passes ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES;
            });
            if (readerRuns != null) {
                r.inSet("reader");       // a system runs when all its sets say so; only "loop" loops
                schedule.set("reader", "reader runs", c -> frame <= 0 || readerRuns.test(frame) ? ShouldRun.YES : ShouldRun.NO);
            }
            if (readerAfterWriter) {
                r.after("w");
            } else {
                r.before("w");
            }
            ScheduleRunner runner = ScheduleRunner.of(world, schedule.stage("update", w.build(), r.build()).build(),
                    new SerialExecutor());
            for (frame = 1 - WARM_UP; frame <= FRAMES; frame++) {
                if (frame == 1 && removes) {
                    if (target == Target.COMPONENT) {
                        world.remove(e, A.class);
                    } else {
                        world.removeResource(Res.class);
                    }
                }
                runner.runFrame();
            }
            return seen;
        }

        private static Query writeQuery(WorldView view) {
            QueryBuilder qb = view.query();
            qb.write(A.class);
            return qb.build();
        }

        private int count(WorldView view, Query changed) {
            if (removes) {
                return target == Target.COMPONENT ? view.removed(A.class, reader.flavor()).size()
                        : view.resourceRemoved(Res.class, reader.flavor()) ? 1 : 0;
            }
            return target == Target.COMPONENT ? changed.count()
                    : view.resourceChangedAs(Res.class, ChangeKind.CHANGED, reader.flavor()) ? 1 : 0;
        }

        @SuppressWarnings("unchecked")
        private void write(WorldView view, Query all) {
            if (target == Target.COMPONENT) {
                Write<A> a = (Write<A>) all.terms().get(0);
                all.forEach(row -> row.set(a, new A(frame)));
            } else {
                view.getResource(Res.class).ifPresent(x -> view.getResourceMutOrThrow(Res.class).v = frame);
            }
        }
    }
}
