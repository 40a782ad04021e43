package dev.ecslab.ecs.schedule;

import java.util.List;

/**
 * One ambiguous pair: two systems of one stage whose accesses conflict, with no order between them
 * and no rule exempting them. {@code first} was inserted before {@code second}. {@code conflicts}
 * names the data: component names, {@code "resource Name"}, or {@code "World"} for an exclusive system.
 */
public record Ambiguity(String stage, String first, String second, List<String> conflicts) {
    public Ambiguity {
        conflicts = List.copyOf(conflicts);
    }

    @Override
    public String toString() {
        return first + " and " + second + " (stage " + stage + ") conflict on " + String.join(", ", conflicts);
    }
}
