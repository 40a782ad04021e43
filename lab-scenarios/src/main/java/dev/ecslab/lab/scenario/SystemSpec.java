package dev.ecslab.lab.scenario;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A system of a scenario. Its roles follow from its content: a <b>detector</b> has watches, a
 * <b>writer</b> declares writes and has {@code SET} edits, an <b>adder</b>, <b>remover</b> or
 * <b>command issuer</b> has command edits. Each run first evaluates every watch, then makes its
 * edits for that frame and iteration, in list order.
 *
 * @param writes   data the system declares as written (needed by {@code SET} edits)
 * @param with     components every written entity must have (a {@code With} filter on its writes)
 * @param without  components every written entity must lack (a {@code Without} filter)
 * @param pauseSet the pause set it belongs to, or {@code null}: it runs only in the frames the set's
 *                 pattern allows
 */
public record SystemSpec(String name, Set<Data> writes, Set<Data> with, Set<Data> without, List<Watch> watches,
        List<String> before, List<String> after, List<String> ambiguousWith, String pauseSet) {
    public SystemSpec {
        Objects.requireNonNull(name, "a system needs a name");
        writes = writes == null ? Set.of() : Set.copyOf(new TreeSet<>(writes));
        with = with == null ? Set.of() : Set.copyOf(with);
        without = without == null ? Set.of() : Set.copyOf(without);
        watches = watches == null ? List.of() : List.copyOf(watches);
        before = before == null ? List.of() : List.copyOf(before);
        after = after == null ? List.of() : List.copyOf(after);
        ambiguousWith = ambiguousWith == null ? List.of() : List.copyOf(ambiguousWith);
    }

    public boolean hasWatches() {
        return !watches.isEmpty();
    }

    /** Data the system reads: its watched data (and, for queries, what it writes). */
    public Set<Data> reads() {
        Set<Data> out = new TreeSet<>();
        watches.forEach(w -> out.add(w.data()));
        return out;
    }
}
