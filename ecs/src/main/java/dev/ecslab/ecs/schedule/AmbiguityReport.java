package dev.ecslab.ecs.schedule;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Every ambiguous pair of a schedule, in a deterministic order: by stage, then by the insertion
 * index of the first system, then of the second.
 *
 * <p>A schedule of thousands of systems can have hundreds of thousands of ambiguous pairs, so the
 * compiler's report keeps them compactly (indices plus shared name lists) and {@link #pairs()}
 * creates each {@link Ambiguity} only when it is read. Immutable.
 */
public final class AmbiguityReport {
    private final int size;
    private final String[] stageOf;
    private final String[] first;
    private final String[] second;
    private final List<String>[] conflicts;

    /** A report of exactly these pairs. */
    public AmbiguityReport(List<Ambiguity> pairs) {
        this.size = pairs.size();
        this.stageOf = new String[size];
        this.first = new String[size];
        this.second = new String[size];
        this.conflicts = newLists(size);
        for (int i = 0; i < size; i++) {
            Ambiguity a = pairs.get(i);
            stageOf[i] = a.stage();
            first[i] = a.first();
            second[i] = a.second();
            conflicts[i] = a.conflicts();
        }
    }

    private AmbiguityReport(int size, String[] stageOf, String[] first, String[] second, List<String>[] conflicts) {
        this.size = size;
        this.stageOf = stageOf;
        this.first = first;
        this.second = second;
        this.conflicts = conflicts;
    }

    @SuppressWarnings("unchecked")
    private static List<String>[] newLists(int n) {
        return new List[n];
    }

    /** The pairs, each created on access. */
    public List<Ambiguity> pairs() {
        return new AbstractList<>() {
            @Override
            public Ambiguity get(int i) {
                Objects.checkIndex(i, size);
                return new Ambiguity(stageOf[i], first[i], second[i], conflicts[i]);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** The pair of these two systems, in either order, if it is ambiguous. */
    public Optional<Ambiguity> find(String a, String b) {
        for (int i = 0; i < size; i++) {
            if ((first[i].equals(a) && second[i].equals(b)) || (first[i].equals(b) && second[i].equals(a))) {
                return Optional.of(pairs().get(i));
            }
        }
        return Optional.empty();
    }

    /** The human-readable report, as build errors and warnings print it. */
    public String format() {
        if (size == 0) {
            return "No ambiguous system pairs.";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(size).append(size == 1 ? " pair of systems with conflicting data access has"
                : " pairs of systems with conflicting data access have").append(" no order between them:\n");
        String stage = null;
        for (int i = 0; i < size; i++) {
            if (!stageOf[i].equals(stage)) {
                stage = stageOf[i];
                sb.append("stage ").append(stage).append(":\n");
            }
            sb.append("  -- ").append(first[i]).append(" and ").append(second[i])
                    .append("\n     conflict on: ").append(String.join(", ", conflicts[i])).append('\n');
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AmbiguityReport other) || other.size != size) {
            return false;
        }
        return Arrays.equals(stageOf, 0, size, other.stageOf, 0, size) && Arrays.equals(first, 0, size, other.first, 0, size)
                && Arrays.equals(second, 0, size, other.second, 0, size)
                && Arrays.equals(conflicts, 0, size, other.conflicts, 0, size);
    }

    @Override
    public int hashCode() {
        return 31 * size + (size == 0 ? 0 : first[0].hashCode());
    }

    @Override
    public String toString() {
        return "AmbiguityReport[" + size + " pairs]";
    }

    /** Collects pairs without allocating per pair; the compiler's path. */
    static final class Builder {
        private int size;
        private String[] stageOf = new String[64];
        private String[] first = new String[64];
        private String[] second = new String[64];
        private List<String>[] conflicts = newLists(64);

        void add(String stage, String a, String b, List<String> on) {
            if (size == first.length) {
                int capacity = size * 2;
                stageOf = Arrays.copyOf(stageOf, capacity);
                first = Arrays.copyOf(first, capacity);
                second = Arrays.copyOf(second, capacity);
                conflicts = Arrays.copyOf(conflicts, capacity);
            }
            stageOf[size] = stage;
            first[size] = a;
            second[size] = b;
            conflicts[size] = List.copyOf(on);
            size++;
        }

        AmbiguityReport build() {
            return new AmbiguityReport(size, Arrays.copyOf(stageOf, size), Arrays.copyOf(first, size),
                    Arrays.copyOf(second, size), Arrays.copyOf(conflicts, size));
        }
    }
}
