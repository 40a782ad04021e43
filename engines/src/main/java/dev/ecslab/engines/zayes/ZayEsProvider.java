package dev.ecslab.engines.zayes;

import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineContract.Feature;
import dev.ecslab.lab.engine.EngineProvider;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.EnumSet;
import java.util.Set;

/**
 * Zay-ES 1.4.0 as an engine under test: its change detection is the {@code EntitySet}, which on
 * {@code applyChanges()} sorts what it heard since the previous call into added, changed and removed entities. The
 * contract promises what Zay-ES's code does, each promise cited in {@link EngineContract#source()}; every instance is
 * a fresh {@code DefaultEntityData}.
 */
public final class ZayEsProvider implements EngineProvider {
    /** The contract's id on the lab's command line. */
    public static final String ID = "zay-es";

    /** Where the files it cites are: the Zay-ES repository at the release's tag. */
    private static final String AT = "jMonkeyEngine-Contributions/zay-es at tag v1.4.0, src/main/java/com/simsilica/es/";

    private static final String SOURCE = String.join(" ",
            "Filters: an EntitySet's applyChanges() fills getAddedEntities(), getChangedEntities() and"
                    + " getRemovedEntities() with what it heard since its previous call (" + AT + "EntitySet.java and "
                    + AT + "base/DefaultEntitySet.java); one set per watch, so each watch's window is its system's previous run:"
                    + " ADDED, MUTATED (changed), CHANGED (added or changed) and REMOVED, with a delay of 0 frames.",
            "Equal writes: DefaultEntityData.setComponent (" + AT + "base/DefaultEntityData.java)"
                    + " sends an EntityChange for every call, without comparing values, so a write of an equal value is"
                    + " a change.",
            "Own writes: an EntityChange names the entity and the component, never who made it, so a system is told of"
                    + " its own changes.",
            "Consequences the lab may weigh (DefaultEntitySet.Transaction.resolveChanges): changes are resolved per entity at"
                    + " applyChanges(), so a component added and removed in one window is neither added nor removed, one"
                    + " removed and added again is only changed, one added and changed is only added, and an entity"
                    + " removed twice is removed once.",
            "Sets: a watch over a set is one EntitySet over all its types (EntityData.getEntities(Class...), " + AT
                    + "EntityData.java), which holds the entities that have every one of them; applyChanges() reports an"
                    + " entity that comes to hold them all as added, one that stops as removed, and a change of any of its"
                    + " types as changed (" + AT + "base/DefaultEntitySet.java, entityChange): membership of the set.",
            "Features: structural changes, paused systems (a set keeps its queue until its next applyChanges()),"
                    + " looping stages and big worlds (" + AT + "base/DefaultEntityIdGenerator.java never reuses an id); no"
                    + " resources: Zay-ES has none.");

    private static final EngineContract CONTRACT = new EngineContract(ID, "Zay-ES 1.4.0", SOURCE,
            EnumSet.allOf(WatchKind.class), Set.of(), true, true, 0,
            EnumSet.of(Feature.COMMANDS, Feature.PAUSES, Feature.LOOPS, Feature.BIG_WORLDS, Feature.SETS),
            EngineContract.Coalescing.PER_WINDOW, EngineContract.SetSemantics.MEMBERSHIP);

    /** Found by the lab through {@code META-INF/services}. */
    public ZayEsProvider() {
    }

    @Override
    public EngineContract contract() {
        return CONTRACT;
    }

    @Override
    public Engine create() {
        return new ZayEsEngine();
    }
}
