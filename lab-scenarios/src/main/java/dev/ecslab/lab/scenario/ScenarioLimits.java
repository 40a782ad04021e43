package dev.ecslab.lab.scenario;

import dev.ecslab.ecs.input.InputLimit;

/**
 * What a scenario read from a file (a scenario file, or the scenario of a replay file) may ask of the
 * lab, so that a 12 KB file cannot ask for minutes of running and gigabytes of trace: at most
 * {@link #SYSTEMS} systems, {@link #ENTITIES} entities (initial, grouped and spawned), {@link #EDITS}
 * edits (a bulk edit counts each member) and {@link #SYSTEM_RUNS} system runs (frames, the quiet ones
 * included, times each stage's iterations times its systems). Scenarios built in code (the catalogue,
 * criterion 6's 10 000 frames) are not limited; their size is the lab's own choice.
 *
 * <p>Contract: {@link #check} is cheap (it counts, it expands nothing), runs before
 * {@link Scenario#validate()}, and names the first limit exceeded with the scenario's path, the
 * numbers and the system property that raises it. Values that {@code validate()} refuses anyway
 * (frames above 100 000, more than 8 iterations, negative counts) are counted as the nearest allowed
 * value, so the structural error comes from {@code validate()}.
 */
public final class ScenarioLimits {
    /** At most 1 000 systems unless {@code ecslab.limit.scenarioSystems} says otherwise. */
    public static final InputLimit SYSTEMS = new InputLimit("ecslab.limit.scenarioSystems", 1_000, "systems");
    /** At most 100 000 entities unless {@code ecslab.limit.entities} says otherwise. */
    public static final InputLimit ENTITIES = new InputLimit("ecslab.limit.entities", 100_000, "entities");
    /** At most 200 000 single edits unless {@code ecslab.limit.edits} says otherwise. */
    public static final InputLimit EDITS = new InputLimit("ecslab.limit.edits", 200_000, "edits");
    /**
     * At most 100 000 system runs unless {@code ecslab.limit.systemRuns} says otherwise: criterion 6 takes 30 006, and
     * re-running 100 000 runs takes about 15 s and under 1 GB.
     */
    public static final InputLimit SYSTEM_RUNS = new InputLimit("ecslab.limit.systemRuns", 100_000, "system runs");

    private ScenarioLimits() {
    }

    /**
     * Checks {@code s} against the limits.
     *
     * @param what the input in words, for the message ({@code "the replay file"}, {@code "the scenario file"})
     * @throws ScenarioException naming the path of what is too large, the numbers, and the property
     */
    public static void check(Scenario s, String what) {
        long systems = 0;
        long perFrame = 0;
        int iterations = 1;
        for (StageSpec st : s.stages()) {
            int it = clamp(st.iterations(), 1, 8);
            systems += st.systems().size();
            perFrame += (long) it * st.systems().size();
            iterations = Math.max(iterations, it);
        }
        if (systems > SYSTEMS.value()) {
            throw new ScenarioException("stages", SYSTEMS.problem(what + " has " + systems + " systems"));
        }
        long frames = clamp(s.frames(), 1, 100_000) + (long) Scenario.QUIET_FRAMES;
        long runs = frames * perFrame;
        if (runs > SYSTEM_RUNS.value()) {
            String shape = s.stages().size() == 1
                    ? frames + " frames x " + iterations + " iteration(s) x " + systems + " system(s)"
                    : frames + " frames x " + perFrame + " system runs per frame (each stage's iterations x its systems)";
            throw new ScenarioException("frames", SYSTEM_RUNS.problem(what + " asks for " + shape + " = " + runs
                    + " system runs (the last " + Scenario.QUIET_FRAMES + " frames are the quiet ones the lab adds)"));
        }
        long entities = s.entities().size();
        for (GroupSpec g : s.groups()) {
            entities += clamp(g.count(), 0, Scenario.MAX_ENTITIES);
        }
        if (s.padding() != null) {                               // empty entities, but entities the world holds
            entities += clamp(s.padding().kept(), 0, PaddingSpec.MAX_KEPT) + clamp(s.padding().recycled(), 0,
                    PaddingSpec.MAX_RECYCLED);
        }
        long edits = 0;
        for (Edit e : s.edits()) {
            long n = e.count() > 0 ? clamp(e.count(), 1, Scenario.MAX_ENTITIES) : 1;
            edits += n;
            if (e.op() == EditOp.SPAWN) {
                entities += n;
            }
        }
        if (entities > ENTITIES.value()) {
            throw new ScenarioException("groups", ENTITIES.problem(what + " asks for " + entities
                    + " entities (single, grouped and spawned)"));
        }
        if (edits > EDITS.value()) {
            throw new ScenarioException("edits", EDITS.problem(what + " asks for " + edits
                    + " edits (a bulk edit counts each member)"));
        }
    }

    private static int clamp(int v, int min, int max) {
        return Math.max(min, Math.min(max, v));
    }
}
