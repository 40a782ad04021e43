package dev.ecslab.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Shard;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.ShardFile;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge of N shards is the unsharded run: for N = 7 (and 1, 2 and 3 in the long profile), every
 * shard run on its own (some with several jobs), written to its file and read back, then merged, gives the
 * report files of the run made in one process, byte for byte but for the wall time (and the pool worker's number, see {@link ParallelLabTest}).
 * The rows fail (counterexamples shrunk in the shard that found them first), pass, and include criterion 6.
 * A merge refuses shards that do not make one campaign.
 */
class ShardMergeTest {
    static final ClassLoader LOADER = ShardMergeTest.class.getClassLoader();
    static final List<String> IDENTITY = List.of("lab test", "run", "--tries", "24");

    @TempDir
    static Path tmp;

    static List<TrackerSubject> trackers;
    static List<ExecutorSubject> executors;
    static LabOptions options;
    static Map<String, String> whole;

    @BeforeAll
    static void unsharded() throws IOException {
        trackers = List.of(TrackerSubject.find("last-tick", LOADER), TrackerSubject.find("generation", LOADER));
        executors = List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic"));
        options = LabOptions.defaults().withTries(24).withCampaignSeed(777).withCatalogueSearch(1, 6);
        whole = files(new Lab(options).run(trackers, executors, Catalogue.all()), "whole");
        assertTrue(whole.keySet().stream().anyMatch(f -> f.startsWith("counterexamples/")), whole.keySet().toString());
        assertTrue(whole.get("matrix.json").contains("bounded memory") || whole.get("matrix.json").contains("\"6\""),
                "criterion 6 ran");
    }

    @Test
    void mergingEveryShardCountGivesTheUnshardedRun() throws IOException {
        // 7 shards (uneven, some with few units; shard 1 with one job, the others with two) in the default build;
        // 1, 2 and 3 too in the long profile
        int[] counts = Boolean.getBoolean("ecslab.long") ? new int[] {1, 2, 3, 7} : new int[] {7};
        for (int n : counts) {
            List<ShardFile.Content> read = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int k = n; k >= 1; k--) {                            // any order
                Path file = tmp.resolve("n" + n + "-k" + k + ".json");
                ShardFile.write(file, new Lab(options).withJobs(k == 1 ? 1 : 2).withShard(new Shard(k, n))
                        .runShard(trackers, executors, Catalogue.all(), IDENTITY));
                read.add(ShardFile.read(file));
                names.add(file.toString());
            }
            Map<String, String> merged = files(Lab.merge(read, names, Catalogue.all()), "merged-" + n);
            assertEquals(whole.keySet(), merged.keySet(), n + " shards: the report's files");
            for (String f : whole.keySet()) {
                assertEquals(whole.get(f), merged.get(f), n + " shards: " + f);
            }
        }
    }

    @Test
    void aMergeRefusesShardsThatAreNotOneCampaign() {
        LabOptions small = options.withTries(12).withMemory(false);
        ShardFile.Content a = new Lab(small).withShard(new Shard(1, 2)).runShard(trackers, executors, Catalogue.all(), IDENTITY);
        ShardFile.Content b = new Lab(small).withShard(new Shard(2, 2)).runShard(trackers, executors, Catalogue.all(), IDENTITY);
        ShardFile.Content other = new Lab(small).withShard(new Shard(2, 2)).runShard(trackers, executors, Catalogue.all(),
                List.of("lab test", "run", "--tries", "25"));
        ShardFile.Content ofThree = new Lab(small).withShard(new Shard(2, 3)).runShard(trackers, executors, Catalogue.all(),
                IDENTITY);
        assertTrue(message(List.of(a), "a").contains("shard 2/2 is missing"));
        assertTrue(message(List.of(a, a), "a", "a again").contains("given twice"));
        assertTrue(message(List.of(a, other), "a", "other").contains("'25' where it has '24'"));
        assertTrue(message(List.of(a, ofThree), "a", "three").contains("split the campaign the same way"));
        ShardFile.Content cut = new ShardFile.Content(b.format(), b.version(), b.identity(), b.shard(), b.settings(), b.rows(),
                b.units(), b.results().subList(1, b.results().size()), b.segments(), b.stops(), b.memory(), b.budgetRanOut(),
                b.seconds());
        assertTrue(message(List.of(a, cut), "a", "cut").contains("cut accounts for"));
        ShardFile.Content unsummed = new ShardFile.Content(b.format(), b.version(), b.identity(), b.shard(), b.settings(),
                b.rows(), b.units(), b.results(), List.of(), b.stops(), b.memory(), b.budgetRanOut(), b.seconds());
        assertTrue(b.segments().size() > 0, "passing campaign runs are summed per block");
        assertTrue(message(List.of(a, unsummed), "a", "unsummed").contains("unsummed accounts for"));
        assertEquals(12, Lab.merge(List.of(b, a), List.of("b", "a"), Catalogue.all()).tries());
        // shards whose shrunk first counterexamples were dropped: the merge cannot make them without running code
        // Without a catalogue, the campaign's first failures are the first of their scopes (with it, the catalogue's
        // come first and are never shrunk); a merge of shards that dropped their shrunk counterexamples cannot make them.
        ShardFile.Content a0 = new Lab(small).withShard(new Shard(1, 2)).runShard(trackers, executors, List.of(), IDENTITY);
        ShardFile.Content b0 = new Lab(small).withShard(new Shard(2, 2)).runShard(trackers, executors, List.of(), IDENTITY);
        Matrix whole0 = Lab.merge(List.of(a0, b0), List.of("a0", "b0"), List.of());
        assertTrue(whole0.rows().stream().flatMap(r -> java.util.Arrays.stream(dev.ecslab.lab.criteria.Criterion.values())
                .flatMap(c -> r.cell(c).failures().values().stream())).anyMatch(x -> x.shrinking().shrunk()),
                "the merge keeps a counterexample its shard shrank");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Lab.merge(List.of(stripped(a0), stripped(b0)),
                List.of("a0", "b0"), List.of())).getMessage().contains("lacks the counterexample"));
    }

    /** The shard without the counterexamples it made for its first failures. */
    private static ShardFile.Content stripped(ShardFile.Content c) {
        List<ShardFile.UnitEntry> bare = new ArrayList<>();
        boolean dropped = false;
        for (ShardFile.UnitEntry e : c.results()) {
            List<ShardFile.RunEntry> runs = new ArrayList<>();
            for (ShardFile.RunEntry r : e.runs()) {
                dropped |= r.result().notShrunk() == null && r.firsts().stream().anyMatch(java.util.Objects::nonNull);
                runs.add(new ShardFile.RunEntry(r.result(), java.util.Collections.nCopies(r.firsts().size(), null)));
            }
            bare.add(new ShardFile.UnitEntry(e.row(), e.unit(), runs, e.coverage(), e.ambiguity()));
        }
        assertTrue(dropped, "shard " + c.shard() + " has a campaign counterexample to drop");
        return new ShardFile.Content(c.format(), c.version(), c.identity(), c.shard(), c.settings(), c.rows(), c.units(),
                bare, c.segments(), c.stops(), c.memory(), c.budgetRanOut(), c.seconds());
    }

    private static String message(List<ShardFile.Content> shards, String... names) {
        return assertThrows(IllegalArgumentException.class, () -> Lab.merge(shards, List.of(names), Catalogue.all()))
                .getMessage();
    }

    static Map<String, String> files(Matrix m, String name) throws IOException {
        return ReportFiles.of(m, tmp.resolve(name));
    }
}
