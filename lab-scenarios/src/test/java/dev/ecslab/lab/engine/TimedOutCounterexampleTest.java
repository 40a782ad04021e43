package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Shard;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.scenario.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A counterexample whose run timed out is kept as found: shrinking it would run up to the shrink budget of candidates,
 * each of which may take the whole timeout, and whether a run times out depends on the machine's load as much as on
 * the scenario. It is still a crash (criterion X), never a pass.
 */
class TimedOutCounterexampleTest {
    @Test
    void aRunThatTimesOutIsACrashAndIsNotShrunk() {
        EngineContract contract = EngineLabTest.named("hangs-after-frame-0");
        AtomicInteger made = new AtomicInteger();
        EngineSubject hangs = EngineLabTest.subject(contract, () -> {
            made.incrementAndGet();
            return new ReferenceEngine() {
                final CountDownLatch never = new CountDownLatch(1);

                @Override
                public void beginRun(String system, long frame) {
                    if (frame >= 1) {
                        try {
                            never.await();                     // until the run's timeout interrupts it
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IllegalStateException("interrupted", e);
                        }
                    }
                    super.beginRun(system, frame);
                }
            };
        });
        List<Scenario> scenarios = Catalogue.all().subList(0, 4);
        EngineLab.Row row = EngineLab.run(hangs, scenarios, 1, Duration.ofMillis(500), null, Shard.ALL);
        EngineLab.Cell crash = row.cells().get(Criterion.CRASH);
        assertTrue(crash.failed() > 0, crash.status());
        EngineLab.Counterexample first = crash.first();
        assertEquals(scenarios.get(first.index()), first.shrunk(), "kept as found");
        assertTrue(first.violation().contains("did not end its run within"), first.violation());
        assertTrue(made.get() <= scenarios.size() + Criterion.values().length, "no shrinking: " + made.get() + " engines made");
    }

    /**
     * A failure that does not come back when its scenario runs once more (here: an engine that crashes only in the
     * first run it is given) is kept as the failing run it was, not replaced by the passing one: the violation says it
     * did not come back and then what the first run did, and the trace is that run's, crash included.
     */
    @Test
    void aFailureThatDoesNotComeBackKeepsTheFailingRunAsEvidence() {
        AtomicInteger runs = new AtomicInteger();
        EngineSubject once = EngineLabTest.subject(EngineLabTest.named("crashes-once"), () -> new ReferenceEngine() {
            @Override
            public void open(EngineWorld w) {
                if (runs.getAndIncrement() == 0) {
                    throw new IllegalStateException("the first world ever opened breaks");
                }
                super.open(w);
            }
        });
        List<Scenario> scenarios = Catalogue.all().subList(0, 2);
        EngineLab.Row row = EngineLab.run(once, scenarios, 1, Duration.ofSeconds(20), null, Shard.ALL);
        EngineLab.Counterexample first = row.cells().get(Criterion.CRASH).first();
        assertTrue(EngineLab.noLongerFails(first), first.violation());
        assertTrue(first.violation().contains("the first world ever opened breaks"), first.violation());
        assertEquals(scenarios.get(0), first.shrunk(), "the scenario as found");
        assertTrue(first.trace().crashes().stream().anyMatch(c -> c.toString().contains("the first world ever opened breaks")),
                "the failing run's trace: " + first.trace().crashes());
    }
}
