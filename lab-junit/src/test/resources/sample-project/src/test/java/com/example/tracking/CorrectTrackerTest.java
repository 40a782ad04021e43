package com.example.tracking;

import dev.ecslab.junit.Expectation;
import dev.ecslab.junit.LabGate;
import org.junit.jupiter.api.Test;

class CorrectTrackerTest {
    @Test
    void theCorrectTrackerIsExact() {
        LabGate.forStrategy(CorrectTrackerProvider::new)
               .executor("serial")
               .expect(Expectation.EXACT)
               .tries(2).seed(11)
               .noMemory()
               .assertHolds();
    }
}
