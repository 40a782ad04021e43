package dev.ecslab.reports.ambiguity;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The SARIF 2.1.0 JSON schema of the OASIS SARIF committee, read from the test resources
 * ({@code sarif/sarif-schema-2.1.0.json}; its origin and license are in {@code sarif/README.md} beside it),
 * so that the tests check every SARIF log the lab writes against the standard, offline: nothing is fetched,
 * and the schema's draft-07 dialect is the only one the validator knows (a schema that declared another
 * would not load). Format assertions ({@code uri}, {@code uri-reference}) are on.
 */
public final class SarifSchema {
    private static final String RESOURCE = "/sarif/sarif-schema-2.1.0.json";
    private static final Schema SCHEMA = load();

    private SarifSchema() {
    }

    private static Schema load() {
        SchemaRegistry registry = SchemaRegistry.withDialect(Dialects.getDraft7(), b -> b
                .schemaLoader(loader -> loader.fetchRemoteResources(false))
                .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
        try (InputStream in = SarifSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the test resources");
            }
            return registry.getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the schema finds wrong with {@code sarif} (a JSON text), one line each, starting with its place as a
     * JSON pointer ({@code /runs/0/results/0: required property 'message' not found}); empty when valid.
     */
    public static List<String> violations(String sarif) {
        List<Error> errors = SCHEMA.validate(sarif, InputFormat.JSON);
        return errors.stream().map(e -> {
            String at = e.getInstanceLocation().toString();             // a JSON pointer; the root is ""
            return (at.isEmpty() ? "/" : at) + ": " + e.getMessage();
        }).toList();
    }

    /** Fails, naming every violation, unless {@code sarif} is a valid SARIF 2.1.0 log. */
    public static void assertValid(String sarif) {
        assertThat(violations(sarif)).as("violations of the SARIF 2.1.0 schema").isEmpty();
    }
}
