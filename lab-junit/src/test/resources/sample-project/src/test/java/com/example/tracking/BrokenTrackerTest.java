package com.example.tracking;

import dev.ecslab.junit.Expectation;
import dev.ecslab.junit.LabGate;
import org.junit.jupiter.api.Test;

class BrokenTrackerTest {
    @Test
    void theTrackerThatDropsRemovalsIsExact() {
        LabGate.forStrategy(new DropsChangeTrackerProvider())
               .executor("serial")
               .expect(Expectation.EXACT)
               .tries(2).seed(11)
               .noMemory()
               .assertHolds();
    }
}
