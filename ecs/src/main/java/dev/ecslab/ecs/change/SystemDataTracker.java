package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Proposal 6, system data: for each system, which writers' changes it has already seen.
 *
 * <p>Every writer (each system, and the world for direct and command changes) counts its runs. A row
 * remembers who last added it and who last mutated it, with that writer's run number (four lanes). A
 * reader keeps, per writer, the writer's run count as of the start of the reader's previous run: a
 * change is news when its run number is above that count. This is exact: the runs that wrote what a
 * reader reads never overlap the reader, so "started after the reader's previous run began" means
 * "finished after it began", and the last writer of a row is enough because writers of one row run
 * one after another.
 *
 * <p><b>Announcements.</b> When observation of a component starts, the world announces its rows at one
 * tick ({@link ChangeTracker}, "Unobserved components"): the observer's current run's, if it starts
 * observing mid-run. Run counts cannot say "this run's tick", so announcements are a writer of their
 * own, numbered in order: announcement {@code a} is news for a reader when it came after the reader's
 * previous run started, unless it came during that previous run at a tick the run had already reached
 * (the run saw it then), or it comes during the current run at a tick after the run's own (the next run
 * sees it). A query built inside a running system therefore reports the untracked rows in that run and
 * not again (they were once reported a second time on the next run, as news from a writer that started
 * during it).
 *
 * <p><b>Memory.</b> Two snapshots of every writer's count per reader: it grows with the square of the
 * number of systems (not with frames), plus removals that some reader has not seen yet. The lab
 * reports {@link #memoryBytes()} rather than hiding it.
 */
public final class SystemDataTracker implements ChangeTracker {
    static final int ADD_WRITER = 0;
    static final int ADD_RUN = 1;
    static final int MUTATE_WRITER = 2;
    static final int MUTATE_RUN = 3;
    private static final int NOBODY = -1;
    /** The writer recorded in the lanes of an announced row; its run is the announcement's number. */
    private static final int ANNOUNCER = -2;

    private TrackerHost host;
    /** Runs started so far, by writer id. */
    private int[] runs = new int[8];
    /** Per reader id: the writers' run counts when its previous run started, and when its current one did. */
    private int[][] seenAtPreviousStart = new int[8][];
    private int[][] seenAtCurrentStart = new int[8][];
    private List<Removal>[] removals = newLists(8);
    private int[][] resource = new int[8][];      // addWriter, addRun, mutateWriter, mutateRun, removeWriter, removeRun, present

    /** Announcements made so far. */
    private int announcements;
    /** The world writer of the announcement under way (its events record the announcer), or {@code null}. */
    private SystemTicks announcing;
    /** Per reader id: whether a run is under way, and its tick. */
    private boolean[] running = new boolean[8];
    private int[] runTick = new int[8];
    /** Per reader id: announcements made before its previous run started, and before its current one did. */
    private int[] announcedAtPreviousStart = new int[8];
    private int[] announcedAtCurrentStart = new int[8];
    /** Per reader id: announcements made during its current run at its tick or before (it sees them now), and after. */
    private int[][] seenEarly = new int[8][];
    private int[][] seenEarlyInPrevious = new int[8][];
    private int[][] hiddenNow = new int[8][];

    /** A tracker for one world; {@link BuiltInChangeTrackers.SystemData} makes one per world. */
    public SystemDataTracker() {
    }

    @SuppressWarnings("unchecked")
    private static List<Removal>[] newLists(int n) {
        return new List[n];
    }

    private record Removal(Entity entity, int writer, int run) {
    }

    @Override
    public int laneCount() {
        return 4;
    }

    @Override
    public void attach(TrackerHost host) {
        this.host = host;
    }

    // ------------------------------------------------------------------ clock

    /** Nothing of this strategy depends on frames: frame ends, idle or not, change nothing. */
    @Override
    public void onIdleFramesEnded(long count) {
    }

    @Override
    public synchronized void onRunStarted(SystemTicks run) {
        int id = run.id();
        if (id == SystemTicks.WORLD_WRITER && SystemTicks.OBSERVATION_STARTS.equals(run.name())) {
            announce(run);
            return;
        }
        ensureWriter(id);
        runs[id]++;
        seenAtCurrentStart[id] = Arrays.copyOf(runs, runs.length);
        if (seenAtPreviousStart[id] == null) {
            seenAtPreviousStart[id] = new int[0];       // never ran: every change is news
        }
        running[id] = true;
        runTick[id] = run.thisRun();
        announcedAtCurrentStart[id] = announcements;
        seenEarly[id] = null;
        hiddenNow[id] = null;
    }

    @Override
    public synchronized void onRunFinished(SystemTicks run) {
        int id = run.id();
        seenAtPreviousStart[id] = seenAtCurrentStart[id];
        if (id < running.length) {
            running[id] = false;
            announcedAtPreviousStart[id] = announcedAtCurrentStart[id];
            seenEarlyInPrevious[id] = seenEarly[id];
            seenEarly[id] = null;
            hiddenNow[id] = null;
        }
    }

    /**
     * An announcement starts: numbered, and sorted for each reader in a run (but the world's direct reader,
     * whose reads each take the current tick) into seen now (its tick is the run's or before) or next run.
     */
    private void announce(SystemTicks writer) {
        int a = ++announcements;
        announcing = writer;
        for (int r = SystemTicks.FIRST_SYSTEM; r < running.length; r++) {
            if (running[r]) {
                if (runTick[r] - writer.thisRun() >= 0) {
                    seenEarly[r] = with(seenEarly[r], a);
                } else {
                    hiddenNow[r] = with(hiddenNow[r], a);
                }
            }
        }
    }

    private static int[] with(int[] list, int a) {
        int[] out = list == null ? new int[1] : Arrays.copyOf(list, list.length + 1);
        out[out.length - 1] = a;
        return out;
    }

    private static boolean contains(int[] list, int a) {
        if (list != null) {
            for (int x : list) {
                if (x == a) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when announcement {@code a} is news for {@code reader} (see the class comment). */
    private synchronized boolean announcementNews(SystemTicks reader, int a) {
        int id = reader.id();
        if (id >= running.length) {
            return true;                                 // never ran
        }
        return a > announcedAtPreviousStart[id] && !contains(seenEarlyInPrevious[id], a) && !contains(hiddenNow[id], a);
    }

    private void ensureWriter(int id) {
        if (id >= runs.length) {
            int n = Math.max(id + 1, runs.length * 2);
            runs = Arrays.copyOf(runs, n);
            seenAtPreviousStart = Arrays.copyOf(seenAtPreviousStart, n);
            seenAtCurrentStart = Arrays.copyOf(seenAtCurrentStart, n);
        }
        if (id >= running.length) {
            int n = Math.max(id + 1, running.length * 2);
            running = Arrays.copyOf(running, n);
            runTick = Arrays.copyOf(runTick, n);
            announcedAtPreviousStart = Arrays.copyOf(announcedAtPreviousStart, n);
            announcedAtCurrentStart = Arrays.copyOf(announcedAtCurrentStart, n);
            seenEarly = Arrays.copyOf(seenEarly, n);
            seenEarlyInPrevious = Arrays.copyOf(seenEarlyInPrevious, n);
            hiddenNow = Arrays.copyOf(hiddenNow, n);
        }
    }

    /** True when run {@code run} of {@code writer} is news for {@code reader}. */
    private boolean news(SystemTicks reader, int writer, int run) {
        if (writer == NOBODY || writer == reader.id()) {
            return false;
        }
        if (writer == ANNOUNCER) {
            return announcementNews(reader, run);
        }
        int[] seen = reader.id() < seenAtPreviousStart.length ? seenAtPreviousStart[reader.id()] : null;
        int counted = seen == null || writer >= seen.length ? 0 : seen[writer];
        return run > counted;
    }

    private int currentRun(SystemTicks writer) {
        return writer.id() < runs.length ? runs[writer.id()] : 0;
    }

    // ------------------------------------------------------------------ events

    @Override
    public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        if (writer == announcing) {                     // only the announcing thread can hold that writer
            column.setLane(ADD_WRITER, row, ANNOUNCER);
            column.setLane(ADD_RUN, row, announcements);
        } else {
            column.setLane(ADD_WRITER, row, writer.id());
            column.setLane(ADD_RUN, row, currentRun(writer));
        }
        column.setLane(MUTATE_WRITER, row, NOBODY);
        column.setLane(MUTATE_RUN, row, 0);
    }

    @Override
    public void onAddedSilently(int componentId, int entityIndex, TrackedRows column, int row) {
        column.setLane(ADD_WRITER, row, NOBODY);
        column.setLane(ADD_RUN, row, 0);
        column.setLane(MUTATE_WRITER, row, NOBODY);
        column.setLane(MUTATE_RUN, row, 0);
    }

    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        if (writer == announcing) {
            column.setLane(MUTATE_WRITER, row, ANNOUNCER);
            column.setLane(MUTATE_RUN, row, announcements);
            return;
        }
        column.setLane(MUTATE_WRITER, row, writer.id());
        column.setLane(MUTATE_RUN, row, currentRun(writer));
    }

    @Override
    public synchronized void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        if (componentId >= removals.length) {
            removals = Arrays.copyOf(removals, Math.max(componentId + 1, removals.length * 2));
        }
        if (removals[componentId] == null) {
            removals[componentId] = new ArrayList<>();
        }
        List<Removal> list = removals[componentId];
        if (list.size() >= Math.max(1024, 2 * host.liveEntityCount())) {
            list.removeIf(this::seenByEveryone);
        }
        list.add(new Removal(entity, writer.id(), currentRun(writer)));
    }

    /** True when every reader that has run counted the removal's run already. */
    private boolean seenByEveryone(Removal r) {
        for (int reader = 0; reader < seenAtPreviousStart.length; reader++) {
            int[] seen = seenAtPreviousStart[reader];
            if (seen != null && reader != r.writer() && (r.writer() >= seen.length || seen[r.writer()] < r.run())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void onResourceAdded(SystemTicks writer, int resourceId) {
        int[] r = resource(resourceId);
        r[0] = writer.id();
        r[1] = currentRun(writer);
        r[2] = NOBODY;
        r[6] = 1;
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
        int[] r = resource(resourceId);
        r[2] = writer.id();
        r[3] = currentRun(writer);
    }

    @Override
    public void onResourceRemoved(SystemTicks writer, int resourceId) {
        int[] r = resource(resourceId);
        r[4] = writer.id();
        r[5] = currentRun(writer);
        r[6] = 0;
    }

    private synchronized int[] resource(int id) {
        if (id >= resource.length) {
            resource = Arrays.copyOf(resource, Math.max(id + 1, resource.length * 2));
        }
        if (resource[id] == null) {
            resource[id] = new int[] {NOBODY, 0, NOBODY, 0, NOBODY, 0, 0};
        }
        return resource[id];
    }

    // ------------------------------------------------------------------ answers

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        boolean added = news(reader, column.lane(ADD_WRITER, row), column.lane(ADD_RUN, row));
        boolean mutated = news(reader, column.lane(MUTATE_WRITER, row), column.lane(MUTATE_RUN, row));
        return kind.holds(added, mutated);
    }

    @Override
    public synchronized List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        List<Removal> list = componentId < removals.length ? removals[componentId] : null;
        List<Entity> out = new ArrayList<>();
        if (list != null) {
            for (Removal r : list) {
                if (news(reader, r.writer(), r.run())) {
                    out.add(r.entity());
                }
            }
        }
        return out;
    }

    @Override
    public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        int[] r = resourceId < resource.length ? resource[resourceId] : null;
        if (r == null || r[6] == 0) {
            return false;
        }
        boolean added = news(reader, r[0], r[1]);
        boolean mutated = news(reader, r[2], r[3]);
        return kind.holds(added, mutated);
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        int[] r = resourceId < resource.length ? resource[resourceId] : null;
        return r != null && news(reader, r[4], r[5]);
    }

    @Override
    public synchronized long memoryBytes() {
        long[] bytes = {0};
        host.forEachColumn((column, rows) -> bytes[0] += 4L * 4 * column.laneArray(ADD_WRITER).length);
        bytes[0] += 4L * runs.length;
        for (int[][] snapshots : List.of(seenAtPreviousStart, seenAtCurrentStart)) {
            for (int[] s : snapshots) {
                bytes[0] += s == null ? 8 : 16 + 4L * s.length;
            }
        }
        for (List<Removal> list : removals) {
            if (list != null) {
                bytes[0] += 40L * list.size();
            }
        }
        bytes[0] += 40L * resource.length;
        bytes[0] += 13L * running.length;
        for (int[][] lists : List.of(seenEarly, seenEarlyInPrevious, hiddenNow)) {
            for (int[] l : lists) {
                bytes[0] += l == null ? 8 : 16 + 4L * l.length;
            }
        }
        return bytes[0];
    }
}
