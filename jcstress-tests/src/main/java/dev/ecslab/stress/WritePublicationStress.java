package dev.ecslab.stress;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.Completions;
import dev.ecslab.ecs.executor.ExecutorTwins;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Item 6: a writer system on one thread writes a component through its view (the write hook stores
 * the change tick in the row's lanes and summaries) and finishes through the dynamic executor's real
 * hand-off, {@link Completions#runThenPost} (what its workers call); a detector on another thread
 * takes the completion, as the scheduler does before it starts a later system, and then runs a
 * {@code Changed} query and reads the value. Whenever it took the completion it must see both the new
 * tick and the new value. Without the completion nothing is promised (the detector would not have been
 * started). The detector waits for the completion (up to {@link #WAIT_POLLS} polls), as the scheduler
 * does, so that nearly every sample tests the hand-off rather than a detector that came first.
 * {@link Twin}: the same test on the real hand-off with its post made before the run; its writer spins
 * a little before its write ({@link Twin#DWELL}), which widens the window between the early post and
 * the write. With the real hand-off that spin would only delay the post with the write.
 *
 * <p>r1: the completion was taken; r2: the {@code Changed} query saw the entity; r3: the value was new.
 */
@JCStressTest
@Description("A component write and its change tick are published together to a later detector")
@Outcome(id = "1, 1, 1", expect = Expect.ACCEPTABLE, desc = "after the hand-off: the new tick and the new value")
@Outcome(id = {"0, 0, 0", "0, 0, 1", "0, 1, 0", "0, 1, 1"}, expect = Expect.ACCEPTABLE,
        desc = "no hand-off yet: a detector would not have started; nothing promised")
@Outcome(id = {"1, 0, 0", "1, 0, 1", "1, 1, 0"}, expect = Expect.FORBIDDEN,
        desc = "after the hand-off, the tick or the value is missing")
@State
public class WritePublicationStress {
    /** The component. */
    public static final class Value {
        public int v;
    }

    private final World world = new World();
    private final Completions completions = completions();
    private final Entity entity;
    private final RunTicks readerTicks;
    private final WorldView writer;
    private final Query changed;

    public WritePublicationStress() {
        entity = world.spawn(new Value());
        RunTicks writerTicks = WorldInternals.of(world).newSystemTicks("writer");
        readerTicks = WorldInternals.of(world).newSystemTicks("detector");
        readerTicks.begin(WorldInternals.of(world).nextChangeTick());          // its previous run: after the spawn
        readerTicks.end();
        writer = WorldInternals.of(world).view("writer", Access.world(), writerTicks);
        WorldView reader = WorldInternals.of(world).view("detector", Access.world(), readerTicks);
        changed = reader.query().changed(Value.class).build();
        writerTicks.begin(WorldInternals.of(world).nextChangeTick());          // the writer's run has started
    }

    /**
     * How many times the detector polls for the completion before it gives up (r1 = 0): a scheduler
     * waiting for a finished system, bounded so that the actor always ends.
     */
    static final int WAIT_POLLS = 10_000;

    /** The hand-off under test; the twin overrides it. */
    Completions completions() {
        return new Completions();
    }

    @Actor
    public void writerSystem() {
        completions.runThenPost(0, this::write);
    }

    /** The writer system's body: its write. */
    void write() {
        writer.getMut(entity, Value.class).orElseThrow().v = 1;
    }

    @Actor
    public void detectorSystem(III_Result r) {
        int done = completions.poll();
        for (int i = 0; done < 0 && i < WAIT_POLLS; i++) {
            Thread.onSpinWait();
            done = completions.poll();
        }
        r.r1 = done >= 0 ? 1 : 0;
        readerTicks.begin(WorldInternals.of(world).nextChangeTick());
        r.r2 = changed.count();
        r.r3 = world.get(entity, Value.class).orElseThrow().v;
    }

    /** The twin: the real hand-off posting the completion before the run (an executor signalling too early). */
    @JCStressTest
    @Description("TWIN of WritePublicationStress: the completion is posted before the write")
    @Outcome(id = {"1, 0, 0", "1, 0, 1", "1, 1, 0"}, expect = Expect.ACCEPTABLE_INTERESTING,
            desc = "must-show: took the completion, missed the write")
    @Outcome(expect = Expect.ACCEPTABLE, desc = "other outcomes (the twin is not graded on them)")
    @State
    public static class Twin extends WritePublicationStress {
        /** Spins between the twin's early post and its write: the window the detector must land in. */
        static final int DWELL = 200;

        @Override
        Completions completions() {
            return ExecutorTwins.completionsPostingBeforeRun();
        }

        @Override
        void write() {
            RaceWindow.spin(DWELL);
            super.write();
        }

        @Actor
        @Override
        public void writerSystem() {
            super.writerSystem();
        }

        @Actor
        @Override
        public void detectorSystem(III_Result r) {
            super.detectorSystem(r);
        }
    }
}
