package dev.ecslab.bench;

import com.artemis.Archetype;
import com.artemis.ArchetypeBuilder;
import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.systems.IteratingSystem;

/**
 * artemis-odb 2.3.0 on its idiomatic hot path: a {@link MovementSystem} ({@code IteratingSystem}
 * over {@code Aspect.all(Position, Velocity)}) run by {@code world.process()}. Entities are created
 * from an {@code Archetype}; Health is added and removed through its {@code ComponentMapper}.
 *
 * <p><b>Deferred changes.</b> artemis-odb applies new entities and composition changes (and purges
 * removed components) only in {@code world.process()}. To honour the facade's contract that every
 * change completes inside the call, {@link #spawn}, {@link #addHealth} and {@link #removeHealth}
 * end with one {@code process()} with the movement system disabled, so the flush runs but the
 * iteration does not.
 */
final class ArtemisUnderTest implements EcsUnderTest {
    private final World world;
    private final MovementSystem movement = new MovementSystem();
    private final ComponentMapper<ArtemisPosition> positions;
    private final ComponentMapper<ArtemisHealth> healths;
    private final Archetype moving;
    private int[] entities = new int[0];
    private ArtemisPosition probe;

    ArtemisUnderTest() {
        world = new World(new WorldConfigurationBuilder().with(movement).build());
        positions = world.getMapper(ArtemisPosition.class);
        healths = world.getMapper(ArtemisHealth.class);
        moving = new ArchetypeBuilder().add(ArtemisPosition.class).add(ArtemisVelocity.class).build(world);
    }

    @Override
    public void spawn(int n) {
        ComponentMapper<ArtemisVelocity> velocities = world.getMapper(ArtemisVelocity.class);
        int[] es = new int[n];
        for (int i = 0; i < n; i++) {
            int id = world.create(moving);
            ArtemisPosition p = positions.get(id);
            p.x = Workload.x(i);
            p.y = Workload.y(i);
            ArtemisVelocity v = velocities.get(id);
            v.dx = Workload.dx(i);
            v.dy = Workload.dy(i);
            es[i] = id;
        }
        entities = es;
        flush();
        probe = n == 0 ? null : positions.get(es[0]);
    }

    @Override
    public void move() {
        world.process();
    }

    @Override
    public float probe() {
        return probe.x;
    }

    @Override
    public void addHealth() {
        for (int id : entities) {
            healths.create(id).points = Workload.HEALTH;
        }
        flush();
    }

    @Override
    public void removeHealth() {
        for (int id : entities) {
            healths.remove(id);
        }
        flush();
    }

    @Override
    public int healthCount() {
        int count = 0;
        for (int id : entities) {
            if (healths.has(id)) {
                count++;
            }
        }
        return count;
    }

    @Override
    public float[] positions() {
        float[] xy = new float[2 * entities.length];
        for (int i = 0; i < entities.length; i++) {
            ArtemisPosition p = positions.get(entities[i]);
            xy[2 * i] = p.x;
            xy[2 * i + 1] = p.y;
        }
        return xy;
    }

    @Override
    public void close() {
        entities = new int[0];
        probe = null;
        world.dispose();
    }

    /** Applies pending entity and composition changes without running the movement system. */
    private void flush() {
        movement.setEnabled(false);
        world.process();
        movement.setEnabled(true);
    }

    /** artemis-odb's Position (its components must extend {@link Component}). */
    public static final class ArtemisPosition extends Component {
        public float x;
        public float y;
    }

    /** artemis-odb's Velocity. */
    public static final class ArtemisVelocity extends Component {
        public float dx;
        public float dy;
    }

    /** artemis-odb's Health. */
    public static final class ArtemisHealth extends Component {
        public int points;
    }

    /** {@code Position += Velocity} for every entity with both, one {@code process(int)} call each. */
    static final class MovementSystem extends IteratingSystem {
        private ComponentMapper<ArtemisPosition> positions;
        private ComponentMapper<ArtemisVelocity> velocities;

        @SuppressWarnings("unchecked")
        MovementSystem() {
            super(Aspect.all(ArtemisPosition.class, ArtemisVelocity.class));
        }

        @Override
        protected void initialize() {
            positions = world.getMapper(ArtemisPosition.class);
            velocities = world.getMapper(ArtemisVelocity.class);
        }

        @Override
        protected void process(int entityId) {
            ArtemisPosition p = positions.get(entityId);
            ArtemisVelocity v = velocities.get(entityId);
            p.x += v.dx;
            p.y += v.dy;
        }
    }
}
