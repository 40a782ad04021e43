package dev.ecslab.engines;

import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineProvider;
import dev.ecslab.lab.engine.EngineState;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.engine.EngineWorld;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** An engine that hands every call to a real one; a faulty or mutated engine overrides what it changes. */
abstract class ForwardingEngine implements Engine {
    protected final Engine real;

    ForwardingEngine(Engine real) {
        this.real = real;
    }

    /** {@code subject} with its contract, each instance it makes wrapped by {@code wrap}. */
    static EngineSubject wrapping(EngineSubject subject, Function<Engine, ? extends Engine> wrap) {
        EngineProvider provider = new EngineProvider() {
            @Override
            public EngineContract contract() {
                return subject.contract();
            }

            @Override
            public Engine create() throws Exception {
                return wrap.apply(subject.create());
            }
        };
        return new EngineSubject(subject.contract(), provider, null);
    }

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
        return real.report(system, watch);
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
    public void openWatch(String system, int watch) throws Exception {
        real.openWatch(system, watch);
    }

    @Override
    public void closeWatch(String system, int watch) throws Exception {
        real.closeWatch(system, watch);
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
