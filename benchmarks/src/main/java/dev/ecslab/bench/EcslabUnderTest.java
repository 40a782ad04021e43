package dev.ecslab.bench;

import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryChunk;
import dev.ecslab.ecs.query.QueryRow;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.TermField;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.storage.ColumnarColumn;
import dev.ecslab.ecs.storage.Storage;
import dev.ecslab.ecs.world.World;
import java.util.function.Consumer;

/**
 * ecslab through its public API: {@code world.spawn(position, velocity)}, one query
 * {@code Read<Velocity>, Write<Position>} built before any entity exists (its match cache picks up
 * the archetype later), walked with {@code forEach} (one callback per entity) or
 * {@code forEachChunk} (one callback per table, the loop the caller's: per entity through the chunk's
 * handles, or over the chunk's arrays); {@code insert}/{@code remove} for Health.
 *
 * <p>With {@link ValueLayout#COLUMNAR} the world stores every eligible component (Position,
 * Velocity and Health) as one primitive array per field, and the movement goes through the field
 * handles: {@code getFloat}/{@code setFloat} per entity, or {@code readFloats}/{@code writeFloats}
 * per chunk, whose loop is the hand-written structure-of-arrays loop of {@link HandSoaUnderTest}.
 */
final class EcslabUnderTest implements EcsUnderTest {
    private final World world;
    private final ValueLayout layout;
    private final Query movement;
    /** A reader of Position's changes, held open so that Position is observed (null: nobody observes it). */
    private final Query positionObserver;
    /** Built once, as a system would hold it, so {@link #move()} allocates nothing. */
    private final Consumer<QueryRow> moveOne;
    private final Consumer<QueryChunk> moveChunk;
    private final boolean chunks;
    private final boolean wholeValues;
    /**
     * The entities' ids as {@link Entity#toBits()}, as {@link ArtemisUnderTest} keeps artemis-odb's {@code int}
     * ids: an {@code Entity[]} would keep one 24-byte handle object per entity alive between each
     * entity's Position and Velocity in the heap (they are allocated in that order by
     * {@code world.spawn}), and every walk over the components would then stream half as much memory
     * again. That is the harness's bookkeeping, not ecslab's (its tables hold {@code int} ids).
     */
    private long[] entities = new long[0];
    /** Entity 0's Position object (references), which {@link #probe()} reads. */
    private Position probe;
    /** Entity 0's x as the column holds it (columnar): {@code probeXs[probeRow]}; found again after every structural change. */
    private float[] probeXs;
    private int probeRow;

    /**
     * @param chunks walk the query with {@code forEachChunk} instead of {@code forEach}
     * @param sparseHealth register Health as a sparse-set component instead of a table component
     */
    EcslabUnderTest(boolean chunks, boolean sparseHealth) {
        this(chunks, sparseHealth, "generation", false);
    }

    /**
     * @param tracking the change-tracking strategy ({@code generation}, the default, or {@code none})
     * @param observed whether a {@code Changed<Position>} reader exists, so that every write of
     *                 Position is tracked (without one, Position is unobserved and its writes are free)
     */
    EcslabUnderTest(boolean chunks, boolean sparseHealth, String tracking, boolean observed) {
        this(chunks, sparseHealth, tracking, observed, ValueLayout.REFERENCES);
    }

    /**
     * @param layout the world's default value layout; Position and Velocity are checked to get it
     */
    EcslabUnderTest(boolean chunks, boolean sparseHealth, String tracking, boolean observed, ValueLayout layout) {
        this(chunks, sparseHealth, tracking, observed, layout, false);
    }

    /**
     * @param wholeValues walk with {@code forEach} and write whole values: {@code row.set(pos, new Position(...))}
     *                    from {@code row.get(pos)} and {@code row.get(vel)}, the same code on both layouts (on
     *                    columnar, each get builds a copy and each set splits the value into the columns)
     */
    EcslabUnderTest(boolean chunks, boolean sparseHealth, String tracking, boolean observed, ValueLayout layout,
            boolean wholeValues) {
        this(chunks, sparseHealth, tracking, observed, layout, wholeValues, false);
    }

