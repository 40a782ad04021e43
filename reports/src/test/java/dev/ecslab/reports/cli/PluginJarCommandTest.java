package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.StrategyJar;
import dev.ecslab.ecs.executor.ExecutorJar;
import dev.ecslab.lab.trace.PluginJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Executors and strategies from jars on the command line: {@code lab gate} and {@code lab run} with
 * {@code --executor-jar}, the jars a counterexample records, and {@code lab replay} refusing any build
 * but the recorded one. The jars are built here at test time ({@link ExecutorJar}, {@link StrategyJar}).
 */
class PluginJarCommandTest {
    @TempDir
    Path dir;

    private CommandOutput gate(String strategy, String executor, String... jars) {
        String[] base = {"gate", "--strategy", strategy, "--executor", executor, "--tries", "5", "--no-memory",
            "--quiet", "--out", dir.resolve("out-" + executor).toString()};
        return CommandOutput.run(Stream.concat(Stream.of(base), Stream.of(jars)).toArray(String[]::new));
    }

    private static void assertNoStackTrace(CommandOutput r) {
        assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception in");
    }

    /**
     * A strategy provider that throws when the lab asks what it claims (or its id) is bad input naming its jar and
     * class, like one that cannot be instantiated; it used to end the gate with exit 70, "a bug in ecslab".
     */
    @Test
    void aProviderThatThrowsDescribingItselfIsBadInputNamingItsJar() throws Exception {
        Path claims = dev.ecslab.ecs.ProviderJar.build(dir.resolve("ClaimsNothing"),
                dev.ecslab.ecs.change.ChangeTrackerProvider.class, "ClaimsNothing", """
                package ext;

                import dev.ecslab.ecs.change.*;

                public final class ClaimsNothing implements ChangeTrackerProvider {
                    public String id() { return "ext-claims-nothing"; }
                    public ClaimedClass claimedClass(ChangeFlavor f) { throw new UnsupportedOperationException("claims nothing"); }
                    public String description() { return "throws when asked its claim"; }
                    public ChangeTracker create() { return new GenerationTracker(); }
                }
                """);
        CommandOutput r = gate("ext-claims-nothing", "serial", "--strategy-jar", claims.toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err()).contains("--strategy-jar " + claims).contains("ext.ClaimsNothing failed to describe itself")
                .contains("claims nothing");
        assertNoStackTrace(r);

        Path id = dev.ecslab.ecs.ProviderJar.build(dir.resolve("NoId"), dev.ecslab.ecs.change.ChangeTrackerProvider.class,
                "NoId", """
                package ext;

                import dev.ecslab.ecs.change.*;

                public final class NoId implements ChangeTrackerProvider {
                    public String id() { throw new UnsupportedOperationException("no id today"); }
                    public ClaimedClass claimedClass(ChangeFlavor f) { return ClaimedClass.EXACT; }
                    public String description() { return "throws when asked its id"; }
                    public ChangeTracker create() { return new GenerationTracker(); }
                }
                """);
        CommandOutput r2 = gate("generation", "serial", "--strategy-jar", id.toString());
        assertThat(r2.code()).as(r2.out() + r2.err()).isEqualTo(2);
        assertThat(r2.err()).contains("--strategy-jar " + id).contains("failed to give its id").contains("no id today");
        assertNoStackTrace(r2);
    }

