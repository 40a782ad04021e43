package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code generation}'s change queries answer from the column's {@link RowLog} when it covers the reader,
 * and from the block summaries otherwise; both must give exactly what was written, in row order. Seeded
 * histories over two tables mix every way a row changes: walks writing a few rows (their deferred close
 * records them), walks writing most rows (the close leaves the log alone), entities written one by one
 * and through chunks, per row or a chunk's whole array (never recorded: they raise the log's floor), a
 * later writer nested in a walk,
 * spawns, despawns that fill holes, moves between tables, and clock jumps that clamp (the log empties).
 * Three readers run every step, every third step, and every eleventh, so some windows span many
 * writers. The model is the test's own record of whom it wrote since each reader's previous run, never
 * the tracker's answer.
 *
 * <p>Each failure names its seed and step; the seeds are fixed, so it replays. The histories check their
 * own reach: both ways answer many reads, and reads from the log see rows. Broken variants this catches
 * (tried): a write made row by row that does not raise the floor, nor one of a whole chunk, a dense close that neither records nor
 * raises, a close that records nothing, a clamp that keeps the log, moved or hole-filling rows not
 * recorded, spawns not recorded, rows listed in log order instead of row order, and a log that answers
 * every reader. The ring's own edges (a full ring dropping an entry, an out-of-order entry, entries past
 * the table's end, the budget) are {@link RowLogTest}'s: these histories do not reach them reliably.
 */
class RowLogWorldTest {
    static final class Pos {
        int x;

        Pos(int x) {
            this.x = x;
        }
    }

    static final class Tag {
    }

    /** A reader system: its ticks, a Changed(Pos) query, and the entities written since its previous run. */
    private static final class Reader {
        final RunTicks ticks;
        final Query changed;
        final Query all;
        final EntityTerm changedId;
        final EntityTerm allId;
        final Set<Entity> pending = new HashSet<>();
        final int every;

        Reader(WorldInternals wi, String name, int every) {
            this.every = every;
            ticks = wi.newSystemTicks(name);
            WorldView v = wi.view(name, Access.world(), ticks);
            QueryBuilder qb = v.query();
            changedId = qb.entity();
            changed = qb.changed(Pos.class).build();
            QueryBuilder ab = v.query();
            allId = ab.entity();
            ab.read(Pos.class);
            all = ab.build();
        }
    }

    @Test
    void logAndBlocksListExactlyTheWrittenRowsInRowOrder() {
        long logReads = 0;
        long blockReads = 0;
        long logRows = 0;
        long reads = 0;
        for (long seed = 1; seed <= 120; seed++) {
            long[] r = history(seed);
            reads += r[0];
            logReads += r[1];
            blockReads += r[2];
            logRows += r[3];
        }
        System.out.printf("RowLogWorldTest: %d reads, %d with a table answered from the log (%d rows seen), %d from the blocks alone%n",
                reads, logReads, logRows, blockReads);
        assertThat(logReads).as("reads answered from the log").isGreaterThan(reads / 5);
        assertThat(blockReads).as("reads answered from the blocks").isGreaterThan(reads / 20);
        assertThat(logRows).as("rows read from the log").isGreaterThan(logReads);
    }

