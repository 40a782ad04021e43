package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecslab.reports.schema.Draft7Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * {@code action.yml} is valid action metadata: it matches SchemaStore's schema of GitHub Action metadata
 * ({@code github-action.json}, in the test resources with its origin), which actionlint does not check (it lints
 * workflows). Each kind of broken copy (an unknown key, an input without a description, a run step without a shell,
 * another kind of action, a branding colour GitHub does not have) is rejected at the place it breaks. Needs no Node,
 * so it runs wherever the build does.
 */
class ActionMetadataSchemaTest {
    private static final Path ROOT = RepositoryRoot.find();
    private static final Draft7Schema ACTION_SCHEMA = new Draft7Schema("/github-action/github-action.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Breakages of {@code action.yml} that the schema of action metadata finds, with the place it must name. */
    static Stream<Arguments> schemaBreakages() {
        return Stream.of(
                Arguments.of("an unknown top-level key", "\nruns:\n", "\nnope: 1\nruns:\n", "/: property 'nope'"),
                Arguments.of("an input without a description", "  tries:\n    description: Random scenarios besides the"
                        + " catalogue (lab gate --tries).\n", "  tries:\n", "/inputs/tries: required property 'description'"),
                Arguments.of("a run step without a shell", "      shell: bash\n      run: echo \"hash=", "      run: echo \"hash=",
                        "/runs/steps/1"),
                Arguments.of("another kind of action", "  using: composite", "  using: compost", "/runs"),
                Arguments.of("a branding colour GitHub does not have", "  color: green", "  color: chartreuse",
                        "/branding/color"));
    }

    @Test
    void theActionMatchesTheMetadataSchema() throws IOException {
        assertThat(schemaViolations(Files.readString(ROOT.resolve("action.yml")))).as("action.yml against github-action.json")
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schemaBreakages")
    void eachBrokenActionMetadataIsRejectedByTheSchema(String what, String intact, String broken, String expected)
            throws IOException {
        String action = Files.readString(ROOT.resolve("action.yml"));
        assertThat(action).as("action.yml holds the text that %s breaks", what).contains(intact);
        assertThat(schemaViolations(action.replace(intact, broken))).as("the schema on action.yml with %s", what)
                .anySatisfy(v -> assertThat(v).contains(expected));
    }

    private static List<String> schemaViolations(String actionYaml) throws IOException {
        Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(actionYaml);
        return ACTION_SCHEMA.violations(JSON.writeValueAsString(tree));
    }
}