    /**
     * A strategy provider whose {@code id()} never returns: the lab asks it before any run's timeout applies, so it
     * used to hang with no output. It is now bad input naming the jar, after the limit (2 s here), and the thread that
     * asked is stopped.
     */
    @Test
    void aProviderThatHangsDescribingItselfIsBadInputAfterTheLimit() throws Exception {
        Path hangs = dev.ecslab.ecs.ProviderJar.build(dir.resolve("IdHangs"), dev.ecslab.ecs.change.ChangeTrackerProvider.class,
                "IdHangs", """
                package ext;

                import dev.ecslab.ecs.change.*;

                public final class IdHangs implements ChangeTrackerProvider {
                    static volatile boolean spin = true;
                    public String id() { while (spin) { Thread.onSpinWait(); } return "ext-hangs"; }
                    public ClaimedClass claimedClass(ChangeFlavor f) { return ClaimedClass.EXACT; }
                    public String description() { return "never says its id"; }
                    public ChangeTracker create() { return new GenerationTracker(); }
                }
                """);
        String property = dev.ecslab.lab.run.PluginJars.DESCRIBE_SECONDS.property();
        System.setProperty(property, "2");
        CommandOutput r;
        try {
            r = gate("ext-hangs", "serial", "--strategy-jar", hangs.toString());
        } finally {
            System.clearProperty(property);
        }
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err()).contains("--strategy-jar " + hangs).contains("did not load and describe itself")
                .contains("within 2 s").contains(property);
        assertNoStackTrace(r);
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("lab-plugin-describe")) {
                t.join(10_000);                 // stopped by the lab: it ends, it does not spin on
                assertThat(t.isAlive()).as("the thread that asked was stopped").isFalse();
            }
        }
    }

    @Test
    void theGatePassesALegalExecutorFromAJarAndFailsABrokenOneOnOrdering() throws Exception {
        Path reverse = ExecutorJar.reverse(dir.resolve("reverse-executor"), "ReverseExecutor", "reverse");
        CommandOutput legal = gate("generation", "reverse", "--executor-jar", reverse.toString());
        assertThat(legal.code()).as(legal.out() + legal.err()).isZero();
        assertThat(legal.out()).contains("gate generation / reverse: expected exact, measured exact: PASS");

        Path broken = ExecutorJar.ignoringConstraints(dir.resolve("broken-executor"), "BrokenExecutor", "broken");
        CommandOutput bad = gate("generation", "broken", "--executor-jar", broken.toString());
        assertThat(bad.code()).as(bad.out() + bad.err()).isEqualTo(1);
        assertThat(bad.out()).contains("gate generation / broken: expected exact, measured broken: FAIL")
                .containsPattern("FAIL +O ordering");
    }

    @Test
    void aCounterexampleRecordsItsJarsAndReplaysOnlyWithTheSameBuilds() throws Exception {
        Path strategy = StrategyJar.build(dir.resolve("my-proposal"), "MyProposal", "my-proposal");
        Path broken = ExecutorJar.ignoringConstraints(dir.resolve("broken-executor"), "BrokenExecutor", "broken");
        String strategyHash = PluginJar.sha256(strategy);
        String brokenHash = PluginJar.sha256(broken);
        CommandOutput bad = gate("my-proposal", "broken", "--strategy-jar", strategy.toString(),
                "--executor-jar", broken.toString());
        assertThat(bad.code()).as(bad.out() + bad.err()).isEqualTo(1);
        Path file;
        try (Stream<Path> files = Files.list(dir.resolve("out-broken").resolve("counterexamples"))) {
            file = files.filter(p -> p.getFileName().toString().endsWith("-O.json")).sorted().findFirst().orElseThrow();
        }
        assertThat(Files.readString(file)).contains("\"file\" : \"broken-executor.jar\"").contains(brokenHash)
                .contains("\"file\" : \"my-proposal.jar\"").contains(strategyHash);

        CommandOutput noJar = CommandOutput.run("replay", file.toString());
        assertThat(noJar.code()).isEqualTo(2);
        assertThat(noJar.err())
                .contains("this replay file was recorded with strategy 'my-proposal' from my-proposal.jar (sha256 "
                        + strategyHash + "); no --strategy-jar was given")
                .contains("this replay file was recorded with executor 'broken' from broken-executor.jar (sha256 "
                        + brokenHash + "); no --executor-jar was given");
        assertThat(noJar.out()).as("refused up front: no verdict printed").doesNotContain("recorded trace");
        assertNoStackTrace(noJar);

        Path other = ExecutorJar.ignoringConstraints(dir.resolve("other"), "OtherBuild", "broken");
        String otherHash = PluginJar.sha256(other);
        assertThat(otherHash).isNotEqualTo(brokenHash);
        CommandOutput otherBuild = CommandOutput.run("replay", file.toString(), "--strategy-jar", strategy.toString(),
                "--executor-jar", other.toString());
        assertThat(otherBuild.code()).isEqualTo(2);
        assertThat(otherBuild.err()).contains("executor 'broken' from broken-executor.jar (sha256 " + brokenHash + ")")
                .contains("--executor-jar " + other + " has sha256 " + otherHash)
                .contains("refusing to replay against a different build")
                .doesNotContain("strategy 'my-proposal'");
        assertThat(otherBuild.out()).doesNotContain("recorded trace");
        assertNoStackTrace(otherBuild);

        CommandOutput same = CommandOutput.run("replay", file.toString(), "--strategy-jar", strategy.toString(),
                "--executor-jar", broken.toString());
        assertThat(same.code()).as(same.out() + same.err()).isEqualTo(1);
        assertThat(same.out()).contains("under my-proposal / broken")
                .contains("plug-in jar: strategy 'my-proposal' from my-proposal.jar (sha256 " + strategyHash
                        + "): the given jar matches")
                .contains("plug-in jar: executor 'broken' from broken-executor.jar (sha256 " + brokenHash + ")")
                .contains("re-run serially in the recorded order").contains(": the same verdict");
    }

    @Test
    void runWithoutExecutorRunsTheBuiltInsAndTheJarsExecutors() throws Exception {
        Path reverse = ExecutorJar.reverse(dir.resolve("reverse-executor"), "ReverseExecutor", "reverse");
        Path out = dir.resolve("out");
        CommandOutput r = CommandOutput.run("run", "--tries", "1", "--no-memory", "--quiet", "--strategy", "generation",
                "--executor-jar", reverse.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        String md = Files.readString(out.resolve("matrix.md"));
        assertThat(md).contains("## Executor `serial`").contains("## Executor `staged`").contains("## Executor `dynamic`")
                .contains("## Executor `reverse`");

        Path only = dir.resolve("only");
        CommandOutput one = CommandOutput.run("run", "--tries", "1", "--no-memory", "--quiet", "--strategy", "generation",
                "--executor", "reverse", "--executor-jar", reverse.toString(), "--out", only.toString());
        assertThat(one.code()).as(one.out() + one.err()).isZero();
        assertThat(Files.readString(only.resolve("matrix.md"))).contains("## Executor `reverse`")
                .doesNotContain("## Executor `serial`");
    }

    @Test
    void aBadJarIsExitCodeTwoNamingTheJarAndTheReason() throws Exception {
        Path missing = dir.resolve("missing.jar");
        Path notZip = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        Path strategy = StrategyJar.build(dir.resolve("my-proposal"), "MyProposal", "my-proposal");
        Path reverse = ExecutorJar.reverse(dir.resolve("reverse-executor"), "ReverseExecutor", "reverse");
        for (String command : new String[] {"gate", "run", "replay"}) {
            String[] head = command.equals("gate") ? new String[] {"gate", "--strategy", "generation", "--executor", "serial"}
                    : command.equals("run") ? new String[] {"run", "--out", dir.resolve("never").toString()}
                    : new String[] {"replay", dir.resolve("never.json").toString()};
            CommandOutput noFile = run(head, "--executor-jar", missing.toString());
            CommandOutput garbage = run(head, "--executor-jar", notZip.toString());
            CommandOutput wrongKind = run(head, "--executor-jar", strategy.toString());
            for (CommandOutput r : new CommandOutput[] {noFile, garbage, wrongKind}) {
                assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(2);
                assertNoStackTrace(r);
            }
            if (!command.equals("replay")) {         // replay first says the replay file is missing
                assertThat(noFile.err()).contains("--executor-jar " + missing + ": no such file");
                assertThat(garbage.err()).contains("--executor-jar " + notZip + ": not a readable jar");
                assertThat(wrongKind.err()).contains("--executor-jar " + strategy + " provides no executor");
            }
        }
        CommandOutput unknown = CommandOutput.run("gate", "--strategy", "generation", "--executor", "turbo",
                "--executor-jar", reverse.toString(), "--out", dir.resolve("never").toString());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("no executor with id 'turbo'; known: serial, staged, dynamic, reverse");
        Path clash = ExecutorJar.reverse(dir.resolve("clash"), "Impostor", "dynamic");
        CommandOutput twoDynamics = CommandOutput.run("run", "--executor-jar", clash.toString(), "--out",
                dir.resolve("never").toString());
        assertThat(twoDynamics.code()).isEqualTo(2);
        assertThat(twoDynamics.err()).contains("two executors claim the id 'dynamic'").contains("ext.Impostor (from " + clash);
        assertNoStackTrace(twoDynamics);
        assertThat(dir.resolve("never")).doesNotExist();
    }

    private static CommandOutput run(String[] head, String... more) {
        return CommandOutput.run(Stream.concat(Stream.of(head), Stream.of(more)).toArray(String[]::new));
    }
}
