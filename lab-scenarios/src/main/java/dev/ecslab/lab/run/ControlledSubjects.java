package dev.ecslab.lab.run;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which executor subjects have made an executor that follows the control and handed a system to another thread:
 * only their runs are pinned to one processor ({@link ProcessorPinning}). An executor says whether it is
 * controlled only once it exists, and it must be pinned before it exists for its workers to be born pinned; an
 * executor that runs every system on the run's own thread (the serial one) gains nothing from pinning and loses
 * the freedom to move away from the JIT compiler's threads (measured: 0.8× when pinned). A subject is known by
 * its id and the jar it came from (a subject's factory is a new object each time the subject is looked up). The
 * first run of a subject, and every run of a subject last seen free or running everything on one thread, runs
 * unpinned.
 */
final class ControlledSubjects {
    /** A subject's identity across lookups. */
    record Key(String id, String jar) {
    }

    private static final Map<Key, Boolean> SEEN = new ConcurrentHashMap<>();

    private ControlledSubjects() {
    }

    static Key key(ExecutorSubject subject) {
        return new Key(subject.id(), subject.jar() == null ? "" : subject.jar().toString());
    }

    static boolean seenHandingOff(Key key) {
        return SEEN.getOrDefault(key, false);
    }

    /** What the last run of {@code key} showed: whether it was controlled and handed a system to another thread. */
    static void record(Key key, boolean handingOff) {
        SEEN.put(key, handingOff);
    }
}
