package dev.ecslab.bench;

import dev.dominion.ecs.api.Composition;
import dev.dominion.ecs.api.Dominion;
import dev.dominion.ecs.api.Entity;
import dev.dominion.ecs.api.Results;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Dominion 0.9.0 on its fast paths: entities created from a prepared composition
 * ({@code composition().of(Position, Velocity)}), iteration over
 * {@code findCompositionsWith(Position, Velocity)} (no entity handle is needed), and Health added
 * and removed with prepared modifiers ({@code byAdding1AndRemoving}, {@code byRemoving}).
 *
 * <p><b>The 1 023-world limit.</b> Dominion 0.9.0 registers a logging level in a static array on
 * every {@code Dominion.create()} and never releases it; the 1 024th call in a JVM throws
 * {@code ArrayIndexOutOfBoundsException} in {@code Logging.registerLoggingLevel}.
 * Benchmarks therefore create worlds per trial or per single-shot invocation, and this class counts
 * the calls and refuses the 1 001st with a message that says why, instead of Dominion's bare
 * exception.
 */
final class DominionUnderTest implements EcsUnderTest {
    /** Creates allowed per JVM; Dominion itself fails on the 1 024th. */
    static final int MAX_WORLDS_PER_JVM = 1000;
    private static final AtomicInteger CREATED = new AtomicInteger();

    static {
        // Dominion prints a banner on every create unless told otherwise; keep benchmark output clean.
        if (System.getProperty("dominion.show-banner") == null) {
            System.setProperty("dominion.show-banner", "false");
        }
    }

    private final Dominion dominion;
    private final Composition.ByAdding1AndRemoving<Health> addHealth;
    private final Composition.ByRemoving removeHealth;
    private Entity[] entities = new Entity[0];
    private Position probe;

    DominionUnderTest() {
        int n = CREATED.incrementAndGet();
        if (n > MAX_WORLDS_PER_JVM) {
            throw new IllegalStateException("Dominion world #" + n + " in this JVM refused: Dominion 0.9.0 fails on its"
                    + " 1024th Dominion.create() per JVM; create worlds per trial, or lower -wi/-i/-bs");
        }
        dominion = Dominion.create();
        addHealth = dominion.composition().byAdding1AndRemoving(Health.class);
        removeHealth = dominion.composition().byRemoving(Health.class);
    }

    @Override
    public void spawn(int n) {
        Composition.Of2<Position, Velocity> of = dominion.composition().of(Position.class, Velocity.class);
        Entity[] es = new Entity[n];
        for (int i = 0; i < n; i++) {
            es[i] = dominion.createPreparedEntity(of.withValue(new Position(Workload.x(i), Workload.y(i)),
                    new Velocity(Workload.dx(i), Workload.dy(i))));
        }
        entities = es;
        probe = n == 0 ? null : es[0].get(Position.class);
    }

    @Override
    public void move() {
        for (Results.With2<Position, Velocity> r : dominion.findCompositionsWith(Position.class, Velocity.class)) {
            Position p = r.comp1();
            Velocity v = r.comp2();
            p.x += v.dx;
            p.y += v.dy;
        }
    }

    @Override
    public float probe() {
        return probe.x;
    }

    @Override
    public void addHealth() {
        for (Entity e : entities) {
            dominion.modifyEntity(addHealth.withValue(e, new Health(Workload.HEALTH)));
        }
    }

    @Override
    public void removeHealth() {
        for (Entity e : entities) {
            dominion.modifyEntity(removeHealth.withValue(e));
        }
    }

    @Override
    public int healthCount() {
        int count = 0;
        for (Entity e : entities) {
            if (e.has(Health.class)) {
                count++;
            }
        }
        return count;
    }

    @Override
    public float[] positions() {
        float[] xy = new float[2 * entities.length];
        for (int i = 0; i < entities.length; i++) {
            Position p = entities[i].get(Position.class);
            xy[2 * i] = p.x;
            xy[2 * i + 1] = p.y;
        }
        return xy;
    }

    @Override
    public void close() {
        entities = new Entity[0];
        probe = null;
        dominion.close();
    }
}
