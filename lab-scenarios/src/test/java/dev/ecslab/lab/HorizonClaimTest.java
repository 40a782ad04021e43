package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.change.Horizon;
import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A claim may carry a horizon ({@link Horizon}): the lab holds the strategy to it for readers away no
 * longer than it covers and reports, without gating, what happens past it. A strategy whose history
 * expires after 64 frames is exact when it claims a horizon of 64 frames, and is caught when it claims
 * 200 (or nothing): the lab's absences go past both. A horizon is recorded in every trace, so a replay
 * judges the same claim.
 */
class HorizonClaimTest {
    static TrackerSubject expiresAfter64(Horizon claimed) {
        TrackerSubject m = Mutants.trackers().stream().filter(t -> t.subject().id().equals("mutant:expires-after-64-frames"))
                .findFirst().orElseThrow().subject();
        return new TrackerSubject("expires-after-64 claiming " + claimed.describe(), m.flavor(), ClaimedClass.EXACT,
                m.description(), m.factory(), 0, null, claimed);
    }

    @Test
    void withinItsHorizonTheClaimHoldsAndPastItTheLabReports() {
        Matrix m = new Lab(LabOptions.defaults().withMemory(false).withCampaignSeed(7_000)).run(
                List.of(expiresAfter64(Horizon.ofFrames(64)), expiresAfter64(Horizon.ofFrames(200))),
                List.of(ExecutorSubject.of("serial")), Catalogue.all());
        assertThat(m.rows().get(0).measured()).as("claims 64 frames: exact within them").isEqualTo(MeasuredClass.EXACT);
        assertThat(m.rows().get(1).measured()).as("claims 200 frames: absences of 100 catch it")
                .isNotEqualTo(MeasuredClass.EXACT);
        assertThat(m.rows().get(0).pastHorizon().runs()).as("the matrix counts the runs that missed past the horizon")
                .isPositive();
        assertThat(m.rows().get(0).pastHorizon().changes()).isGreaterThanOrEqualTo(m.rows().get(0).pastHorizon().runs());
        assertThat(m.rows().get(0).pastHorizon().describe()).contains("missed past the claimed horizon")
                .contains("never reported").contains("a reader away at most 64 frame(s)");

        int past = 0;
        for (long seed = 7_000; seed < 7_200 && past == 0; seed++) {
            var s = ScenarioGenerator.generate("h" + seed, Choices.seeded(seed));
            if (s.clockJumps().stream().noneMatch(j -> j.idleFrames() > 64)) {
                continue;
            }
            Trace t = ScenarioRunner.run(s, new LabConfig(expiresAfter64(Horizon.ofFrames(64)), ExecutorSubject.of("serial"), 1));
            Outcome o = Judge.judge(s, t);
            assertThat(o.violations()).as("scenario seed " + seed).isEmpty();
            past += (int) o.findings().stream().filter(f -> f.type() == FindingType.PAST_HORIZON).count();
            assertThat(ScenarioJson.MAPPER.convertValue(ScenarioJson.MAPPER.valueToTree(t.config()), Trace.Config.class)
                    .claimedHorizon()).isEqualTo(Horizon.ofFrames(64));
        }
        assertThat(past).as("some change went unreported past the horizon, and was reported as such").isPositive();
    }

    @Test
    void theBuiltInsDeclareWhatTheirCodeDoes() {
        assertThat(ChangeTrackerProvider.find("generation").claimedHorizon(dev.ecslab.ecs.change.ChangeFlavor.DEFAULT))
                .isEqualTo(Horizon.ofRemovals(512));
        assertThat(ChangeTrackerProvider.find("system-data").claimedHorizon(dev.ecslab.ecs.change.ChangeFlavor.DEFAULT))
                .isEqualTo(Horizon.UNBOUNDED);
        assertThat(Horizon.ofFrames(64).covers(64, Long.MAX_VALUE, Long.MAX_VALUE)).isTrue();
        assertThat(Horizon.ofFrames(64).covers(65, 0, 0)).isFalse();
        assertThat(Horizon.ofRemovals(512).describe()).isEqualTo("a reader away while at most 512 removal(s) of one component happen");
    }
}
