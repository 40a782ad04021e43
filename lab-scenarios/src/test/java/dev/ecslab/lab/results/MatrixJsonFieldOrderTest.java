package dev.ecslab.lab.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.scenario.ScenarioJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * matrix.json's bytes are a function of the results alone: an object's fields come in the order the codec gives, not
 * in a map's iteration order ({@code Map.of} iterates in an order drawn anew by each JVM, so two runs of one campaign
 * could write two different files).
 */
class MatrixJsonFieldOrderTest {

    @Test
    void missesPastTheHorizonAreWrittenRunsChangesFirst() throws Exception {
        Map<String, Object> past = MatrixJson.pastHorizon(new HorizonTally(2, 3, new First<>(0, 0, "the first miss")));
        assertThat(List.copyOf(past.keySet())).containsExactly("runs", "changes", "first");
        String json = ScenarioJson.MAPPER.writeValueAsString(past).replaceAll("\\s+", "");
        assertThat(json).isEqualTo("{\"runs\":2,\"changes\":3,\"first\":\"thefirstmiss\"}");
    }

    @Test
    void nothingPastTheHorizonWritesNoObject() {
        assertThat(MatrixJson.pastHorizon(HorizonTally.NONE)).isNull();
    }
}