    /**
     * @param chunkArrays walk with {@code forEachChunk} over the chunk's arrays of objects
     *                    ({@code writeArray(pos)}, {@code readArray(vel)}): the loop is the hand-written
     *                    loop of {@link HandLoopUnderTest} over the columns themselves (references only)
     */
    EcslabUnderTest(boolean chunks, boolean sparseHealth, String tracking, boolean observed, ValueLayout layout,
            boolean wholeValues, boolean chunkArrays) {
        if (chunkArrays && (!chunks || wholeValues || layout != ValueLayout.REFERENCES)) {
            throw new IllegalArgumentException("chunk arrays are a forEachChunk walk over objects");
        }
        this.chunks = chunks;
        this.wholeValues = wholeValues;
        this.layout = layout;
        this.world = World.builder().changeTracking(tracking).defaultLayout(layout).build();
        if (world.layoutOf(Position.class) != layout || world.layoutOf(Velocity.class) != layout) {
            throw new IllegalStateException("Position and Velocity must be stored as " + layout + " in this contender");
        }
        if (sparseHealth) {
            world.register(Health.class, StorageKind.SPARSE_SET);
        }
        QueryBuilder qb = world.query();
        Read<Velocity> vel = qb.read(Velocity.class);
        Write<Position> pos = qb.write(Position.class);
        movement = qb.build();
        positionObserver = observed ? world.query().changed(Position.class).build() : null;
        if (wholeValues) {
            moveOne = row -> {
                Position p = row.get(pos);
                Velocity v = row.get(vel);
                row.set(pos, new Position(p.x + v.dx, p.y + v.dy));
            };
            moveChunk = chunk -> {
                throw new UnsupportedOperationException("the whole-value contenders walk with forEach");
            };
            return;
        }
        if (layout == ValueLayout.COLUMNAR) {
            TermField x = pos.field("x");
            TermField y = pos.field("y");
            TermField dx = vel.field("dx");
            TermField dy = vel.field("dy");
            moveOne = row -> {
                row.setFloat(x, row.getFloat(x) + row.getFloat(dx));
                row.setFloat(y, row.getFloat(y) + row.getFloat(dy));
            };
            moveChunk = chunk -> {
                float[] px = chunk.writeFloats(x);
                float[] py = chunk.writeFloats(y);
                float[] vx = chunk.readFloats(dx);
                float[] vy = chunk.readFloats(dy);
                for (int i = 0, n = chunk.size(); i < n; i++) {
                    px[i] += vx[i];
                    py[i] += vy[i];
                }
            };
            return;
        }
        moveOne = row -> {
            Position p = row.getMut(pos);
            Velocity v = row.get(vel);
            p.x += v.dx;
            p.y += v.dy;
        };
        if (chunkArrays) {
            moveChunk = chunk -> {
                Position[] ps = chunk.writeArray(pos);
                Velocity[] vs = chunk.readArray(vel);
                for (int i = 0, n = chunk.size(); i < n; i++) {
                    Position p = ps[i];
                    Velocity v = vs[i];
                    p.x += v.dx;
                    p.y += v.dy;
                }
            };
            return;
        }
        moveChunk = chunk -> {
            for (int i = 0, n = chunk.size(); i < n; i++) {
                Position p = chunk.getMut(pos, i);
                Velocity v = chunk.get(vel, i);
                p.x += v.dx;
                p.y += v.dy;
            }
        };
    }

    @Override
    public void spawn(int n) {
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = world.spawn(new Position(Workload.x(i), Workload.y(i)),
                    new Velocity(Workload.dx(i), Workload.dy(i))).toBits();
        }
        entities = ids;
        locateProbe();
    }

    /**
     * Finds where entity 0's x is held: its Position object, or (columnar) its row of the x array,
     * which moves with the entity and is replaced when the table grows, so this runs after every
     * structural change. Reaches into the storage only to keep {@link #probe()} one load, as it is
     * for the other contenders.
     */
    private void locateProbe() {
        probe = null;
        probeXs = null;
        if (entities.length == 0) {
            return;
        }
        if (layout == ValueLayout.REFERENCES) {
            probe = world.get(entity(0), Position.class).orElseThrow();
            return;
        }
        WorldInternals internals = WorldInternals.of(world);
        Storage storage = internals.storage();
        int id = internals.components().infoOf(Position.class).id();
        int entity = entity(0).index();
        ColumnarColumn column = (ColumnarColumn) storage.columnOf(entity, id);
        probeXs = (float[]) column.array(column.layout().fieldIndex("x"));
        probeRow = storage.rowOf(entity, id);
    }

    private Entity entity(int i) {
        return Entity.fromBits(entities[i]);
    }

    @Override
    public void move() {
        if (chunks) {
            movement.forEachChunk(moveChunk);
        } else {
            movement.forEach(moveOne);
        }
    }

    @Override
    public float probe() {
        if (wholeValues && probeXs == null) {             // every move stores a new object: look it up
            return world.get(entity(0), Position.class).orElseThrow().x;
        }
        return probeXs != null ? probeXs[probeRow] : probe.x;
    }

    @Override
    public void addHealth() {
        for (long id : entities) {
            Entity e = Entity.fromBits(id);
            world.insert(e, new Health(Workload.HEALTH));
        }
        locateProbe();
    }

    @Override
    public void removeHealth() {
        for (long id : entities) {
            Entity e = Entity.fromBits(id);
            world.remove(e, Health.class);
        }
        locateProbe();
    }

    @Override
    public int healthCount() {
        int count = 0;
        for (long id : entities) {
            Entity e = Entity.fromBits(id);
            if (world.has(e, Health.class)) {
                count++;
            }
        }
        return count;
    }

    @Override
    public float[] positions() {
        float[] xy = new float[2 * entities.length];
        for (int i = 0; i < entities.length; i++) {
            Position p = world.get(entity(i), Position.class).orElseThrow();
            xy[2 * i] = p.x;
            xy[2 * i + 1] = p.y;
        }
        return xy;
    }

    @Override
    public void close() {
        entities = new long[0];
        locateProbe();
    }
}
