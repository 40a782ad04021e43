package dev.ecslab.ecs.change;

import java.util.Arrays;

/**
 * {@link GenerationTracker}'s state for resources, indexed by resource id: the ticks of the last
 * addition, mutation and removal, whether the resource is present, was mutated since it was added,
 * and was ever removed. Answers as the component lanes do; clamped with the other ticks.
 */
final class ResourceTicks {
    private int[] added = new int[8];
    private int[] mutated = new int[8];
    private int[] removed = new int[8];
    private boolean[] present = new boolean[8];
    private boolean[] mutatedSinceAdded = new boolean[8];
    private boolean[] everRemoved = new boolean[8];

    void added(int id, int tick) {
        ensure(id);
        added[id] = tick;
        mutated[id] = tick;
        mutatedSinceAdded[id] = false;
        present[id] = true;
    }

    void mutated(int id, int tick) {
        ensure(id);
        mutated[id] = tick;
        mutatedSinceAdded[id] = true;
    }

    void removed(int id, int tick) {
        ensure(id);
        removed[id] = tick;
        present[id] = false;
        everRemoved[id] = true;
    }

    /** True when the resource is present and matches {@code kind} for {@code reader}. */
    boolean matches(ChangeKind kind, SystemTicks reader, int id) {
        if (id >= present.length || !present[id]) {
            return false;
        }
        int last = reader.lastRun();
        int now = reader.thisRun();
        return kind.holds(Ticks.isNewer(added[id], last, now), mutatedSinceAdded[id] && Ticks.isNewer(mutated[id], last, now));
    }

    boolean removedSince(SystemTicks reader, int id) {
        return id < everRemoved.length && everRemoved[id] && Ticks.isNewer(removed[id], reader.lastRun(), reader.thisRun());
    }

    void clamp(int now) {
        for (int i = 0; i < added.length; i++) {
            added[i] = Ticks.clamp(added[i], now);
            mutated[i] = Ticks.clamp(mutated[i], now);
            removed[i] = Ticks.clamp(removed[i], now);
        }
    }

    long bytes() {
        return 21L * added.length;
    }

    private void ensure(int id) {
        if (id >= added.length) {
            int n = Math.max(id + 1, added.length * 2);
            added = Arrays.copyOf(added, n);
            mutated = Arrays.copyOf(mutated, n);
            removed = Arrays.copyOf(removed, n);
            present = Arrays.copyOf(present, n);
            mutatedSinceAdded = Arrays.copyOf(mutatedSinceAdded, n);
            everRemoved = Arrays.copyOf(everRemoved, n);
        }
    }
}
