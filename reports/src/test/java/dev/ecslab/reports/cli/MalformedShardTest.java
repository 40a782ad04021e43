package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard file that binds but is malformed inside (a null unit, run, counterexample, summed block or cell, a
 * coverage without pairs, a negative count) is bad input: {@code lab merge} exits 2 naming the file, the line and
 * the path, never 70 ("a bug in ecslab, not in your input"). A shard whose failing runs had their failures
 * removed (so that the merge would read them as passes) is refused too, never merged into a PASS.
 */
class MalformedShardTest {
    @TempDir
    static Path shared;
    static Path one;
    static Path two;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void twoShardsOfAFailingGate() {
        one = shared.resolve("s1");
        two = shared.resolve("s2");
        for (Path p : new Path[] {one, two}) {
            CommandOutput r = CommandOutput.run("gate", "--strategy", "flags", "--executor", "serial", "--tries", "40",
                    "--no-memory", "--search", "-1", "--progress", "never", "--shard", (p == one ? "1" : "2") + "/2", "--out",
                    p.toString());
            assertThat(r.code()).as(r.err()).isZero();
        }
        // The edits below need a summed segment and a failing run in the first shard: which units a shard owns
        // depends on the catalogue's size, so say so here rather than fail on an empty array later.
        try {
            JsonNode root = JSON.readTree(one.resolve("shard.json").toFile());
            assertThat(root.get("segments")).as("the first shard sums a block of passing runs").isNotEmpty();
            assertThat(firstRun((ObjectNode) root)).as("the first shard keeps a failing run").isNotNull();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void refused(Path dir, String name, Consumer<ObjectNode> edit, String path) throws Exception {
        ObjectNode root = (ObjectNode) JSON.readTree(one.resolve("shard.json").toFile());
        edit.accept(root);
        Path file = dir.resolve(name + ".json");
        Files.write(file, JSON.writeValueAsBytes(root));
        CommandOutput r = CommandOutput.run("merge", file.toString(), two.toString(), "--out", dir.resolve("m-" + name)
                .toString());
        assertThat(r.code()).as(name + ": " + r.err()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).startsWith("lab merge: " + file + " (line ").contains(path).doesNotContain("internal error");
    }

    private static ObjectNode firstRun(ObjectNode root) {
        for (JsonNode unit : root.get("results")) {
            for (JsonNode run : unit.get("runs")) {
                if (run.get("firsts").size() > 0 && run.get("firsts").get(0).isObject()) {
                    return (ObjectNode) run;
                }
            }
        }
        throw new AssertionError("a run with a counterexample");
    }

    /** Every run of the shard with its failures and counterexamples removed, the rest of its record kept. */
    private static int forgePasses(ObjectNode root) {
        int forged = 0;
        for (JsonNode unit : root.get("results")) {
            for (JsonNode run : unit.get("runs")) {
                ObjectNode result = (ObjectNode) run.get("result");
                if (result.path("failures").size() > 0) {
                    result.putArray("failures");
                    ((ObjectNode) run).putArray("firsts");
                    forged++;
                }
            }
        }
        return forged;
    }

    @Test
    void failingRunsWhoseFailuresWereRemovedAreRefusedNotMergedIntoAPass(@TempDir Path dir) throws Exception {
        Path[] forged = new Path[2];
        int count = 0;
        for (int k = 0; k < 2; k++) {
            ObjectNode root = (ObjectNode) JSON.readTree((k == 0 ? one : two).resolve("shard.json").toFile());
            count += forgePasses(root);
            forged[k] = dir.resolve("forged-" + (k + 1) + ".json");
            Files.write(forged[k], JSON.writeValueAsBytes(root));
        }
        assertThat(count).as("the flags gate fails, so its shards hold failing runs to forge").isPositive();
        CommandOutput r = CommandOutput.run("merge", forged[0].toString(), forged[1].toString(), "--out",
                dir.resolve("m").toString(), "--junit", dir.resolve("j.xml").toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(r.out()).doesNotContain("PASS");
        assertThat(r.err()).contains("has no failure but keeps a failing run's").contains(".result");
        assertThat(dir.resolve("j.xml")).doesNotExist();
    }

    @Test
    void nullsAndImpossibleCountsInAShardAreBadInput(@TempDir Path dir) throws Exception {
        refused(dir, "null-unit", r -> ((ArrayNode) r.get("results")).set(0, JSON.nullNode()), "results[0]");
        refused(dir, "null-run", r -> ((ArrayNode) r.get("results").get(0).get("runs")).set(0, JSON.nullNode()), "results[0].runs[0]");
        refused(dir, "empty-first", r -> ((ArrayNode) firstRun(r).get("firsts")).set(0, JSON.createObjectNode()), ".firsts[0]");
        refused(dir, "coverage-without-pairs", r -> ((ObjectNode) r.get("results").get(0).get("coverage")).remove("pairs"),
                "results[0].coverage");
        refused(dir, "null-segment", r -> ((ArrayNode) r.get("segments")).set(0, JSON.nullNode()), "segments[0]");
        refused(dir, "null-cell", r -> ((ArrayNode) r.get("segments").get(0).get("cells")).set(0, JSON.nullNode()),
                "segments[0].cells[0]");
        refused(dir, "cell-without-criterion", r -> ((ObjectNode) r.get("segments").get(0).get("cells").get(0))
                .remove("criterion"), "segments[0].cells[0]");
        refused(dir, "negative-runs", r -> ((ObjectNode) r.get("segments").get(0).get("cells").get(0)).put("judgedRuns", -5),
                "segments[0].cells[0]");
        refused(dir, "null-class-count", r -> {
            ObjectNode classes = (ObjectNode) r.get("segments").get(0).get("cells").get(0).get("classes");
            classes.putNull(classes.fieldNames().next());
        }, "segments[0].cells[0].classes");
    }
}
