package dev.ecslab.lab.campaign;

import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.PauseSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Random whole scenarios from {@link Choices}: a world of 1 to 6 entities over {@code A}, {@code B},
 * {@code S} and the resources; 2 to 12 systems in one or two stages (sometimes looping) with random
 * roles (writers, detectors, command issuers), kinds (some exclusive, some main-thread), accesses,
 * filters, constraints (some pairs left ambiguous) and pause patterns, under the explicit or (sometimes)
 * the insertion-order policy; 1 to 5 frames of edits, including archetype moves, re-inserts,
 * despawns, spawns and resource inserts and removals through commands.
 *
 * <p>Every draw of 0 is the simplest choice, so shrinking the choices shrinks the scenario. The
 * result always validates. Structural edits on one entity in one frame come from one system only,
 * so no command can fail at its sync point (two systems despawning one entity would).
 */
public final class ScenarioGenerator {
    private static final Data[] COMPONENTS = {Data.A, Data.B, Data.S};
    private static final Data[] ALL = Data.values();

    private ScenarioGenerator() {
    }

    public static Scenario generate(String name, Choices c) {
        int entityCount = 1 + c.below(6);
        List<EntitySpec> entities = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < entityCount; i++) {
            Map<Data, Integer> comps = new EnumMap<>(Data.class);
            for (Data d : COMPONENTS) {
                if (c.maybe(d == Data.A ? 70 : 40)) {
                    comps.put(d, c.below(3));
                }
            }
            if (comps.isEmpty()) {
                comps.put(Data.A, 0);
            }
            entities.add(new EntitySpec("e" + i, comps));
            labels.add("e" + i);
        }
        Map<Data, Integer> resources = new EnumMap<>(Data.class);
        if (c.maybe(60)) {
            resources.put(Data.R, c.below(3));
        }
        if (c.maybe(30)) {
            resources.put(Data.Q, c.below(3));
        }

        Scenario.Ordering ordering = c.maybe(15) ? Scenario.Ordering.INSERTION_ORDER : Scenario.Ordering.EXPLICIT;
        int stageCount = 1 + c.below(2);
        int[] iterations = new int[stageCount];
        for (int s = 0; s < stageCount; s++) {
            iterations[s] = c.maybe(10) ? 2 : 1;
        }
        int systemCount = 2 + c.below(11);
        List<Draft> drafts = new ArrayList<>();
        List<PauseSpec> pauses = new ArrayList<>();
        for (int i = 0; i < systemCount; i++) {
            Draft d = new Draft("s" + i, c.below(stageCount));
            for (Data data : ALL) {
                if (c.maybe(25)) {
                    d.writes.add(data);
                }
            }
            if (i == 0 || c.maybe(45)) {                          // the first system always detects something
                int watched = 1 + c.below(2);
                for (int k = 0; k < watched; k++) {
                    Data data = ALL[c.below(ALL.length)];
                    if (c.maybe(30)) {
                        for (WatchKind kind : WatchKind.values()) {
                            d.addWatch(new Watch(data, kind));
                        }
                    } else {
                        d.addWatch(new Watch(data, WatchKind.values()[c.below(4)]));
                    }
                }
            }
            boolean watchesOwnWrite = d.watches.stream().anyMatch(w -> d.writes.contains(w.data()));
            if (!watchesOwnWrite && d.writes.stream().anyMatch(x -> !x.isResource())) {
                if (c.maybe(15)) {
                    d.with.add(COMPONENTS[c.below(3)]);
                }
                if (c.maybe(15)) {
                    Data w = COMPONENTS[c.below(3)];
                    if (!d.with.contains(w) && !d.writes.contains(w)) {
                        d.without.add(w);
                    }
                }
            }
            if (c.maybe(12)) {
                d.kind = c.maybe(50) ? SystemSpec.Kind.EXCLUSIVE : SystemSpec.Kind.MAIN_THREAD;
            }
            if (c.maybe(12)) {
                String set = "p" + pauses.size();
                StringBuilder pattern = new StringBuilder();
                int len = 2 + c.below(3);
                for (int f = 0; f < len; f++) {
                    pattern.append(c.maybe(60) ? '1' : '0');
                }
                pauses.add(new PauseSpec(set, pattern.toString()));
                d.pauseSet = set;
            }
            for (Draft earlier : drafts) {                        // edges only from earlier to later: no cycles
                if (earlier.stage == d.stage) {
                    if (c.maybe(30)) {
                        if (c.maybe(50)) {
                            d.after.add(earlier.name);
                        } else {
                            earlier.before.add(d.name);
                        }
                    } else if (c.maybe(4)) {
                        d.ambiguousWith.add(earlier.name);
                    }
                }
            }
            drafts.add(d);
        }

