package dev.ecslab.stress;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.command.CommandQueue;
import dev.ecslab.ecs.entity.Entities;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * Item 5: two threads submit into the same slot of the real {@link CommandQueue} (a misconfigured
 * schedule): exactly one is accepted, the other refused, and the drain returns exactly one buffer.
 * Nothing lost, nothing duplicated, no silent overwrite.
 */
@JCStressTest
@Description("CommandQueue.submit: one slot accepts exactly one buffer")
@Outcome(id = {"true, false, 1", "false, true, 1"}, expect = Expect.ACCEPTABLE, desc = "one accepted, one refused")
@Outcome(expect = Expect.FORBIDDEN, desc = "both accepted, both refused, or a buffer lost")
@State
public class CommandQueueStress {
    private final Entities entities = new Entities();
    private final CommandQueue queue = new CommandQueue(2);

    @Actor
    public void systemA(ZZI_Result r) {
        r.r1 = submit("a");
    }

    @Actor
    public void systemB(ZZI_Result r) {
        r.r2 = submit("b");
    }

    private boolean submit(String owner) {
        try {
            queue.submit(0, new CommandBuffer(entities, owner));
            return true;
        } catch (IllegalStateException refused) {
            return false;
        }
    }

    @Arbiter
    public void drain(ZZI_Result r) {
        r.r3 = queue.drain().size();
    }
}
