package dev.ecslab.lab.engine;

import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scenario with what an engine's contract cannot express taken out, the way the lab's swarm testing takes
 * features out of a drawn scenario ({@code dev.ecslab.lab.campaign.Swarm#omit}): its resources and resource edits,
 * and the watches the contract does not answer (resources, unanswered kinds, watches that join, leave or are built
 * in a run, watches over sets of components). Everything else (entities, groups, padding, systems, pauses, loops, commands, frames) stays as drawn.
 * Few drawn scenarios have no resource and only Added and Removed watches (10 in 20 000 seeds for artemis-odb), so
 * without this an engine with a narrow contract would be judged on almost nothing. The lab judges an engine on the
 * narrowed scenario and counts it as narrowed; a scenario with no watch left is left out.
 */
public final class Narrowed {
    private Narrowed() {
    }

    /** {@code s} narrowed to {@code contract}, or empty when what is left does not validate or still cannot run. */
    public static Optional<Scenario> to(EngineContract contract, Scenario s) {
        return Optional.ofNullable(attempt(contract, s).scenario());
    }

    /**
     * Why {@code s} is left out for {@code contract} (empty when it runs, as written or narrowed): what the contract
     * still cannot express once narrowed, or that no watch is left, or that what is left is not a valid scenario.
     */
    public static List<String> whyLeftOut(EngineContract contract, Scenario s) {
        return attempt(contract, s).why();
    }

    /** A narrowing's outcome: the scenario to run, or null and why not. */
    private record Attempt(Scenario scenario, List<String> why) {
    }

    private static Attempt attempt(EngineContract contract, Scenario s) {
        if (contract.cannotExpress(s).isEmpty()) {
            return new Attempt(s, List.of());
        }
        boolean resources = contract.features().contains(EngineContract.Feature.RESOURCES);
        List<StageSpec> stages = new ArrayList<>();
        for (StageSpec st : s.stages()) {
            List<SystemSpec> systems = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                List<Watch> kept = new ArrayList<>();
                for (Watch w : sys.watches()) {
                    boolean answered = (w.data().isResource() ? contract.resources() : contract.components()).contains(w.kind());
                    boolean late = w.windowed() || w.builtInRun();
                    boolean set = w.overSet() && !contract.features().contains(EngineContract.Feature.SETS);
                    if (answered && !set && (!late || contract.features().contains(EngineContract.Feature.LATE_WATCHES))) {
                        kept.add(w);
                    }
                }
                systems.add(sys.withWatches(kept));
            }
            stages.add(st.withSystems(systems));
        }
        List<Edit> edits = new ArrayList<>();
        for (Edit e : s.edits()) {
            if (resources || !e.onResource()) {
                edits.add(e);
            }
        }
        Scenario narrowed;
        try {
            narrowed = new Scenario(s.name() + " (narrowed)", s.description(), s.entities(),
                    resources ? s.resources() : Map.of(), stages, s.pauses(), s.frames(), edits, s.startTick(), s.ordering(),
                    s.groups(), s.clockJumps(), s.layout(), s.ageJumps(), s.observeEverything(), s.padding()).validate();
        } catch (RuntimeException invalid) {
            return new Attempt(null, List.of("what is left once narrowed is not a valid scenario"));
        }
        List<String> still = contract.cannotExpress(narrowed);
        if (!still.isEmpty()) {
            return new Attempt(null, still);
        }
        if (narrowed.systems().stream().allMatch(x -> x.watches().isEmpty())) {
            return new Attempt(null, List.of("no watch is left once the watches the contract does not answer are taken out"));
        }
        return new Attempt(narrowed, List.of());
    }
}
