package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * One change filter a detector system evaluates on every run: {@code Added<A>}, {@code Removed<R>},
 * and so on. For a component the detector reports the entities the filter yields; for a resource it
 * reports whether the filter holds.
 *
 * <p>{@code parallel} (components, not {@code Removed}) walks the query the way parallel iteration
 * does: split into slices walked on several threads with the ticks the query hands to jobs
 * ({@code Query.forEachInSlice}, every row tested by the tracker's {@code test}) rather than the
 * tracker's candidate lists. Bevy #8029 was exactly a parallel walk that used the world's ticks
 * instead of the system's.
 *
 * <p>{@code from} and {@code until} make an observer that joins late or leaves: the watch
 * exists in frames {@code from} (inclusive, default 0) to {@code until} (exclusive, default: the
 * end). Its query is built just before frame {@code from}, between frames, with its system's view
 * (as an application adds a system between frames), so a component nobody observed until then starts
 * being tracked at that moment; it is closed just before frame {@code until}, so the component may
 * stop being tracked. A watch reports what changed in its
 * system's window, like any query of the system; on its first run (or within the strategy's claimed
 * delay after it) it may also report, once each, the rows that have the component (what the world
 * could not know while nobody observed it is reported as changed, never missed; the oracle tolerates
 * it there and nowhere else). A watch that returns is a second watch with a later window.
 *
 * <p>{@code built} says when the watch's query is built ({@link Built}): between frames (the default,
 * not written to JSON) or {@link Built#IN_RUN}, inside its system's first run in its window (the first
 * frame from {@code from} on in which the system runs, its first iteration there), with the system's
 * view at that moment, and evaluated right away; an exclusive system builds it on the whole world it
 * holds. Only a component's Added, Mutated or Changed query has a query to build.
 *
 * <p>{@code with} makes the watch one over a set of components: {@code Added<A>} with {@code [B]} is Bevy's
 * {@code Query<Entity, (Added<A>, With<B>)>}, the entities whose {@code A} was added since the system's previous run
 * and that hold {@code B} when the query is evaluated. Membership is asked at each run, so an entity that leaves the
 * set before a run is not reported there, and the change it carried is gone for good: the run consumed its window
 * (a later run looks only at changes since then), exactly as a change filter with a {@code With} filter behaves.
 * Only a component's Added, Mutated or Changed watch has a query to filter; the order of {@code with} is not
 * significant (it is kept sorted).
 */
public record Watch(@Required Data data, @Required WatchKind kind, @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean parallel,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer from, @JsonInclude(JsonInclude.Include.NON_NULL) Integer until,
        @JsonInclude(JsonInclude.Include.NON_NULL) Built built,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Data> with) {

    /** When a watch's query is built. */
    public enum Built {
        /** Before the watch's first frame, on the lab's thread, as an application adds a system between frames. */
        BETWEEN_FRAMES,
        /** Inside the system's first run in the watch's window, with the system's view at that moment, and used right away. */
        IN_RUN
    }

    public Watch {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(kind, "kind");
        built = built == Built.BETWEEN_FRAMES ? null : built;      // the default is not written
        with = with == null || with.isEmpty() ? List.of()
                : with.stream().map(d -> Objects.requireNonNull(d, "with")).sorted().toList();
    }

    /** A watch of one component or resource, with no {@code With} filter. */
    public Watch(Data data, WatchKind kind, boolean parallel, Integer from, Integer until, Built built) {
        this(data, kind, parallel, from, until, built, List.of());
    }

    /** Whether the watch is over a set of components: it has a {@code With} filter. */
    public boolean overSet() {
        return !with.isEmpty();
    }

    /** A copy filtered by {@code With} each of {@code components} (none: the plain watch). */
    public Watch withSet(List<Data> components) {
        return new Watch(data, kind, parallel, from, until, built, components);
    }

    /** A watch whose query is built between frames (every watch written before in-run queries existed). */
    public Watch(Data data, WatchKind kind, boolean parallel, Integer from, Integer until) {
        this(data, kind, parallel, from, until, null);
    }

    /** Whether the query is built inside the system's first run in the window. */
    public boolean builtInRun() {
        return built == Built.IN_RUN;
    }

    /** A copy whose query is built {@code when}. */
    public Watch builtAs(Built when) {
        return new Watch(data, kind, parallel, from, until, when, with);
    }

    /** A watch walked the ordinary way. */
    public Watch(Data data, WatchKind kind) {
        this(data, kind, false);
    }

    /** A watch that exists in every frame. */
    public Watch(Data data, WatchKind kind, boolean parallel) {
        this(data, kind, parallel, null, null);
    }

    /** The first frame in which the watch exists (0 unless it joins late). */
    public int firstFrame() {
        return from == null ? 0 : from;
    }

    /** Whether the watch exists in frame {@code frame}: from {@code from} (inclusive) to {@code until} (exclusive). */
    public boolean existsIn(long frame) {
        return frame >= firstFrame() && (until == null || frame < until);
    }

    /** Whether the watch does not exist for the whole run: it joins after frame 0 or leaves. */
    public boolean windowed() {
        return from != null && from > 0 || until != null;
    }

    /** A copy that exists from frame {@code newFrom} (inclusive, {@code null}: 0) to {@code newUntil} (exclusive, {@code null}: the end). */
    public Watch withWindow(Integer newFrom, Integer newUntil) {
        return new Watch(data, kind, parallel, newFrom, newUntil, built, with);
    }

    /** A copy walked in parallel or not. */
    public Watch withParallel(boolean newParallel) {
        return new Watch(data, kind, newParallel, from, until, built, with);
    }

    @Override
    public String toString() {
        String k = kind.name().charAt(0) + kind.name().substring(1).toLowerCase();
        String window = !windowed() ? "" : until == null ? " (from frame " + firstFrame() + ")"
                : " (frames " + firstFrame() + " to " + (until - 1) + ")";
        String set = with.stream().map(d -> ", With<" + d + ">").collect(java.util.stream.Collectors.joining());
        return k + "<" + data + ">" + set + (parallel ? " (parallel)" : "") + window + (builtInRun() ? " (built in its run)" : "");
    }
}
