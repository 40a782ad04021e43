package dev.ecslab.stress;

import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.EntityTwins;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Item 1: two parallel systems' command buffers reserve entities at once through the real
 * {@link Entities#reserve()}, with one freed slot to reuse: they never get the same id, and between
 * them they take the freed slot (with its next generation) and one fresh slot. r1: the two ids are
 * equal; r2: one of them is the freed slot's next generation. {@link LostUpdateTwin} runs the same
 * actors on the real allocator with artemis-odb #522 put back (its cursor read, then written), and
 * must show one id twice.
 */
@JCStressTest
@Description("Entities.reserve: concurrent reservations never collide")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "distinct ids: the freed slot and a fresh one")
@Outcome(id = "1, .*", expect = Expect.FORBIDDEN, desc = "one id handed out twice")
@State
public class EntityReservationStress {
    private final Entities entities = allocator();
    private final Entity freed;
    private Entity a;
    private Entity b;

    public EntityReservationStress() {
        freed = entities.alloc();
        entities.alloc();
        entities.free(freed);
    }

    /** The allocator under test; the twins override it. */
    Entities allocator() {
        return new Entities();
    }

    @Actor
    public void systemA() {
        a = entities.reserve();
    }

    @Actor
    public void systemB() {
        b = entities.reserve();
    }

    @Arbiter
    public void check(II_Result r) {
        r.r1 = a.equals(b) ? 1 : 0;
        boolean reusedFreed = (a.index() == freed.index() && a.generation() == freed.generation() + 1)
                || (b.index() == freed.index() && b.generation() == freed.generation() + 1);
        r.r2 = reusedFreed ? 1 : 0;
    }

    /** Twin (artemis-odb #522): the real allocator whose cursor is read, then written. */
    @JCStressTest
    @Description("TWIN of EntityReservationStress: the cursor read, then written (artemis-odb #522)")
    @Outcome(id = "1, .*", expect = Expect.ACCEPTABLE_INTERESTING, desc = "must-show: one id handed out twice")
    @Outcome(expect = Expect.ACCEPTABLE, desc = "other outcomes (the twin is not graded on them)")
    @State
    public static class LostUpdateTwin extends EntityReservationStress {
        @Override
        Entities allocator() {
            return EntityTwins.lostUpdateCursor();
        }

        @Actor
        @Override
        public void systemA() {
            super.systemA();
        }

        @Actor
        @Override
        public void systemB() {
            super.systemB();
        }

        @Arbiter
        @Override
        public void check(II_Result r) {
            super.check(r);
        }
    }
}
