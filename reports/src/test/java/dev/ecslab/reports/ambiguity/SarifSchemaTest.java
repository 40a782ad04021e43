package dev.ecslab.reports.ambiguity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The schema check can fail: a log the standard requires more of is rejected, for the reason the standard
 * gives, so that a test that passes it has checked something.
 */
class SarifSchemaTest {
    private static final String RESULT = "{\"ruleId\": \"r\", \"message\": {\"text\": \"a finding\"}, \"locations\": [{"
            + "\"physicalLocation\": {\"artifactLocation\": {\"uri\": \"game.json\"}, \"region\": {\"startLine\": 3}}}]}";

    private static String log(String version, String result) {
        return "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\"," + version
                + " \"runs\": [{\"tool\": {\"driver\": {\"name\": \"ecslab\"}}, \"results\": [" + result + "]}]}";
    }

    @Test
    void aMinimalLogIsValid() {
        assertThat(SarifSchema.violations(log("\"version\": \"2.1.0\",", RESULT))).isEmpty();
    }

    @Test
    void aLogWithoutItsVersionIsRejected() {
        assertThat(SarifSchema.violations(log("", RESULT))).singleElement().asString()
                .isEqualTo("/: required property 'version' not found");
    }

    @Test
    void aResultWithoutAMessageIsRejected() {
        String noMessage = RESULT.replace("\"message\": {\"text\": \"a finding\"}, ", "");
        assertThat(SarifSchema.violations(log("\"version\": \"2.1.0\",", noMessage))).singleElement().asString()
                .isEqualTo("/runs/0/results/0: required property 'message' not found");
    }

    @Test
    void aVersionOtherThan210AndAnUnknownLevelAreRejected() {
        assertThat(SarifSchema.violations(log("\"version\": \"2.0.0\",", RESULT))).isNotEmpty();
        String badLevel = RESULT.replace("\"ruleId\": \"r\",", "\"ruleId\": \"r\", \"level\": \"fatal\",");
        assertThat(SarifSchema.violations(log("\"version\": \"2.1.0\",", badLevel))).singleElement().asString()
                .startsWith("/runs/0/results/0/level: ");
    }
}
