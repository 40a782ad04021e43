package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Why a scenario is left out names what stopped it once narrowed, not what narrowing took away. */
class NarrowedTest {
    static final EngineContract NO_RESOURCES = new EngineContract("membership", "membership only", "a test contract",
            EnumSet.of(WatchKind.ADDED, WatchKind.REMOVED), EnumSet.noneOf(WatchKind.class), true, true, 0,
            EnumSet.of(EngineContract.Feature.COMMANDS, EngineContract.Feature.LOOPS, EngineContract.Feature.BIG_WORLDS));

    static Scenario named(String name) {
        return Catalogue.all().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aScenarioWhoseOnlyWatchesAreOnResourcesIsLeftOutForHavingNoWatchLeft() {
        Scenario s = named("Clock jumps past the wrap [resource]");
        assertTrue(NO_RESOURCES.cannotExpress(s).contains("it uses resources"), NO_RESOURCES.cannotExpress(s).toString());
        assertTrue(Narrowed.to(NO_RESOURCES, s).isEmpty());
        assertEquals(List.of("it pauses systems"), Narrowed.whyLeftOut(NO_RESOURCES, s),
                "pauses cannot be narrowed away; resources can");
        EngineContract pauses = new EngineContract("m", "m", "t", NO_RESOURCES.components(), NO_RESOURCES.resources(), true,
                true, 0, EnumSet.of(EngineContract.Feature.COMMANDS, EngineContract.Feature.PAUSES));
        assertEquals(List.of("no watch is left once the watches the contract does not answer are taken out"),
                Narrowed.whyLeftOut(pauses, s));
    }

    @Test
    void aScenarioThatRunsHasNoReason() {
        Scenario s = named("Basic [component]");
        assertEquals(List.of(), Narrowed.whyLeftOut(ReferenceEngine.CONTRACT, s));
    }
}
