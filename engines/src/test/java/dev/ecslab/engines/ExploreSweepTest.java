package dev.ecslab.engines;

import dev.ecslab.lab.engine.EngineSubject;
import org.junit.jupiter.api.Test;

class ExploreSweepTest {
    @Test
    void explore() {
        for (EngineSubject s : EngineSubject.all(getClass().getClassLoader())) {
            long t0 = System.nanoTime();
            EngineSweep sweep = EngineSweep.of(s, 200, s.id().equals("zay-es") ? Batching.PER_RUN_OF_THE_DETECTOR : Batching.PER_RUN_OF_ANY_SYSTEM);
            System.out.println(sweep.summary());
            sweep.failing.forEach((c, names) -> System.out.println("  " + c + " fails in " + names.subList(0, Math.min(40, names.size()))));
            System.out.println("  took " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }
    }
}
