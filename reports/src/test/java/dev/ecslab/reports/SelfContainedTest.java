package dev.ecslab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository speaks only of itself. No committed file (code, tests, docs, results, the report's words)
 * cites a document that is not in the repository, carries a number of this project's own issue tracker, or
 * says where something lives on one machine: a reader of the repository, or of the report it writes, can
 * follow none of them. Upstream citations stay, named by their project ("Bevy #16520", "Bevy PR #1471").
 *
 * <p>Contract: every file {@code git ls-files} lists from the repository root, tracked or new and not ignored
 * (a binary file, one with a NUL byte, is skipped), is read line by line against {@link #RULES}; the test
 * fails listing each hit as {@code file:line: rule (what to do instead): the line}. Each rule is shown to
 * catch a planted line and to pass the upstream citations and the random seeds beside it. There is no
 * allow-list.
 */
class SelfContainedTest {
    /** The repository root, from the reports module (Surefire's working directory). */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** A thing a committed line must not say, and what to write instead. */
    record Rule(String name, String instead, Pattern pattern) {
    }

    /** Words that make a number just before them an upstream one: "Bevy issue 442", "artemis-odb #522". */
    static final Pattern UPSTREAM = Pattern.compile("(?:Bevy|bevy|artemis-odb|Dominion|Arch|flecs|Unity|JMH|jqwik|Lincheck"
            + "|JCStress|OpenJDK|JDK|GitHub|Maven|Surefire|picocli|XChart|Jackson|japes)(?:'s)?(?: PR| issue| pull)?\\s*$");

    static final List<Rule> RULES = List.of(
            new Rule("a document outside the repository",
                    "state the fact, or name the public source: Bevy PR #1471, Bevy PR #1144, the Arch.Scheduled draft,"
                            + " the thesis diary, the Magma3D dev log",
                    Pattern.compile("\\b(?:DESIGN|TOOLCHAIN|STYLE)(?:\\.md\\b|\\s*§)|\\.\\./shared/"
                            + "|\\bshared/(?:seeds|hooks)\\b|\\b00[0-4]_[0-9a-f]{16}\\b|\\bseed `\\d{3}_"
                            + "|\\b(?:change-detection|executor|scheduling|diary|Arch\\.Scheduled|Magma3D?) seed\\b")),
            new Rule("this project's issue number",
                    "say what the target or the change is; an upstream number names its project",
                    Pattern.compile("\\b[Ii]ssues? ?#?\\d+|(?<![\\w.-])\\(#\\d+\\)")),
            new Rule("an absolute machine path",
                    "use a path relative to the repository or the working directory, or a placeholder",
                    Pattern.compile("(?<![\\w.$}:~-])/(?:work|root|home|Users|tmp|private/var)/|/usr/lib/j[v]m\\b"
                            + "|\\b[A-Z]:\\\\Users\\\\")));

    @Test
    void noCommittedFileSpeaksOfWhatIsNotInTheRepository() throws Exception {
        List<String> files = trackedFiles();
        assertThat(files).as("git ls-files from %s", ROOT).hasSizeGreaterThan(100).contains("README.md", "benchmarks/RESULTS.md");
        List<String> hits = new ArrayList<>();
        for (String file : files) {
            Path path = ROOT.resolve(file);
            if (!Files.isRegularFile(path)) {
                continue;                                    // deleted in the working tree, or a submodule
            }
            byte[] bytes = Files.readAllBytes(path);
            if (binary(bytes)) {
                continue;
            }
            hits.addAll(hits(file, new String(bytes, StandardCharsets.UTF_8).split("\n", -1)));
        }
        assertThat(hits).as("lines that speak of what is not in the repository (%d files read)", files.size()).isEmpty();
    }

    @Test
    void eachRuleCatchesAPlantedLineAndPassesUpstreamCitations() {
        String[] lines = {
            "the criteria of DESIGN" + " §" + "5",                                 // 1
            "JDK 23 needs it (TOOLCHAIN" + ".md).",                                 // 2
            "read ../sha" + "red/seeds/README.md",                                  // 3
            "proposals 0 to 6 of the change-detection" + " seed",                   // 4
            "fixed in issue " + "19, point 4",                                      // 5
            "the targets (Issue #" + "22)",                                         // 6
            "a regression (#" + "43)",                                              // 7
            "\"jvm\" : \"/usr/lib/" + "jvm/java-17-openjdk-amd64/bin/java\"",       // 8
            "Path.of(\"/wo" + "rk/ci/reports/out\")",                               // 9
            "from `/tm" + "p/cli2/shards`",                                         // 10
            "Bevy #16520: RemovedComponents in FixedUpdate",
            "the problem Bevy PR #1471 solved (with #54 and #68)",
            "Bevy issue 442, artemis-odb #522, Dominion #190",
            "in a pausing scenario (seed 1137); the seed of every run",
            "log=\"$(mktemp \"${TMPDIR:-/tmp}/lab-build.XXXXXX\")\"",
            "./lab replay reports/out/counterexamples/001.json",
        };
        List<String> hits = hits("planted.txt", lines);
        assertThat(hits).extracting(h -> h.substring(0, h.indexOf(": ")))
                .containsExactly("planted.txt:1", "planted.txt:2", "planted.txt:3", "planted.txt:4", "planted.txt:5",
                        "planted.txt:6", "planted.txt:7", "planted.txt:8", "planted.txt:9", "planted.txt:10");
        assertThat(hits.get(0)).contains("a document outside the repository").contains("name the public source");
        assertThat(hits.get(4)).contains("this project's issue number");
        assertThat(hits.get(7)).contains("an absolute machine path");
    }

    /** Every hit of {@link #RULES} in {@code lines}, as {@code file:line: rule (instead): the line}. */
    static List<String> hits(String file, String[] lines) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            for (Rule rule : RULES) {
                Matcher m = rule.pattern().matcher(line);
                while (m.find()) {
                    if (rule == RULES.get(1) && UPSTREAM.matcher(line.substring(0, m.start())).find()) {
                        continue;
                    }
                    out.add(file + ":" + (i + 1) + ": " + rule.name() + " (" + rule.instead() + "): " + line.strip());
                    break;
                }
            }
        }
        return out;
    }

    /** The repository's files as git tracks them, and new ones it does not ignore, relative to the root. */
    static List<String> trackedFiles() throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "-C", ROOT.toString(), "ls-files", "-z", "--cached", "--others", "--exclude-standard").redirectErrorStream(false).start();
        byte[] out;
        try (InputStream in = git.getInputStream()) {
            out = in.readAllBytes();
        }
        assertThat(git.waitFor(60, TimeUnit.SECONDS)).as("git ls-files finished").isTrue();
        assertThat(git.exitValue()).as("git ls-files in %s", ROOT).isZero();
        return Stream.of(new String(out, StandardCharsets.UTF_8).split("\0")).filter(s -> !s.isEmpty()).toList();
    }

    static boolean binary(byte[] bytes) {
        for (int i = 0, n = Math.min(bytes.length, 8192); i < n; i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }
}
