package dev.ecslab.concurrency;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.command.CommandTwins;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.EntityTwins;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 1, ecslab's side: the same operation as Magma3D's shared cursor (create an
 * entity, give it a component) from several threads, through the real {@link CommandBuffer}: the
 * spawn reserves the id lock-free and the component travels with it in the buffer, so there is no
 * cursor to share. Each operation answers the id it reserved (the specification hands them out in
 * order), and {@link #everyComponentOnItsEntity} applies the buffers and checks that every entity
 * holds the component its spawner gave it, the Magma3D symptom.
 */
public class SpawnWithComponentLincheckTest extends BothModes {
    /** A component with the value the spawning thread gave it. */
    public record Tag(int value) {
    }

    private static final int MAX_SPAWNS = 64;
    /** Whether the validation applies the buffers: in stress mode only (see {@link #modelChecking()}). */
    private static volatile boolean applyOnValidation;
    private final World world = world();
    /** The buffers in the order their spawns finished, and the value each spawner gave (lock-free, cheap to model-check). */
    private final AtomicReferenceArray<CommandBuffer> buffers = new AtomicReferenceArray<>(MAX_SPAWNS);
    private final AtomicIntegerArray given = new AtomicIntegerArray(MAX_SPAWNS);
    private final AtomicInteger spawns = new AtomicInteger();

    /** The world under test; the twin overrides this (JUnit allows a test class one constructor). */
    World world() {
        return new World();
    }

    /** A command buffer of {@code w}, as a system on a worker thread fills one; a twin overrides this. */
    CommandBuffer commands(World w) {
        return w.commands();
    }

    @Operation
    public Entity spawnWith(@Param(gen = IntGen.class, conf = "1:9") int value) {
        CommandBuffer b = commands(world);
        Entity e = b.spawn(new Tag(value));
        int slot = spawns.getAndIncrement();
        given.set(slot, value);
        buffers.set(slot, b);
        return e;
    }

    /**
     * After an invocation (each has a fresh instance), in stress mode: applies every buffer and checks
     * each entity.
     */
    @Validate
    public void everyComponentOnItsEntity() {
        if (!applyOnValidation) {
            return;
        }
        int n = spawns.get();
        for (int i = 0; i < n; i++) {
            CommandBuffer b = buffers.get(i);
            Entity e = b.reservedEntities().get(0);
            world.apply(b);
            int holds = world.get(e, Tag.class).orElseThrow(() -> new IllegalStateException(e + " has no Tag")).value();
            if (holds != given.get(i)) {
                throw new IllegalStateException(e + " holds " + holds + ", its spawner gave " + given.get(i));
            }
        }
        if (world.entityCount() != n) {
            throw new IllegalStateException(world.entityCount() + " entities for " + n + " spawns");
        }
    }

    @Override
    protected Class<?> sequentialSpecification() {
        return FreshIds.class;
    }

    /**
     * Model checking: the reserved ids against the specification only. Applying the buffers in the
     * validation costs the model checker seconds per invocation (it follows every memory access of
     * the world's storage), so the landing of every component is checked in stress mode, where a
     * duplicate id shows as a component on another spawner's entity.
     */
    /** Each invocation spawns through a whole command buffer: 100 invocations per scenario, not 500. */
    @Override
    protected ModelCheckingOptions modelCheckingOptions() {
        ModelCheckingOptions o = super.modelCheckingOptions();
        return LincheckSettings.FULL ? o : o.invocationsPerIteration(100);
    }

    @Override
    @Test
    public void modelChecking() {
        applyOnValidation = false;
        super.modelChecking();
    }

    @Override
    @Test
    public void stress() {
        applyOnValidation = true;
        try {
            super.stress();
        } finally {
            applyOnValidation = false;
        }
    }

    /** The specification: a fresh world hands out 0v0, 1v0, 2v0, ... to spawns in order. */
    public static final class FreshIds {
        private int next;

        public Entity spawnWith(int value) {
            return new Entity(next++, 0);
        }
    }

    /** Twin (Magma3D's {@code into_index}): a real world whose allocator reads its moved cursor again. */
    public static class SharedCursor extends SpawnWithComponentLincheckTest {
        @Override
        World world() {
            return WorldTwins.over(EntityTwins.cursorReadAgain());
        }
    }

    /**
     * Twin (flecs #1677, a structural change made from a worker thread): command buffers whose spawn
     * takes its id with the world's own allocation, at once, instead of a reservation.
     */
    public static class SpawnAllocatesOnTheWorld extends SpawnWithComponentLincheckTest {
        @Override
        CommandBuffer commands(World w) {
            return CommandTwins.spawnAllocatingOnTheWorld(w, "worker");
        }
    }
}
