package dev.ecslab.stress.races;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race-bug catalogue, entry 6 (buggy variant) under JCStress, after artemis-odb #606/#522: entity ids
 * from a plain "next id" field; two creations at once can get the same id. A lost update, visible on
 * any hardware: run.sh requires the interesting outcome to be seen. Compare
 * {@code dev.ecslab.stress.EntityReservationStress}.
 */
@JCStressTest
@Description("BUGGY: an unsynchronized id pool hands one id to two entities")
@Outcome(id = {"0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = "distinct ids")
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = "must-show: a duplicate id (the bug)")
@State
public class UnsyncedIdsRace {
    private int nextId;

    private int create() {
        int id = nextId;
        nextId = id + 1;
        return id;
    }

    @Actor
    public void systemA(II_Result r) {
        r.r1 = create();
    }

    @Actor
    public void systemB(II_Result r) {
        r.r2 = create();
    }
}
