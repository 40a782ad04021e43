package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One edit a system makes in one of its runs: in {@code frame}, in the stage's {@code iteration}
 * (0 unless the stage loops), after its detections. {@code entity} is an entity label ({@code null}
 * for resources); {@code data} is {@code null} only for {@link EditOp#DESPAWN}.
 *
 * <p><b>Bulk edits.</b> With {@code count > 0} the edit applies to {@code count} members of the group
 * {@code entity} ({@link GroupSpec}): members {@code from, from + every, from + 2·every, ...}, each as
 * if it were a single edit of its own, in that order ({@link #singles()}). A bulk {@link EditOp#SPAWN}
 * spawns a new group {@code entity} of {@code count} members (with {@code from} 0 and {@code every}
 * 1). So "write A on every 16th member", "move 500 entities to another archetype by command" and
 * "spawn 2 000 entities through commands" are one line each. JSON leaves the three fields out when
 * they are 0.
 */
public record Edit(@Required int frame, int iteration, @Required String system,
        @Required EditOp op, String entity, Data data, int value,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int from,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int every,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int count) {
    public Edit {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(op, "op");
    }

    /** A single edit (one entity, or a resource). */
    public Edit(int frame, int iteration, String system, EditOp op, String entity, Data data, int value) {
        this(frame, iteration, system, op, entity, data, value, 0, 0, 0);
    }

    /** A bulk edit of {@code count} members of group {@code group}: {@code from}, then every {@code every}-th. */
    public static Edit bulk(int frame, int iteration, String system, EditOp op, String group, Data data, int value, int from,
            int every, int count) {
        return new Edit(frame, iteration, system, op, group, data, value, from, every, count);
    }

    public boolean onResource() {
        return data != null && data.isResource();
    }

    /** True for a bulk edit over a group's members (or a bulk spawn). */
    @JsonIgnore
    public boolean isBulk() {
        return count > 0;
    }

    /** The member index of the {@code j}-th member this bulk edit touches. */
    public int memberIndex(int j) {
        return from + j * every;
    }

    /** The labels this edit touches: its entity, or for a bulk edit its members in order. */
    public List<String> targets() {
        if (!isBulk()) {
            return entity == null ? List.of() : List.of(entity);
        }
        List<String> out = new ArrayList<>(count);
        for (int j = 0; j < count; j++) {
            out.add(GroupSpec.member(entity, memberIndex(j)));
        }
        return out;
    }

    /** The edit as single edits, one per member for a bulk edit (itself otherwise). */
    public List<Edit> singles() {
        if (!isBulk()) {
            return List.of(this);
        }
        List<Edit> out = new ArrayList<>(count);
        for (String label : targets()) {
            out.add(new Edit(frame, iteration, system, op, label, data, value));
        }
        return out;
    }

    /** A copy with another selection of members (the shrinker's). */
    public Edit withSelection(int newFrom, int newEvery, int newCount) {
        return new Edit(frame, iteration, system, op, entity, data, value, newFrom, newEvery, newCount);
    }

    /** A copy in another frame (the shrinker's). */
    public Edit inFrame(int newFrame) {
        return new Edit(newFrame, iteration, system, op, entity, data, value, from, every, count);
    }

    /** The same edit in stage iteration {@code newIteration}. */
    public Edit inIteration(int newIteration) {
        return new Edit(frame, newIteration, system, op, entity, data, value, from, every, count);
    }

    @Override
    public String toString() {
        String who = entity;
        if (isBulk()) {
            who = op == EditOp.SPAWN ? count + " entities " + entity + "#0.." + (count - 1)
                    : count + " member(s) of " + entity + " (#" + from + (count > 1 ? ", every " + every : "") + ")";
        }
        String target = op == EditOp.DESPAWN ? who : onResource() ? data.name() : data + " of " + who;
        String v = op == EditOp.REMOVE || op == EditOp.DESPAWN ? "" : " = " + value;
        return "frame " + frame + (iteration > 0 ? "." + iteration : "") + " " + system + ": " + op.name().toLowerCase()
                + " " + target + v;
    }
}
