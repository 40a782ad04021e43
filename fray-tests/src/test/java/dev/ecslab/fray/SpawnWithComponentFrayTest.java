package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.command.CommandTwins;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.EntityTwins;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Catalogue entry 1 under Fray: Magma3D's shared {@code into_index}, where a component landed on another
 * thread's entity. Two threads each spawn an entity with their own component through their own command
 * buffer (as parallel systems do); then the buffers are applied and every entity must hold its spawner's
 * component. The real world passes every interleaving explored; the world whose allocator reads its moved
 * cursor again is caught (entry 1), and so is the buffer whose spawn allocates on the world (entry 22).
 */
class SpawnWithComponentFrayTest {
    /** A component with the value its spawner gave it. */
    record Tag(int value) {
    }

    static Runnable twoSpawns(Supplier<World> worlds) {
        return () -> {
            World world = worlds.get();
            CommandBuffer[] buffers = new CommandBuffer[2];
            Entity[] spawned = new Entity[2];
            TwoThreads.run(i -> {
                CommandBuffer b = world.commands();
                spawned[i] = b.spawn(new Tag(i + 1));
                buffers[i] = b;
            });
            for (int i = 0; i < 2; i++) {
                world.apply(buffers[i]);
            }
            for (int i = 0; i < 2; i++) {
                Entity e = spawned[i];
                int holds = world.get(e, Tag.class).map(Tag::value).orElse(-1);
                if (holds != i + 1 || world.entityCount() != 2) {
                    throw new AssertionError("a component landed on another spawner's entity: " + e + " holds " + holds
                            + ", its spawner gave " + (i + 1) + "; " + world.entityCount() + " entities for 2 spawns");
                }
            }
        };
    }

    @Test
    void theRealWorldPutsEveryComponentOnItsEntityInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("spawn-real", false, twoSpawns(World::new));
    }

    @Test
    void entry1TheSharedCursorIsCaught() {
        RaceEntries.catchTwin(1, "EntityTwins.cursorReadAgain: the moved cursor read again",
                twoSpawns(() -> WorldTwins.over(EntityTwins.cursorReadAgain())), "landed on another spawner's entity",
                twoSpawns(World::new));
    }

    /**
     * Two threads spawn through buffers made by {@code commands}; the ids they got must differ. The buffers are not
     * applied: the twin's spawn has already made its entity live, so applying it would fail on every run, race or
     * not, and the test would catch the twin for another reason than the race.
     */
    static Runnable twoSpawnIds(Function<World, CommandBuffer> commands) {
        return () -> {
            World world = new World();
            Entity[] spawned = new Entity[2];
            TwoThreads.run(i -> spawned[i] = commands.apply(world).spawn(new Tag(i + 1)));
            if (spawned[0].equals(spawned[1])) {
                throw new AssertionError("two spawns on two threads got the same entity " + spawned[0]);
            }
        };
    }

    @Test
    void theRealBuffersSpawnDistinctIdsInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("spawn-ids-real", true, twoSpawnIds(World::commands));
    }

    /**
     * Entry 22, flecs #1677: a step of a deferred operation taken through the world at once from a worker
     * thread (flecs's {@code ecs_enable_id} added its toggle id through the world, not the thread's stage); here
     * the spawn's id is allocated on the world instead of reserved. The allocator's fields are plain, so the race
     * is on plain memory: explored with plain accesses interleaved.
     */
    @Test
    void entry22TheSpawnAllocatingOnTheWorldIsCaught() {
        RaceEntries.catchTwin(22, "CommandTwins.spawnAllocatingOnTheWorld: the spawn's id allocated on the world at once",
                true, twoSpawnIds(w -> CommandTwins.spawnAllocatingOnTheWorld(w, "worker")), "got the same entity",
                twoSpawnIds(World::commands));
    }
}
