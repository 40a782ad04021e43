package dev.ecslab.lab.witness;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import java.util.Objects;

/**
 * What running both orders of one unordered conflicting pair showed (criterion A: a reported pair
 * whose effects do not commute has two legal orders with different results).
 *
 * @param scenario   the scenario's name
 * @param first      the pair's earlier-declared system; {@code second} the other
 * @param conflict   the data they conflict on, in words
 * @param exempted   whether an {@code ambiguousWith} rule keeps the pair out of the ambiguity report
 *                   (it is witnessed all the same: an exemption says the order does not matter, a
 *                   witness shows whether that is so here)
 * @param note       why the verdict is {@link Verdict#INCONCLUSIVE}, or what else is worth knowing; may be empty
 * @param orders     {@code first before second}, then {@code second before first} (fewer when one could not
 *                   be derived)
 * @param stateDifferences     the end-state lines that differ, {@code "e0: A(1) ≠ A(2)"} (first order's value first)
 * @param detectionDifferences the detector answers that differ, {@code "frame 0 detector Changed<A>: [e0] ≠ []"}
 */
public record Witness(String scenario, String stage, String first, String second, String conflict, boolean exempted,
        Verdict verdict, String note, List<Order> orders, List<String> stateDifferences, List<String> detectionDifferences) {

    public Witness {
        Objects.requireNonNull(verdict, "verdict");
        note = note == null ? "" : note;
        orders = List.copyOf(orders);
        stateDifferences = List.copyOf(stateDifferences);
        detectionDifferences = List.copyOf(detectionDifferences);
    }

    /**
     * The verdict on one pair. What is compared: the state of the world (every entity's components and
     * every resource) after every frame, the end state included, and what every detector run
     * reported for each of its watches, by frame, stage iteration, detector and filter (the entities,
     * sorted; for a resource whether the filter held). Both come from runs under the exact strategy
     * {@code generation} and the serial executor; the states are the lab's own model's, confirmed frame by
     * frame by the real run.
     */
    public enum Verdict {
        /** The world's state differs after some frame (see {@link Witness#endStateDiffers()} for the end). */
        STATE_DIFFERS("witnessed: state differs"),
        /** Same state after every frame, but some detector run reported something else: the order changes what a system sees. */
        DETECTIONS_DIFFER("witnessed: detections differ"),
        /** Same states and same detections: the conflict is formal in this scenario. */
        COMMUTES("commutes here"),
        /** An order could not be derived or run cleanly, or did not run as forced: no verdict (see the note). */
        INCONCLUSIVE("inconclusive");

        private final String words;

        Verdict(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        public boolean witnessed() {
            return this == STATE_DIFFERS || this == DETECTIONS_DIFFER;
        }
    }

    /**
     * One order of the pair.
     *
     * @param first      the system of the pair that runs first; {@code second} the other
     * @param stageOrder the order the pair's stage ran in
     * @param scenario   the derived scenario that forces it (the original plus {@code before} constraints), or
     *                   {@code null} when it could not be derived
     * @param trace      its run under {@code generation} / serial, or {@code null} when it was not run (or
     *                   was dropped: {@link Witness#withoutTraces()})
     * @param frameStates the state after each frame (the model's, confirmed by the real run), canonical lines
     * @param detections every detector answer of the run, canonical lines
     */
    public record Order(String first, String second, List<String> stageOrder, Scenario scenario, Trace trace,
            List<List<String>> frameStates, List<String> detections) {
        public Order {
            stageOrder = List.copyOf(stageOrder);
            frameStates = frameStates.stream().map(List::copyOf).toList();
            detections = List.copyOf(detections);
        }

        /** {@code "a before b"}. */
        public String label() {
            return first + " before " + second;
        }

        /** The end state: after the last frame (the quiet tail included). */
        public List<String> finalState() {
            return frameStates.isEmpty() ? List.of() : frameStates.get(frameStates.size() - 1);
        }
    }

    /** Whether the two orders end in different states (a witness may differ only on the way there). */
    public boolean endStateDiffers() {
        return orders.size() == 2 && !orders.get(0).finalState().equals(orders.get(1).finalState());
    }

    /**
     * This witness without its runs' traces (a lab run keeps thousands of pairs; a pair that commutes
     * gets no replay file, so its traces would only take memory).
     */
    public Witness withoutTraces() {
        List<Order> light = orders.stream().map(o -> new Order(o.first(), o.second(), o.stageOrder(), o.scenario(), null,
                o.frameStates(), o.detections())).toList();
        return new Witness(scenario, stage, first, second, conflict, exempted, verdict, note, light, stateDifferences,
                detectionDifferences);
    }

    /** The pair as the ambiguity report names it: {@code "stage: a | b"}, names sorted. */
    public String pair() {
        return ScenarioAccess.pair(stage, first, second);
    }

    /** The first difference, in words (state first), or {@code ""}. */
    public String firstDifference() {
        return !stateDifferences.isEmpty() ? stateDifferences.get(0)
                : !detectionDifferences.isEmpty() ? detectionDifferences.get(0) : "";
    }
}
