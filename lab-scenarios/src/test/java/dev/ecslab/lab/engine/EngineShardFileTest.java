package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.classify.Shard;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine gate's shards, written and read back, add up to the unsharded row (counts, the first counterexample of
 * each criterion, the class), and a shard file a lab would not write is refused with where.
 */
class EngineShardFileTest {
    static final List<String> IDENTITY = List.of("ecslab test", "gate", "--engine", "drops-additions");
    @TempDir
    Path tmp;

    @BeforeAll
    static void scenarios() {
        EngineLabTest.scenarios();
    }

    static EngineSubject broken() {
        EngineContract contract = EngineLabTest.named("drops-additions");
        return EngineLabTest.subject(contract, () -> new ReferenceEngine() {
            @Override
            public List<String> report(String system, int watch) {
                List<String> out = new ArrayList<>(super.report(system, watch));
                if (declared(system, watch).kind().equals("ADDED") && !out.isEmpty()) {
                    out.remove(out.size() - 1);
                }
                return out;
            }
        });
    }

    @Test
    void threeShardsReadBackAddUpToTheWholeRow() throws Exception {
        EngineSubject engine = broken();
        var scenarios = EngineLabTest.scenarios.subList(0, 45);
        EngineLab.Row whole = EngineLab.run(engine, scenarios, EngineLabTest.SEED, EngineLabTest.TIMEOUT, null);
        List<EngineShardFile.Content> read = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            Shard shard = new Shard(k, 3);
            EngineLab.Row part = EngineLab.run(engine, scenarios, EngineLabTest.SEED, EngineLabTest.TIMEOUT, null, shard);
            Path f = tmp.resolve("shard-" + k + ".json");
            EngineShardFile.write(f, EngineShardFile.of(IDENTITY, shard, scenarios.size(), part, ""));
            assertTrue(EngineShardFile.isOne(f));
            read.add(EngineShardFile.read(f));
            names.add(f.toString());
        }
        EngineLab.Row merged = EngineShardFile.merge(read, names);
        assertEquals(whole.measured(), merged.measured());
        assertEquals(List.of(whole.ran(), whole.narrowed(), whole.skipped()), List.of(merged.ran(), merged.narrowed(), merged.skipped()));
        assertEquals(whole.notExpressible(), merged.notExpressible());
        assertTrue(whole.cells().get(Criterion.AT_LEAST_ONCE).failed() > 0, "the mutant must fail something to compare");
        for (Criterion c : Criterion.values()) {
            EngineLab.Cell a = whole.cells().get(c);
            EngineLab.Cell b = merged.cells().get(c);
            assertEquals(a.status(), b.status(), c.toString());
            assertEquals(a.first() == null, b.first() == null, c.toString());
            if (a.first() != null) {
                assertEquals(a.first().index(), b.first().index(), c.toString());
                assertEquals(a.first().violation(), b.first().violation(), c.toString());
                assertEquals(ScenarioJson.MAPPER.writeValueAsString(a.first().shrunk()),
                        ScenarioJson.MAPPER.writeValueAsString(b.first().shrunk()), c.toString());
            }
        }
        List<String> other = new ArrayList<>(IDENTITY);
        other.set(3, "another");
        var foreign = new EngineShardFile.Content(EngineShardFile.FORMAT, EngineShardFile.VERSION, other, read.get(1).shard(),
                read.get(1).scenarios(), read.get(1).contract(), read.get(1).row(), "");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EngineShardFile.merge(List.of(read.get(0), foreign, read.get(2)), names));
        assertTrue(e.getMessage().contains("comes from another gate"), e.getMessage());
    }

    @Test
    void aShardFileALabWouldNotWriteIsRefusedWithWhere() throws Exception {
        EngineSubject engine = broken();
        Shard shard = new Shard(1, 2);
        EngineLab.Row part = EngineLab.run(engine, EngineLabTest.scenarios.subList(0, 20), EngineLabTest.SEED,
                EngineLabTest.TIMEOUT, null, shard);
        ObjectNode good = ScenarioJson.MAPPER.valueToTree(EngineShardFile.of(IDENTITY, shard, 20, part, ""));
        refused(good, n -> n.put("version", 9), ", version): is an engine shard file of layout version 9");
        refused(good, n -> n.put("format", "ecslab-shard"), ", format): is not an ecslab engine shard file");
        refused(good, n -> n.put("shard", "3/2"), "shard");
        refused(good, n -> ((ObjectNode) n.get("row")).put("ran", 99), "row");
        refused(good, n -> ((ObjectNode) n.get("row").get("cells").get(1)).put("failed", 1000), "row.cells[1]");
        refused(good, n -> ((ObjectNode) n.get("row").get("cells").get(1)).putNull("first"), "row.cells[1].first");
        refused(good, n -> ((ObjectNode) n.get("row").get("cells").get(1).get("first")).put("index", 1), "row.cells[1].first.index");
        refused(good, n -> ((ObjectNode) n.get("contract")).put("delayFrames", -1), "contract");
    }

    private void refused(ObjectNode good, Consumer<ObjectNode> edit, String where) throws Exception {
        assertEquals(Criterion.AT_LEAST_ONCE, Criterion.values()[1], "the edits below aim at criterion 1's cell");
        ObjectNode bad = good.deepCopy();
        edit.accept(bad);
        Path f = tmp.resolve("bad.json");
        Files.writeString(f, ScenarioJson.MAPPER.writeValueAsString(bad));
        BadInputException e = assertThrows(BadInputException.class, () -> EngineShardFile.read(f));
        assertTrue(e.getMessage().contains(where), where + ": " + e.getMessage());
    }
}
