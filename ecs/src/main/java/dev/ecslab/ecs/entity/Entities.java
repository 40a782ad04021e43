package dev.ecslab.ecs.entity;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The entity allocator and the table of entity locations.
 *
 * <p><b>Contract.</b> Ids are generational: despawning bumps the slot's generation, so a stale
 * {@link Entity} never matches the slot's next occupant. {@link #reserve()} may be called from any
 * number of threads at once (commands issued by parallel systems); every other method is for the
 * single thread that owns the world at a sync point. A reserved id becomes real at the next
 * {@link #flush}; until then {@link #isAlive} is false for it. No two reservations ever return the
 * same id, and no reservation collides with an id handed out by {@link #alloc()}.
 *
 * <p><b>Concurrency design</b> (the scheme of Bevy's {@code Entities}). Freed slots sit on a stack,
 * {@code pending[0 .. pendingLength)}. One atomic cursor, {@code freeCursor}, counts how many of them
 * are still unreserved. A reservation does a single {@code getAndDecrement}: a positive old value
 * {@code n} hands out {@code pending[n - 1]}; a value {@code n <= 0} hands out the fresh index
 * {@code length - n}, beyond every materialized slot. Because each reservation observes a distinct
 * cursor value, distinct reservations get distinct indices without a lock. The arrays the reserving
 * threads read ({@code pending}, {@code meta}, {@code length}) are written only at sync points,
 * before the executor hands work to other threads, so the executor's hand-off publishes them.
 * {@link #flush} runs on the owning thread when no system runs, and turns every reserved index into a
 * live, empty entity.
 *
 * <p><b>Generation overflow.</b> A slot whose generation reaches the maximum is retired instead of
 * wrapping, so an id can never come back to life.
 */
public final class Entities {
    /** Location marker for a slot that holds no live entity. */
    public static final int NO_ARCHETYPE = -1;

    private static final int INITIAL_CAPACITY = 64;

    private final int maxGeneration;

    /**
     * Per-slot metadata, {@value #STRIDE} ints per slot so one entity's record shares a cache line:
     * generation, archetype id ({@link #NO_ARCHETYPE} when not live), archetype row, table row.
     */
    private int[] meta = emptyMeta(0, INITIAL_CAPACITY);
    private static final int STRIDE = 4;
    private static final int GENERATION = 0;
    private static final int ARCHETYPE = 1;
    private static final int ARCHETYPE_ROW = 2;
    private static final int TABLE_ROW = 3;
    /** The largest number of slots whose metadata fits one Java array. */
    static final int MAX_SLOTS = (Integer.MAX_VALUE - 8) / STRIDE;
    /** Number of materialized slots: indices {@code [0, length)} have metadata. */
    private int length;
    private int liveCount;

    /** Freed slots, a stack. Only the owning thread writes it. */
    private int[] pending = new int[INITIAL_CAPACITY];
    private int pendingLength;
    /** Unreserved entries of {@code pending}; negative once reservations run past it. */
    private final AtomicLong freeCursor = new AtomicLong();
    private int retiredCount;
    /** {@link CursorTake#ATOMIC} in every allocator but the race-bug catalogue's twins. */
    private final CursorTake take;

    /**
     * How {@link #reserve} takes its cursor value. Only {@link #ATOMIC} is correct; the others put a
     * documented ECS race back into this class for the race-bug catalogue ({@code EntityTwins} in the
     * tests), so that the tests that pass this class are shown to fail it.
     */
    enum CursorTake {
        /** One {@code getAndDecrement}: every reservation sees its own cursor value. */
        ATOMIC,
        /** A plain read, then a write (artemis-odb #522: {@code world.create()} from two threads). */
        LOST_UPDATE,
        /**
         * The cursor is moved, then read again to find the slot (Magma3D's {@code into_index}: the
         * entity is found at a shared cursor another thread may have moved in between).
         */
        READ_AGAIN
    }

    public Entities() {
        this(Integer.MAX_VALUE, CursorTake.ATOMIC);
    }

    /** For tests of generation exhaustion: slots retire once their generation reaches {@code max}. */
    Entities(int maxGeneration) {
        this(maxGeneration, CursorTake.ATOMIC);
    }

    /** For the race-bug catalogue's twins: a reservation with {@code take}'s bug. */
    Entities(CursorTake take) {
        this(Integer.MAX_VALUE, take);
    }

    private Entities(int maxGeneration, CursorTake take) {
        if (maxGeneration < 1) {
            throw new IllegalArgumentException("maxGeneration must be >= 1");
        }
        this.maxGeneration = maxGeneration;
        this.take = take;
    }

    // ---------------------------------------------------------------- allocation (owner thread)

    /**
     * Allocates an id on the owning thread. The caller must place the entity with
     * {@link #setLocation} before anything else looks at it. Requires a flushed allocator.
     */
    public Entity alloc() {
        requireFlushed("alloc");
        int index;
        if (pendingLength > 0) {
            index = pending[--pendingLength];
            freeCursor.set(pendingLength);
        } else {
            if (length == MAX_SLOTS) {
                throw new IllegalStateException("entity index space exhausted");
            }
            index = length;
            ensureSlots(length + 1);
            meta[index * STRIDE + GENERATION] = 0;
            length++;
        }
        liveCount++;
        return new Entity(index, meta[index * STRIDE + GENERATION]);
    }

    /**
     * Frees a live entity's slot: bumps its generation so the old id goes stale, and makes the slot
     * reusable (or retires it on generation exhaustion). The caller has already removed its data.
     */
    public void free(Entity entity) {
        requireFlushed("free");
        int index = entity.index();
        meta[index * STRIDE + ARCHETYPE] = NO_ARCHETYPE;
        liveCount--;
        if (meta[index * STRIDE + GENERATION] >= maxGeneration) {
            retiredCount++;
            return;
        }
        meta[index * STRIDE + GENERATION]++;
        if (pendingLength == pending.length) {
            pending = Arrays.copyOf(pending, pending.length * 2);
        }
        pending[pendingLength++] = index;
        freeCursor.set(pendingLength);
    }

    // ---------------------------------------------------------------- reservation (any thread)

    /**
     * Reserves an id. Safe to call from many threads at once, and concurrently with read-only use of
     * the world; not concurrently with {@link #alloc}, {@link #free} or {@link #flush}. The entity
     * becomes alive, with no components, at the next {@link #flush}.
     */
    public Entity reserve() {
        long n = take == CursorTake.ATOMIC ? freeCursor.getAndDecrement() : takeWithBug();
        if (n > 0) {
            int index = pending[(int) n - 1];
            return new Entity(index, meta[index * STRIDE + GENERATION]);
        }
        long index = (long) length - n;
        if (index >= MAX_SLOTS) {
            freeCursor.getAndIncrement();
            throw new IllegalStateException("entity index space exhausted while reserving");
        }
        return new Entity((int) index, 0);
    }

    /** The cursor value a twin's reservation takes: {@link CursorTake}'s bug, never in a real allocator. */
    private long takeWithBug() {
        if (take == CursorTake.LOST_UPDATE) {
            long n = freeCursor.get();
            freeCursor.set(n - 1);
            return n;
        }
        freeCursor.decrementAndGet();
        return freeCursor.get() + 1;
    }

    /** True when reservations are waiting for {@link #flush}. */
    public boolean needsFlush() {
        return freeCursor.get() != pendingLength;
    }

    /**
     * Materializes every reserved id, in a fixed order (fresh indices ascending, then reused slots
     * from the top of the stack down), handing each index to {@code placeEmpty}, which must place it
     * in the empty archetype and call {@link #setLocation}.
     */
    public void flush(SlotPlacer placeEmpty) {
        long cursor = freeCursor.get();
        if (cursor == pendingLength) {
            return;
        }
        int newPendingLength;
        if (cursor < 0) {
            int fresh = Math.toIntExact(-cursor);
            int oldLength = length;
            ensureSlots(oldLength + fresh);
            length = oldLength + fresh;
            for (int i = oldLength; i < length; i++) {
                meta[i * STRIDE + GENERATION] = 0;
                liveCount++;
                placeEmpty.place(i);
            }
            newPendingLength = 0;
        } else {
            newPendingLength = (int) cursor;
        }
        for (int p = pendingLength - 1; p >= newPendingLength; p--) {
            liveCount++;
            placeEmpty.place(pending[p]);
        }
        pendingLength = newPendingLength;
        freeCursor.set(newPendingLength);
    }

    /** Receives a slot index that {@link #flush} just materialized. */
    @FunctionalInterface
    public interface SlotPlacer {
        void place(int index);
    }

    // ---------------------------------------------------------------- lookups

    /** True when {@code entity} names a live, materialized entity of exactly this generation. */
    public boolean isAlive(Entity entity) {
        int index = entity.index();
        return index < length
                && meta[index * STRIDE + GENERATION] == entity.generation()
                && meta[index * STRIDE + ARCHETYPE] != NO_ARCHETYPE;
    }

    /**
     * Explains why {@code entity} is not alive, for error messages. Only meaningful when
     * {@link #isAlive} is false.
     */
    public String whyNotAlive(Entity entity) {
        int index = entity.index();
        long cursor = freeCursor.get();
        if (index >= length) {
            long reservedFresh = cursor < 0 ? -cursor : 0;
            return index < length + reservedFresh
                    ? "reserved by a command buffer and not yet flushed"
                    : "index " + index + " was never allocated";
        }
        int current = meta[index * STRIDE + GENERATION];
        if (meta[index * STRIDE + ARCHETYPE] == NO_ARCHETYPE && current == entity.generation()) {
            for (long p = Math.max(cursor, 0); p < pendingLength; p++) {
                if (pending[(int) p] == index) {
                    return "reserved by a command buffer and not yet flushed";
                }
            }
            return "generation " + current + " of slot " + index + " was never issued";
        }
        if (current != entity.generation()) {
            return entity.generation() < current
                    ? "despawned; slot " + index + " is now at generation " + current
                    : "generation " + entity.generation() + " was never issued for slot " + index;
        }
        return "slot " + index + " was retired after generation exhaustion";
    }

    /** Throws {@link NoSuchEntityException} naming {@code operation} unless {@code entity} is alive. */
    public void requireAlive(String operation, Entity entity) {
        if (!isAlive(entity)) {
            throw new NoSuchEntityException(operation, entity, whyNotAlive(entity));
        }
    }

    /** The live id currently occupying slot {@code index}. */
    public Entity entityAt(int index) {
        return new Entity(index, meta[index * STRIDE + GENERATION]);
    }

    /** The current generation of a slot. */
    public int generationAt(int index) {
        return meta[index * STRIDE + GENERATION];
    }

    public int archetypeId(int index) {
        return meta[index * STRIDE + ARCHETYPE];
    }

    public int archetypeRow(int index) {
        return meta[index * STRIDE + ARCHETYPE_ROW];
    }

    public int tableRow(int index) {
        return meta[index * STRIDE + TABLE_ROW];
    }

    public void setLocation(int index, int archetypeId, int archetypeRow, int tableRow) {
        meta[index * STRIDE + ARCHETYPE] = archetypeId;
        meta[index * STRIDE + ARCHETYPE_ROW] = archetypeRow;
        meta[index * STRIDE + TABLE_ROW] = tableRow;
    }

    public void setArchetypeRow(int index, int archetypeRow) {
        meta[index * STRIDE + ARCHETYPE_ROW] = archetypeRow;
    }

    public void setTableRow(int index, int tableRow) {
        meta[index * STRIDE + TABLE_ROW] = tableRow;
    }

    /** Number of live (materialized, not despawned) entities. */
    public int liveCount() {
        return liveCount;
    }

    /** Number of slots ever materialized, live or free. */
    public int slotCount() {
        return length;
    }

    /** Slots retired because their generation was exhausted. */
    public int retiredCount() {
        return retiredCount;
    }

    // ---------------------------------------------------------------- internals

    private void requireFlushed(String operation) {
        if (freeCursor.get() != pendingLength) {
            throw new IllegalStateException(operation + " needs a flushed allocator: "
                    + "reserved entities are waiting; call World.flush() first");
        }
    }

    private void ensureSlots(int needed) {
        int capacity = meta.length / STRIDE;
        if (needed <= capacity) {
            return;
        }
        int grown = (int) Math.min(MAX_SLOTS, Math.max(needed, capacity * 2L));
        int[] bigger = emptyMeta(capacity, grown);
        System.arraycopy(meta, 0, bigger, 0, meta.length);
        meta = bigger;
    }

    /** A metadata array of {@code capacity} slots whose slots from {@code from} on are not live. */
    private static int[] emptyMeta(int from, int capacity) {
        int[] m = new int[capacity * STRIDE];
        for (int i = from; i < capacity; i++) {
            m[i * STRIDE + ARCHETYPE] = NO_ARCHETYPE;
        }
        return m;
    }
}
