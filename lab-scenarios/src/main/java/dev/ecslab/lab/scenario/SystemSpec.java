package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
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
 * @param kind     how the executor must run it ({@code null} in JSON means {@link Kind#NORMAL})
 */
public record SystemSpec(@Required String name, Set<Data> writes, Set<Data> with, Set<Data> without, List<Watch> watches,
        List<String> before, List<String> after, List<String> ambiguousWith, String pauseSet, Kind kind) {

    /**
     * The kinds of system (as {@code SystemKind} in the ECS). An {@link #EXCLUSIVE} system has the whole world and runs
     * alone (so it conflicts with every other system); a {@link #MAIN_THREAD} system has its declared
     * access and must run on the thread that runs the schedule. Both run on the caller's thread.
     */
    public enum Kind {
        NORMAL,
        EXCLUSIVE,
        MAIN_THREAD
    }

    private static Set<Data> sorted(Set<Data> set) {
        return set == null || set.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(new TreeSet<>(set));
    }

    public SystemSpec {
        Objects.requireNonNull(name, "a system needs a name");
        // Sorted, not Set.copyOf: an immutable set's order changes from one JVM to the next (a random salt), and
        // these sets are written to replay files and walked when the schedule is built.
        writes = sorted(writes);
        with = sorted(with);
        without = sorted(without);
        watches = watches == null ? List.of() : List.copyOf(watches);
        before = before == null ? List.of() : List.copyOf(before);
        after = after == null ? List.of() : List.copyOf(after);
        ambiguousWith = ambiguousWith == null ? List.of() : List.copyOf(ambiguousWith);
        kind = kind == null ? Kind.NORMAL : kind;
    }

    /** A normal system (the common case, and what scenarios written before kinds existed hold). */
    public SystemSpec(String name, Set<Data> writes, Set<Data> with, Set<Data> without, List<Watch> watches,
            List<String> before, List<String> after, List<String> ambiguousWith, String pauseSet) {
        this(name, writes, with, without, watches, before, after, ambiguousWith, pauseSet, Kind.NORMAL);
    }

    /** Derived from {@code kind}; not a JSON field (Jackson would write it as "exclusive" and refuse it on reading). */
    @JsonIgnore
    public boolean isExclusive() {
        return kind == Kind.EXCLUSIVE;
    }

    /** Exclusive and main-thread systems must run on the thread that runs the schedule. */
    public boolean runsOnCaller() {
        return kind != Kind.NORMAL;
    }

    /** Data the system reads: its watched data (and, for queries, what it writes). */
    public Set<Data> reads() {
        Set<Data> out = new TreeSet<>();
        watches.forEach(w -> out.add(w.data()));
        return out;
    }

    /** A copy with other watches. */
    public SystemSpec withWatches(List<Watch> newWatches) {
        return new SystemSpec(name, writes, with, without, newWatches, before, after, ambiguousWith, pauseSet, kind);
    }

    /** A copy with other ordering constraints and exemptions. */
    public SystemSpec withConstraints(List<String> newBefore, List<String> newAfter, List<String> newAmbiguousWith) {
        return new SystemSpec(name, writes, with, without, watches, newBefore, newAfter, newAmbiguousWith, pauseSet, kind);
    }

    /** A copy in another pause set ({@code null}: never paused). */
    public SystemSpec withPauseSet(String set) {
        return new SystemSpec(name, writes, with, without, watches, before, after, ambiguousWith, set, kind);
    }

    /** A copy with other write filters. */
    public SystemSpec withFilters(Set<Data> newWith, Set<Data> newWithout) {
        return new SystemSpec(name, writes, newWith, newWithout, watches, before, after, ambiguousWith, pauseSet, kind);
    }

    /** A copy of another kind. */
    public SystemSpec withKind(Kind newKind) {
        return new SystemSpec(name, writes, with, without, watches, before, after, ambiguousWith, pauseSet, newKind);
    }
}
