package dev.ecslab.ecs.command;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Collects command buffers submitted from several threads into fixed slots, and hands them back in
 * slot order, so the merge order is a function of the slots (the schedule's topological order) and
 * never of which thread finished first.
 *
 * <p><b>Thread-safety.</b> {@link #submit} may be called concurrently; each slot accepts exactly one
 * buffer per round (a second submission is an error, never a silent overwrite or loss).
 * {@link #drain} runs on the owning thread after all submitters finished; the executor's join
 * publishes the buffers.
 */
public final class CommandQueue {
    private final AtomicReferenceArray<CommandBuffer> slots;

    public CommandQueue(int slotCount) {
        this.slots = new AtomicReferenceArray<>(slotCount);
    }

    public int slotCount() {
        return slots.length();
    }

    /** Stores {@code buffer} in {@code slot}. Throws if the slot already holds a buffer this round. */
    public void submit(int slot, CommandBuffer buffer) {
        CommandBuffer held = slots.compareAndExchange(slot, null, buffer);
        if (held != null) {            // the holder as the failed exchange saw it: a second read could see null
            throw new IllegalStateException("command slot " + slot + " already holds a buffer from "
                    + held.owner() + "; " + buffer.owner() + " cannot submit there too");
        }
    }

    /** Removes and returns the submitted buffers in slot order, skipping empty slots. */
    public List<CommandBuffer> drain() {
        List<CommandBuffer> out = new ArrayList<>();
        for (int i = 0; i < slots.length(); i++) {
            CommandBuffer b = slots.getAndSet(i, null);
            if (b != null) {
                out.add(b);
            }
        }
        return out;
    }
}
