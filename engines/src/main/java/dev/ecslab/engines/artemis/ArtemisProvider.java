package dev.ecslab.engines.artemis;

import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineContract.Feature;
import dev.ecslab.lab.engine.EngineProvider;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.EnumSet;
import java.util.Set;

/**
 * artemis-odb 2.3.0 as an engine under test: its change detection is the entity subscription of an aspect, which
 * tells its listeners which entities it inserted and removed. The contract promises what artemis documents and
 * its code does, each promise cited in {@link EngineContract#source()}; every instance is a fresh world.
 */
public final class ArtemisProvider implements EngineProvider {
    /** The contract's id on the lab's command line. */
    public static final String ID = "artemis-odb";

    /** Where the files it cites are: the artemis-odb repository at the release's tag. */
    private static final String AT = "junkdog/artemis-odb at tag artemis-odb-2.3.0, artemis-core/artemis/src/main/java/com/artemis/";

    private static final String SOURCE = String.join(" ",
            "Filters: an EntitySubscription of Aspect.all(component) tells its SubscriptionListener the entities it"
                    + " inserted and removed (" + AT + "EntitySubscription.java), so ADDED and REMOVED; components are"
                    + " plain mutable objects with no change tracking (" + AT + "ComponentMapper.java hands out the"
                    + " instance itself), so no MUTATED or CHANGED.",
            "When: edits are batched (" + AT + "BatchChangeProcessor.java) and subscriptions informed in"
                    + " updateEntityStates(), which " + AT + "InvocationStrategy.java calls before every system and after"
                    + " the last; World.process() (" + AT + "World.java) then purges deleted entities, whose ids"
                    + " " + AT + "EntityManager.java recycles. The adapter calls updateEntityStates() at the start of"
                    + " each lab run (through its own SystemInvocationStrategy) and World.process() at the end of each"
                    + " frame, as a world whose systems were the lab's would: every change is announced before the"
                    + " observer's next run, so a delay of 0 frames.",
            "Consequences the lab may weigh: a batch is diffed as compositions, so adding and removing a component (or"
                    + " removing and re-adding it) between two runs announces nothing, as the documentation of"
                    + " EntitySubscription.SubscriptionListener says. An Added answer names each entity once, and only"
                    + " while it still has the component (an insertion announced before a later removal is stale, and"
                    + " EntitySubscription's documentation asks users to access entities defensively).",
            "Sets: a watch over a set subscribes to Aspect.all of every component of it (" + AT + "Aspect.java), so"
                    + " ADDED is an entity entering the aspect (gaining its last missing component) and REMOVED one leaving"
                    + " it: membership of the set.",
            "Own writes: a subscription does not know which system made an edit, so a system is told of its own.",
            "Equal writes: no mutation filter, so nothing to count; the adapter writes the value in place.",
            "Features: structural changes, paused systems (a listener's buffer keeps what came while its system did"
                    + " not run), looping stages and big worlds (ids recycled after each frame's purge); no"
                    + " resources: artemis has none.");

    private static final EngineContract CONTRACT = new EngineContract(ID, "artemis-odb 2.3.0", SOURCE,
            EnumSet.of(WatchKind.ADDED, WatchKind.REMOVED), Set.of(), true, false, 0,
            EnumSet.of(Feature.COMMANDS, Feature.PAUSES, Feature.LOOPS, Feature.BIG_WORLDS, Feature.SETS),
            EngineContract.Coalescing.PER_RUN, EngineContract.SetSemantics.MEMBERSHIP);

    /** Found by the lab through {@code META-INF/services}. */
    public ArtemisProvider() {
    }

    @Override
    public EngineContract contract() {
        return CONTRACT;
    }

    @Override
    public Engine create() {
        return new ArtemisEngine();
    }
}
