package dev.ecslab.lab.run;

import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.trace.ChangeType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which entities are alive with which components, and which resources exist: the lab's own view
 * of presence, updated by setup and by every applied command in application order, so it knows
 * what a command did (an insert on a present component is a mutation, a despawn removes each
 * component) without asking the strategy under test.
 */
final class PresenceModel {
    final Map<String, Set<Data>> alive = new LinkedHashMap<>();
    final Set<Data> resources = new HashSet<>();

    void spawn(String label, Set<Data> components) {
        alive.put(label, new TreeSet<>(components));
    }

    /** Applies one command; returns its changes as {data, label, type}. */
    List<Object[]> apply(Edit e) {
        List<Object[]> out = new ArrayList<>();
        if (e.onResource()) {
            if (e.op() == EditOp.INSERT) {
                out.add(new Object[] {e.data(), null, resources.add(e.data()) ? ChangeType.ADDED : ChangeType.MUTATED});
            } else if (resources.remove(e.data())) {
                out.add(new Object[] {e.data(), null, ChangeType.REMOVED});
            }
            return out;
        }
        Set<Data> has = alive.get(e.entity());
        switch (e.op()) {
            case SPAWN -> {
                spawn(e.entity(), Set.of(e.data()));
                out.add(new Object[] {e.data(), e.entity(), ChangeType.ADDED});
            }
            case INSERT -> {
                if (has != null) {
                    out.add(new Object[] {e.data(), e.entity(), has.add(e.data()) ? ChangeType.ADDED : ChangeType.MUTATED});
                }
            }
            case REMOVE -> {
                if (has != null && has.remove(e.data())) {
                    out.add(new Object[] {e.data(), e.entity(), ChangeType.REMOVED});
                }
            }
            case DESPAWN -> {
                if (has != null) {
                    alive.remove(e.entity());
                    for (Data d : has) {
                        out.add(new Object[] {d, e.entity(), ChangeType.REMOVED});
                    }
                }
            }
            default -> throw new IllegalStateException(e.op().toString());
        }
        return out;
    }
}
