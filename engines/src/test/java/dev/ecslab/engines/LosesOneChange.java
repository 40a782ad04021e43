package dev.ecslab.engines;

import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineWorld;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A mutant of a real engine that loses one net change in a run and reports everything else as the engine does. The
 * change it loses survives every fold (it is in the engine's own answer, which already is net), so the lab must find
 * it under the contract the engine declares: a fold that excused it would make criterion 1 a check that cannot fail.
 */
final class LosesOneChange extends ForwardingEngine {
    /** Which change the mutant loses. */
    enum Loss {
        /** The first entity named in a Removed answer after it was despawned is left out of that answer. */
        A_DESPAWNED_ENTITYS_REMOVAL,
        /** The first Added answer that names an entity is answered empty. */
        THE_FIRST_ADDITION_REPORTED
    }

    private final Loss loss;
    private final Map<String, List<String>> kinds = new HashMap<>();
    private final Set<String> despawned = new HashSet<>();
    /** The entity whose change was lost, or null while none was. */
    private String lost;

    LosesOneChange(Engine real, Loss loss) {
        super(real);
        this.loss = loss;
    }

    /** The entity whose change this instance lost, or null when it found none to lose. */
    String lost() {
        return lost;
    }

    @Override
    public void open(EngineWorld world) throws Exception {
        for (EngineWorld.SystemDecl s : world.systems()) {
            kinds.put(s.name(), s.watches().stream().map(EngineWorld.WatchDecl::kind).toList());
        }
        super.open(world);
    }

    @Override
    public void spawn(String entity, Map<String, Integer> components) throws Exception {
        despawned.remove(entity);
        super.spawn(entity, components);
    }

    @Override
    public void despawn(String entity) throws Exception {
        despawned.add(entity);
        super.despawn(entity);
    }

    @Override
    public List<String> report(String system, int watch) throws Exception {
        List<String> answer = super.report(system, watch);
        if (lost != null || answer.isEmpty()) {
            return answer;
        }
        String kind = kinds.get(system).get(watch);
        if (loss == Loss.THE_FIRST_ADDITION_REPORTED && kind.equals("ADDED")) {
            lost = answer.get(0);
            return List.of();
        }
        if (loss == Loss.A_DESPAWNED_ENTITYS_REMOVAL && kind.equals("REMOVED")) {
            for (String entity : answer) {
                if (despawned.contains(entity)) {
                    lost = entity;
                    List<String> rest = new ArrayList<>(answer);
                    rest.remove(entity);
                    return rest;
                }
            }
        }
        return answer;
    }
}
