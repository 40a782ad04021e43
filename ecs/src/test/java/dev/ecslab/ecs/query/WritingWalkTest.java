package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A table walk that writes ({@link Query#forEach} with a write term) leaves the block marks of the
 * columns it stamps to the end of each table (a mark per write kept the JIT from compiling
 * the walk into a tight loop). What a reader is told must not depend on it: after the walk, when the
 * walk throws half-way, for a reader nested in the walk, and for a writer nested in it, a Changed
 * query lists exactly the entities written. Every case also runs through {@link Query#forEachChunk}
 * writing per entity, which defers its marks to the end of each chunk in the same way (since the
 * close's dense way made whole-chunk writes stop paying a pass over the lane; see RESULTS.md), so the
 * chunk walk is held to the same answers. Run for {@code generation}, whose marks these are, and
 * for the two other strategies that answer exactly when used directly on the world ({@code flags},
 * {@code system-data}) as controls; the others over- or under-report by design, which the lab
 * measures. In two tables, across block and group boundaries.
 *
 * <p>Broken variants these catch (tried): deferred marks never made at the end of a table; never made
 * when the walk throws, or when it moves to the next table (answers stay exact then, since a scan
 * looks at every block of a column whose marks are deferred, so the count of rows examined catches
 * them); and a change scan that ignores an open deferral (the nested reader). For the chunk walk: a
 * chunk that never closes its deferral, and one that closes it over no rows.
 */
class WritingWalkTest {
    static final class Pos {
        int x;

        Pos(int x) {
            this.x = x;
        }
    }

    static final class Tag {
    }

    /** One entity of a walk, by row ({@code forEach}) or by chunk index ({@code forEachChunk}). */
    interface Visit {
        Pos pos();

        /** Writes Pos in place ({@code getMut}). */
        Pos mutate();

        void set(Pos value);

        Entity entity();
    }

    /** A walk writing Pos, with {@code forEach} or with {@code forEachChunk} (per entity, through the chunk). */
    record Walk(Query query, EntityTerm id, Write<Pos> pos, boolean chunks) {
        void each(Consumer<Visit> action) {
            if (!chunks) {
                query.forEach(row -> action.accept(new Visit() {
                    public Pos pos() {
                        return row.get(pos);
                    }

                    public Pos mutate() {
                        return row.getMut(pos);
                    }

                    public void set(Pos value) {
                        row.set(pos, value);
                    }

                    public Entity entity() {
                        return row.get(id);
                    }
                }));
                return;
            }
            query.forEachChunk(chunk -> {
                for (int i = 0; i < chunk.size(); i++) {
                    int at = i;
                    action.accept(new Visit() {
                        public Pos pos() {
                            return chunk.get(pos, at);
                        }

                        public Pos mutate() {
                            return chunk.getMut(pos, at);
                        }

                        public void set(Pos value) {
                            chunk.set(pos, at, value);
                        }

                        public Entity entity() {
                            return chunk.entity(at);
                        }
                    });
                }
            });
        }
    }

    /** Every strategy this test holds, walked with {@code forEach} and with {@code forEachChunk}. */
    static Stream<Arguments> cases() {
        return Stream.of("flags", "generation", "system-data")
                .flatMap(s -> Stream.of(Arguments.of(s, false), Arguments.of(s, true)));
    }

    /**
     * A world of {@code n} entities with Pos and Tag and {@code m} with Pos alone (two tables), and a
     * direct reader of Pos's changes. {@code generation} runs on a tracker of 16-row blocks whose count
     * of rows examined the tests read.
     */
    private static final class Fixture {
        final GenerationTracker generation = new GenerationTracker(16, 0);
        final World world;
        final Query changed;
        final EntityTerm changedId;

        Fixture(String strategy, int n, int m) {
            world = strategy.equals("generation") ? World.builder().changeTracking(strategy, generation).build()
                    : World.builder().changeTracking(strategy).build();
            for (int i = 0; i < n; i++) {
                world.spawn(new Pos(i), new Tag());
            }
            for (int i = 0; i < m; i++) {
                world.spawn(new Pos(n + i));
            }
            QueryBuilder qb = world.query();
            changedId = qb.entity();
            changed = qb.changed(Pos.class).build();
        }

        /** The reader has seen everything so far, and the next writes are news. */
        void settle() {
            changed.forEach(row -> { });
            world.clearTrackers();
        }

        Walk walk(boolean chunks) {
            QueryBuilder qb = world.query();
            EntityTerm id = qb.entity();
            Write<Pos> pos = qb.write(Pos.class);
            return new Walk(qb.build(), id, pos, chunks);
        }

        /** The entities the reader is told changed, each once. */
        Set<Entity> read() {
            Set<Entity> seen = new HashSet<>();
            changed.forEach(row -> assertThat(seen.add(row.get(changedId))).as("listed once").isTrue());
            return seen;
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aReaderAfterTheWalkSeesExactlyTheWrittenEntities(String strategy, boolean chunks) {
        Fixture f = new Fixture(strategy, 5_000, 700);
        for (int pattern = 0; pattern < 4; pattern++) {
            f.settle();
            Walk w = f.walk(chunks);
            int p = pattern;
            Set<Entity> written = new HashSet<>();
            w.each(row -> {
                Pos v = row.pos();
                boolean write = switch (p) {
                    case 0 -> false;                               // a writing walk that writes nothing
                    case 1 -> v.x % 97 == 13;                     // scattered, in both tables
                    case 2 -> v.x % 5 != 0;                       // dense
                    default -> true;                              // every row
                };
                if (write) {
                    if (v.x % 2 == 0) {
                        row.mutate().x++;
                    } else {
                        row.set(new Pos(v.x));
                    }
                    written.add(row.entity());
                }
            });
            long examined = f.generation.rowsExamined();
            assertThat(f.read()).as("%s, chunks %s, pattern %d", strategy, chunks, p).isEqualTo(written);
            if (strategy.equals("generation") && p < 2) {              // every deferral closed, its marks exact
                assertThat(f.generation.rowsExamined() - examined).as("pattern %d: rows examined", p)
                        .isLessThanOrEqualTo(16L * written.size());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aWalkThatThrowsStillReportsWhatItWrote(String strategy, boolean chunks) {
        Fixture f = new Fixture(strategy, 3_000, 500);
        for (int stopAt : new int[] {1_234, 3_100}) {                  // inside the first table, inside the second
            f.settle();
            Walk w = f.walk(chunks);
            Set<Entity> written = new HashSet<>();
            int[] visited = {0};
            assertThatThrownBy(() -> w.each(row -> {
                if (visited[0]++ == stopAt) {
                    throw new IllegalStateException("the system fails half-way");
                }
                if (visited[0] % 3 == 0) {
                    row.mutate().x++;
                    written.add(row.entity());
                }
            })).hasMessage("the system fails half-way");
            long examined = f.generation.rowsExamined();
            assertThat(f.read()).as("%s, chunks %s, stopped at %d", strategy, chunks, stopAt).isEqualTo(written);
            if (strategy.equals("generation")) {                       // the marks were made, not left deferred
                assertThat(f.generation.rowsExamined() - examined).as("rows examined")
                        .isLessThanOrEqualTo(16L * (stopAt / 16 + 3));
            }

            f.settle();                                                 // and the next walk is unaffected
            Set<Entity> later = new HashSet<>();
            w.each(row -> {
                if (row.pos().x % 250 == 7) {
                    row.mutate().x += 0;
                    later.add(row.entity());
                }
            });
            assertThat(f.read()).as("%s, the next walk", strategy).isEqualTo(later);
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aReaderInsideTheWalkSeesWhatTheWalkWroteSoFar(String strategy, boolean chunks) {
        Fixture f = new Fixture(strategy, 2_000, 300);
        f.settle();
        Walk w = f.walk(chunks);
        Set<Entity> written = new HashSet<>();
        List<Integer> checkedAt = new ArrayList<>();
        int[] visited = {0};
        w.each(row -> {
            int v = visited[0]++;
            if (v == 1_000 || v == 2_150) {                             // in each table
                assertThat(f.read()).as("%s, at row %d", strategy, v).isEqualTo(written);
                checkedAt.add(v);
            }
            if (v % 7 == 0) {
                row.mutate().x++;
                written.add(row.entity());
            }
        });
        assertThat(checkedAt).containsExactly(1_000, 2_150);
        assertThat(f.read()).as("%s, after", strategy).isEqualTo(written);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aWriterInsideTheWalkIsReportedToo(String strategy, boolean chunks) {
        Fixture f = new Fixture(strategy, 2_000, 300);
        f.settle();
        Walk outer = f.walk(chunks);
        Walk inner = f.walk(chunks);
        Set<Entity> written = new HashSet<>();
        int[] visited = {0};
        outer.each(row -> {
            int v = visited[0]++;
            if (v == 10) {
                inner.each(r -> {                                       // every 11th entity of both tables
                    if (r.pos().x % 11 == 0) {
                        r.mutate().x += 0;
                        written.add(r.entity());
                    }
                });
            }
            if (v % 13 == 0) {
                row.mutate().x += 0;
                written.add(row.entity());
            }
        });
        assertThat(f.read()).as("%s, chunks %s", strategy, chunks).isEqualTo(written);
    }
}
