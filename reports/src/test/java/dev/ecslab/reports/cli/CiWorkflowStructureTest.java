package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The CI definitions that run the lab hold together: every GitHub workflow of the repository and the GitLab
 * and Jenkins examples of {@code docs/ci.md} pass {@link CiWorkflowCheck} against the real command line. A CI
 * file only runs on the CI server, weeks after a rename of an option; this test fails at build time instead.
 *
 * <p>The second half proves the check can fail: a small sample workflow, broken in one way at a time (a
 * misspelt option, an unknown command, a wrong shard count, a merge without {@code needs}, an unpinned action
 * and more), must each give a problem naming what is broken that the intact sample does not give.
 */
class CiWorkflowStructureTest {
    private static final Path ROOT = RepositoryRoot.find();
    private static final String ACTION = read("action.yml");
    private static final CiWorkflowCheck CHECK = new CiWorkflowCheck(() -> new CommandLine(new LabMain()), ACTION);

    private static String read(String file) {
        try {
            return Files.readString(ROOT.resolve(file));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void everyWorkflowParsesAndHoldsTogether() throws IOException {
        List<Path> workflows;
        try (Stream<Path> files = Files.list(ROOT.resolve(".github/workflows"))) {
            workflows = files.filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(workflows).as("workflows in %s", ROOT.resolve(".github/workflows"))
                .contains(ROOT.resolve(".github/workflows/lab-campaign.yml"), ROOT.resolve(".github/workflows/ci.yml"));
        List<String> problems = new ArrayList<>();
        for (Path f : workflows) {
            String name = ROOT.relativize(f).toString();
            String text = Files.readString(f);
            problems.addAll(name.endsWith("lab-campaign.yml") ? CHECK.campaignWorkflow(name, text)
                    : CHECK.githubWorkflow(name, text));
        }
        assertThat(problems).as("problems in the GitHub workflows").isEmpty();
    }

    @Test
    void theActionHoldsTogether() {
        assertThat(CHECK.action("action.yml", ACTION)).as("problems in action.yml").isEmpty();
    }

    static Stream<Arguments> brokenActions() {
        return Stream.of(
                Arguments.of("an input read but not declared", "SEED: ${{ inputs.seed }}", "SEED: ${{ inputs.sead }}",
                        "reads inputs.sead, which is not declared"),
                Arguments.of("an input declared but never read", "        SEED: ${{ inputs.seed }}\n", "",
                        "input 'seed' is declared but never read"),
                Arguments.of("an input without a description", "  tries:\n    description: Random scenarios besides the"
                        + " catalogue (lab gate --tries).\n", "  tries:\n", "input 'tries' has no description"),
                Arguments.of("an input without a default", "    default: '200'\n", "",
                        "input 'tries' has no default and is not required"),
                Arguments.of("a misspelt option added to the command", "lab_args+=(--expect \"$EXPECT\")",
                        "lab_args+=(--expekt \"$EXPECT\")", "lab gate has no option '--expekt'"),
                Arguments.of("an option without its value", "lab_args+=(--jobs \"$JOBS\")", "lab_args+=(--jobs)",
                        "lab gate --jobs needs a value"),
                Arguments.of("a misspelt option in the command's start", "--progress never)", "--progres never)",
                        "lab gate has no option '--progres'"),
                Arguments.of("a misspelt option where the command runs", "\"${lab_args[@]}\" --format sarif",
                        "\"${lab_args[@]}\" --formt sarif", "has no option '--formt'"),
                Arguments.of("an option of another command", "lab_args+=(--strict)", "lab_args+=(--strategy)",
                        "lab ambiguities has no option '--strategy'"),
                Arguments.of("a variable the step does not set", "--time-budget \"$TIME_BUDGET\"",
                        "--time-budget \"$TIME_BUDGT\"", "reads $TIME_BUDGT, which neither the step's env nor the script sets"),
                Arguments.of("a step output of no step", "LAB_JAR: ${{ steps.build.outputs.jar }}",
                        "LAB_JAR: ${{ steps.bild.outputs.jar }}", "no earlier step has id 'bild'"),
                Arguments.of("a step output the step never writes", "echo \"jar=$GITHUB_ACTION_PATH",
                        "echo \"jarfile=$GITHUB_ACTION_PATH", "which step 'build' never writes"),
                Arguments.of("an output of no step", "value: ${{ steps.lab.outputs.exit-code }}",
                        "value: ${{ steps.labb.outputs.exit-code }}", "output 'exit-code': reads steps.labb.outputs.exit-code"),
                Arguments.of("an unpinned action", "uses: actions/cache@v4", "uses: actions/cache@main",
                        "uses actions/cache@main is not pinned"),
                Arguments.of("a run step without a shell", "      shell: bash\n      run: echo \"hash=",
                        "      run: echo \"hash=", "needs shell:"),
                Arguments.of("not a composite action", "using: composite", "using: node20", "not composite"),
                Arguments.of("a key given twice", "  command:\n", "  command:\n    required: false\n",
                        "action.yml: not valid YAML"));
    }

    @ParameterizedTest(name = "{0}: {3}")
    @MethodSource("brokenActions")
    void eachBrokenActionIsReported(String what, String intact, String broken, String expected) {
        assertThat(ACTION).as("action.yml holds the text that %s breaks", what).contains(intact);
        List<String> problems = newProblems(CHECK.action("action.yml", ACTION),
                CHECK.action("action.yml", ACTION.replace(intact, broken)));
        assertThat(problems).as("new problems of action.yml with %s", what).anySatisfy(p -> assertThat(p).contains(expected));
    }

    @Test
    void aWorkflowGivingTheActionAnInputItDoesNotHaveIsReported() {
        String ci = read(".github/workflows/ci.yml");
        assertThat(ci).contains("          tries: '50'\n");
        assertThat(newProblems(CHECK.githubWorkflow("ci.yml", ci), CHECK.githubWorkflow("ci.yml",
                ci.replace("          tries: '50'\n", "          trys: '50'\n"))))
                .anySatisfy(p -> assertThat(p).contains("step 'Gate a built-in strategy': input 'trys' is not an input of"
                        + " action.yml"));
    }

    @Test
    void aJavaJarCommandIsParsedAsTheLabsCommandLine() {
        String workflow = """
                on: push
                jobs:
                  gate:
                    runs-on: ubuntu-latest
                    timeout-minutes: 10
                    steps:
                      - run: java -Xmx1g -jar reports/target/ecslab-lab.jar gate --strategy generation --executor dynamic
                """;
        assertThat(CHECK.githubWorkflow("jar.yml", workflow)).isEmpty();
        assertThat(CHECK.githubWorkflow("jar.yml", workflow.replace("--executor", "--executr")))
                .anySatisfy(p -> assertThat(p).contains("java -jar reports/target/ecslab-lab.jar gate").contains("--executr"));
    }

    @Test
    void theCommandsOfTheReadmeAndTheCommandLinePageParse() {
        assertThat(CHECK.pageCommands("README.md", read("README.md"))).isEmpty();
        assertThat(read("README.md")).contains("java -jar ecslab-lab.jar gate");
        String broken = "```\njava -jar ecslab-lab.jar gate --strategy generation --executr dynamic\n```\n";
        assertThat(CHECK.pageCommands("page.md", broken)).singleElement().asString()
                .startsWith("page.md: java -jar ecslab-lab.jar gate").contains("--executr");
        assertThat(CHECK.pageCommands("page.md", "```\necho no lab here\n```\n"))
                .containsExactly("page.md: no lab command in a code block");
    }

    @Test
    void theCiPageExamplesRunCommandsTheLabTakes() throws IOException {
        assertThat(CHECK.page("docs/ci.md", Files.readString(ROOT.resolve("docs/ci.md"))))
                .as("problems in the examples of docs/ci.md").isEmpty();
    }

    // ------------------------------------------------------------------------------ the check can fail

    /** A small workflow with a shard job, a merge job and a JCStress job, as lab-campaign.yml has. */
    static final String SAMPLE = """
            name: sample
            on:
              workflow_dispatch:
                inputs:
                  tries: {type: number, default: 100}
            jobs:
              campaign:
                runs-on: ubuntu-latest
                timeout-minutes: 30
                strategy:
                  fail-fast: false
                  matrix:
                    shard: [1, 2, 3, 4]
                steps:
                  - uses: actions/checkout@v4
                  - name: shard
                    run: |
                      ./lab gate --strategy generation --executor dynamic --tries ${{ inputs.tries }} \\
                        --jobs 2 --shard ${{ matrix.shard }}/4 --time-budget 20m \\
                        --out out/shard-${{ matrix.shard }} --progress never
                  - uses: actions/upload-artifact@v4
                    with:
                      name: shard-${{ matrix.shard }}
                      path: out/shard-${{ matrix.shard }}
                      if-no-files-found: error
              jcstress:
                strategy:
                  matrix:
                    runner: [ubuntu-latest, ubuntu-24.04-arm]
                runs-on: ${{ matrix.runner }}
                timeout-minutes: 60
                steps:
                  - uses: actions/checkout@v4
                  - name: stress
                    run: ./lab stress quick
                  - uses: actions/upload-artifact@v4
                    if: ${{ !cancelled() }}
                    with:
                      name: jcstress-${{ matrix.runner }}
                      path: jcstress-tests/target/jcstress-results
              merge:
                needs: campaign
                runs-on: ubuntu-latest
                timeout-minutes: 10
                steps:
                  - uses: actions/checkout@v4
                  - uses: actions/download-artifact@v4
                    with:
                      pattern: shard-*
                      path: out
                  - name: merge
                    run: ./lab merge out/* --out merged --junit merged/junit.xml --annotations github
            """;

    static Stream<Arguments> brokenWorkflows() {
        return Stream.of(
                Arguments.of("a misspelt option", "--shard ${{ matrix.shard }}/4", "--shrad ${{ matrix.shard }}/4",
                        "job 'campaign', step 'shard': ./lab gate"),
                Arguments.of("a misspelt option", "--shard ${{ matrix.shard }}/4", "--shrad ${{ matrix.shard }}/4",
                        "--shrad"),
                Arguments.of("an unknown command", "./lab stress quick", "./lab stres quick", "stres"),
                Arguments.of("a JCStress mode that does not exist", "./lab stress quick", "./lab stress quik",
                        "unknown JCStress mode 'quik'"),
                Arguments.of("a missing required option", "--strategy generation --executor dynamic",
                        "--strategy generation", "--executor"),
                Arguments.of("N not the matrix size", "${{ matrix.shard }}/4", "${{ matrix.shard }}/8",
                        "divides the work into 8 shares, but the matrix runs 4 shards"),
                Arguments.of("K not the matrix variable", "--shard ${{ matrix.shard }}/4", "--shard 1/4",
                        "K must be ${{ matrix.shard }}"),
                Arguments.of("a matrix with a gap", "shard: [1, 2, 3, 4]", "shard: [1, 2, 4, 5]", "is not 1..4"),
                Arguments.of("fail-fast left on", "fail-fast: false", "fail-fast: true", "fail-fast: false"),
                Arguments.of("a merge job without needs", "    needs: campaign\n", "", "does not need job 'campaign'"),
                Arguments.of("an unpinned action", "uses: actions/checkout@v4\n      - name: shard",
                        "uses: actions/checkout\n      - name: shard", "uses actions/checkout is not pinned"),
                Arguments.of("an action on a branch", "uses: actions/download-artifact@v4",
                        "uses: actions/download-artifact@main", "uses actions/download-artifact@main is not pinned"),
                Arguments.of("a job without a timeout", "    timeout-minutes: 10\n", "", "job 'merge' has no timeout-minutes"),
                Arguments.of("a timeout below the time budget", "timeout-minutes: 30", "timeout-minutes: 20",
                        "does not exceed --time-budget 20m"),
                Arguments.of("a time budget the check cannot read", "--time-budget 20m", "--time-budget twenty",
                        "cannot read --time-budget twenty"),
                Arguments.of("a download pattern that misses the shards", "pattern: shard-*", "pattern: shards-*",
                        "does not match the artifact 'shard-1'"),
                Arguments.of("a download pattern that takes JCStress results", "pattern: shard-*", "pattern: '*'",
                        "also matches the artifact 'jcstress-ubuntu-latest'"),
                Arguments.of("one artifact name for every shard", "name: shard-${{ matrix.shard }}", "name: shard",
                        "does not contain ${{ matrix.shard }}"),
                Arguments.of("another folder uploaded than written", "path: out/shard-${{ matrix.shard }}",
                        "path: out/${{ matrix.shard }}", "is not the shard's --out"),
                Arguments.of("a missing shard folder not failing the upload", "if-no-files-found: error",
                        "if-no-files-found: warn", "if-no-files-found: error"),
                Arguments.of("a merge of folders that were not downloaded", "./lab merge out/*", "./lab merge shards/*",
                        "outside the download path"),
                Arguments.of("JCStress on x86-64 only", "runner: [ubuntu-latest, ubuntu-24.04-arm]",
                        "runner: [ubuntu-latest, ubuntu-24.04]", "none of them an arm64 Linux runner"),
                Arguments.of("JCStress results lost on failure", "        if: ${{ !cancelled() }}\n", "",
                        "also runs when lab stress failed"),
                Arguments.of("a YAML syntax error", "strategy:\n      fail-fast", "strategy:\n     fail-fast",
                        "sample.yml: not valid YAML"),
                Arguments.of("a key given twice", "timeout-minutes: 10\n", "timeout-minutes: 10\n    timeout-minutes: 10\n",
                        "sample.yml: not valid YAML"));
    }

    @ParameterizedTest(name = "{0}: {3}")
    @MethodSource("brokenWorkflows")
    void eachBrokenWorkflowIsReported(String what, String intact, String broken, String expected) {
        assertThat(SAMPLE).as("the sample holds the text that %s breaks", what).contains(intact);
        List<String> problems = newProblems(CHECK.campaignWorkflow("sample.yml", SAMPLE),
                CHECK.campaignWorkflow("sample.yml", SAMPLE.replace(intact, broken)));
        assertThat(problems).as("new problems of the sample with %s", what).anySatisfy(p -> assertThat(p).contains(expected));
    }

    @Test
    void theIntactSampleHasNoProblems() {
        // The baseline of the broken variants. A lab without --jobs, --shard, --time-budget or merge fails
        // this (and the real files' tests) naming exactly those.
        assertThat(CHECK.campaignWorkflow("sample.yml", SAMPLE)).isEmpty();
    }

    @Test
    void aWorkflowWithoutTheCampaignJobsIsReported() {
        List<String> problems = CHECK.campaignWorkflow("empty.yml", """
                on: push
                jobs:
                  build:
                    runs-on: ubuntu-latest
                    timeout-minutes: 5
                    steps:
                      - run: ./lab --version
                """);
        assertThat(problems).contains("empty.yml: no job runs a sharded campaign (./lab gate or ./lab run with --shard)",
                "empty.yml: no job runs ./lab merge", "empty.yml: no job runs ./lab stress");
    }

    /** A page with a GitHub workflow using the action, a GitLab and a Jenkins example, as docs/ci.md has. */
    static final String PAGE = """
            # CI
            ```yaml
            on: push
            jobs:
              gate:
                runs-on: ubuntu-latest
                timeout-minutes: 9
                steps:
                  - name: gate
                    uses: OWNER/ecslab@REF
                    with:
                      strategy: generation
                      executor: dynamic
            ```
            ```yaml
            campaign:
              parallel: 4
              script:
                - ./lab gate --strategy generation --executor dynamic
                  --shard "$CI_NODE_INDEX/$CI_NODE_TOTAL" --out "shards/shard-$CI_NODE_INDEX"
            merge:
              needs: [campaign]
              script:
                - ./lab merge shards/* --out merged
            ```
            ```groovy
            stage('shard') {
                steps {
                    sh \"""./lab gate --strategy generation --executor dynamic --tries ${params.TRIES} \\\\
                        --shard ${SHARD}/4 --out shards/shard-${SHARD}\"""
                    sh './lab merge shards/* --out merged'
                }
            }
            ```
            """;

    static Stream<Arguments> brokenPages() {
        return Stream.of(
                Arguments.of("a misspelt option in GitLab", "--shard \"$CI_NODE_INDEX", "--shrad \"$CI_NODE_INDEX",
                        "GitLab CI example 1, job 'campaign': ./lab gate"),
                Arguments.of("a misspelt option in GitLab", "--shard \"$CI_NODE_INDEX", "--shrad \"$CI_NODE_INDEX",
                        "--shrad"),
                Arguments.of("N not the parallel count", "$CI_NODE_INDEX/$CI_NODE_TOTAL", "$CI_NODE_INDEX/8",
                        "divides the work into 8 shares, but the job runs parallel: 4"),
                Arguments.of("K not the node index", "\"$CI_NODE_INDEX/$CI_NODE_TOTAL\"", "\"1/$CI_NODE_TOTAL\"",
                        "K must be $CI_NODE_INDEX"),
                Arguments.of("a GitLab merge without needs", "  needs: [campaign]\n", "",
                        "job 'merge' runs lab merge but does not need job 'campaign'"),
                Arguments.of("a misspelt option in Jenkins", "--shard ${SHARD}/4", "--shrad ${SHARD}/4",
                        "Jenkins example 1: ./lab gate"),
                Arguments.of("an unknown command in Jenkins", "sh './lab merge", "sh './lab mrege", "mrege"),
                Arguments.of("no Jenkins example", "```groovy", "```text", "no ```groovy block"),
                Arguments.of("no GitLab example", "```yaml", "```text", "no ```yaml block"),
                Arguments.of("a GitHub example giving the action an input it does not have", "strategy: generation",
                        "stratgy: generation", "GitHub workflow example 1: job 'gate', step 'gate': input 'stratgy' is not"
                        + " an input of action.yml"),
                Arguments.of("a GitHub example's job without a timeout", "    timeout-minutes: 9\n", "",
                        "GitHub workflow example 1: job 'gate' has no timeout-minutes"));
    }

    @ParameterizedTest(name = "{0}: {3}")
    @MethodSource("brokenPages")
    void eachBrokenExampleIsReported(String what, String intact, String broken, String expected) {
        assertThat(PAGE).as("the page holds the text that %s breaks", what).contains(intact);
        List<String> problems = newProblems(CHECK.page("page.md", PAGE), CHECK.page("page.md", PAGE.replace(intact, broken)));
        assertThat(problems).as("new problems of the page with %s", what).anySatisfy(p -> assertThat(p).contains(expected));
    }

    @Test
    void shellWordsAndVariablesAreReadAsTheShellWould() {
        var commands = CiWorkflowCheck.labCommands("""
                echo "./lab is not run here"
                FOO=1 ./lab gate --out "a b" \\
                  --tries $TRIES --seed ${SEED} 2>&1 | tee log  # a comment
                ./lab --version && ./lab stress 'quick'
                java -Xmx1g -jar "$LAB_JAR" merge shards/* && java -jar other.jar gate
                """, name -> name.equals("TRIES") ? "7" : "9");
        assertThat(commands).extracting(CiWorkflowCheck.Invocation::args).containsExactly(
                List.of("gate", "--out", "a b", "--tries", "7", "--seed", "9"), List.of("--version"),
                List.of("stress", "quick"), List.of("merge", "shards/*"));
        assertThat(commands.get(3).launcher()).isEqualTo("java -jar $LAB_JAR");
        assertThat(CiWorkflowCheck.seconds("50m")).isEqualTo(3000);
        assertThat(CiWorkflowCheck.seconds("1h30m")).isEqualTo(5400);
        assertThat(CiWorkflowCheck.seconds("90s")).isEqualTo(90);
        assertThat(CiWorkflowCheck.seconds("fifty")).isEqualTo(-1);
    }

    /** The problems of {@code broken} that {@code intact} does not have (each occurrence counted once). */
    private static List<String> newProblems(List<String> intact, List<String> broken) {
        List<String> left = new ArrayList<>(broken);
        intact.forEach(left::remove);
        return left;
    }
}
