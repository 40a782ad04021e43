package dev.ecslab.lab.engine;

/**
 * An engine the lab can judge in-process, found through {@code META-INF/services/dev.ecslab.lab.engine.EngineProvider}
 * in a jar given with {@code --engine-jar} (or on the lab's class path). It states its contract and makes a fresh
 * engine for each scenario run; an engine in another language is driven over the process protocol instead
 * (see {@code docs/engine-protocol.md}).
 *
 * <p>{@link #create} is called on the lab's run thread, once per run; the instance it answers is used from that
 * thread only, except {@link Engine#close}, which the lab may also call from another thread to end a run that hung.
 */
public interface EngineProvider {
    /** What the engine promises; the id names it on the command line. */
    EngineContract contract();

    /** A fresh engine, holding nothing from an earlier run. */
    Engine create() throws Exception;
}
