package dev.ecslab.bench;

import dev.ecslab.ecs.component.ValueLayout;
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
     * ECSLAB_CHUNKS walking the chunk's arrays: {@code chunk.writeArray(pos)} and {@code chunk.readArray(vel)}
     * are the table's columns (typed {@code Position[]}, {@code Velocity[]}), so the loop is HAND_LOOP's;
     * Position unobserved, as in ECSLAB_CHUNKS.
     */
    ECSLAB_CHUNK_ARRAYS(() -> new EcslabUnderTest(true, false, "generation", false, ValueLayout.REFERENCES, false, true)),
    /** ECSLAB_CHUNK_ARRAYS with Position observed: {@code writeArray} marks every row of the chunk (one lane fill). */
    ECSLAB_CHUNK_ARRAYS_OBSERVED(() -> new EcslabUnderTest(true, false, "generation", true, ValueLayout.REFERENCES, false, true)),
    /** ECSLAB_CHUNK_ARRAYS in a world whose strategy is {@code none} (the control). */
    ECSLAB_CHUNK_ARRAYS_NONE(() -> new EcslabUnderTest(true, false, "none", false, ValueLayout.REFERENCES, false, true)),
    /**
     * ecslab with Health registered as a sparse-set component, the storage meant for components that
     * come and go: adding or removing it never moves table rows.
     */
    ECSLAB_SPARSE_HEALTH(() -> new EcslabUnderTest(false, true)),
    /**
     * ECSLAB with columnar components (a world built with {@code defaultLayout(COLUMNAR)}): one
     * primitive array per field, moved per entity with {@code getFloat}/{@code setFloat}.
     */
    ECSLAB_COLUMNAR(() -> new EcslabUnderTest(false, false, "generation", false, ValueLayout.COLUMNAR)),
    /**
     * ecslab with forEach writing whole values ({@code row.set(pos, new Position(...))} from {@code row.get}),
     * references: the object API's cost, for comparison with ECSLAB_COLUMNAR_VALUES.
     */
    ECSLAB_VALUES(() -> new EcslabUnderTest(false, false, "generation", false, ValueLayout.REFERENCES, true)),
    /**
     * The same code as ECSLAB_VALUES on columnar storage: each get builds a copy and each set splits it into
     * the columns (one method-handle call each). Whether columnar could be the default hangs on this ratio.
     */
    ECSLAB_COLUMNAR_VALUES(() -> new EcslabUnderTest(false, false, "generation", false, ValueLayout.COLUMNAR, true)),
    /**
     * ECSLAB_COLUMNAR walked with {@code forEachChunk}: {@code readFloats}/{@code writeFloats} hand the
     * caller the columns' own arrays, and the loop is HAND_SOA's.
     */
    ECSLAB_COLUMNAR_CHUNKS(() -> new EcslabUnderTest(true, false, "generation", false, ValueLayout.COLUMNAR)),
    /**
     * ECSLAB_COLUMNAR_CHUNKS with Position observed (see ECSLAB_OBSERVED): {@code writeFloats} then
     * marks every row of the chunk.
     */
    ECSLAB_COLUMNAR_CHUNKS_OBSERVED(() -> new EcslabUnderTest(true, false, "generation", true, ValueLayout.COLUMNAR)),
    /** ECSLAB_COLUMNAR_CHUNKS in a world whose strategy is {@code none} (the control). */
    ECSLAB_COLUMNAR_CHUNKS_NONE(() -> new EcslabUnderTest(true, false, "none", false, ValueLayout.COLUMNAR)),
    /** The practical limit: two arrays {@code Position[]}, {@code Velocity[]} of the same component objects. */
    HAND_LOOP(HandLoopUnderTest::new),
    /**
     * Diagnostic: a hand-written loop over the very objects ecslab stores (spawned through ecslab),
     * separating ecslab's iteration overhead from the heap layout its spawn produces.
     */
    HAND_LOOP_ECSLAB_OBJECTS(HandLoopOverEcslabObjectsUnderTest::new),
    /**
     * The practical limit of the columnar layout: four primitive arrays {@code x, y, dx, dy} walked
     * by index ({@link HandSoaUnderTest}).
     */
    HAND_SOA(HandSoaUnderTest::new),
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
