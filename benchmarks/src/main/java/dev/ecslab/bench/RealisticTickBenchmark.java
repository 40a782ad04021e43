package dev.ecslab.bench;

import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import dev.dominion.ecs.api.Dominion;
import dev.dominion.ecs.api.Results;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A realistic frame for change detection, on japes's published definition (its
 * {@code RealisticTickBenchmark} and the artemis-odb and Dominion counterparts; facts, not code):
 * {@code n} entities with Position, Velocity, Health and Mana; each tick a driver writes one field of
 * 100 entities' Position, 100 entities' Health and 100 entities' Mana (three rotating cursors,
 * offset by 0, 100 and 200 so the slices differ), then three observers each react to the changes of
 * one of those components, reading it and summing a field. One benchmark call is one tick; average
 * time per tick, µs.
 *
 * <p><b>Contenders</b> (one {@link Engine} each, side by side):
 * <ul>
 *   <li>{@code ECSLAB}: the driver is one system whose write queries mark exactly the rows it
 *       writes; each observer is a system with a {@code Changed<C>} query, run with its own ticks
 *       (driven directly with {@code RunTicks}, as {@link ChangeTrackingBenchmark} does, so the
 *       figure is change detection, not the executor), default {@code generation} strategy;</li>
 *   <li>{@code ARTEMIS_ODB}, {@code DOMINION}: no change detection, so each observer scans every
 *       entity with its component (their "lazy user" path, as japes's counterparts do);</li>
 *   <li>{@code HAND_SCAN}: arrays of the same component objects, full scans (the practical limit of
 *       scanning); {@code HAND_DIRTY}: the same arrays plus a hand-kept dirty list per component
 *       (the practical limit of tracking).</li>
 * </ul>
 * The change-detecting contenders (ECSLAB, HAND_DIRTY) compute the same sums, and so do the scanning
 * ones among themselves ({@code RealisticTickAgreeTest}).
 *
 * <p><b>Heap layout.</b> The frame touches 300 entities' component objects, so the figure follows
 * where those objects lie. Under G1 with its default young generation, the collections during
 * the spawn evacuate them in an order that varies per JVM: at d88fee5, ECSLAB's frame measured 11
 * to 33 µs by fork under those flags, and 9.6 to 10.7 µs in every fork under Parallel GC. As in
 * {@link IterationBenchmark}: a young generation large enough that the spawn runs no collection,
 * then one full (compacting, order-keeping) collection after setup, for every contender alike.
 *
 * <p><b>Run:</b> {@code java -jar benchmarks/target/benchmarks.jar RealisticTickBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Xmn1536m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RealisticTickBenchmark {
    static final int BATCH = 100;

    @Param({"10000", "100000"})
    public int n;

    @Param({"ECSLAB", "ARTEMIS_ODB", "DOMINION", "HAND_SCAN", "HAND_DIRTY"})
    public Engine engine;

    Tick tick;

    @Setup(Level.Trial)
    public void setup() {
        tick = engine.create(n);
        tick.tick();                                        // prime: the spawn is old news
        tick.resetSums();
        System.gc();                                        // component objects in allocation order (see Heap layout)
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        tick.close();
    }

    @Benchmark
    public long tick() {
        return tick.tick();
    }

    /** The contenders. */
    public enum Engine {
        ECSLAB, ARTEMIS_ODB, DOMINION, HAND_SCAN, HAND_DIRTY;

        Tick create(int n) {
            return switch (this) {
                case ECSLAB -> new EcslabTick(n);
                case ARTEMIS_ODB -> new ArtemisTick(n);
                case DOMINION -> new DominionTick(n);
                case HAND_SCAN -> new HandTick(n, false);
                case HAND_DIRTY -> new HandTick(n, true);
            };
        }
    }

    /** Mana, the fourth component (Position, Velocity and Health are the suite's). */
    public static final class Mana {
        public int points;

        public Mana(int points) {
            this.points = points;
        }
    }

    /** One contender's world and its tick; {@link #tick()} returns the three sums combined. */
    abstract static class Tick implements AutoCloseable {
        final int n;
        int positionCursor;
        int healthCursor = BATCH;
        int manaCursor = 2 * BATCH;
        long sumX;
        long sumHp;
        long sumMana;

        Tick(int n) {
            this.n = n;
        }

        /** The entity index each of the three writes of this batch step goes to. */
        int nextPosition() {
            int e = positionCursor;
            positionCursor = (positionCursor + 1) % n;
            return e;
        }

        int nextHealth() {
            int e = healthCursor;
            healthCursor = (healthCursor + 1) % n;
            return e;
        }

        int nextMana() {
            int e = manaCursor;
            manaCursor = (manaCursor + 1) % n;
            return e;
        }

        abstract long tick();

        void resetSums() {
            sumX = sumHp = sumMana = 0;
        }

        long sums() {
            return sumX * 31 * 31 + sumHp * 31 + sumMana;
        }

        @Override
        public void close() {
        }
    }

    // ---------------------------------------------------------------- ecslab

    static final class EcslabTick extends Tick {
        final World world = new World();
        final ChangeTracker tracker;
        final WorldInternals internals;
        final Entity[] entities;
        final RunTicks driver;
        final Query writePosition;
        final Query writeHealth;
        final Query writeMana;
        final Write<Position> wPosition;
        final Write<Health> wHealth;
        final Write<Mana> wMana;
        final RunTicks[] observers = new RunTicks[3];
        final Query changedPositions;
        final Query changedHealths;
        final Query changedManas;
        final Read<Position> rPosition;
        final Read<Health> rHealth;
        final Read<Mana> rMana;

        EcslabTick(int n) {
            super(n);
            internals = WorldInternals.of(world);
            tracker = internals.changeTracker();
            for (Class<?> type : new Class<?>[] {Position.class, Velocity.class, Health.class, Mana.class}) {
                world.register(type, dev.ecslab.ecs.component.StorageKind.TABLE);      // before the systems' queries
            }
            driver = internals.newSystemTicks("driver");
            WorldView dv = internals.view("driver", Access.world(), driver);
            QueryBuilder qp = dv.query();
            wPosition = qp.write(Position.class);
            writePosition = qp.build();
            QueryBuilder qh = dv.query();
            wHealth = qh.write(Health.class);
            writeHealth = qh.build();
            QueryBuilder qm = dv.query();
            wMana = qm.write(Mana.class);
            writeMana = qm.build();
            for (int i = 0; i < 3; i++) {
                observers[i] = internals.newSystemTicks("observer" + i);
            }
            QueryBuilder op = internals.view("observer0", Access.world(), observers[0]).query();
            rPosition = op.read(Position.class);
            changedPositions = op.changed(Position.class).build();
            QueryBuilder oh = internals.view("observer1", Access.world(), observers[1]).query();
            rHealth = oh.read(Health.class);
            changedHealths = oh.changed(Health.class).build();
            QueryBuilder om = internals.view("observer2", Access.world(), observers[2]).query();
            rMana = om.read(Mana.class);
            changedManas = om.changed(Mana.class).build();
            entities = new Entity[n];
            for (int i = 0; i < n; i++) {
                entities[i] = world.spawn(new Position(i, i), new Velocity(1, 1), new Health(1_000_000), new Mana(0));
            }
        }

        private void begin(RunTicks t) {
            t.begin(internals.nextChangeTick());
            tracker.onRunStarted(t);
        }

        private void end(RunTicks t) {
            tracker.onRunFinished(t);
            t.end();
        }

        @Override
        long tick() {
            begin(driver);
            for (int i = 0; i < BATCH; i++) {
                writePosition.forEntity(entities[nextPosition()], row -> row.getMut(wPosition).x += 1);
            }
            for (int i = 0; i < BATCH; i++) {
                writeHealth.forEntity(entities[nextHealth()], row -> row.getMut(wHealth).points -= 1);
            }
            for (int i = 0; i < BATCH; i++) {
                writeMana.forEntity(entities[nextMana()], row -> row.getMut(wMana).points += 1);
            }
            end(driver);
            begin(observers[0]);
            changedPositions.forEach(row -> sumX += (long) row.get(rPosition).x);
            end(observers[0]);
            begin(observers[1]);
            changedHealths.forEach(row -> sumHp += row.get(rHealth).points);
            end(observers[1]);
            begin(observers[2]);
            changedManas.forEach(row -> sumMana += row.get(rMana).points);
            end(observers[2]);
            return sums();
        }
    }

    // ---------------------------------------------------------------- artemis-odb

    public static final class APosition extends Component {
        public float x;
        public float y;
    }

    public static final class AHealth extends Component {
        public int points;
    }

    public static final class AMana extends Component {
        public int points;
    }

    public static final class AVelocity extends Component {
        public float dx;
        public float dy;
    }

    static final class ArtemisTick extends Tick {
        final com.artemis.World world = new com.artemis.World(new WorldConfigurationBuilder().build());
        final ComponentMapper<APosition> pm = world.getMapper(APosition.class);
        final ComponentMapper<AHealth> hm = world.getMapper(AHealth.class);
        final ComponentMapper<AMana> mm = world.getMapper(AMana.class);
        final int[] ids;

        ArtemisTick(int n) {
            super(n);
            ComponentMapper<AVelocity> vm = world.getMapper(AVelocity.class);
            ids = new int[n];
            for (int i = 0; i < n; i++) {
                int e = world.create();
                APosition p = pm.create(e);
                p.x = i;
                p.y = i;
                AVelocity v = vm.create(e);
                v.dx = 1;
                v.dy = 1;
                hm.create(e).points = 1_000_000;
                mm.create(e).points = 0;
                ids[i] = e;
            }
            world.process();
        }

        @Override
        long tick() {
            for (int i = 0; i < BATCH; i++) {
                pm.get(ids[nextPosition()]).x += 1;
            }
            for (int i = 0; i < BATCH; i++) {
                hm.get(ids[nextHealth()]).points -= 1;
            }
            for (int i = 0; i < BATCH; i++) {
                mm.get(ids[nextMana()]).points += 1;
            }
            for (int id : ids) {                              // three full scans: no change detection
                sumX += (long) pm.get(id).x;
            }
            for (int id : ids) {
                sumHp += hm.get(id).points;
            }
            for (int id : ids) {
                sumMana += mm.get(id).points;
            }
            return sums();
        }

        @Override
        public void close() {
            world.dispose();
        }
    }

    // ---------------------------------------------------------------- Dominion

    static final class DominionTick extends Tick {
        final Dominion dominion = Dominion.create();
        final dev.dominion.ecs.api.Entity[] entities;

        DominionTick(int n) {
            super(n);
            entities = new dev.dominion.ecs.api.Entity[n];
            for (int i = 0; i < n; i++) {
                entities[i] = dominion.createEntity(new Position(i, i), new Velocity(1, 1), new Health(1_000_000), new Mana(0));
            }
        }

        @Override
        long tick() {
            for (int i = 0; i < BATCH; i++) {
                entities[nextPosition()].get(Position.class).x += 1;
            }
            for (int i = 0; i < BATCH; i++) {
                entities[nextHealth()].get(Health.class).points -= 1;
            }
            for (int i = 0; i < BATCH; i++) {
                entities[nextMana()].get(Mana.class).points += 1;
            }
            for (Results.With1<Position> r : dominion.findEntitiesWith(Position.class)) {      // full scans
                sumX += (long) r.comp().x;
            }
            for (Results.With1<Health> r : dominion.findEntitiesWith(Health.class)) {
                sumHp += r.comp().points;
            }
            for (Results.With1<Mana> r : dominion.findEntitiesWith(Mana.class)) {
                sumMana += r.comp().points;
            }
            return sums();
        }

        @Override
        public void close() {
            dominion.close();
        }
    }

    // ---------------------------------------------------------------- hand-written

    static final class HandTick extends Tick {
        final Position[] positions;
        final Health[] healths;
        final Mana[] manas;
        final boolean dirtyLists;
        final int[] dirtyPositions = new int[BATCH];
        final int[] dirtyHealths = new int[BATCH];
        final int[] dirtyManas = new int[BATCH];

        HandTick(int n, boolean dirtyLists) {
            super(n);
            this.dirtyLists = dirtyLists;
            positions = new Position[n];
            healths = new Health[n];
            manas = new Mana[n];
            for (int i = 0; i < n; i++) {
                positions[i] = new Position(i, i);
                healths[i] = new Health(1_000_000);
                manas[i] = new Mana(0);
            }
        }

        @Override
        long tick() {
            for (int i = 0; i < BATCH; i++) {
                int e = nextPosition();
                positions[e].x += 1;
                dirtyPositions[i] = e;
            }
            for (int i = 0; i < BATCH; i++) {
                int e = nextHealth();
                healths[e].points -= 1;
                dirtyHealths[i] = e;
            }
            for (int i = 0; i < BATCH; i++) {
                int e = nextMana();
                manas[e].points += 1;
                dirtyManas[i] = e;
            }
            if (dirtyLists) {
                for (int e : dirtyPositions) {
                    sumX += (long) positions[e].x;
                }
                for (int e : dirtyHealths) {
                    sumHp += healths[e].points;
                }
                for (int e : dirtyManas) {
                    sumMana += manas[e].points;
                }
            } else {
                for (Position p : positions) {
                    sumX += (long) p.x;
                }
                for (Health h : healths) {
                    sumHp += h.points;
                }
                for (Mana m : manas) {
                    sumMana += m.points;
                }
            }
            return sums();
        }
    }
}
