package dev.ecslab.bench;

import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryChunk;
import dev.ecslab.ecs.query.QueryRow;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.util.function.Consumer;

/**
 * ecslab through its public API: {@code world.spawn(position, velocity)}, one query
 * {@code Read<Velocity>, Write<Position>} built before any entity exists (its match cache picks up
 * the archetype later), walked with {@code forEach} (one callback per entity) or
 * {@code forEachChunk} (one callback per table); {@code insert}/{@code remove} for Health.
 */
final class EcslabUnderTest implements EcsUnderTest {
    private final World world;
    private final Query movement;
    /** A reader of Position's changes, held open so that Position is observed (null: nobody observes it). */
    private final Query positionObserver;
    /** Built once, as a system would hold it, so {@link #move()} allocates nothing. */
    private final Consumer<QueryRow> moveOne;
    private final Consumer<QueryChunk> moveChunk;
    private final boolean chunks;
    private Entity[] entities = new Entity[0];
    private Position probe;

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
        this.chunks = chunks;
        this.world = World.builder().changeTracking(tracking).build();
        if (sparseHealth) {
            world.register(Health.class, StorageKind.SPARSE_SET);
        }
        QueryBuilder qb = world.query();
        Read<Velocity> vel = qb.read(Velocity.class);
        Write<Position> pos = qb.write(Position.class);
        movement = qb.build();
        positionObserver = observed ? world.query().changed(Position.class).build() : null;
        moveOne = row -> {
            Position p = row.getMut(pos);
            Velocity v = row.get(vel);
            p.x += v.dx;
            p.y += v.dy;
        };
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
        Entity[] es = new Entity[n];
        for (int i = 0; i < n; i++) {
            es[i] = world.spawn(new Position(Workload.x(i), Workload.y(i)),
                    new Velocity(Workload.dx(i), Workload.dy(i)));
        }
        entities = es;
        probe = n == 0 ? null : world.get(es[0], Position.class).orElseThrow();
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
        return probe.x;
    }

    @Override
    public void addHealth() {
        for (Entity e : entities) {
            world.insert(e, new Health(Workload.HEALTH));
        }
    }

    @Override
    public void removeHealth() {
        for (Entity e : entities) {
            world.remove(e, Health.class);
        }
    }

    @Override
    public int healthCount() {
        int count = 0;
        for (Entity e : entities) {
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
            Position p = world.get(entities[i], Position.class).orElseThrow();
            xy[2 * i] = p.x;
            xy[2 * i + 1] = p.y;
        }
        return xy;
    }

    @Override
    public void close() {
        entities = new Entity[0];
        probe = null;
    }
}
