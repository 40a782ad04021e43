package dev.ecslab.concurrency;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.command.CommandQueue;
import dev.ecslab.ecs.entity.Entities;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;

/**
 * Item 5: the real {@link CommandQueue}, filled from several threads (each system submits its buffer
 * into its slot) is linearizable: a slot accepts exactly one buffer, a second submission is refused
 * (never a silent overwrite, never an exception other than the refusal). After the submitters, the
 * sync point's {@code drain} (it runs alone, as the contract says) returns exactly the accepted
 * buffers, in slot order, whichever thread finished first; {@link #drainedInSlotOrder} checks that
 * after every invocation.
 *
 * <p>This test found a real bug: the refusal message read the slot a second time, and a slot emptied
 * in between made the refusal a {@code NullPointerException}. The refusal now reports the holder the
 * failed exchange saw.
 */
@Param(name = "slot", gen = IntGen.class, conf = "0:2")
public class CommandQueueLincheckTest extends BothModes {
    private final Entities entities = new Entities();
    private final CommandQueue queue = new CommandQueue(3);
    private final AtomicIntegerArray accepted = new AtomicIntegerArray(3);

    @Operation
    public boolean submit(@Param(name = "slot") int slot) {
        try {
            queue.submit(slot, new CommandBuffer(entities, "s" + slot));
            accepted.incrementAndGet(slot);
            return true;
        } catch (IllegalStateException alreadyHeld) {
            return false;
        }
    }

    @Validate
    public void drainedInSlotOrder() {
        List<String> expected = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            if (accepted.get(s) > 1) {
                throw new IllegalStateException("slot " + s + " accepted " + accepted.get(s) + " buffers");
            }
            if (accepted.get(s) == 1) {
                expected.add("s" + s);
            }
        }
        List<String> drained = new ArrayList<>();
        queue.drain().forEach(b -> drained.add(b.owner()));
        if (!drained.equals(expected)) {
            throw new IllegalStateException("drained " + drained + ", expected " + expected);
        }
        for (int s = 0; s < 3; s++) {
            accepted.set(s, 0);
        }
    }
}
