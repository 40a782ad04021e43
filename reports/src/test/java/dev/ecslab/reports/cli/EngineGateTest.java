package dev.ecslab.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineProvider;
import dev.ecslab.lab.engine.ReferenceEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab gate --engine}: an engine that keeps the promises of the expected class passes with exit 0, one that
 * breaks one fails with exit 1 and a JUnit failure naming the criterion, the expected class decides what is gated,
 * the criteria an engine cannot be judged on are skipped (never passing test cases), and bad input exits 2.
 */
class EngineGateTest {
    @TempDir
    Path tmp;

    static EngineContract contract(String id) {
        EngineContract c = ReferenceEngine.CONTRACT;
        return new EngineContract(id, id, "a broken reference engine for the gate's tests", c.components(), c.resources(),
                c.ownWrites(), c.equalWritesCount(), c.delayFrames(), c.features());
    }

    /** Loses the first entity of every Removed answer: criterion 1. */
    public static final class DropsRemovals implements EngineProvider {
        @Override
        public EngineContract contract() {
            return EngineGateTest.contract("test-drops-removals");
        }

        @Override
        public Engine create() {
            return new ReferenceEngine() {
                @Override
                public List<String> report(String system, int watch) {
                    List<String> out = new ArrayList<>(super.report(system, watch));
                    if (declared(system, watch).kind().equals("REMOVED") && !declared(system, watch).resource() && !out.isEmpty()) {
                        out.remove(0);
                    }
                    return out;
                }
            };
        }
    }

    /** Repeats the first entity of every component answer: criterion 2. */
    public static final class ReportsTwice implements EngineProvider {
        @Override
        public EngineContract contract() {
            return EngineGateTest.contract("test-reports-twice");
        }

        @Override
        public Engine create() {
            return new ReferenceEngine() {
                @Override
                public List<String> report(String system, int watch) {
                    List<String> out = new ArrayList<>(super.report(system, watch));
                    if (!out.isEmpty() && !declared(system, watch).resource()) {
                        out.add(out.get(0));
                    }
                    return out;
                }
            };
        }
    }

    CommandOutput gate(String engine, String expect, Path junit) {
        return CommandOutput.run("gate", "--engine", engine, "--expect", expect, "--tries", "20", "--seed", "5",
                "--junit", junit.toString(), "--out", tmp.resolve(engine + "-" + expect).toString());
    }

