package dev.ecslab.lab.engine;

import java.util.List;

/**
 * One instance of an engine under test, for one scenario run: the operations a lab scenario is made of, in the
 * words every ECS with change detection shares. The lab is the scheduler: it calls these methods from one thread,
 * in the order its own model of the scenario defines, so the engine is judged as storage and change detection,
 * never on timing.
 *
 * <p><b>Names.</b> Entities are the lab's labels ({@code e1}, {@code g0#17}); the engine maps each to its own
 * entity and answers with labels. Components are {@code A}, {@code B} and {@code S}, resources {@code R} and
 * {@code Q}; every value is an {@code int}.
 *
 * <p><b>Order of calls.</b> {@link #open} (every system and watch, before any entity exists), the setup (spawns,
 * resources) outside runs, then per frame and stage iteration: for each system that runs, {@link #beginRun}, one
 * {@link #report} per watch (detections come first in a run), its direct {@link #write}s, {@link #endRun}; then the
 * commands the systems issued, applied outside runs as {@link #insert}, {@link #remove}, {@link #spawn} and
 * {@link #despawn}; {@link #endFrame} after each frame; {@link #state} at the end; {@link #close} always.
 *
 * <p><b>Contract.</b> A call that throws is a crash of the engine (criterion X), never a pass. The lab only writes
 * a component an entity has, and only spawns, inserts on and despawns live entities it named; what an engine does
 * with a write of an equal value is its contract's {@link EngineContract#equalWritesCount}.
 */
public interface Engine extends AutoCloseable {
    /** Declares the systems, with their watches in order, before anything else happens. */
    void open(EngineWorld world) throws Exception;

    /** Creates entity {@code entity} with these components ({@code name=value}; none for an empty entity). */
    void spawn(String entity, java.util.Map<String, Integer> components) throws Exception;

    /** Adds component {@code component} to a live entity, or replaces its value when it has it. */
    void insert(String entity, String component, int value) throws Exception;

    /** Removes the component from a live entity (the lab calls it only when the entity has it). */
    void remove(String entity, String component) throws Exception;

    /** Destroys a live entity and its components. */
    void despawn(String entity) throws Exception;

    /** Inserts a resource, or replaces its value. */
    void insertResource(String resource, int value) throws Exception;

    /** Removes a resource the world holds. */
    void removeResource(String resource) throws Exception;

    /** A system starts its run in {@code frame} (the lab's frame count, from 0). */
    void beginRun(String system, long frame) throws Exception;

    /**
     * What watch {@code watch} (its index in the system's list) of the running system reports now: for a
     * component, the labels of the entities its filter yields (in the engine's order, a repeat kept); for a
     * resource, {@code ["R"]} when the filter holds and none when it does not. The window (changes since the
     * system's previous {@link #beginRun}), the world's changes reported to every system, a removal making earlier
     * additions unreportable, one entry per removal for {@code REMOVED}, and order not mattering are specified once
     * for both transports, in the process protocol's "What a watch reports" ({@code docs/engine-protocol.md}); the
     * contract's {@code ownWrites}, {@code equalWritesCount}, {@code delayFrames} and fold adjust them.
     */
    List<String> report(String system, int watch) throws Exception;

    /** A direct write by the running system of a component its entity has. */
    void write(String entity, String component, int value) throws Exception;

    /** A direct write by the running system of a resource the world holds. */
    void writeResource(String resource, int value) throws Exception;

    /** The running system's run ends. */
    void endRun(String system) throws Exception;

    /**
     * Watch {@code watch} of {@code system} starts to exist (only for a contract with
     * {@link EngineContract.Feature#LATE_WATCHES}): between frames, before the first frame of its window, or inside
     * the system's first run in its window, before its first report, when its query is built there. Its first report
     * still owes what changed since the system's previous run, as every report does.
     */
    default void openWatch(String system, int watch) throws Exception {
    }

    /** Watch {@code watch} of {@code system} stops existing, between frames, before the frame that ends its window. */
    default void closeWatch(String system, int watch) throws Exception {
    }

    /** Frame {@code frame} ends. */
    void endFrame(long frame) throws Exception;

    /** The world as the engine holds it now (criterion 8 compares it with the lab's model). */
    EngineState state() throws Exception;

    /** Releases everything the instance holds; called once, also after a failure. */
    @Override
    void close() throws Exception;
}
