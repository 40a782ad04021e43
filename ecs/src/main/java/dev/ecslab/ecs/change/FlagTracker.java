package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Proposals 1 to 4 of Bevy's change-detection PR #1471, which all keep per-row flags and differ only
 * in which frame's flags they read:
 * <ul>
 *   <li>{@link Mode#FLAGS} (P1, Bevy 0.4): the current frame's flags, cleared at frame end. Misses
 *       changes made after the reader ran, and by systems that do not run every frame; repeats changes
 *       when a stage loops. Claimed flaky.</li>
 *   <li>{@link Mode#DOUBLE_BUFFER} (P2): the current or the previous frame's flags. Repeats changes.
 *       Claimed conservative.</li>
 *   <li>{@link Mode#LAST_TICK} (P3): the previous frame's flags only. Claimed exact, one frame late.</li>
 *   <li>{@link Mode#FLAG_DOUBLING} (P4): both, by flavor: {@code IMMEDIATE} is P1's JustChanged,
 *       {@code DEFAULT} is P3's Changed.</li>
 * </ul>
 *
 * <p><b>Layout.</b> Three lanes: the flags (added and mutated, for the current and the previous frame),
 * the id of the current frame's last writer and of the previous frame's. A reader never sees a change
 * whose last writer was itself (the framework's rule), which is all that one writer id per frame can
 * tell. At frame end every row's current flags become previous: a pass over every column, the cost
 * Bevy PR #1471 lists for these proposals.
 */
public final class FlagTracker implements ChangeTracker {
    /** Which frame's flags a reader sees. */
    public enum Mode {
        FLAGS, DOUBLE_BUFFER, LAST_TICK, FLAG_DOUBLING
    }

    static final int BITS = 0;
    static final int CURRENT_WRITER = 1;
    static final int PREVIOUS_WRITER = 2;
    private static final int ADDED = 1;
    private static final int MUTATED = 2;

    private final Mode mode;
    private TrackerHost host;
    private Removals[] removals = new Removals[8];
    private int[] resourceBits = new int[8];
    private int[] resourceCurrentWriter = new int[8];
    private int[] resourcePreviousWriter = new int[8];
    private boolean[] resourcePresent = new boolean[8];
    private final Removals resourceRemovals = new Removals();

    public FlagTracker(Mode mode) {
        this.mode = mode;
    }

    public Mode mode() {
        return mode;
    }

    @Override
    public int laneCount() {
        return 3;
    }

    @Override
    public void attach(TrackerHost host) {
        this.host = host;
    }

    /** Current flags become previous, for every row, resource and removal list. */
    /**
     * Two frame ends with nothing between them leave every flag and removal list empty, and more change
     * nothing: idle frames past the second are skipped.
     */
    @Override
    public void onIdleFramesEnded(long count) {
        for (long i = 0; i < Math.min(count, 2); i++) {
            onFrameEnded();
        }
    }

    @Override
    public void onFrameEnded() {
        host.forEachColumn((column, rows) -> {
            int[] bits = column.laneArray(BITS);
            int[] current = column.laneArray(CURRENT_WRITER);
            int[] previous = column.laneArray(PREVIOUS_WRITER);
            for (int r = 0; r < rows; r++) {
                bits[r] = (bits[r] & 3) << 2;
                previous[r] = current[r];
            }
        });
        for (int i = 0; i < resourceBits.length; i++) {
            resourceBits[i] = (resourceBits[i] & 3) << 2;
            resourcePreviousWriter[i] = resourceCurrentWriter[i];
        }
        for (Removals r : removals) {
            if (r != null) {
                r.shift();
            }
        }
        resourceRemovals.shift();
    }

    // ------------------------------------------------------------------ events

    @Override
    public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        column.setLane(BITS, row, column.lane(BITS, row) | ADDED);
        column.setLane(CURRENT_WRITER, row, writer.id());
    }

    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        column.setLane(BITS, row, column.lane(BITS, row) | MUTATED);
        column.setLane(CURRENT_WRITER, row, writer.id());
    }

    @Override
    public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        if (componentId >= removals.length) {
            removals = Arrays.copyOf(removals, Math.max(componentId + 1, removals.length * 2));
        }
        if (removals[componentId] == null) {
            removals[componentId] = new Removals();
        }
        removals[componentId].add(entity, writer.id());
    }

    @Override
    public void onResourceAdded(SystemTicks writer, int resourceId) {
        ensure(resourceId);
        resourceBits[resourceId] |= ADDED;
        resourceCurrentWriter[resourceId] = writer.id();
        resourcePresent[resourceId] = true;
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
        ensure(resourceId);
        resourceBits[resourceId] |= MUTATED;
        resourceCurrentWriter[resourceId] = writer.id();
    }

    @Override
    public void onResourceRemoved(SystemTicks writer, int resourceId) {
        ensure(resourceId);
        resourcePresent[resourceId] = false;
        resourceBits[resourceId] = 0;
        resourceRemovals.add(new Entity(resourceId, 0), writer.id());
    }

    private void ensure(int id) {
        if (id >= resourceBits.length) {
            int n = Math.max(id + 1, resourceBits.length * 2);
            resourceBits = Arrays.copyOf(resourceBits, n);
            resourceCurrentWriter = Arrays.copyOf(resourceCurrentWriter, n);
            resourcePreviousWriter = Arrays.copyOf(resourcePreviousWriter, n);
            resourcePresent = Arrays.copyOf(resourcePresent, n);
        }
    }

    // ------------------------------------------------------------------ answers

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        return answer(kind, flavor, reader, column.lane(BITS, row), column.lane(CURRENT_WRITER, row),
                column.lane(PREVIOUS_WRITER, row));
    }

    private boolean answer(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int bits, int currentWriter,
            int previousWriter) {
        boolean current = matches(kind, bits & 3) && currentWriter != reader.id();
        boolean previous = matches(kind, (bits >>> 2) & 3) && previousWriter != reader.id();
        return switch (mode) {
            case FLAGS -> current;
            case DOUBLE_BUFFER -> current || previous;
            case LAST_TICK -> previous;
            case FLAG_DOUBLING -> flavor == ChangeFlavor.IMMEDIATE ? current : previous;
        };
    }

    private static boolean matches(ChangeKind kind, int flags) {
        return switch (kind) {
            case ADDED -> (flags & ADDED) != 0;
            case MUTATED -> (flags & MUTATED) != 0;
            case CHANGED -> flags != 0;
        };
    }

    @Override
    public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        Removals r = componentId < removals.length ? removals[componentId] : null;
        return r == null ? List.of() : r.visible(reader, currentFrame(flavor), previousFrame(flavor));
    }

    @Override
    public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resourceId < resourcePresent.length && resourcePresent[resourceId]
                && answer(kind, flavor, reader, resourceBits[resourceId], resourceCurrentWriter[resourceId],
                        resourcePreviousWriter[resourceId]);
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resourceRemovals.visible(reader, currentFrame(flavor), previousFrame(flavor)).contains(new Entity(resourceId, 0));
    }

    private boolean currentFrame(ChangeFlavor flavor) {
        return mode == Mode.FLAGS || mode == Mode.DOUBLE_BUFFER || (mode == Mode.FLAG_DOUBLING && flavor == ChangeFlavor.IMMEDIATE);
    }

    private boolean previousFrame(ChangeFlavor flavor) {
        return mode == Mode.DOUBLE_BUFFER || mode == Mode.LAST_TICK || (mode == Mode.FLAG_DOUBLING && flavor == ChangeFlavor.DEFAULT);
    }

    @Override
    public long memoryBytes() {
        long[] bytes = {0};
        host.forEachColumn((column, rows) -> bytes[0] += 4L * 3 * column.laneArray(BITS).length);
        for (Removals r : removals) {
            if (r != null) {
                bytes[0] += r.bytes();
            }
        }
        return bytes[0] + 13L * resourceBits.length + resourceRemovals.bytes();
    }

    /** Removals of the current and the previous frame, with their writers. */
    static final class Removals {
        private List<Entity> current = new ArrayList<>();
        private List<Integer> currentWriters = new ArrayList<>();
        private List<Entity> previous = new ArrayList<>();
        private List<Integer> previousWriters = new ArrayList<>();

        void add(Entity e, int writer) {
            current.add(e);
            currentWriters.add(writer);
        }

        void shift() {
            previous = current;
            previousWriters = currentWriters;
            current = new ArrayList<>();
            currentWriters = new ArrayList<>();
        }

        List<Entity> visible(SystemTicks reader, boolean includeCurrent, boolean includePrevious) {
            List<Entity> out = new ArrayList<>();
            if (includePrevious) {
                for (int i = 0; i < previous.size(); i++) {
                    if (previousWriters.get(i) != reader.id()) {
                        out.add(previous.get(i));
                    }
                }
            }
            if (includeCurrent) {
                for (int i = 0; i < current.size(); i++) {
                    if (currentWriters.get(i) != reader.id()) {
                        out.add(current.get(i));
                    }
                }
            }
            return out;
        }

        long bytes() {
            return 64L + 40L * (current.size() + previous.size());
        }
    }
}
