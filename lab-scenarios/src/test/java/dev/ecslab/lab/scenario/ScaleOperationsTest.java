package dev.ecslab.lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.Ticks;
import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.oracle.DetectionOracle;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The scenario operations that reach scale and time: groups (bulk spawns labelled {@code g0#i}),
 * bulk edits over every k-th member, bulk spawns through commands, clock jumps, and parallel watches.
 * The model, the JSON form (errors by line), the runner on the real ECS, the oracle's expiration rule
 * and the shrinker each handle them.
 */
class ScaleOperationsTest {
    static final ClassLoader LOADER = ScaleOperationsTest.class.getClassLoader();

    static Trace run(Scenario s, String strategy, String executor) {
        return ScenarioRunner.run(s, new LabConfig(TrackerSubject.find(strategy, LOADER), ExecutorSubject.of(executor), 3));
    }

    /** 40 members in one table; writes every 16th from #15, moves every 3rd by command, spawns 20 through commands. */
    static Scenario bulk() {
        return Scenario.builder("bulk")
                .group("g0", 40, Map.of(Data.A, 0))
                .stage("update", st -> st.system("w", w -> w.writes(Data.A).before("d"))
                        .system("d", d -> d.watchAll(Data.A).watchAll(Data.B).watchParallel(Data.A, WatchKind.CHANGED)))
                .frames(2)
                .bulk(0, 0, "w", EditOp.SET, "g0", Data.A, 7, 15, 16, 2)
                .bulk(0, 0, "w", EditOp.INSERT, "g0", Data.B, 1, 0, 3, 14)
                .bulk(1, 0, "w", EditOp.SPAWN, "n0", Data.A, 5, 0, 1, 20)
                .bulk(1, 0, "w", EditOp.DESPAWN, "g0", null, 0, 1, 10, 4)
                .set(1, "w", "n0#3", Data.A, 9)                  // a member of the spawn above, before it is applied
                .build();
    }

    @Test
    void theModelExpandsBulkEditsMemberByMember() {
        List<String> state = ScenarioModel.of(bulk()).finalState();
        assertThat(state).hasSize(40 - 4 + 20);
        assertThat(state).contains("g0#15: A(7) B(1)", "g0#0: A(0) B(1)", "g0#3: A(0) B(1)", "g0#2: A(0)", "n0#0: A(5)",
                "n0#19: A(5)");
        assertThat(state).as("despawned: every 10th from #1 (#31 was written first)").noneMatch(l -> l.startsWith("g0#1:")
                || l.startsWith("g0#11:") || l.startsWith("g0#21:") || l.startsWith("g0#31:"));
        assertThat(state).as("the write of n0#3 runs before its spawn is applied: skipped").contains("n0#3: A(5)");
    }

    @Test
    void theRealEcsEndsWhereTheModelDoesAndTheExactStrategiesPass() {
        Scenario s = bulk();
        for (String strategy : List.of("generation", "system-data")) {
            for (String executor : List.of("serial", "staged", "dynamic")) {
                Trace t = run(s, strategy, executor);
                Outcome o = Judge.judge(s, t);
                assertThat(o.violations()).as(strategy + "/" + executor).isEmpty();
                assertThat(t.finalState()).isEqualTo(ScenarioModel.of(s).finalState());
                long bulkAdds = t.changes().stream().filter(c -> c.data() == Data.B && c.cause().contains("insert")).count();
                assertThat(bulkAdds).as("one change per moved member").isEqualTo(14);
            }
        }
    }

    @Test
    void aParallelWatchReportsWhatTheOrdinaryWatchReports() {
        Trace t = run(bulk(), "generation", "dynamic");
        Watch parallel = new Watch(Data.A, WatchKind.CHANGED, true);
        Watch ordinary = new Watch(Data.A, WatchKind.CHANGED);
        List<List<String>> p = new ArrayList<>();
        List<List<String>> o = new ArrayList<>();
        for (Detection d : t.detections()) {
            List<String> sorted = d.reported().stream().sorted().toList();
            if (d.watch().equals(parallel)) {
                p.add(sorted);
            } else if (d.watch().equals(ordinary)) {
                o.add(sorted);
            }
        }
        assertThat(p).isNotEmpty().isEqualTo(o);
        assertThat(p.get(0)).hasSize(40);
    }

    @Test
    void bulkEditsAndGroupsRoundTripThroughJsonAndLeaveOutTheirZeros() {
        Scenario s = bulk();
        String json = ScenarioJson.write(s);
        assertThat(ScenarioJson.read(json, "bulk.json")).isEqualTo(s);
        assertThat(json).contains("\"groups\"").doesNotContain("\"clockJumps\"");
        assertThat(ScenarioJson.write(Scenario.builder("plain").entity("e0", Data.A, 0)
                .stage("u", st -> st.system("d", d -> d.watch(Data.A, WatchKind.ADDED))).build()))
                .doesNotContain("\"groups\"").doesNotContain("\"every\"").doesNotContain("\"parallel\"");
    }

    static final String GROUPED = """
            {
              "name": "grouped",
              "groups": [ { "label": "g0", "count": 20, "components": { "A": 0 } } ],
              "stages": [ { "name": "update", "systems": [
                  { "name": "w", "writes": ["A"] },
                  { "name": "d", "watches": [ { "data": "A", "kind": "CHANGED", "parallel": true } ] } ] } ],
              "frames": 2,
              "clockJumps": [ { "beforeFrame": 1, "ticks": 2147483648 } ],
              "edits": [
                { "frame": 0, "system": "w", "op": "SET", "entity": "g0", "data": "A", "value": 1, "from": 3, "every": 5, "count": 4 },
                { "frame": 1, "system": "w", "op": "SET", "entity": "g0#19", "data": "A", "value": 2 } ]
            }
            """;

    @Test
    void aHandWrittenGroupedScenarioReads() {
        Scenario s = ScenarioJson.read(GROUPED, "grouped.json");
        assertThat(s.initialEntityCount()).isEqualTo(20);
        assertThat(s.edits().get(0).targets()).containsExactly("g0#3", "g0#8", "g0#13", "g0#18");
        assertThat(s.jumpBefore(1)).isEqualTo(1L << 31);
    }

    @Test
    void badGroupsBulkEditsAndJumpsNameTheirLine() {
        assertThatThrownBy(() -> ScenarioJson.read(GROUPED.replace("\"from\": 3, \"every\": 5", "\"from\": 5, \"every\": 5"),
                "grouped.json")).isInstanceOf(ScenarioException.class).hasMessageContaining("grouped.json (line 10, ")
                .hasMessageContaining("edits[0].count").hasMessageContaining("member #20 of 'g0', which has 20");
        assertThatThrownBy(() -> ScenarioJson.read(GROUPED.replace("\"g0#19\"", "\"g0#20\""), "grouped.json"))
                .hasMessageContaining("grouped.json (line 11, ").hasMessageContaining("unknown entity 'g0#20'");
        assertThatThrownBy(() -> ScenarioJson.read(GROUPED.replace("\"count\": 20", "\"count\": 0"), "grouped.json"))
                .hasMessageContaining("grouped.json (line 3, ").hasMessageContaining("groups[0].count");
        assertThatThrownBy(() -> ScenarioJson.read(GROUPED.replace("\"beforeFrame\": 1", "\"beforeFrame\": 4"), "grouped.json"))
                .hasMessageContaining("grouped.json (line 8, ").hasMessageContaining("clockJumps[0].beforeFrame");
        assertThatThrownBy(() -> ScenarioJson.read(GROUPED.replace("2147483648", String.valueOf(ClockJump.MAX_AGE - 5)),
                "grouped.json")).hasMessageContaining("within 2^24 below the maximum change age");
        assertThatThrownBy(() -> ScenarioJson.read(GROUPED.replace("\"kind\": \"CHANGED\", \"parallel\"",
                "\"kind\": \"REMOVED\", \"parallel\""), "grouped.json")).hasMessageContaining("grouped.json (line 6, ")
                .hasMessageContaining("stages[0].systems[1].watches[0].parallel");
        assertThatThrownBy(() -> ScenarioJson.read(GROUPED.replace("\"label\": \"g0\"", "\"label\": \"g#0\""), "grouped.json"))
                .hasMessageContaining("groups[0].label");
    }

    @Test
    void theLabsMaximumAgeIsTheEcsOne() {
        assertThat(ClockJump.MAX_AGE).isEqualTo(Ticks.MAX_AGE);
        assertThat(ClockJump.CHECK_THRESHOLD).isEqualTo(Ticks.CHECK_THRESHOLD);
    }

    /**
     * The detector runs before the writer; jumps of MAX_AGE + 2^24 before frame 1 and 2^31 before frames 2
     * and 3. The frame-0 write is older than the maximum age at the detector's next run: generation
     * (Bevy's clamping) does not report it, system-data does, and both are judged exact; the frame-1
     * write is not expired and must be reported.
     */
    static Scenario expiring() {
        return Scenario.builder("expiring")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st.system("d", d -> d.watchAll(Data.A).before("w")).system("w", w -> w.writes(Data.A)))
                .frames(3)
                .set(0, "w", "e0", Data.A, 1)
                .set(1, "w", "e0", Data.A, 2)
                .clockJump(1, ClockJump.MAX_AGE + ClockJump.MARGIN)
                .clockJump(2, 1L << 31)
                .clockJump(3, 1L << 31)
                .build();
    }

    @Test
    void anExpiredChangeMayBeReportedOnTimeOrNeverAndBothExactStrategiesPass() {
        Scenario s = expiring();
        Trace gen = run(s, "generation", "serial");
        Trace sys = run(s, "system-data", "serial");
        assertThat(Judge.judge(s, gen).violations()).isEmpty();
        assertThat(Judge.judge(s, sys).violations()).isEmpty();
        ChangeRecord old = gen.changes().stream().filter(c -> c.frame() == 0 && c.author().equals("w")).findFirst().orElseThrow();
        List<Obligation> genObligations = DetectionOracle.judge(s, gen).obligations();
        assertThat(genObligations).as("generation: expired, no obligation").noneMatch(o -> o.change().id() == old.id());
        List<Obligation> sysObligations = DetectionOracle.judge(s, sys).obligations();
        assertThat(sysObligations).as("system-data: reported on time").anyMatch(o -> o.change().frame() == 0
                && o.change().author().equals("w") && o.onTime());
        assertThat(genObligations).as("the frame-1 write is not expired").anyMatch(o -> o.change().frame() == 1 && o.onTime());
    }

    /**
     * Found by CampaignMatrixTest: a claim that allows a frame of delay may report an expired change a
     * frame late ({@code last-tick} reports the setup's additions in frame 1, after a jump past the
     * maximum age before frame 0); a report later than the claim allows would still be spurious.
     */
    @Test
    void anExpiredChangeMayBeReportedAsLateAsTheClaimAllows() {
        Scenario s = Scenario.builder("expired before frame 0")
                .entity("e2", Map.of(Data.A, 2, Data.B, 2))
                .stage("update", st -> st.system("d", d -> d.watch(Data.B, WatchKind.CHANGED)))
                .clockJump(0, ClockJump.MAX_AGE + (1L << 25))
                .build();
        Trace lastTick = run(s, "last-tick", "serial");
        assertThat(lastTick.config().delayFrames()).isEqualTo(1);
        assertThat(Judge.judge(s, lastTick).violations()).isEmpty();
        Trace onTimeClaim = new Trace(lastTick.scenario(), new Trace.Config(lastTick.config().strategy(),
                lastTick.config().flavor(), lastTick.config().executor(), lastTick.config().seed(), lastTick.config().threads(),
                0, lastTick.config().plugins()), lastTick.runs(), lastTick.changes(), lastTick.detections(), lastTick.memory(),
                lastTick.finalState(), lastTick.errors(), lastTick.events(), lastTick.crashes());
        assertThat(Judge.judge(s, onTimeClaim).violations()).as("the same answers under a claim of no delay")
                .anyMatch(v -> v.criterion() == Criterion.AT_MOST_ONCE && v.message().contains("no other system changed"));
    }

    @Test
    void aStrategyThatNeverClampsIsCaughtOnTheSameScenario() {
        Scenario s = expiring();
        TrackerSubject neverClamps = dev.ecslab.lab.mutant.Mutants.trackers().stream()
                .filter(m -> m.subject().id().equals("mutant:never-clamps")).findFirst().orElseThrow().subject();
        Trace t = ScenarioRunner.run(s, new LabConfig(neverClamps, ExecutorSubject.of("serial"), 1));
        Outcome o = Judge.judge(s, t);
        assertThat(o.violations()).as("the expired write comes back once the clock has lapped it")
                .anyMatch(v -> v.criterion() == Criterion.AT_MOST_ONCE);
    }

    @Test
    void theShrinkerHalvesGroupsAndBulkEditsAndDropsJumps() {
        Scenario big = Scenario.builder("big")
                .group("g0", 3000, Map.of(Data.A, 0))
                .entity("e0", Data.B, 0)
                .stage("update", st -> st.system("w", w -> w.writes(Data.A).before("d")).system("d", d -> d.watch(Data.A,
                        WatchKind.CHANGED)))
                .frames(2)
                .bulk(0, 0, "w", EditOp.SET, "g0", Data.A, 1, 0, 7, 400)
                .clockJump(1, 1L << 32)
                .build();
        // "fails" while some edit writes member #1 001 or later: the shrinker must keep exactly that much
        Scenario small = new Shrinker(c -> c.edits().stream().flatMap(e -> e.targets().stream())
                .anyMatch(l -> l.startsWith("g0#") && Integer.parseInt(l.substring(3)) >= 1001), 400).shrink(big);
        assertThat(small.clockJumps()).isEmpty();
        assertThat(small.entities()).isEmpty();
        assertThat(small.groups()).hasSize(1);
        assertThat(small.groups().get(0).count()).isBetween(1002, 2048);
        assertThat(small.edits()).hasSize(1);
        assertThat(small.edits().get(0).targets()).hasSize(1);
        assertThat(Shrinker.size(small)).isLessThan(Shrinker.size(big) / 2);
    }
}
