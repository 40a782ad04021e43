package dev.ecslab.lab.scenario;

import java.util.Objects;

/**
 * One edit a system makes in one of its runs: in {@code frame}, in the stage's {@code iteration}
 * (0 unless the stage loops), after its detections. {@code entity} is an entity label ({@code null}
 * for resources); {@code data} is {@code null} only for {@link EditOp#DESPAWN}.
 */
public record Edit(int frame, int iteration, String system, EditOp op, String entity, Data data, int value) {
    public Edit {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(op, "op");
    }

    public boolean onResource() {
        return data != null && data.isResource();
    }

    @Override
    public String toString() {
        String target = op == EditOp.DESPAWN ? entity : onResource() ? data.name() : data + " of " + entity;
        String v = op == EditOp.REMOVE || op == EditOp.DESPAWN ? "" : " = " + value;
        return "frame " + frame + (iteration > 0 ? "." + iteration : "") + " " + system + ": " + op.name().toLowerCase()
                + " " + target + v;
    }
}
