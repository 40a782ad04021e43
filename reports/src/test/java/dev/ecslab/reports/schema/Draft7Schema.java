package dev.ecslab.reports.schema;

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
 * A draft-07 JSON schema kept in the test resources (each beside a README saying where it comes from), read once
 * and never fetched: the tests validate offline, and a schema that declared another dialect, or that referred to
 * a remote one, would not load. Format assertions ({@code uri}, {@code uri-reference}) are on.
 */
public final class Draft7Schema {
    private final Schema schema;

    /** The schema in the test resource {@code resource} (such as {@code /sarif/sarif-schema-2.1.0.json}). */
    public Draft7Schema(String resource) {
        SchemaRegistry registry = SchemaRegistry.withDialect(Dialects.getDraft7(), b -> b
                .schemaLoader(loader -> loader.fetchRemoteResources(false))
                .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
        try (InputStream in = Draft7Schema.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the test resources");
            }
            schema = registry.getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the schema finds wrong with {@code json} (a JSON text), one line each, starting with its place as a
     * JSON pointer ({@code /runs/0/results/0: required property 'message' not found}); empty when valid.
     */
    public List<String> violations(String json) {
        List<Error> errors = schema.validate(json, InputFormat.JSON);
        return errors.stream().map(e -> {
            String at = e.getInstanceLocation().toString();             // a JSON pointer; the root is ""
            return (at.isEmpty() ? "/" : at) + ": " + e.getMessage();
        }).toList();
    }
}
