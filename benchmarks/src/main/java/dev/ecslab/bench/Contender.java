package dev.ecslab.bench;

import java.util.function.Supplier;

/**
 * The factory enum that benchmarks take as a JMH {@code @Param}: one constant per competitor,
 * each creating an empty {@link EcsUnderTest}.
 */
public enum Contender {
    /** ecslab: a {@code World} and one query {@code Read<Velocity>, Write<Position>}, walked with forEach. */
    ECSLAB(() -> new EcslabUnderTest(false, false)),
    /** ecslab, the same query walked with {@code forEachChunk} (the loop over a table is the caller's). */
    ECSLAB_CHUNKS(() -> new EcslabUnderTest(true, false)),
    /**
     * ECSLAB with a {@code Changed<Position>} reader in the world, so every write of Position is
     * tracked by {@code generation} (ECSLAB and ECSLAB_CHUNKS have none: Position is unobserved, free).
     */
    ECSLAB_OBSERVED(() -> new EcslabUnderTest(false, false, "generation", true)),
    /** ECSLAB_CHUNKS with Position observed (see ECSLAB_OBSERVED). */
    ECSLAB_CHUNKS_OBSERVED(() -> new EcslabUnderTest(true, false, "generation", true)),
    /** ECSLAB_CHUNKS in a world whose strategy is {@code none} (the control: no tracking at all). */
    ECSLAB_CHUNKS_NONE(() -> new EcslabUnderTest(true, false, "none", false)),
    /**
     * ecslab with Health registered as a sparse-set component, the storage meant for components that
     * come and go: adding or removing it never moves table rows.
     */
    ECSLAB_SPARSE_HEALTH(() -> new EcslabUnderTest(false, true)),
    /** The practical limit: two arrays {@code Position[]}, {@code Velocity[]} of the same component objects. */
    HAND_LOOP(HandLoopUnderTest::new),
    /**
     * Diagnostic: a hand-written loop over the very objects ecslab stores (spawned through ecslab),
     * separating ecslab's iteration overhead from the heap layout its spawn produces.
     */
    HAND_LOOP_ECSLAB_OBJECTS(HandLoopOverEcslabObjectsUnderTest::new),
    /** Dominion 0.9.0 ({@code dev.dominion.ecs.api.Dominion}). At most 1 023 worlds per JVM. */
    DOMINION(DominionUnderTest::new),
    /** artemis-odb 2.3.0: an {@code IteratingSystem} run by {@code world.process()}. */
    ARTEMIS_ODB(ArtemisUnderTest::new);

    private final Supplier<EcsUnderTest> factory;

    Contender(Supplier<EcsUnderTest> factory) {
        this.factory = factory;
    }

    /** A new, empty world of this contender. */
    public EcsUnderTest create() {
        return factory.get();
    }
}
