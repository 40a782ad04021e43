package dev.ecslab.reports.ambiguity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.schema.Draft7Schema;
import java.util.List;

/**
 * The SARIF 2.1.0 JSON schema of the OASIS SARIF committee, read from the test resources
 * ({@code sarif/sarif-schema-2.1.0.json}; its origin and license are in {@code sarif/README.md} beside it),
 * so that the tests check every SARIF log the lab writes against the standard, offline: nothing is fetched,
 * and the schema's draft-07 dialect is the only one the validator knows (a schema that declared another
 * would not load). Format assertions ({@code uri}, {@code uri-reference}) are on.
 */
public final class SarifSchema {
    private static final Draft7Schema SCHEMA = new Draft7Schema("/sarif/sarif-schema-2.1.0.json");

    private SarifSchema() {
    }

    /**
     * What the schema finds wrong with {@code sarif} (a JSON text), one line each, starting with its place as a
     * JSON pointer ({@code /runs/0/results/0: required property 'message' not found}); empty when valid.
     */
    public static List<String> violations(String sarif) {
        return SCHEMA.violations(sarif);
    }

    /** Fails, naming every violation, unless {@code sarif} is a valid SARIF 2.1.0 log. */
    public static void assertValid(String sarif) {
        assertThat(violations(sarif)).as("violations of the SARIF 2.1.0 schema").isEmpty();
    }
}