    /** One seeded history; returns {reads, from the log, from the blocks, rows seen from the log}. */
    private static long[] history(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] shifts = {1, 4, 16};
        GenerationTracker generation = new GenerationTracker(shifts[random.nextInt(shifts.length)], 0);
        World world = World.builder().changeTracking("generation", generation).build();
        WorldInternals wi = WorldInternals.of(world);
        List<Entity> alive = new ArrayList<>();
        int n = 50 + random.nextInt(random.nextBoolean() ? 400 : 4000);
        for (int i = 0; i < n; i++) {
            alive.add(random.nextBoolean() ? world.spawn(new Pos(i)) : world.spawn(new Pos(i), new Tag()));
        }
        Reader[] readers = {new Reader(wi, "every", 1), new Reader(wi, "third", 3), new Reader(wi, "rare", 11)};
        RunTicks writer = wi.newSystemTicks("writer");
        WorldView wv = wi.view("writer", Access.world(), writer);
        QueryBuilder wq = wv.query();
        EntityTerm wid = wq.entity();
        Write<Pos> wpos = wq.write(Pos.class);
        Query walk = wq.build();
        RunTicks nested = wi.newSystemTicks("nested");
        QueryBuilder nq = wi.view("nested", Access.world(), nested).query();
        Write<Pos> npos = nq.write(Pos.class);
        Query nestedWrite = nq.build();
        for (Reader reader : readers) {
            run(wi, reader.ticks, () -> reader.changed.forEach(row -> { }));       // the spawns are seen
        }
        long[] out = new long[4];
        for (int step = 1; step <= 36; step++) {
            Set<Entity> written = new HashSet<>();
            int ops = 1 + random.nextInt(3);
            for (int op = 0; op < ops; op++) {
                switch (random.nextInt(9)) {
                    case 0, 1 -> {                              // a walk writing a few rows, maybe with a later writer nested
                        double p = new double[] {0.003, 0.01, 0.05}[random.nextInt(3)];
                        boolean nest = random.nextInt(3) == 0;
                        long walkSeed = random.nextLong();
                        run(wi, writer, () -> {
                            SplittableRandom w = new SplittableRandom(walkSeed);
                            walk.forEach(row -> {
                                if (w.nextDouble() < p) {
                                    row.getMut(wpos).x++;
                                    written.add(row.get(wid));
                                }
                                if (nest && w.nextInt(400) == 0) {
                                    Entity other = alive.get(w.nextInt(alive.size()));
                                    run(wi, nested, () -> nestedWrite.forEntity(other, o -> o.getMut(npos).x++));
                                    written.add(other);
                                }
                            });
                        });
                    }
                    case 2 -> {                                 // a walk writing most rows
                        run(wi, writer, () -> walk.forEach(row -> {
                            if (row.get(wpos).x % 4 != 0) {
                                row.getMut(wpos).x += 4;
                                written.add(row.get(wid));
                            }
                        }));
                    }
                    case 3 -> {                                 // entities written one by one
                        int k = 1 + random.nextInt(20);
                        run(wi, writer, () -> {
                            for (int i = 0; i < k; i++) {
                                Entity e = alive.get(random.nextInt(alive.size()));
                                walk.forEntity(e, row -> row.getMut(wpos).x++);
                                written.add(e);
                            }
                        });
                    }
                    case 4 -> {                                 // written through chunks, a few rows
                        run(wi, writer, () -> walk.forEachChunk(chunk -> {
                            for (int i = 0; i < chunk.size(); i++) {
                                if (random.nextInt(50) == 0) {
                                    chunk.getMut(wpos, i).x++;
                                    written.add(chunk.entity(i));
                                }
                            }
                        }));
                    }
                    case 5 -> {                                 // spawns and despawns (holes filled by the last row)
                        for (int i = random.nextInt(30); i > 0 && alive.size() > 10; i--) {
                            world.despawn(alive.remove(random.nextInt(alive.size())));
                        }
                        for (int i = random.nextInt(30); i > 0; i--) {
                            Entity e = random.nextBoolean() ? world.spawn(new Pos(i)) : world.spawn(new Pos(i), new Tag());
                            alive.add(e);
                            written.add(e);
                        }
                    }
                    case 6 -> {                                 // moves between the tables
                        for (int i = random.nextInt(30); i > 0; i--) {
                            Entity e = alive.get(random.nextInt(alive.size()));
                            if (world.get(e, Tag.class).isPresent()) {
                                world.remove(e, Tag.class);
                            } else {
                                world.insert(e, new Tag());
                            }
                        }
                    }
                    case 7 -> {                                 // a chunk taken whole (its array): every row marked at once
                        boolean[] taken = {false};
                        run(wi, writer, () -> walk.forEachChunk(chunk -> {
                            if (!taken[0] && random.nextBoolean()) {
                                taken[0] = true;
                                Pos[] array = chunk.writeArray(wpos);
                                array[0].x++;
                                for (int i = 0; i < chunk.size(); i++) {
                                    written.add(chunk.entity(i));
                                }
                            }
                        }));
                    }
                    default -> {                                // the clock jumps past a clamping threshold
                        if (random.nextInt(4) == 0) {
                            wi.advanceChangeTick(Ticks.CHECK_THRESHOLD);
                            world.clearTrackers();
                        }
                    }
                }
            }
            for (Reader reader : readers) {
                reader.pending.addAll(written);
            }
            for (Reader reader : readers) {
                if (step % reader.every != 0) {
                    continue;
                }
                long fromLogBefore = generation.scansFromLog();
                List<Entity> seen = new ArrayList<>();
                List<Entity> order = new ArrayList<>();
                run(wi, reader.ticks, () -> {
                    reader.changed.forEach(row -> seen.add(row.get(reader.changedId)));
                    reader.all.forEach(row -> order.add(row.get(reader.allId)));
                });
                Set<Entity> expected = new LinkedHashSet<>();
                for (Entity e : order) {
                    if (reader.pending.contains(e)) {
                        expected.add(e);
                    }
                }
                assertThat(seen).as("seed %d, step %d, reader %s", seed, step, reader.ticks)
                        .containsExactlyElementsOf(expected);
                reader.pending.clear();
                out[0]++;
                long fromLog = generation.scansFromLog() - fromLogBefore;
                if (fromLog > 0) {
                    out[1]++;
                    out[3] += seen.size();
                } else {
                    out[2]++;
                }
            }
        }
        return out;
    }

    /** One run of a system: its tick taken, the body run, the run ended. */
    private static void run(WorldInternals wi, RunTicks ticks, Runnable body) {
        ticks.begin(wi.nextChangeTick());
        wi.changeTracker().onRunStarted(ticks);
        try {
            body.run();
        } finally {
            wi.changeTracker().onRunFinished(ticks);
            ticks.end();
        }
    }
}
