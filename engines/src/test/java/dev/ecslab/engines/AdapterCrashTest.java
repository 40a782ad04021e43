package dev.ecslab.engines;

import dev.ecslab.lab.engine.Narrowed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.engines.artemis.ArtemisProvider;
import dev.ecslab.engines.zayes.ZayEsProvider;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineRunner;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.scenario.Scenario;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The adapters are found by the lab, and an adapter that throws is judged a crash, never a pass: each real engine,
 * asked by a faulty caller for a watch its system does not have, refuses, and the lab records criterion X.
 */
class AdapterCrashTest {
    @Test
    void theLabFindsBothEnginesThroughTheServiceFile() {
        List<EngineSubject> all = EngineSubject.all(getClass().getClassLoader());
        assertThat(all).extracting(EngineSubject::id).contains(ArtemisProvider.ID, ZayEsProvider.ID);
    }

    @Test
    void aReportForAnUnknownWatchIsACrash() {
        Scenario s = Catalogue.named("Basic [component]");
        for (String id : List.of(ArtemisProvider.ID, ZayEsProvider.ID)) {
            EngineSubject real = EngineSubject.find(id, getClass().getClassLoader());
            EngineSubject subject = ForwardingEngine.wrapping(real, UnknownWatch::new);
            Scenario runnable = Narrowed.to(real.contract(), s).orElseThrow();
            Outcome o = Judge.judge(runnable, EngineRunner.run(runnable, subject, 1, Duration.ofSeconds(30)));
            assertThat(o.violations()).as(id).isNotEmpty().allMatch(v -> v.criterion() == Criterion.CRASH);
            assertThat(o.violations().get(0).message()).as(id).contains("has no watch");
        }
    }

    /** An engine whose caller asks every report for a watch past the system's last. */
    private static final class UnknownWatch extends ForwardingEngine {
        UnknownWatch(Engine real) {
            super(real);
        }

        @Override
        public List<String> report(String system, int watch) throws Exception {
            return real.report(system, watch + 100);
        }
    }
}
