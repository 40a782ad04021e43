package dev.ecslab.concurrency.races;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Race-bug catalogue, entry 1 (buggy variant): Magma3D's world kept one {@code into_index} cursor
 * shared by {@code create_entity} and {@code with_component}. Creating an entity moved the cursor;
 * adding a component wrote at the cursor. Two threads building entities at once interleave the two
 * calls, and a component lands on the other thread's entity. Ids themselves are unique here (an atomic
 * counter): the bug is the shared cursor, not the allocation.
 */
final class SharedCursorWorld {
    private final AtomicInteger next = new AtomicInteger();
    private final int[] values = new int[64];
    private int intoIndex;

    /** {@code create_entity}: allocates an id and points the shared cursor at it. */
    int createEntity() {
        int id = next.getAndIncrement();
        intoIndex = id;
        return id;
    }

    /** {@code with_component}: writes the component at the shared cursor. */
    void withComponent(int value) {
        values[intoIndex] = value;
    }

    int valueOf(int entity) {
        return values[entity];
    }
}
