package dev.ecslab.concurrency.races;

/**
 * Race-bug catalogue, entry 6 (buggy variant), after artemis-odb #606/#522: an entity pool whose
 * "next id" is a plain field, used by systems creating entities from several threads. Two creations
 * at once can read the same value: one id for two entities.
 */
final class UnsyncedEntityPool {
    private int nextId;

    int create() {
        int id = nextId;
        nextId = id + 1;
        return id;
    }
}
