package dev.ecslab.stress.races;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.Completions;
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
 * The buggy twin of {@code dev.ecslab.stress.WritePublicationStress}: the writer posts its completion
 * before its write (an executor that signals "finished" too early). A detector that took the
 * completion can then miss the tick or the value, which the real test forbids. Program order alone
 * allows it, so it shows on x86 and run.sh requires it to be seen: the real test's outcomes can fail.
 */
@JCStressTest
@Description("BUGGY: the completion is posted before the write")
@Outcome(id = "1, 1, 1", expect = Expect.ACCEPTABLE, desc = "the write happened to land first")
@Outcome(id = {"1, 0, 0", "1, 0, 1", "1, 1, 0"}, expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "must-show: took the completion, missed the write (the bug)")
@Outcome(expect = Expect.ACCEPTABLE, desc = "no hand-off yet")
@State
public class EarlyCompletionRace {
    /** The component. */
    public static final class Value {
        public int v;
    }

    private final World world = new World();
    private final Completions completions = new Completions();
    private final Entity entity;
    private final SystemTicks readerTicks;
    private final WorldView writer;
    private final Query changed;

    public EarlyCompletionRace() {
        entity = world.spawn(new Value());
        SystemTicks writerTicks = SystemTicks.fresh(world.newSystemId(), "writer", world.changeTick());
        readerTicks = SystemTicks.fresh(world.newSystemId(), "detector", world.changeTick());
        readerTicks.begin(world.nextChangeTick());
        readerTicks.end();
        writer = world.view("writer", Access.world(), writerTicks);
        changed = world.view("detector", Access.world(), readerTicks).query().changed(Value.class).build();
        writerTicks.begin(world.nextChangeTick());
    }

    @Actor
    public void writerSystem() {
        completions.finished(0);                          // the bug: signalled before the write
        writer.getMut(entity, Value.class).orElseThrow().v = 1;
    }

    @Actor
    public void detectorSystem(III_Result r) {
        r.r1 = completions.poll() >= 0 ? 1 : 0;
        readerTicks.begin(world.nextChangeTick());
        r.r2 = changed.count();
        r.r3 = world.get(entity, Value.class).orElseThrow().v;
    }
}
