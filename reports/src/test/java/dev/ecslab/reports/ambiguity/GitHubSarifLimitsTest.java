package dev.ecslab.reports.ambiguity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The check of GitHub's limits can fail: a log past one of them is named for it, a log within all passes. */
class GitHubSarifLimitsTest {
    private static final String RULE = "{\"id\": \"r\", \"name\": \"R\", \"shortDescription\": {\"text\": \"short\"},"
            + " \"fullDescription\": {\"text\": \"full\"}, \"help\": {\"text\": \"help\"}}";

    private static String result(String message, int related) {
        List<String> locations = new ArrayList<>();
        for (int i = 1; i <= related; i++) {
            locations.add("{\"id\": " + i + ", \"physicalLocation\": {\"artifactLocation\": {\"uri\": \"g.json\"}}}");
        }
        return "{\"ruleId\": \"r\", \"message\": {\"text\": \"" + message + "\"}, \"locations\": [{\"physicalLocation\":"
                + " {\"artifactLocation\": {\"uri\": \"g.json\"}, \"region\": {\"startLine\": 1}}}], \"relatedLocations\": ["
                + String.join(", ", locations) + "], \"partialFingerprints\": {\"k\": \"v\"}}";
    }

    private static String log(String rule, List<String> results) {
        return "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\", \"runs\": [{\"tool\":"
                + " {\"driver\": {\"name\": \"ecslab\", \"rules\": [" + rule + "]}}, \"results\": [" + String.join(", ", results)
                + "]}]}";
    }

    @Test
    void aLogWithinEveryLimitPasses() {
        GitHubSarifLimits ok = GitHubSarifLimits.of(log(RULE, List.of(result("see [a](1) and [b\\\\[0\\\\]](2)", 2))));
        assertThat(ok.violations()).isEmpty();
        assertThat(ok.results()).isOne();
        assertThat(ok.maxLocations()).isEqualTo(3);
        SarifSchema.assertValid(log(RULE, List.of(result("see [a](1)", 1))));
    }

    @Test
    void eachLimitPastIsNamed() {
        assertThat(GitHubSarifLimits.of(log(RULE, Collections.nCopies(25_001, result("x", 0)))).violations())
                .containsExactly("25001 results in a run, at most 25000");
        assertThat(GitHubSarifLimits.of(log(RULE, List.of(result("x", 1000)))).violations()).singleElement().asString()
                .endsWith(": 1001 locations, at most 1000");
        assertThat(GitHubSarifLimits.of(log(RULE.replace("\"R\"", "\"" + "R".repeat(256) + "\""), List.of())).violations())
                .containsExactly("rule r: name over 255 characters");
        assertThat(GitHubSarifLimits.of(log(RULE.replace("\"full\"", "\"" + "f".repeat(1025) + "\""), List.of())).violations())
                .containsExactly("rule r: fullDescription.text of 1025 characters");
        assertThat(GitHubSarifLimits.of(log(RULE, List.of(result("see [a](2)", 1)))).violations()).singleElement().asString()
                .endsWith("the message links to location 2, which it does not have");
        assertThat(GitHubSarifLimits.of(log(RULE, List.of(result("x", 0).replace(", \"partialFingerprints\": {\"k\": \"v\"}",
                "")))).violations()).singleElement().asString().endsWith(": no partialFingerprints");
    }
}
