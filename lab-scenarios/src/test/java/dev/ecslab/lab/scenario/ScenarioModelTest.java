package dev.ecslab.lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioModel.Run;
import dev.ecslab.lab.scenario.ScenarioModel.Sync;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The lab's own model of a scenario ({@link ScenarioModel}) computes, from the scenario's data alone,
 * the runs a schedule must make (pausing and looping stages included), the order in which command
 * buffers are applied at each sync point (declaration order for unordered issuers, constraint order
 * otherwise, also under the insertion-order policy) and the end state; it refuses, by the edit's path,
 * a command that follows a despawn of its entity in the same sync point, and a before/after cycle by
 * its members. Each expectation is written by hand here and, where the ECS can run the scenario, also
 * compared with what the real ECS did: for 200 generated scenarios without racy pairs, the model's end
 * state is the end state of a real {@code generation}/{@code serial} run.
 */
class ScenarioModelTest {
    static final ClassLoader LOADER = ScenarioModelTest.class.getClassLoader();

    static Trace runReal(Scenario s, String executor, long seed) {
        return ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of(executor),
                seed));
    }

    /** The runs a real trace made, as the model's records, in start order. */
    static Set<Run> runsOf(Trace t) {
        Set<Run> out = new LinkedHashSet<>();
        for (RunRecord r : t.runs()) {
            out.add(new Run(r.system(), r.stage(), r.frame(), r.iteration()));
        }
        return out;
    }

    // ------------------------------------------------------------------ expected runs

    @Test
    void aPausedSystemRunsOnlyInTheFramesItsPatternAllowsAndAlwaysInTheQuietTail() {
        Scenario s = Scenario.builder("pausing")
                .entity("e0", Data.A, 0)
                .pauses("p", "10")
                .stage("update", st -> st
                        .system("always", x -> x.watch(Data.A, WatchKind.CHANGED))
                        .system("sometimes", x -> x.pausedBy("p").watch(Data.A, WatchKind.CHANGED)))
                .frames(3)
                .build();
        ScenarioModel m = ScenarioModel.of(s);
        // frames 0..2 follow "10" repeated (runs in 0 and 2); frames 3 and 4 are the quiet tail
        assertThat(m.runs()).containsExactly(
                new Run("always", "update", 0, 0), new Run("sometimes", "update", 0, 0),
                new Run("always", "update", 1, 0),
                new Run("always", "update", 2, 0), new Run("sometimes", "update", 2, 0),
                new Run("always", "update", 3, 0), new Run("sometimes", "update", 3, 0),
                new Run("always", "update", 4, 0), new Run("sometimes", "update", 4, 0));
        for (String executor : List.of("serial", "dynamic")) {
            assertThat(runsOf(runReal(s, executor, 3))).as("the runs the ECS made under " + executor)
                    .containsExactlyInAnyOrderElementsOf(m.runs());
        }
    }

    @Test
    void aLoopingStageRunsAllItsIterationsOnlyInFramesWhereSomeOfItsSystemsRun() {
        Scenario s = Scenario.builder("looping")
                .entity("e0", Data.A, 0)
                .pauses("fixed", "10")
                .pauses("nap", "01")
                .loopingStage("fixed", 3, st -> st
                        .system("stepper", x -> x.pausedBy("fixed").writes(Data.A).before("watcher"))
                        .system("watcher", x -> x.pausedBy("fixed").watch(Data.A, WatchKind.CHANGED)))
                .loopingStage("mixed", 2, st -> st
                        .system("steady", x -> x.watch(Data.A, WatchKind.CHANGED))
                        .system("napper", x -> x.pausedBy("nap").watch(Data.A, WatchKind.ADDED)))
                .frames(2)
                .build();
        ScenarioModel m = ScenarioModel.of(s);
        List<Run> expected = new ArrayList<>();
        for (int frame = 0; frame < 4; frame++) {
            boolean fixedRuns = frame != 1;                  // "10": paused in frame 1; frames 2 and 3 are quiet
            for (int it = 0; fixedRuns && it < 3; it++) {
                expected.add(new Run("stepper", "fixed", frame, it));
                expected.add(new Run("watcher", "fixed", frame, it));
            }
            boolean napperRuns = frame != 0;                 // "01": paused in frame 0 only
            for (int it = 0; it < 2; it++) {                 // steady always runs, so the stage always loops
                expected.add(new Run("steady", "mixed", frame, it));
                if (napperRuns) {
                    expected.add(new Run("napper", "mixed", frame, it));
                }
            }
        }
        assertThat(m.runs()).containsExactlyElementsOf(expected);
        assertThat(m.runs()).as("no iteration of the fixed stage in the frame where all its systems are paused")
                .noneMatch(r -> r.stage().equals("fixed") && r.frame() == 1);
        for (String executor : List.of("serial", "staged", "dynamic")) {
            assertThat(runsOf(runReal(s, executor, 5))).as("the runs the ECS made under " + executor)
                    .containsExactlyInAnyOrderElementsOf(m.runs());
        }
    }

    // ------------------------------------------------------------------ command order

    @Test
    void unorderedIssuersApplyTheirCommandsInDeclarationOrder() {
        Scenario s = Scenario.builder("unordered issuers")
                .entity("e0", Data.A, 0)
                .entity("e1", Data.A, 0)
                .stage("update", st -> st
                        .system("zeta", x -> { })
                        .system("quiet", x -> { })
                        .system("alpha", x -> { }))
                .frames(2)
                .command(0, "zeta", EditOp.INSERT, "e0", Data.B, 1)
                .command(0, "alpha", EditOp.INSERT, "e1", Data.B, 2)
                .command(1, "alpha", EditOp.INSERT, "e1", Data.S, 3)
                .build();
        Map<Sync, List<String>> order = ScenarioModel.of(s).commandOrder();
        assertThat(order).containsExactly(
                Map.entry(new Sync(0, "update", 0), List.of("zeta", "alpha")),      // declared order, not by name
                Map.entry(new Sync(1, "update", 0), List.of("alpha")));             // a system with no command is absent
        assertThat(commandEvents(runReal(s, "dynamic", 11))).isEqualTo(order);
    }

    @Test
    void orderedIssuersApplyTheirCommandsInConstraintOrder() {
        Scenario s = Scenario.builder("ordered issuers")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st
                        .system("zeta", x -> { })
                        .system("mid", x -> x.before("zeta"))
                        .system("alpha", x -> x.before("mid")))
                .frames(1)
                .command(0, "zeta", EditOp.INSERT, "e0", Data.B, 1)
                .command(0, "mid", EditOp.INSERT, "e0", Data.B, 2)
                .command(0, "alpha", EditOp.INSERT, "e0", Data.B, 3)
                .build();
        ScenarioModel m = ScenarioModel.of(s);
        assertThat(m.commandOrder()).containsExactly(Map.entry(new Sync(0, "update", 0), List.of("alpha", "mid", "zeta")));
        assertThat(m.finalState()).containsExactly("e0: A(0) B(1)");          // zeta's insert is applied last
        Trace real = runReal(s, "dynamic", 4);
        assertThat(commandEvents(real)).isEqualTo(m.commandOrder());
        assertThat(real.finalState()).isEqualTo(m.finalState());
    }

    @Test
    void underInsertionOrderConflictingIssuersAreOrderedAlongTheStableTopologicalOrder() {
        // c3 must run before c1 (declared); c1 and c2 conflict on A. The stable order of the declared
        // constraints is c2, c3, c1, so the implicit edge is c2 -> c1 (not c1 -> c2 by declaration index).
        Scenario s = Scenario.builder("insertion order issuers")
                .entity("e0", Data.A, 0)
                .insertionOrder()
                .stage("update", st -> st
                        .system("c1", x -> x.writes(Data.A))
                        .system("c2", x -> x.writes(Data.A))
                        .system("c3", x -> x.before("c1")))
                .frames(1)
                .set(0, "c1", "e0", Data.A, 1)
                .set(0, "c2", "e0", Data.A, 2)
                .command(0, "c1", EditOp.INSERT, "e0", Data.B, 1)
                .command(0, "c2", EditOp.INSERT, "e0", Data.B, 2)
                .command(0, "c3", EditOp.INSERT, "e0", Data.B, 3)
                .build();
        boolean[][] edges = ScenarioAccess.edges(s, s.stages().get(0));
        assertThat(edges[1][0]).as("implicit edge c2 -> c1").isTrue();
        assertThat(edges[0][1]).as("no edge c1 -> c2").isFalse();
        assertThat(ScenarioAccess.racyPairs(s)).isEmpty();
        ScenarioModel m = ScenarioModel.of(s);
        assertThat(m.commandOrder()).containsExactly(Map.entry(new Sync(0, "update", 0), List.of("c2", "c3", "c1")));
        assertThat(m.finalState()).containsExactly("e0: A(1) B(1)");          // c1 writes and inserts last

        Scenario explicit = s.withOrdering(Scenario.Ordering.EXPLICIT);
        assertThat(ScenarioAccess.edges(explicit, explicit.stages().get(0))[1][0]).as("no implicit edge when explicit")
                .isFalse();
        assertThat(ScenarioAccess.racyPairs(explicit)).containsExactly("update: c1 | c2");

        for (String executor : List.of("serial", "staged", "dynamic")) {
            for (long seed = 1; seed <= 3; seed++) {
                Trace real = runReal(s, executor, seed);
                assertThat(commandEvents(real)).as(executor + " seed " + seed).isEqualTo(m.commandOrder());
                assertThat(real.finalState()).as(executor + " seed " + seed).isEqualTo(m.finalState());
            }
        }
    }

    /** The buffers the runner says it applied, per sync point, in its order. */
    static Map<Sync, List<String>> commandEvents(Trace t) {
        Map<Sync, List<String>> out = new java.util.LinkedHashMap<>();
        for (Trace.Event e : t.events()) {
            if (e.kind().equals("commands")) {
                out.computeIfAbsent(new Sync(e.frame(), e.stage(), e.iteration()), k -> new ArrayList<>()).add(e.system());
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ end state

    @Test
    void theEndStateOfASmallScenarioIsTheOneComputedByHand() {
        Scenario s = Scenario.builder("by hand")
                .entity("e0", Data.A, 0)
                .entity("e1", Data.B, 0)
                .entity("e2", Map.of(Data.A, 4, Data.S, 4))
                .resource(Data.R, 0)
                .stage("update", st -> st
                        .system("writer", x -> x.writes(Data.A, Data.R).before("issuer"))
                        .system("issuer", x -> { })
                        .system("filtered", x -> x.writes(Data.A).without(Data.S).after("issuer")))
                .frames(2)
                // frame 0: e0.A = 5, R = 2; e1 gets A = 3; n0 spawns with S = 1; the filtered writer skips e2 (it has S)
                .set(0, "writer", "e0", Data.A, 5)
                .setResource(0, "writer", Data.R, 2)
                .command(0, "issuer", EditOp.INSERT, "e1", Data.A, 3)
                .command(0, "issuer", EditOp.SPAWN, "n0", Data.S, 1)
                .set(0, "filtered", "e2", Data.A, 99)
                // frame 1: e0.A = 9 and then e0 is despawned; e1 loses B; Q is inserted; e1.A = 7 through the filter
                .set(1, "writer", "e0", Data.A, 9)
                .command(1, "issuer", EditOp.DESPAWN, "e0", null, 0)
                .command(1, "issuer", EditOp.REMOVE, "e1", Data.B, 0)
                .command(1, "issuer", EditOp.INSERT, null, Data.Q, 4)
                .set(1, "filtered", "e1", Data.A, 7)
                .build();
        List<String> byHand = List.of("e1: A(7)", "e2: A(4) S(4)", "n0: S(1)", "resource R(2)", "resource Q(4)");
        assertThat(ScenarioModel.of(s).finalState()).containsExactlyElementsOf(byHand);
        for (String executor : List.of("serial", "dynamic")) {
            Trace real = runReal(s, executor, 2);
            assertThat(real.crashed()).as(real.errors() + " " + real.crashes()).isFalse();
            assertThat(real.finalState()).as("the ECS under " + executor).containsExactlyElementsOf(byHand);
        }
    }

    // ------------------------------------------------------------------ refusals

    @Test
    void aCommandThatFollowsADespawnOfItsEntityInTheSameSyncPointIsRefusedByPath() {
        ScenarioBuilder b = Scenario.builder("insert after despawn")
                .entity("e0", Data.A, 0)
                .entity("e1", Data.A, 0)
                .stage("update", st -> st
                        .system("killer", x -> x.before("adder"))
                        .system("adder", x -> { }))
                .frames(2)
                .command(0, "killer", EditOp.DESPAWN, "e0", null, 0)     // edits[0]
                .command(0, "adder", EditOp.INSERT, "e1", Data.B, 1)     // edits[1]: another entity, fine
                .command(0, "adder", EditOp.INSERT, "e0", Data.B, 1);    // edits[2]: applied after e0's despawn
        assertThatThrownBy(b::build)
                .isInstanceOfSatisfying(ScenarioException.class, e -> assertThat(e.path()).isEqualTo("edits[2]"))
                .hasMessageStartingWith("the scenario (edits[2]): ")
                .hasMessageContaining("adder's insert command on e0")
                .hasMessageContaining("killer's despawn of e0 (edits[0]) is applied before it");

        // The same commands with the despawn applied last are fine: the insert lands, then e0 goes.
        Scenario fine = Scenario.builder("insert before despawn")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st
                        .system("adder", x -> x.before("killer"))
                        .system("killer", x -> { }))
                .frames(1)
                .command(0, "killer", EditOp.DESPAWN, "e0", null, 0)
                .command(0, "adder", EditOp.INSERT, "e0", Data.B, 1)
                .build();
        assertThat(ScenarioModel.of(fine).finalState()).isEmpty();
        assertThat(ScenarioModel.of(fine).commandOrder()).containsExactly(
                Map.entry(new Sync(0, "update", 0), List.of("adder", "killer")));
    }

    @Test
    void aBeforeAfterCycleIsRefusedNamingItsMembersInOrder() {
        ScenarioBuilder b = Scenario.builder("cycle")
                .entity("e0", Data.A, 0)
                .stage("setup", st -> st.system("free", x -> { }))
                .stage("update", st -> st
                        .system("a", x -> x.before("b"))
                        .system("b", x -> x.before("c"))
                        .system("c", x -> x.after("free2").before("a"))
                        .system("free2", x -> { }))
                .frames(1);
        assertThatThrownBy(b::build)
                .isInstanceOfSatisfying(ScenarioException.class, e -> assertThat(e.path()).isEqualTo("stages[1]"))
                .hasMessageContaining("stage 'update' form a cycle: a -> b -> c -> a");

        Scenario acyclic = Scenario.builder("no cycle")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st
                        .system("a", x -> x.before("b"))
                        .system("b", x -> x.before("c"))
                        .system("c", x -> { }))
                .frames(1)
                .build();
        assertThat(ScenarioAccess.declaredCycle(acyclic.stages().get(0))).isNull();
    }

    // ------------------------------------------------------------------ the model against the ECS

    @Test
    void onTwoHundredGeneratedScenariosWithoutRacyPairsTheModelEndsWhereTheEcsEnds() {
        int compared = 0;
        int structural = 0;
        List<String> mismatches = new ArrayList<>();
        for (long seed = 0; compared < 200; seed++) {
            assertThat(seed).as("seeds needed to find 200 scenarios without racy pairs").isLessThan(20_000);
            Scenario s = ScenarioGenerator.generate("model #" + seed, Choices.seeded(seed));
            if (!ScenarioAccess.racyPairs(s).isEmpty()) {
                continue;
            }
            compared++;
            if (s.edits().stream().anyMatch(e -> e.op() == EditOp.SPAWN || e.op() == EditOp.DESPAWN)) {
                structural++;
            }
            Trace real = runReal(s, "serial", seed);
            assertThat(real.crashed()).as(s.name() + ": " + real.errors() + " " + real.crashes()).isFalse();
            List<String> model = ScenarioModel.of(s).finalState();
            if (!model.equals(real.finalState())) {
                mismatches.add(s.name() + ": model " + model + ", ECS " + real.finalState() + "\n"
                        + ScenarioJson.write(s));
            }
        }
        System.out.println("ScenarioModelTest: compared " + compared + " generated scenarios without racy pairs ("
                + structural + " with spawns or despawns)");
        assertThat(structural).as("the comparison must include spawns and despawns").isPositive();
        assertThat(mismatches).as("scenarios where the model and the ECS end in different states").isEmpty();
    }

    @Test
    void theModelsStateAfterEveryFrameIsTheRealWorldsUnderEveryExecutor() {
        Scenario s = dev.ecslab.lab.catalogue.Catalogue.changesMadeByCommands(dev.ecslab.lab.catalogue.Catalogue.Target.COMPONENT);
        List<List<String>> model = ScenarioModel.withFrameStates(s).frameStates();
        assertThat(model).hasSize(s.totalFrames());
        assertThat(model.get(model.size() - 1)).isEqualTo(ScenarioModel.of(s).finalState());
        assertThat(model.get(0)).as("the insert is applied at frame 0's sync point").isNotEqualTo(
                ScenarioModel.withFrameStates(s.with(s.entities(), s.stages(), s.frames(), List.of())).frameStates().get(0));
        for (String executor : List.of("serial", "staged", "dynamic")) {
            List<List<String>> real = new ArrayList<>();
            Trace t = ScenarioRunner.runRecordingStates(s, new LabConfig(TrackerSubject.find("generation", LOADER),
                    ExecutorSubject.of(executor), 3), (frame, state) -> real.add(state));
            assertThat(real).as(executor).isEqualTo(model);
            assertThat(t.finalState()).isEqualTo(model.get(model.size() - 1));
        }
    }
}
