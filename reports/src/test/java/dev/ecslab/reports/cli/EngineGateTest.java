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
}