        int frames = 1 + c.below(5);
        List<Edit> edits = new ArrayList<>();
        int spawned = 0;
        for (int f = 0; f < frames; f++) {
            Map<String, String> structuralOwner = new HashMap<>();
            for (Draft d : drafts) {
                int count = c.below(4);
                for (int k = 0; k < count; k++) {
                    int iteration = c.below(iterations[d.stage]);
                    Edit e = edit(c, d, f, iteration, labels, structuralOwner, spawned);
                    if (e == null) {
                        continue;
                    }
                    if (e.op() == EditOp.SPAWN) {
                        spawned++;
                        labels.add(e.entity());
                    }
                    edits.add(e);
                }
            }
        }

        Map<Integer, List<SystemSpec>> byStage = new LinkedHashMap<>();
        for (int s = 0; s < stageCount; s++) {
            byStage.put(s, new ArrayList<>());
        }
        for (Draft d : drafts) {
            byStage.get(d.stage).add(d.spec());
        }
        List<StageSpec> stages = new ArrayList<>();
        for (int s = 0; s < stageCount; s++) {
            if (!byStage.get(s).isEmpty()) {
                stages.add(new StageSpec("stage" + s, iterations[s], byStage.get(s)));
            }
        }
        List<PauseSpec> used = new ArrayList<>(pauses);
        return new Scenario(name, "generated", entities, resources, stages, used, frames, edits, null, ordering).validate();
    }

    private static Edit edit(Choices c, Draft d, int frame, int iteration, List<String> labels,
            Map<String, String> structuralOwner, int spawned) {
        int kind = c.below(6);
        List<Data> writable = new ArrayList<>(d.writes);
        if (kind <= 1 && !writable.isEmpty()) {                 // a direct write
            Data data = writable.get(c.below(writable.size()));
            EditOp op = kind == 0 ? EditOp.SET : EditOp.SET_IF_CHANGED;
            String entity = data.isResource() ? null : labels.get(c.below(labels.size()));
            return new Edit(frame, iteration, d.name, op, entity, data, c.below(3));
        }
        if (kind == 5 || (kind <= 1 && c.maybe(30))) {         // a resource command
            Data data = c.maybe(50) ? Data.Q : Data.R;
            return new Edit(frame, iteration, d.name, c.maybe(50) ? EditOp.REMOVE : EditOp.INSERT, null, data, c.below(3));
        }
        if (kind == 4) {
            return new Edit(frame, iteration, d.name, EditOp.SPAWN, "n" + spawned, COMPONENTS[c.below(3)], c.below(3));
        }
        if (kind <= 1) {
            return null;
        }
        String entity = labels.get(c.below(labels.size()));
        String owner = structuralOwner.putIfAbsent(entity, d.name);
        if (owner != null && !owner.equals(d.name)) {
            return null;                                        // one structural owner per entity per frame
        }
        EditOp op = kind == 2 ? EditOp.INSERT : c.maybe(25) ? EditOp.DESPAWN : EditOp.REMOVE;
        return new Edit(frame, iteration, d.name, op, entity, op == EditOp.DESPAWN ? null : COMPONENTS[c.below(3)], c.below(3));
    }

    /** A system while its edges are still being drawn. */
    private static final class Draft {
        final String name;
        final int stage;
        final Set<Data> writes = EnumSet.noneOf(Data.class);
        final Set<Data> with = EnumSet.noneOf(Data.class);
        final Set<Data> without = EnumSet.noneOf(Data.class);
        final List<Watch> watches = new ArrayList<>();
        final List<String> before = new ArrayList<>();
        final List<String> after = new ArrayList<>();
        final List<String> ambiguousWith = new ArrayList<>();
        String pauseSet;
        SystemSpec.Kind kind = SystemSpec.Kind.NORMAL;

        Draft(String name, int stage) {
            this.name = name;
            this.stage = stage;
        }

        void addWatch(Watch w) {
            if (!watches.contains(w)) {
                watches.add(w);
            }
        }

        SystemSpec spec() {
            return new SystemSpec(name, writes, with, without, watches, before, after, ambiguousWith, pauseSet, kind);
        }
    }
}
