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
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineProvider;
import dev.ecslab.lab.engine.EngineRunner;
import dev.ecslab.lab.engine.EngineState;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.engine.EngineWorld;
import dev.ecslab.lab.scenario.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
            EngineProvider faulty = new EngineProvider() {
                @Override
                public EngineContract contract() {
                    return real.contract();
                }

                @Override
                public Engine create() throws Exception {
                    return new UnknownWatch(real.create());
                }
            };
            EngineSubject subject = new EngineSubject(real.contract(), faulty, null);
            Scenario runnable = Narrowed.to(real.contract(), s).orElseThrow();
            Outcome o = Judge.judge(runnable, EngineRunner.run(runnable, subject, 1, Duration.ofSeconds(30)));
            assertThat(o.violations()).as(id).isNotEmpty().allMatch(v -> v.criterion() == Criterion.CRASH);
            assertThat(o.violations().get(0).message()).as(id).contains("has no watch");
        }
    }

    /** An engine whose caller asks every report for a watch past the system's last. */
    private record UnknownWatch(Engine real) implements Engine {
        @Override
        public void open(EngineWorld world) throws Exception {
            real.open(world);
        }

        @Override
        public void spawn(String entity, Map<String, Integer> components) throws Exception {
            real.spawn(entity, components);
        }

        @Override
        public void insert(String entity, String component, int value) throws Exception {
            real.insert(entity, component, value);
        }

        @Override
        public void remove(String entity, String component) throws Exception {
            real.remove(entity, component);
        }

        @Override
        public void despawn(String entity) throws Exception {
            real.despawn(entity);
        }

        @Override
        public void insertResource(String resource, int value) throws Exception {
            real.insertResource(resource, value);
        }

        @Override
        public void removeResource(String resource) throws Exception {
            real.removeResource(resource);
        }

        @Override
        public void beginRun(String system, long frame) throws Exception {
            real.beginRun(system, frame);
        }

        @Override
        public List<String> report(String system, int watch) throws Exception {
            return real.report(system, watch + 100);
        }

        @Override
        public void write(String entity, String component, int value) throws Exception {
            real.write(entity, component, value);
        }

        @Override
        public void writeResource(String resource, int value) throws Exception {
            real.writeResource(resource, value);
        }

        @Override
        public void endRun(String system) throws Exception {
            real.endRun(system);
        }

        @Override
        public void endFrame(long frame) throws Exception {
            real.endFrame(frame);
        }

        @Override
        public EngineState state() throws Exception {
            return real.state();
        }

        @Override
        public void close() throws Exception {
            real.close();
        }
    }
}
