package dev.ecslab.lab.scenario;


import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A bulk spawn in the initial world: {@code count} entities with the same components and values,
 * labelled compactly. Member {@code i} is {@code label#i} ({@link #member}); an edit names one member
 * by that label, or a selection of members by the group's label ({@link Edit#count()} and its
 * stride). Groups are how scenarios reach world sizes up to 10⁴ and beyond, and tables that cross
 * the 16-row blocks and 1 024-row groups of the {@code generation} strategy's summaries, while the
 * scenario itself stays a few lines of JSON.
 *
 * @param label      the group's label; its members are {@code label#0 .. label#(count-1)}
 * @param count      how many members, at least 1
 * @param components every member's components and values
 */
public record GroupSpec(@Required String label, @Required int count, Map<Data, Integer> components) {
    /** The separator between a group's label and a member's index; reserved in every other label. */
    public static final char SEPARATOR = '#';

    public GroupSpec {
        Objects.requireNonNull(label, "a group needs a label");
        components = components == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(components));
    }

    /** The label of member {@code index} of group {@code group}. */
    public static String member(String group, int index) {
        return group + SEPARATOR + index;
    }

    /** The label of this group's member {@code index}. */
    public String member(int index) {
        return member(label, index);
    }
}
