package dev.ecslab.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The example session of {@code docs/engine-protocol.md} is what the reference driver answers, line by line (the
 * contract's {@code source}, shortened to {@code "..."} on the page, aside), so the page cannot drift from the
 * driver the lab judges correct.
 */
class EngineProtocolDocTest {
    @Test
    void theExampleSessionIsWhatTheReferenceDriverAnswers() throws IOException, InterruptedException {
        String page = Files.readString(ProcessEngineTest.root().resolve("docs/engine-protocol.md"));
        int start = page.indexOf("```text\n> ");
        assertThat(start).as("the page has an example session").isNotNegative();
        String session = page.substring(start + "```text\n".length(), page.indexOf("```", start + 3));
        List<String> requests = new ArrayList<>();
        List<String> answers = new ArrayList<>();
        for (String line : session.split("\n")) {
            (line.startsWith("> ") ? requests : answers).add(line.substring(2));
        }
        assertThat(answers).hasSameSizeAs(requests);

        Process driver = new ProcessBuilder(ProcessEngineTest.referenceDriver()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream in = driver.getOutputStream()) {
            in.write((String.join("\n", requests) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        List<String> got;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8))) {
            got = out.lines().toList();
        } finally {
            assertThat(driver.waitFor(10, TimeUnit.SECONDS)).as("the driver exits after close").isTrue();
        }
        assertThat(got).hasSameSizeAs(answers);
        for (int i = 0; i < got.size(); i++) {
            assertThat(shortened(got.get(i))).as("answer " + (i + 1)).isEqualTo(ScenarioJson.MAPPER.readTree(answers.get(i)));
        }
    }

    /** The answer as the page shows it: a contract's source is shortened to "...". */
    static JsonNode shortened(String answer) throws IOException {
        JsonNode a = ScenarioJson.MAPPER.readTree(answer);
        if (a.get("contract") instanceof ObjectNode c) {
            c.put("source", "...");
        }
        return a;
    }
}
