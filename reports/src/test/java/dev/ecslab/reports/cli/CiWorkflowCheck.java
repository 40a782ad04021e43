package dev.ecslab.reports.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Checks CI definitions that run the lab: GitHub Actions workflows, and the GitLab CI ({@code ```yaml}) and
 * Jenkins ({@code ```groovy}) examples of a documentation page. A CI file is only run on the CI server, long
 * after it was written; this finds there, at test time, what would break it: a {@code ./lab} command that
 * does not parse (a misspelt option or command), a {@code --shard K/N} whose N is not the matrix size, a
 * merge that does not wait for the shards or does not download what they upload, an unpinned action, a
 * job without a timeout.
 *
 * <p>Every method returns the problems found, one sentence each naming the file, the job and the step; an
 * empty list means none. The {@code ./lab} commands are parsed by the picocli command line the supplier
 * builds (the real {@link LabMain} in the tests), with sample values put in for CI variables.
 */
final class CiWorkflowCheck {
    /** GitHub-hosted runner labels of x86-64 Linux. */
    static final Set<String> X64_LINUX = Set.of("ubuntu-latest", "ubuntu-24.04", "ubuntu-22.04");
    /** GitHub-hosted runner labels of arm64 Linux. */
    static final Set<String> ARM64_LINUX = Set.of("ubuntu-24.04-arm", "ubuntu-22.04-arm");
    /** What a sharded job's timeout must leave beyond its time budget: building the lab and the upload. */
    static final int TIMEOUT_MARGIN_MINUTES = 5;
    /** Where {@code jcstress-tests/run.sh} writes its results, relative to the checkout. */
    static final String JCSTRESS_RESULTS = "jcstress-tests/target/jcstress-results";

    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{\\s*(.*?)\\s*}}");
    private static final Pattern MATRIX_SHARD = Pattern.compile("\\$\\{\\{\\s*matrix\\.shard\\s*}}");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_.]*)}|\\$([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern PINNED = Pattern.compile("[^@\\s]+@(v\\d+(\\.\\d+){0,2}|[0-9a-f]{40})");
    private static final Pattern DURATION_PART = Pattern.compile("(\\d+)(h|min|m|s)");
    private static final Pattern FENCE = Pattern.compile("^```(yaml|groovy)\\n(.*?)^```", Pattern.DOTALL | Pattern.MULTILINE);
    private static final Pattern JENKINS_SH = Pattern.compile("\\bsh\\s*\\(?\\s*(?:script\\s*:\\s*)?('''|\"\"\"|'|\")");
    private static final Set<String> COMMAND_POSITION = Set.of("if", "then", "else", "elif", "do", "while", "until",
            "!", "time", "exec", "nice");
    private static final Set<String> GITLAB_KEYWORDS = Set.of("stages", "variables", "default", "include", "workflow",
            "image", "services", "cache", "before_script", "after_script", "spec");

    /** How docs name this repository's action in an example: its owner depends on where it was found. */
    static final String DOCUMENTED_ACTION = "OWNER/ecslab@REF";
    private static final Pattern INPUT_REFERENCE = Pattern.compile("\\binputs\\.([A-Za-z0-9_-]+)");
    private static final Pattern STEP_OUTPUT = Pattern.compile("\\bsteps\\.([A-Za-z0-9_-]+)\\.outputs\\.([A-Za-z0-9_-]+)");
    private static final Pattern ARRAY_ASSIGNMENT = Pattern.compile("\\b([A-Za-z_][A-Za-z0-9_]*)(\\+?)=\\(([^)]*)\\)");
    private static final Pattern ARRAY_EXPANSION = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\[@]}");
    private static final Pattern ENVIRONMENT_VARIABLE = Pattern.compile("\\$\\{?([A-Z][A-Z0-9_]*)");
    private static final Set<String> RUNNER_VARIABLES = Set.of("HOME", "PATH", "CI", "RUNNER_OS", "RUNNER_TEMP", "JAVA_HOME");

    private final Supplier<CommandLine> commandLine;
    private final Map<?, ?> actionInputs;

    /** A check whose {@code ./lab} commands are parsed by a fresh command line from {@code commandLine}. */
    CiWorkflowCheck(Supplier<CommandLine> commandLine) {
        this(commandLine, null);
    }

    /**
     * A check that also knows this repository's action ({@code action.yml}'s text, null for none): a workflow step
     * using it ({@code uses: ./} or {@value #DOCUMENTED_ACTION}) may only give inputs it declares, and must give the
     * ones it requires.
     */
    CiWorkflowCheck(Supplier<CommandLine> commandLine, String actionYaml) {
        this.commandLine = commandLine;
        Map<?, ?> action = actionYaml == null ? Map.of() : map(yaml().load(actionYaml));
        this.actionInputs = map(action.get("inputs"));
    }

    /**
     * One {@code ./lab} command found in a script: its arguments as written (CI variables and expressions left
     * in) and as the shell would pass them, with sample values for the variables.
     */
    record Invocation(List<String> written, List<String> args, String launcher) {
        Invocation(List<String> written, List<String> args) {
            this(written, args, "./lab");
        }

        String command() {
            return args.isEmpty() ? "" : args.get(0);
        }

        /** The value of an option as written ({@code --name V} or {@code --name=V}); null when absent. */
        String writtenOption(String name) {
            return option(written, name);
        }

        /** The value of an option with the sample values put in; null when absent. */
        String option(String name) {
            return option(args, name);
        }

        /** The arguments after the command that are not options or option values (a rough cut: after {@code merge}). */
        List<String> positionals() {
            List<String> found = new ArrayList<>();
            for (int i = 1; i < args.size(); i++) {
                String a = args.get(i);
                if (a.startsWith("-")) {
                    if (!a.contains("=") && i + 1 < args.size() && !args.get(i + 1).startsWith("-")) {
                        i++;
                    }
                } else {
                    found.add(a);
                }
            }
            return found;
        }

        private static String option(List<String> words, String name) {
            for (int i = 0; i < words.size(); i++) {
                if (words.get(i).equals(name) && i + 1 < words.size()) {
                    return words.get(i + 1);
                }
                if (words.get(i).startsWith(name + "=")) {
                    return words.get(i).substring(name.length() + 1);
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return launcher + " " + String.join(" ", written);
        }
    }

    // ---------------------------------------------------------------------------------------------- GitHub

    /** A GitHub Actions workflow: the {@code ./lab} commands, the shards, the merge, the runners, pins and timeouts. */
    List<String> githubWorkflow(String file, String text) {
        List<String> problems = new ArrayList<>();
        Map<?, ?> workflow = yamlMap(file, text, problems);
        if (workflow == null) {
            return problems;
        }
        Map<?, ?> jobs = map(workflow.get("jobs"));
        if (jobs.isEmpty()) {
            problems.add(file + ": no jobs");
            return problems;
        }
        Object on = workflow.containsKey("on") ? workflow.get("on") : workflow.get(Boolean.TRUE); // YAML 1.1: on is true
        Map<?, ?> inputs = map(map(map(on).get("workflow_dispatch")).get("inputs"));
        List<GithubJob> all = new ArrayList<>();
        for (var e : jobs.entrySet()) {
            all.add(githubJob(file, String.valueOf(e.getKey()), map(e.getValue()), inputs, map(workflow.get("env")),
                    problems));
        }
        List<GithubJob> sharded = all.stream().filter(j -> !j.shards.isEmpty()).toList();
        for (GithubJob merge : all) {
            if (merge.merges.isEmpty()) {
                continue;
            }
            for (GithubJob shard : sharded) {
                if (!merge.needs.contains(shard.id)) {
                    problems.add(merge.where + " runs lab merge but does not need job '" + shard.id + "' (needs: "
                            + merge.needs + "): it could start before the shards exist");
                }
            }
            mergeDownloads(merge, sharded, all, problems);
        }
        return problems;
    }

    /**
     * What the lab campaign workflow must have besides being consistent: a sharded {@code lab gate} or
     * {@code lab run}, a {@code lab merge} and a {@code lab stress} job.
     */
    List<String> campaignWorkflow(String file, String text) {
        List<String> problems = new ArrayList<>(githubWorkflow(file, text));
        Map<?, ?> workflow;
        try {
            workflow = map(yaml().load(text));
        } catch (YAMLException e) {
            return problems;
        }
        Set<String> commands = new LinkedHashSet<>();
        boolean sharded = false;
        for (var job : map(workflow.get("jobs")).values()) {
            for (Object step : list(map(job).get("steps"))) {
                Object run = map(step).get("run");
                if (run instanceof String script) {
                    for (Invocation inv : labCommands(script, name -> "1")) {
                        commands.add(inv.command());
                        sharded |= inv.writtenOption("--shard") != null;
                    }
                }
            }
        }
        if (!sharded) {
            problems.add(file + ": no job runs a sharded campaign (./lab gate or ./lab run with --shard)");
        }
        for (String needed : List.of("merge", "stress")) {
            if (!commands.contains(needed)) {
                problems.add(file + ": no job runs ./lab " + needed);
            }
        }
        return problems;
    }

    /** What one job of a workflow holds, for the checks across jobs. */
    private static final class GithubJob {
        final String id;
        final String where;
        final Map<?, ?> matrix;
        final List<String> needs = new ArrayList<>();
        final List<Invocation> shards = new ArrayList<>();
        final List<Invocation> merges = new ArrayList<>();
        final List<Map<?, ?>> uploads = new ArrayList<>();
        final List<Map<?, ?>> downloads = new ArrayList<>();
        final Map<?, ?> env;

        GithubJob(String id, String where, Map<?, ?> matrix, Map<?, ?> env) {
            this.id = id;
            this.where = where;
            this.matrix = matrix;
            this.env = env;
        }

        /** The artifact names this job uploads, one per matrix value of each name's matrix variable. */
        List<String> uploadedNames() {
            List<String> names = new ArrayList<>();
            for (Map<?, ?> up : uploads) {
                String name = String.valueOf(map(up.get("with")).get("name"));
                names.addAll(overMatrix(name, matrix));
            }
            return names;
        }
    }

    private GithubJob githubJob(String file, String id, Map<?, ?> job, Map<?, ?> inputs, Map<?, ?> workflowEnv,
            List<String> problems) {
        String where = file + ": job '" + id + "'";
        Map<?, ?> strategy = map(job.get("strategy"));
        Map<?, ?> matrix = map(strategy.get("matrix"));
        GithubJob facts = new GithubJob(id, where, matrix, map(job.get("env")));
        Object needs = job.get("needs");
        if (needs instanceof String s) {
            facts.needs.add(s);
        } else {
            list(needs).forEach(n -> facts.needs.add(String.valueOf(n)));
        }
        Object timeout = job.get("timeout-minutes");
        if (!(timeout instanceof Number)) {
            problems.add(where + " has no timeout-minutes (a hung run would hold the runner for GitHub's 6 hours)");
        }
        if (job.get("uses") instanceof String uses) {
            pinned(where, uses, problems);
        }
        List<?> steps = list(job.get("steps"));
        for (int i = 0; i < steps.size(); i++) {
            Map<?, ?> step = map(steps.get(i));
            Object label = step.get("name") != null ? step.get("name") : step.get("uses") != null ? step.get("uses")
                    : "#" + (i + 1);
            String at = where + ", step '" + label + "'";
            String uses = step.get("uses") instanceof String u ? u : null;
            if (uses != null) {
                pinned(at, uses, problems);
                ownActionInputs(at, uses, map(step.get("with")), problems);
                if (uses.startsWith("actions/upload-artifact@")) {
                    facts.uploads.add(step);
                } else if (uses.startsWith("actions/download-artifact@")) {
                    facts.downloads.add(step);
                }
            }
            if (!(step.get("run") instanceof String script)) {
                continue;
            }
            Function<String, String> shellVariable = name -> {
                for (Map<?, ?> env : List.of(map(step.get("env")), facts.env, workflowEnv)) {
                    if (env.containsKey(name)) {
                        return githubExpressions(String.valueOf(env.get(name)), matrix, inputs);
                    }
                }
                return "1";
            };
            for (Invocation inv : labCommands(githubExpressions(script, matrix, inputs, true), shellVariable)) {
                String problem = parseProblem(inv);
                if (problem != null) {
                    problems.add(at + ": " + inv + ": " + problem);
                }
                if (inv.command().equals("merge")) {
                    facts.merges.add(inv);
                }
                if (inv.writtenOption("--shard") != null) {
                    facts.shards.add(inv);
                    githubShard(at, inv, job, matrix, problems);
                }
                if (inv.command().equals("stress")) {
                    stressRunners(at, job, matrix, steps, problems);
                }
            }
        }
        if (!facts.shards.isEmpty()) {
            shardUploads(where, facts, problems);
        }
        return facts;
    }

    /** {@code --shard K/N}: K is the matrix variable, N the matrix size, the matrix 1..N; the timeout above the budget. */
    private static void githubShard(String at, Invocation inv, Map<?, ?> job, Map<?, ?> matrix, List<String> problems) {
        String written = inv.writtenOption("--shard");
        int slash = written.lastIndexOf('/');
        String k = slash < 0 ? written : written.substring(0, slash);
        String n = slash < 0 ? "" : written.substring(slash + 1);
        List<?> shards = list(matrix.get("shard"));
        if (shards.isEmpty()) {
            problems.add(at + ": --shard " + written + " in a job without a strategy.matrix.shard list");
            return;
        }
        if (!MATRIX_SHARD.matcher(k).matches()) {
            problems.add(at + ": --shard " + written + ": K must be ${{ matrix.shard }}, so that each job runs its own share");
        }
        if (!n.matches("\\d+")) {
            problems.add(at + ": --shard " + written + ": N must be a number, the size of the matrix's shard list ("
                    + shards.size() + ")");
        } else if (Integer.parseInt(n) != shards.size()) {
            problems.add(at + ": --shard " + written + " divides the work into " + n + " shares, but the matrix runs "
                    + shards.size() + " shards " + shards + ": shares would be run twice or never");
        }
        Set<Object> expected = new LinkedHashSet<>();
        for (int i = 1; i <= shards.size(); i++) {
            expected.add(i);
        }
        if (!new LinkedHashSet<>(shards).equals(expected) || shards.size() != expected.size()) {
            problems.add(at + ": the matrix's shard list " + shards + " is not 1.." + shards.size() + ", each once");
        }
        if (!Boolean.FALSE.equals(map(job.get("strategy")).get("fail-fast"))) {
            problems.add(at + ": a sharded job needs strategy.fail-fast: false (one failing shard would cancel the others)");
        }
        String budget = inv.option("--time-budget");
        if (budget == null) {
            problems.add(at + ": a sharded campaign without --time-budget can run into the job's timeout and leave no"
                    + " shard.json");
            return;
        }
        long seconds = seconds(budget);
        if (seconds < 0) {
            problems.add(at + ": cannot read --time-budget " + budget + " (expected e.g. 90s, 50m, 1h)");
        } else if (job.get("timeout-minutes") instanceof Number t
                && t.longValue() * 60 < seconds + TIMEOUT_MARGIN_MINUTES * 60L) {
            problems.add(at + ": timeout-minutes " + t + " does not exceed --time-budget " + budget + " by "
                    + TIMEOUT_MARGIN_MINUTES + " minutes (building the lab and the upload need time too)");
        }
    }

    /** A sharded job uploads its {@code --out} folder under a name unique per shard, failing when it is missing. */
    private static void shardUploads(String where, GithubJob job, List<String> problems) {
        if (job.uploads.isEmpty()) {
            problems.add(where + " runs a shard but uploads nothing (actions/upload-artifact): the merge gets no shard");
            return;
        }
        for (Map<?, ?> up : job.uploads) {
            Map<?, ?> with = map(up.get("with"));
            String name = String.valueOf(with.get("name"));
            if (!MATRIX_SHARD.matcher(name).find()) {
                problems.add(where + ": the shard artifact's name '" + name + "' does not contain ${{ matrix.shard }}:"
                        + " the shards would upload under one name");
            }
            if (!"error".equals(with.get("if-no-files-found"))) {
                problems.add(where + ": the shard upload needs if-no-files-found: error (a missing shard must fail here)");
            }
            for (Invocation shard : job.shards) {
                String out = shard.writtenOption("--out");
                String path = String.valueOf(with.get("path"));
                if (out == null || !overMatrix(trimSlash(out), job.matrix).equals(overMatrix(trimSlash(path), job.matrix))) {
                    problems.add(where + ": the upload's path '" + path + "' is not the shard's --out '" + out + "'");
                }
            }
        }
    }

    /** The merge job downloads exactly the shards' artifacts, each into its own folder, and merges from there. */
    private static void mergeDownloads(GithubJob merge, List<GithubJob> sharded, List<GithubJob> all,
            List<String> problems) {
        if (merge.downloads.isEmpty()) {
            problems.add(merge.where + " runs lab merge but downloads no artifact (actions/download-artifact)");
            return;
        }
        for (Map<?, ?> down : merge.downloads) {
            Map<?, ?> with = map(down.get("with"));
            String pattern = with.get("pattern") != null ? String.valueOf(with.get("pattern"))
                    : with.get("name") != null ? String.valueOf(with.get("name")) : "*";
            Pattern glob = glob(pattern);
            for (GithubJob shard : sharded) {
                for (String name : shard.uploadedNames()) {
                    if (!glob.matcher(name).matches()) {
                        problems.add(merge.where + ": the download pattern '" + pattern + "' does not match the artifact '"
                                + name + "' that job '" + shard.id + "' uploads");
                    }
                }
            }
            for (GithubJob other : all) {
                if (sharded.contains(other)) {
                    continue;
                }
                for (String name : other.uploadedNames()) {
                    if (glob.matcher(name).matches()) {
                        problems.add(merge.where + ": the download pattern '" + pattern + "' also matches the artifact '"
                                + name + "' of job '" + other.id + "', which is not a shard");
                    }
                }
            }
            if (Boolean.TRUE.equals(with.get("merge-multiple"))) {
                problems.add(merge.where + ": merge-multiple: true puts every shard into one folder (their shard.json"
                        + " overwrite each other)");
            }
            String path = trimSlash(with.get("path") == null ? "." : String.valueOf(with.get("path")));
            for (Invocation inv : merge.merges) {
                for (String dir : inv.positionals()) {
                    if (!dir.startsWith(path + "/")) {
                        problems.add(merge.where + ": lab merge reads '" + dir + "', outside the download path '" + path + "'");
                    }
                }
            }
        }
        Object expected = merge.env.get("EXPECTED_SHARDS");
        for (GithubJob shard : sharded) {
            int size = list(shard.matrix.get("shard")).size();
            if (expected != null && !String.valueOf(expected).equals(String.valueOf(size))) {
                problems.add(merge.where + ": EXPECTED_SHARDS is " + expected + " but job '" + shard.id + "' runs " + size
                        + " shards");
            }
        }
    }

    /** A job running {@code lab stress} runs on x86-64 and arm64 Linux and keeps the results also after a failure. */
    private static void stressRunners(String at, Map<?, ?> job, Map<?, ?> matrix, List<?> steps, List<String> problems) {
        Set<String> runners = new LinkedHashSet<>();
        Object runsOn = job.get("runs-on");
        if (runsOn instanceof String s) {
            Matcher m = Pattern.compile("\\$\\{\\{\\s*matrix\\.([A-Za-z0-9_-]+)\\s*}}").matcher(s);
            if (m.matches()) {
                list(matrix.get(m.group(1))).forEach(r -> runners.add(String.valueOf(r)));
            } else {
                runners.add(s);
            }
        } else {
            list(runsOn).forEach(r -> runners.add(String.valueOf(r)));
        }
        if (runners.stream().noneMatch(X64_LINUX::contains)) {
            problems.add(at + ": lab stress runs on " + runners + ", none of them an x86-64 Linux runner " + X64_LINUX);
        }
        if (runners.stream().noneMatch(ARM64_LINUX::contains)) {
            problems.add(at + ": lab stress runs on " + runners + ", none of them an arm64 Linux runner " + ARM64_LINUX);
        }
        boolean kept = false;
        for (Object s : steps) {
            Map<?, ?> step = map(s);
            if (String.valueOf(step.get("uses")).startsWith("actions/upload-artifact@")
                    && trimSlash(String.valueOf(map(step.get("with")).get("path"))).equals(JCSTRESS_RESULTS)) {
                String when = String.valueOf(step.get("if"));
                kept = when.contains("always()") || when.contains("!cancelled()") || when.contains("failure()");
            }
        }
        if (!kept) {
            problems.add(at + ": no upload of " + JCSTRESS_RESULTS + " that also runs when lab stress failed"
                    + " (if: ${{ !cancelled() }})");
        }
    }

    /** An action reference must name a version: {@code @v4}, {@code @v4.1.2} or a commit SHA. */
    private static void pinned(String at, String uses, List<String> problems) {
        if (uses.startsWith("./") || uses.equals(DOCUMENTED_ACTION)) {
            return; // an action of this repository: the checkout pins it (docs say what REF to put)
        }
        if (uses.startsWith("docker://")) {
            if (!uses.contains("@sha256:") && !uses.substring(uses.lastIndexOf('/') + 1).contains(":")) {
                problems.add(at + ": uses " + uses + " is not pinned to a tag or digest");
            }
            return;
        }
        if (!PINNED.matcher(uses).matches()) {
            problems.add(at + ": uses " + uses + " is not pinned to a version (@v4, @v4.1.2 or a 40-digit commit SHA)");
        }
    }

    /**
     * GitHub expressions replaced by sample values: {@code matrix.X} by the first value of the job's list,
     * {@code inputs.X} by the input's default (1 for a number input without one), anything else by 1. With
     * {@code keepMatrixShard}, {@code ${{ matrix.shard }}} is left in (the checks of K need it).
     */
    private static String githubExpressions(String text, Map<?, ?> matrix, Map<?, ?> inputs, boolean keepMatrixShard) {
        Matcher m = EXPRESSION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = keepMatrixShard && MATRIX_SHARD.matcher(m.group()).matches() ? m.group()
                    : sample(m.group(1), matrix, inputs);
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String githubExpressions(String text, Map<?, ?> matrix, Map<?, ?> inputs) {
        return githubExpressions(text, matrix, inputs, false);
    }

    private static String sample(String expression, Map<?, ?> matrix, Map<?, ?> inputs) {
        Matcher mv = Pattern.compile("^matrix\\.([A-Za-z0-9_-]+)$").matcher(expression);
        if (mv.matches()) {
            List<?> values = list(matrix.get(mv.group(1)));
            return values.isEmpty() ? "1" : String.valueOf(values.get(0));
        }
        Matcher in = Pattern.compile("(?:github\\.event\\.)?inputs\\.([A-Za-z0-9_-]+)").matcher(expression);
        if (in.find()) {
            Map<?, ?> input = map(inputs.get(in.group(1)));
            Object fallback = input.get("default");
            String type = String.valueOf(input.get("type"));
            if (fallback != null) {
                return String.valueOf(fallback);
            }
            if (type.equals("choice") && !list(input.get("options")).isEmpty()) {
                return String.valueOf(list(input.get("options")).get(0));
            }
            return type.equals("boolean") ? "true" : "1";
        }
        return "1";
    }

    /** An expression-bearing word for every value of its matrix variable (itself when it has none). */
    private static List<String> overMatrix(String text, Map<?, ?> matrix) {
        Matcher m = Pattern.compile("\\$\\{\\{\\s*matrix\\.([A-Za-z0-9_-]+)\\s*}}").matcher(text);
        if (!m.find()) {
            return List.of(text);
        }
        List<String> all = new ArrayList<>();
        for (Object v : list(matrix.get(m.group(1)))) {
            all.addAll(overMatrix(text.substring(0, m.start()) + v + text.substring(m.end()), matrix));
        }
        return all;
    }

    // ---------------------------------------------------------------------------------------------- the action

    /**
     * A step using this repository's action ({@code uses: ./} or {@value #DOCUMENTED_ACTION}) gives only inputs the
     * action declares and every input it requires.
     */
    private void ownActionInputs(String at, String uses, Map<?, ?> with, List<String> problems) {
        if (!uses.equals("./") && !uses.equals(".") && !uses.equals(DOCUMENTED_ACTION)) {
            return;
        }
        if (actionInputs.isEmpty()) {
            problems.add(at + ": uses this repository's action, but there is no action.yml with inputs");
            return;
        }
        for (Object key : with.keySet()) {
            if (!actionInputs.containsKey(key)) {
                problems.add(at + ": input '" + key + "' is not an input of action.yml " + actionInputs.keySet());
            }
        }
        for (var e : actionInputs.entrySet()) {
            if (Boolean.TRUE.equals(map(e.getValue()).get("required")) && !with.containsKey(e.getKey())) {
                problems.add(at + ": the required input '" + e.getKey() + "' of action.yml is not given");
            }
        }
    }

    /**
     * The repository's composite action: every input documented (a description, and a default unless required),
     * declared when read and read when declared; every step's output read from a step that writes it; every output
     * backed by a step; actions pinned; every {@code run} step with a {@code shell}; every upper-case variable a script
     * reads set by its step's {@code env}, the script or the runner; and every lab command parses: a literal one as a
     * whole, one built in a bash array ({@code args=(gate ...)}, {@code args+=(--tries "$TRIES")}, run as
     * {@code "${args[@]}"}) piece by piece, each option known to the array's command and given its value.
     */
    List<String> action(String file, String text) {
        List<String> problems = new ArrayList<>();
        Map<?, ?> action = yamlMap(file, text, problems);
        if (action == null) {
            return problems;
        }
        Map<?, ?> runs = map(action.get("runs"));
        if (!"composite".equals(runs.get("using"))) {
            problems.add(file + ": runs.using is " + runs.get("using") + ", not composite");
        }
        Map<?, ?> inputs = map(action.get("inputs"));
        for (var e : inputs.entrySet()) {
            Map<?, ?> input = map(e.getValue());
            String at = file + ": input '" + e.getKey() + "'";
            if (!(input.get("description") instanceof String d) || d.isBlank()) {
                problems.add(at + " has no description");
            }
            if (!input.containsKey("default") && !Boolean.TRUE.equals(input.get("required"))) {
                problems.add(at + " has no default and is not required: say what leaving it out means");
            }
        }
        Set<String> read = new LinkedHashSet<>();
        List<String> expressions = new ArrayList<>();
        strings(runs, expressions);
        strings(action.get("outputs"), expressions);
        for (String value : expressions) {
            Matcher m = INPUT_REFERENCE.matcher(value);
            while (m.find()) {
                read.add(m.group(1));
            }
        }
        for (String name : read) {
            if (!inputs.containsKey(name)) {
                problems.add(file + ": reads inputs." + name + ", which is not declared (inputs: " + inputs.keySet() + ")");
            }
        }
        for (Object name : inputs.keySet()) {
            if (!read.contains(String.valueOf(name))) {
                problems.add(file + ": input '" + name + "' is declared but never read: it would do nothing");
            }
        }
        Map<String, String> written = new LinkedHashMap<>();  // step id -> its script ("" for an action's step)
        CommandLine lab = commandLine.get();                  // for the commands' options, never parsed with
        List<?> steps = list(runs.get("steps"));
        for (int i = 0; i < steps.size(); i++) {
            Map<?, ?> step = map(steps.get(i));
            Object label = step.get("name") != null ? step.get("name") : step.get("uses") != null ? step.get("uses")
                    : "#" + (i + 1);
            String at = file + ", step '" + label + "'";
            List<String> own = new ArrayList<>();
            strings(step, own);
            stepOutputs(at, own, written, problems);
            if (step.get("uses") instanceof String uses) {
                pinned(at, uses, problems);
            }
            if (step.get("run") instanceof String script) {
                if (step.get("shell") == null) {
                    problems.add(at + ": a run step of a composite action needs shell:");
                }
                Map<?, ?> env = map(step.get("env"));
                actionScript(at, script, env, lab, problems);
            }
            if (step.get("id") != null) {
                written.put(String.valueOf(step.get("id")), step.get("run") instanceof String r ? r : "");
            }
        }
        for (var e : map(action.get("outputs")).entrySet()) {
            List<String> value = new ArrayList<>();
            strings(e.getValue(), value);
            stepOutputs(file + ": output '" + e.getKey() + "'", value, written, problems);
        }
        return problems;
    }

    /** Each {@code steps.ID.outputs.NAME} read is of an earlier step with that id, which writes NAME when it runs a script. */
    private static void stepOutputs(String at, List<String> values, Map<String, String> written, List<String> problems) {
        for (String value : values) {
            Matcher m = STEP_OUTPUT.matcher(value);
            while (m.find()) {
                String script = written.get(m.group(1));
                if (script == null) {
                    problems.add(at + ": reads steps." + m.group(1) + ".outputs." + m.group(2) + ", but no earlier step has"
                            + " id '" + m.group(1) + "'");
                } else if (!script.isEmpty() && !script.contains(m.group(2) + "=")) {
                    problems.add(at + ": reads steps." + m.group(1) + ".outputs." + m.group(2) + ", which step '"
                            + m.group(1) + "' never writes to $GITHUB_OUTPUT");
                }
            }
        }
    }

    /** One {@code run} script of the action: its variables, and its lab commands, literal or built in arrays. */
    private void actionScript(String at, String script, Map<?, ?> env, CommandLine lab, List<String> problems) {
        Matcher v = ENVIRONMENT_VARIABLE.matcher(script);
        Set<String> unset = new LinkedHashSet<>();
        while (v.find()) {
            String name = v.group(1);
            if (!env.containsKey(name) && !name.startsWith("GITHUB_") && !name.startsWith("RUNNER_")
                    && !RUNNER_VARIABLES.contains(name) && !script.matches("(?s).*\\b" + name + "=.*")) {
                unset.add(name);
            }
        }
        unset.forEach(name -> problems.add(at + ": reads $" + name + ", which neither the step's env nor the script sets"));
        Map<String, List<String>> arrayCommands = new LinkedHashMap<>();
        Matcher a = ARRAY_ASSIGNMENT.matcher(script);
        while (a.find()) {
            List<String> words = labCommands("./lab " + a.group(3), name -> "1").get(0).args();
            String array = a.group(1);
            if (a.group(2).isEmpty()) {
                if (!words.isEmpty() && lab.getSubcommands().containsKey(words.get(0))) {
                    arrayCommands.computeIfAbsent(array, k -> new ArrayList<>()).add(words.get(0));
                    fragment(at, array, lab, List.of(words.get(0)), words.subList(1, words.size()), problems);
                } else {
                    arrayCommands.remove(array);             // some other array
                }
            } else if (arrayCommands.containsKey(array)) {
                List<String> commands = arrayCommands.get(array);
                fragment(at, array, lab, commands.subList(commands.size() - 1, commands.size()), words, problems);
            }
        }
        for (Invocation inv : labCommands(script, name -> "1")) {
            Matcher x = inv.written().isEmpty() ? null : ARRAY_EXPANSION.matcher(inv.written().get(0));
            if (x != null && x.matches()) {
                List<String> commands = arrayCommands.get(x.group(1));
                if (commands == null) {
                    problems.add(at + ": " + inv + ": the array " + x.group(1) + " is never set to a lab command");
                } else {
                    fragment(at, x.group(1), lab, commands, inv.args().subList(1, inv.args().size()), problems);
                }
                continue;
            }
            String problem = parseProblem(inv);
            if (problem != null) {
                problems.add(at + ": " + inv + ": " + problem);
            }
        }
    }

    /**
     * Words added to an array that holds a lab command: each option is one of the command's (of at least one of
     * {@code commands}, for words added where several may be in the array) and has its value; other words are taken
     * only by a command with positional parameters.
     */
    private static void fragment(String at, String array, CommandLine lab, List<String> commands, List<String> words,
            List<String> problems) {
        List<String> refusals = new ArrayList<>();
        for (String command : commands) {
            String refused = fragmentProblem(lab, command, words);
            if (refused == null) {
                return;
            }
            refusals.add(refused);
        }
        problems.add(at + ": " + array + " " + String.join(" ", words) + ": " + String.join("; ", refusals));
    }

    private static String fragmentProblem(CommandLine lab, String command, List<String> words) {
        CommandLine.Model.CommandSpec spec = lab.getSubcommands().get(command).getCommandSpec();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (!word.startsWith("-")) {
                if (spec.positionalParameters().isEmpty()) {
                    return "lab " + command + " takes no argument '" + word + "'";
                }
                continue;
            }
            String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            CommandLine.Model.OptionSpec option = spec.findOption(name);
            if (option == null) {
                return "lab " + command + " has no option '" + name + "'";
            }
            if (option.arity().min() > 0 && !word.contains("=")) {
                if (i + 1 >= words.size()) {
                    return "lab " + command + " " + name + " needs a value, and none follows it";
                }
                i++;
            }
        }
        return null;
    }

    /** Every string in a YAML tree (keys left out), into {@code into}. */
    private static void strings(Object node, List<String> into) {
        if (node instanceof String s) {
            into.add(s);
        } else if (node instanceof Map<?, ?> m) {
            m.values().forEach(v -> strings(v, into));
        } else if (node instanceof Collection<?> c) {
            c.forEach(v -> strings(v, into));
        }
    }

    // ---------------------------------------------------------------------------------------------- docs

    /** A page's GitLab CI ({@code ```yaml}) and Jenkins ({@code ```groovy}) examples; it must have one of each. */
    List<String> page(String file, String markdown) {
        List<String> problems = new ArrayList<>();
        Matcher m = FENCE.matcher(markdown);
        int gitlab = 0;
        int github = 0;
        int jenkins = 0;
        while (m.find()) {
            if (m.group(1).equals("yaml") && githubWorkflowText(m.group(2))) {
                problems.addAll(githubWorkflow(file + ", GitHub workflow example " + ++github, m.group(2)));
            } else if (m.group(1).equals("yaml")) {
                problems.addAll(gitlabPipeline(file + ", GitLab CI example " + ++gitlab, m.group(2)));
            } else {
                problems.addAll(jenkinsPipeline(file + ", Jenkins example " + ++jenkins, m.group(2)));
            }
        }
        if (gitlab == 0) {
            problems.add(file + ": no ```yaml block (the GitLab CI example)");
        }
        if (jenkins == 0) {
            problems.add(file + ": no ```groovy block (the Jenkins example)");
        }
        return problems;
    }

    /**
     * The {@code ./lab} and {@code java -jar ecslab-lab.jar} commands of a page's plain code blocks ({@code ```},
     * {@code ```bash}, {@code ```sh}): each parses. Empty when every one does; a page without any is a problem.
     */
    List<String> pageCommands(String file, String markdown) {
        List<String> problems = new ArrayList<>();
        Matcher m = Pattern.compile("^```(bash|sh|shell)?\\n(.*?)^```", Pattern.DOTALL | Pattern.MULTILINE).matcher(markdown);
        int commands = 0;
        while (m.find()) {
            commands += eachParses(file, m.group(2), problems);
        }
        if (commands == 0) {
            problems.add(file + ": no lab command in a code block");
        }
        return problems;
    }

    /** Whether a YAML example is a GitHub workflow (it has {@code jobs:} and {@code on:}) rather than a GitLab pipeline. */
    static boolean githubWorkflowText(String yamlText) {
        return Pattern.compile("^jobs:", Pattern.MULTILINE).matcher(yamlText).find()
                && Pattern.compile("^on:", Pattern.MULTILINE).matcher(yamlText).find();
    }

    /**
     * A GitLab CI file: every {@code ./lab} command parses; a {@code --shard} job has {@code parallel: N} and
     * runs {@code --shard $CI_NODE_INDEX/$CI_NODE_TOTAL} (or N); a job running {@code lab merge} needs every
     * shard job.
     */
    List<String> gitlabPipeline(String where, String text) {
        List<String> problems = new ArrayList<>();
        Map<?, ?> pipeline = yamlMap(where, text, problems);
        if (pipeline == null) {
            return problems;
        }
        Map<?, ?> globals = map(pipeline.get("variables"));
        Map<String, Integer> shardJobs = new LinkedHashMap<>();
        Map<String, List<String>> mergeJobs = new LinkedHashMap<>();
        int commands = 0;
        for (var e : pipeline.entrySet()) {
            String id = String.valueOf(e.getKey());
            Map<?, ?> job = map(e.getValue());
            if (GITLAB_KEYWORDS.contains(id) || id.startsWith(".") || !job.containsKey("script")) {
                continue;
            }
            String at = where + ", job '" + id + "'";
            int parallel = job.get("parallel") instanceof Integer p ? p : 0;
            Map<?, ?> variables = map(job.get("variables"));
            Function<String, String> value = name -> switch (name) {
                case "CI_NODE_INDEX" -> "1";
                case "CI_NODE_TOTAL" -> String.valueOf(Math.max(parallel, 1));
                default -> variables.containsKey(name) ? String.valueOf(variables.get(name))
                        : globals.containsKey(name) ? String.valueOf(globals.get(name)) : "1";
            };
            StringBuilder script = new StringBuilder();
            for (String key : List.of("before_script", "script", "after_script")) {
                lines(job.get(key), script);
            }
            for (Invocation inv : labCommands(script.toString(), value)) {
                commands++;
                String problem = parseProblem(inv);
                if (problem != null) {
                    problems.add(at + ": " + inv + ": " + problem);
                }
                if (inv.command().equals("merge")) {
                    List<String> needs = new ArrayList<>();
                    for (Object n : list(job.get("needs"))) {
                        needs.add(n instanceof Map<?, ?> nm ? String.valueOf(nm.get("job")) : String.valueOf(n));
                    }
                    mergeJobs.put(id, needs);
                }
                String shard = inv.writtenOption("--shard");
                if (shard != null) {
                    shardJobs.put(id, parallel);
                    String k = shard.substring(0, Math.max(shard.lastIndexOf('/'), 0));
                    String n = shard.substring(shard.lastIndexOf('/') + 1);
                    if (parallel < 2) {
                        problems.add(at + ": --shard " + shard + " in a job without parallel: N");
                    }
                    if (!k.matches("\\$\\{?CI_NODE_INDEX}?")) {
                        problems.add(at + ": --shard " + shard + ": K must be $CI_NODE_INDEX");
                    }
                    if (!n.matches("\\$\\{?CI_NODE_TOTAL}?") && !n.equals(String.valueOf(parallel))) {
                        problems.add(at + ": --shard " + shard + " divides the work into " + n + " shares, but the job"
                                + " runs parallel: " + parallel);
                    }
                }
            }
        }
        for (var merge : mergeJobs.entrySet()) {
            for (String shard : shardJobs.keySet()) {
                if (!merge.getValue().contains(shard)) {
                    problems.add(where + ", job '" + merge.getKey() + "' runs lab merge but does not need job '" + shard
                            + "' (needs: " + merge.getValue() + ")");
                }
            }
        }
        if (commands == 0) {
            problems.add(where + ": no ./lab command");
        }
        return problems;
    }

    /** A Jenkins pipeline: every {@code ./lab} command in its {@code sh} steps parses. */
    List<String> jenkinsPipeline(String where, String text) {
        List<String> problems = new ArrayList<>();
        int commands = 0;
        for (String script : jenkinsShellScripts(text)) {
            commands += eachParses(where, script, problems);
        }
        if (commands == 0) {
            problems.add(where + ": no ./lab command in an sh step");
        }
        return problems;
    }

    /** Adds to {@code problems} why each lab command of {@code script} does not parse; answers how many it has. */
    private int eachParses(String where, String script, List<String> problems) {
        List<Invocation> found = labCommands(script, name -> "1");
        for (Invocation inv : found) {
            String problem = parseProblem(inv);
            if (problem != null) {
                problems.add(where + ": " + inv + ": " + problem);
            }
        }
        return found.size();
    }

    /** The scripts of a Groovy text's {@code sh '...'}, {@code sh "..."}, {@code sh '''...'''} and {@code sh """..."""}. */
    static List<String> jenkinsShellScripts(String groovy) {
        List<String> scripts = new ArrayList<>();
        Matcher m = JENKINS_SH.matcher(groovy);
        int from = 0;
        while (from < groovy.length() && m.find(from)) {
            String quote = m.group(1);
            int i = m.end();
            StringBuilder s = new StringBuilder();
            while (i < groovy.length() && !groovy.startsWith(quote, i)) {
                char c = groovy.charAt(i);
                if (c == '\\' && i + 1 < groovy.length() && "\\'\"$".indexOf(groovy.charAt(i + 1)) >= 0) {
                    s.append(groovy.charAt(i + 1));
                    i += 2;
                } else {
                    s.append(c);
                    i++;
                }
            }
            scripts.add(s.toString());
            from = i + quote.length();
        }
        return scripts;
    }

    // ---------------------------------------------------------------------------------------------- shell

    /** A shell word, or an operator ({@code ;}, {@code &&}, {@code |}, a redirection, a line end). */
    private record Word(String text, boolean operator) {
    }

    /**
     * The {@code ./lab} commands of a shell script: line continuations joined, quotes removed, a command ending at
     * an operator, a redirection or the line's end. {@code variable} gives the sample value of {@code $NAME}
     * and {@code ${NAME}}; GitHub expressions still in the script stay in {@code written} and become 1 in {@code args}.
     */
    static List<Invocation> labCommands(String script, Function<String, String> variable) {
        List<Word> words = shellWords(script);
        List<Invocation> found = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            Word w = words.get(i);
            Word before = i == 0 ? null : words.get(i - 1);
            boolean commandPosition = before == null || before.operator() || COMMAND_POSITION.contains(before.text())
                    || before.text().matches("[A-Za-z_][A-Za-z0-9_]*=.*");
            if (w.operator() || !commandPosition) {
                continue;
            }
            int first;
            String launcher;
            if (w.text().equals("./lab")) {
                first = i + 1;
                launcher = "./lab";
            } else if (w.text().equals("java") || w.text().endsWith("/java")) {
                int jar = i + 1;
                while (jar < words.size() && !words.get(jar).operator() && !words.get(jar).text().equals("-jar")) {
                    jar++;
                }
                if (jar + 1 >= words.size() || words.get(jar + 1).operator() || !labJar(words.get(jar + 1).text())) {
                    continue;                                    // another program run with java
                }
                first = jar + 2;
                launcher = "java -jar " + words.get(jar + 1).text();
            } else {
                continue;
            }
            List<String> written = new ArrayList<>();
            for (int j = first; j < words.size() && !words.get(j).operator(); j++) {
                written.add(words.get(j).text());
            }
            List<String> args = written.stream().map(a -> substitute(EXPRESSION.matcher(a).replaceAll("1"), variable))
                    .toList();
            found.add(new Invocation(written, args, launcher));
        }
        return found;
    }

    /** Whether {@code java -jar WORD} runs the lab: its executable jar, by name or as the variable LAB_JAR. */
    static boolean labJar(String word) {
        return word.endsWith("ecslab-lab.jar") || word.matches("\\$\\{?LAB_JAR}?");
    }

    private static String substitute(String word, Function<String, String> variable) {
        Matcher m = VARIABLE.matcher(word);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            m.appendReplacement(out, Matcher.quoteReplacement(variable.apply(name)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static List<Word> shellWords(String s) {
        List<Word> words = new ArrayList<>();
        StringBuilder w = null;
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < n) {
                if (s.charAt(i + 1) != '\n') {
                    w = started(w).append(s.charAt(i + 1));
                }
                i += 2;
            } else if (s.startsWith("${{", i)) {
                int end = s.indexOf("}}", i);
                end = end < 0 ? n : end + 2;
                w = started(w).append(s, i, end);
                i = end;
            } else if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                end = end < 0 ? n : end;
                w = started(w).append(s, i + 1, end);
                i = end + 1;
            } else if (c == '"') {
                w = started(w);
                i++;
                while (i < n && s.charAt(i) != '"') {
                    if (s.charAt(i) == '\\' && i + 1 < n && "\"\\$`\n".indexOf(s.charAt(i + 1)) >= 0) {
                        if (s.charAt(i + 1) != '\n') {
                            w.append(s.charAt(i + 1));
                        }
                        i += 2;
                    } else if (s.startsWith("${{", i)) {
                        int end = s.indexOf("}}", i);
                        end = end < 0 ? n : end + 2;
                        w.append(s, i, end);
                        i = end;
                    } else {
                        w.append(s.charAt(i++));
                    }
                }
                i++;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                w = flushed(w, words);
                i++;
            } else if (c == '#' && w == null) {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '\n' || ";&|()<>".indexOf(c) >= 0) {
                if ((c == '<' || c == '>') && w != null && w.toString().matches("\\d+")) {
                    w = null; // the 2 of 2>
                }
                w = flushed(w, words);
                int start = i;
                while (i < n && ";&|()<>".indexOf(s.charAt(i)) >= 0 && c != '\n') {
                    i++;
                }
                i = Math.max(i, start + 1);
                words.add(new Word(s.substring(start, i), true));
            } else {
                w = started(w).append(c);
                i++;
            }
        }
        flushed(w, words);
        return words;
    }

    private static StringBuilder started(StringBuilder w) {
        return w == null ? new StringBuilder() : w;
    }

    private static StringBuilder flushed(StringBuilder w, List<Word> words) {
        if (w != null) {
            words.add(new Word(w.toString(), false));
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------- picocli

    /** Why the lab's command line refuses these arguments (picocli's message), or null when it takes them. */
    String parseProblem(Invocation inv) {
        CommandLine cl = commandLine.get();
        try {
            CommandLine.ParseResult parsed = cl.parseArgs(inv.args().toArray(new String[0]));
            CommandLine.ParseResult sub = parsed.subcommand();
            if (sub == null) {
                return parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested() ? null : "no command";
            }
            if (sub.commandSpec().name().equals("stress")) {
                String mode = sub.matchedPositionalValue(0, "default");
                if (!StressCommand.MODES.contains(mode)) {
                    return "unknown JCStress mode '" + mode + "' (" + StressCommand.MODES + ")";
                }
            }
            if (sub.commandSpec().findOption("--annotations") != null) {
                String format = sub.matchedOptionValue("--annotations", "github");
                if (!format.equals("github")) {
                    return "--annotations " + format + ": the only format is github";
                }
            }
            return null;
        } catch (CommandLine.ParameterException e) {
            return e.getMessage();
        }
    }

    // ---------------------------------------------------------------------------------------------- YAML and values

    private static Yaml yaml() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);   // GitHub and GitLab refuse a key given twice
        return new Yaml(new SafeConstructor(options));
    }

    private static Map<?, ?> yamlMap(String where, String text, List<String> problems) {
        Object root;
        try {
            root = yaml().load(text);
        } catch (YAMLException e) {
            problems.add(where + ": not valid YAML: " + e.getMessage().replace('\n', ' '));
            return null;
        }
        if (!(root instanceof Map<?, ?> m)) {
            problems.add(where + ": not a YAML mapping");
            return null;
        }
        return m;
    }

    /** A GitLab script (a string, or a list of strings and nested lists) as lines of one shell script. */
    private static void lines(Object script, StringBuilder into) {
        if (script instanceof String s) {
            into.append(s).append('\n');
        } else {
            for (Object o : list(script)) {
                lines(o, into);
            }
        }
    }

    /** Seconds in a duration such as 90s, 50m, 1h or 1h30m; -1 when it is not one. */
    static long seconds(String duration) {
        Matcher m = DURATION_PART.matcher(duration);
        long total = 0;
        int end = 0;
        while (m.lookingAt()) {
            long v = Long.parseLong(m.group(1));
            total += switch (m.group(2)) {
                case "h" -> v * 3600;
                case "m", "min" -> v * 60;
                default -> v;
            };
            end = m.end();
            m.region(end, duration.length());
        }
        return end == duration.length() && end > 0 ? total : -1;
    }

    /** A glob of artifact names ({@code *}, {@code ?}) as a regular expression. */
    private static Pattern glob(String glob) {
        StringBuilder re = new StringBuilder();
        for (char c : glob.toCharArray()) {
            re.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(re.toString());
    }

    private static String trimSlash(String path) {
        String p = path.strip();
        while (p.endsWith("/") && p.length() > 1) {
            p = p.substring(0, p.length() - 1);
        }
        return p.startsWith("./") ? p.substring(2) : p;
    }

    private static Map<?, ?> map(Object o) {
        return o instanceof Map<?, ?> m ? m : Map.of();
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : o instanceof Collection<?> c ? new ArrayList<>(c) : List.of();
    }
}
