package dev.ecslab.ecs.schedule;

import java.util.List;
import java.util.Optional;

/**
 * Every ambiguous pair of a schedule, in a deterministic order: by stage, then by the insertion
 * index of the first system, then of the second.
 */
public record AmbiguityReport(List<Ambiguity> pairs) {
    public AmbiguityReport {
        pairs = List.copyOf(pairs);
    }

    public boolean isEmpty() {
        return pairs.isEmpty();
    }

    public int size() {
        return pairs.size();
    }

    /** The pair of these two systems, in either order, if it is ambiguous. */
    public Optional<Ambiguity> find(String a, String b) {
        return pairs.stream().filter(p -> (p.first().equals(a) && p.second().equals(b))
                || (p.first().equals(b) && p.second().equals(a))).findFirst();
    }

    /** The human-readable report, as build errors and warnings print it. */
    public String format() {
        if (pairs.isEmpty()) {
            return "No ambiguous system pairs.";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(pairs.size()).append(pairs.size() == 1 ? " pair" : " pairs")
                .append(" of systems with conflicting data access have no order between them:\n");
        String stage = null;
        for (Ambiguity p : pairs) {
            if (!p.stage().equals(stage)) {
                stage = p.stage();
                sb.append("stage ").append(stage).append(":\n");
            }
            sb.append("  -- ").append(p.first()).append(" and ").append(p.second())
                    .append("\n     conflict on: ").append(String.join(", ", p.conflicts())).append('\n');
        }
        return sb.toString();
    }
}
