package dev.ecslab.lab.scenario;

import java.util.Objects;

/**
 * One change filter a detector system evaluates on every run: {@code Added<A>}, {@code Removed<R>},
 * and so on. For a component the detector reports the entities the filter yields; for a resource it
 * reports whether the filter holds.
 */
public record Watch(Data data, WatchKind kind) {
    public Watch {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(kind, "kind");
    }

    @Override
    public String toString() {
        String k = kind.name().charAt(0) + kind.name().substring(1).toLowerCase();
        return k + "<" + data + ">";
    }
}
