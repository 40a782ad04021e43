package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 */
public record Watch(@Required Data data, @Required WatchKind kind, @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean parallel) {
    public Watch {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(kind, "kind");
    }

    /** A watch walked the ordinary way. */
    public Watch(Data data, WatchKind kind) {
        this(data, kind, false);
    }

    @Override
    public String toString() {
        String k = kind.name().charAt(0) + kind.name().substring(1).toLowerCase();
        return k + "<" + data + ">" + (parallel ? " (parallel)" : "");
    }
}
