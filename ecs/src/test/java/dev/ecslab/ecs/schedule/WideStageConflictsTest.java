package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stage whose contested data need more than one 64-bit word per row (more than 64 resources here). The
 * compiled conflict matrix must still equal {@code Access.conflictsWith} for every pair: data only one
 * system touches (here OnlyX, OnlyY) never makes two systems conflict.
 */
class WideStageConflictsTest {
    static String schedule(int pairs) {
        List<String> systems = new ArrayList<>();
        systems.add("{\"name\": \"x\", \"access\": {\"queries\": [{\"write\": [\"OnlyX\"]}]}}");
        systems.add("{\"name\": \"y\", \"access\": {\"queries\": [{\"read\": [\"OnlyY\"]}]}}");
        for (int i = 0; i < pairs; i++) {
            systems.add("{\"name\": \"w" + i + "\", \"access\": {\"writeResources\": [\"R" + i + "\"]}}");
            systems.add("{\"name\": \"r" + i + "\", \"access\": {\"readResources\": [\"R" + i + "\"]}}");
        }
        return "{\"ambiguity\": \"IGNORE\", \"stages\": [{\"name\": \"update\", \"systems\": [" + String.join(",\n", systems)
                + "]}]}";
    }

    static void conflictsEqualPairwiseAccess(int pairs) {
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(schedule(pairs)), "wide.json");
        CompiledStage stage = loaded.compile().stages().get(0);
        for (int i = 0; i < stage.size(); i++) {
            for (int j = 0; j < stage.size(); j++) {
                boolean expected = i != j && stage.system(i).access().conflictsWith(stage.system(j).access());
                assertThat(stage.conflicts(i).get(j)).as(pairs + " pairs: " + stage.system(i).name() + " / "
                        + stage.system(j).name()).isEqualTo(expected);
            }
        }
    }

    @Test
    void theWordFormAndThePairwiseFallbackGiveTheSameConflicts() {
        conflictsEqualPairwiseAccess(10);          // 10 contested resources: the word form
        conflictsEqualPairwiseAccess(65);          // 65: more than a word holds, the pairwise fallback
    }
}