    @Test
    void anExactEnginePassesAndTheCriteriaItCannotBeJudgedOnAreSkipped() throws Exception {
        Path junit = tmp.resolve("reference.xml");
        CommandOutput o = gate("reference", "exact", junit);
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("gate engine reference: expected exact, measured exact: PASS"), o.out());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("failures=\"0\"") && xml.contains("skipped=\"3\""), xml);
        assertTrue(xml.contains("name=\"O ordering\">") && xml.contains("<skipped message=\"not applicable"), xml);
    }

    @Test
    void anEngineThatLosesARemovalFailsTheGate() throws Exception {
        Path junit = tmp.resolve("drops.xml");
        CommandOutput o = gate("test-drops-removals", "exact", junit);
        assertEquals(1, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("FAIL 1 at least once"), o.out());
        assertTrue(o.out().contains("replay: ./lab replay "), o.out());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("name=\"1 at least once\">") && xml.contains("<failure"), xml);
        Path counterexample = tmp.resolve("test-drops-removals-exact/test-drops-removals/criterion-1.json");
        assertTrue(Files.isRegularFile(counterexample));
        CommandOutput replay = CommandOutput.run("replay", counterexample.toString());
        assertEquals(1, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("on engine test-drops-removals") && replay.out().contains("re-run on the engine: the"
                + " same verdict") && replay.out().contains("never reported"), replay.out());
    }

    @Test
    void theExpectedClassDecidesWhatIsGated() {
        CommandOutput flaky = gate("test-reports-twice", "flaky", tmp.resolve("twice-flaky.xml"));
        assertEquals(1, flaky.code(), "flaky promises at most once: " + flaky.out());
        CommandOutput conservative = gate("test-reports-twice", "conservative", tmp.resolve("twice-conservative.xml"));
        assertEquals(0, conservative.code(), "conservative promises at least once only: " + conservative.out());
        assertTrue(conservative.out().contains("note 2 at most once"), conservative.out());
    }

    @Test
    void badInputExitsTwoAndSaysWhy() {
        CommandOutput unknown = CommandOutput.run("gate", "--engine", "no-such-engine", "--expect", "exact");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("no engine 'no-such-engine'"), unknown.err());
        CommandOutput noClass = CommandOutput.run("gate", "--engine", "reference");
        assertEquals(2, noClass.code());
        assertTrue(noClass.err().contains("--engine needs --expect"), noClass.err());
        CommandOutput both = CommandOutput.run("gate", "--engine", "reference", "--expect", "exact", "--strategy", "generation",
                "--executor", "serial");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("mutually exclusive"), both.err());
        CommandOutput neither = CommandOutput.run("gate", "--expect", "exact");
        assertEquals(2, neither.code());
        assertTrue(neither.err().contains("--engine") && neither.err().contains("--strategy"), neither.err());
    }

    /**
     * Shards of an engine's gate merge into the unsharded gate: the same exit code, check lines, engines.md, JUnit XML
     * (but its times) and counterexample files, for a failing engine; a missing or repeated shard is refused.
     */
    @Test
    void theShardsOfAnEngineGateMergeIntoTheUnshardedGate() throws Exception {
        String engine = "test-drops-removals";
        CommandOutput whole = gate(engine, "exact", tmp.resolve("whole.xml"));
        assertEquals(1, whole.code(), whole.out() + whole.err());
        List<String> dirs = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            Path dir = tmp.resolve("shard-" + k);
            CommandOutput shard = CommandOutput.run("gate", "--engine", engine, "--expect", "exact", "--tries", "20", "--seed",
                    "5", "--shard", k + "/3", "--out", dir.toString());
            assertEquals(0, shard.code(), "a shard's exit code does not depend on what it found: " + shard.out() + shard.err());
            assertTrue(Files.isRegularFile(dir.resolve("shard.json")), shard.out());
            dirs.add(dir.toString());
        }
        Path merged = tmp.resolve("merged");
        List<String> args = new ArrayList<>(List.of("merge", "--out", merged.toString(), "--junit",
                tmp.resolve("merged.xml").toString()));
        args.addAll(dirs);
        CommandOutput m = CommandOutput.run(args.toArray(String[]::new));
        assertEquals(1, m.code(), m.out() + m.err());
        assertEquals(checks(whole.out()), checks(m.out()));
        Path wholeDir = tmp.resolve(engine + "-exact");
        assertEquals(Files.readString(wholeDir.resolve("engines.md")), Files.readString(merged.resolve("engines.md")));
        assertEquals(Files.readString(wholeDir.resolve(engine + "/criterion-1.json")),
                Files.readString(merged.resolve(engine + "/criterion-1.json")));
        assertEquals(Files.readString(tmp.resolve("whole.xml")).replaceAll("time=\"[^\"]*\"", "")
                        .replace(wholeDir.toString(), "DIR"),
                Files.readString(tmp.resolve("merged.xml")).replaceAll("time=\"[^\"]*\"", "").replace(merged.toString(), "DIR"));

        CommandOutput missing = CommandOutput.run("merge", "--out", tmp.resolve("m2").toString(), dirs.get(0), dirs.get(2));
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("shard(s) [2] of 3 are missing"), missing.err());
        CommandOutput twice = CommandOutput.run("merge", "--out", tmp.resolve("m3").toString(), dirs.get(0), dirs.get(0),
                dirs.get(1), dirs.get(2));
        assertEquals(2, twice.code());
        assertTrue(twice.err().contains("is given twice"), twice.err());
        CommandOutput junitOnShard = CommandOutput.run("gate", "--engine", engine, "--expect", "exact", "--shard", "1/2",
                "--junit", tmp.resolve("x.xml").toString(), "--out", tmp.resolve("x").toString());
        assertEquals(2, junitOnShard.code());
        assertTrue(junitOnShard.err().contains("--junit and --annotations go to lab merge"), junitOnShard.err());
    }

    /** The check lines of a gate's output (from the verdict line on), without the folder the files went to. */
    private static List<String> checks(String out) {
        List<String> lines = out.lines().dropWhile(l -> !l.startsWith("gate engine ")).filter(l -> !l.startsWith("wrote ")
                && !l.contains("replay: ")).toList();
        assertTrue(!lines.isEmpty(), out);
        return lines;
    }

    /**
     * A replay command must find the engine again: an engine from a jar or a driver command is named in it with the
     * gate's own options, quoted for the shell.
     */
    @Test
    void aReplayCommandCarriesTheOptionsThatFindTheEngine() {
        assertEquals("/x/engine.jar", EnginesCommand.shellWord("/x/engine.jar"));
        assertEquals("'node /x/my driver.mjs'", EnginesCommand.shellWord("node /x/my driver.mjs"));
        assertEquals("'it'\\''s'", EnginesCommand.shellWord("it's"));
        var check = new dev.ecslab.reports.gate.GateVerdict.Check("1 at least once", true,
                dev.ecslab.reports.gate.GateVerdict.Status.FAIL, "missed", "e/criterion-1.json");
        var v = new dev.ecslab.reports.gate.GateVerdict("e", "lab-serial", dev.ecslab.ecs.change.ClaimedClass.EXACT, 0,
                dev.ecslab.lab.results.MeasuredClass.BROKEN, List.of(check), 1, 0, List.of())
                .withReplayArgs(" --engine-cmd 'node d.mjs'");
        String xml = dev.ecslab.reports.gate.JUnitXml.of(v, tmp);
        assertTrue(xml.contains("replay: ./lab replay " + tmp.toAbsolutePath().normalize().resolve("e/criterion-1.json")
                + " --engine-cmd &apos;node d.mjs&apos;") || xml.contains("--engine-cmd 'node d.mjs'"), xml);
        var annotations = dev.ecslab.reports.gate.GithubAnnotations.of(v, tmp, tmp);
        assertTrue(annotations.get(0).contains("--engine-cmd 'node d.mjs'"), annotations.toString());
    }

    /** An engine provider, in package {@code ext}, that loses the last entity of every Added answer. */
    private static String externalEngine(String marker) {
        return """
                package ext;

                import dev.ecslab.lab.engine.*;
                import java.util.*;

                public final class DropsAdditions implements EngineProvider {
                    static final String MARKER = "%s";
                    public EngineContract contract() {
                        EngineContract c = ReferenceEngine.CONTRACT;
                        return new EngineContract("ext-drops", "written outside the repository", MARKER, c.components(),
                                c.resources(), c.ownWrites(), c.equalWritesCount(), c.delayFrames(), c.features());
                    }
                    public Engine create() {
                        return new ReferenceEngine() {
                            @Override
                            public List<String> report(String system, int watch) {
                                List<String> out = new ArrayList<>(super.report(system, watch));
                                if (declared(system, watch).kind().equals("ADDED") && !out.isEmpty()) {
                                    out.remove(out.size() - 1);
                                }
                                return out;
                            }
                        };
                    }
                }
                """.formatted(marker);
    }

    /**
     * An engine from a jar: the gate's replay command names the jar, the replay re-runs the engine from it, and a
     * replay against another build of the jar, or without it, is refused (exit 2) rather than judged.
     */
    @Test
    void anEngineJarIsRecordedAndAReplayInsistsOnTheSameBuild() throws Exception {
        Path jar = dev.ecslab.ecs.ProviderJar.build(tmp.resolve("one"), EngineProvider.class, "DropsAdditions",
                externalEngine("build one"));
        Path out = tmp.resolve("ext");
        CommandOutput g = CommandOutput.run("gate", "--engine", "ext-drops", "--engine-jar", jar.toString(), "--expect", "exact",
                "--tries", "5", "--seed", "5", "--out", out.toString());
        assertEquals(1, g.code(), g.out() + g.err());
        assertTrue(g.out().contains("criterion-1.json --engine-jar " + jar.toAbsolutePath().normalize()), g.out());
        String file = out.resolve("ext-drops/criterion-1.json").toString();
        assertTrue(Files.readString(Path.of(file)).contains("\"role\" : \"engine\""), "the jar is recorded in the trace");
        CommandOutput same = CommandOutput.run("replay", file, "--engine-jar", jar.toString());
        assertEquals(1, same.code(), same.out() + same.err());
        assertTrue(same.out().contains("re-run on the engine: the same verdict"), same.out());
        CommandOutput none = CommandOutput.run("replay", file);
        assertEquals(2, none.code(), none.out() + none.err());
        Path other = dev.ecslab.ecs.ProviderJar.build(tmp.resolve("two"), EngineProvider.class, "DropsAdditions",
                externalEngine("build two"));
        CommandOutput different = CommandOutput.run("replay", file, "--engine-jar", other.toString());
        assertEquals(2, different.code(), different.out() + different.err());
        assertTrue(different.err().contains("refusing to replay against a different build"), different.err());
    }
}
