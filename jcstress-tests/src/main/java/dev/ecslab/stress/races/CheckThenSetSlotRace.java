package dev.ecslab.stress.races;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * The buggy twin of {@code dev.ecslab.stress.CommandQueueStress}: a slot filled by "read, then set"
 * instead of a compare-and-set. Two submissions into one slot can both be accepted and one buffer is
 * silently overwritten, the outcome the real test forbids. A lost update: run.sh requires it.
 */
@JCStressTest
@Description("BUGGY: a command slot filled by check-then-set")
@Outcome(id = {"true, false, 1", "false, true, 1"}, expect = Expect.ACCEPTABLE, desc = "one accepted")
@Outcome(id = "true, true, 1", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "must-show: both accepted, one buffer lost (the bug)")
@State
public class CheckThenSetSlotRace {
    private final AtomicReferenceArray<String> slots = new AtomicReferenceArray<>(1);

    private boolean submit(String owner) {
        if (slots.get(0) != null) {
            return false;
        }
        slots.set(0, owner);
        return true;
    }

    @Actor
    public void systemA(ZZI_Result r) {
        r.r1 = submit("a");
    }

    @Actor
    public void systemB(ZZI_Result r) {
        r.r2 = submit("b");
    }

    @Arbiter
    public void drain(ZZI_Result r) {
        r.r3 = slots.get(0) == null ? 0 : 1;
    }
}
