package dev.ecslab.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.ShardFile;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge of N shards is the unsharded run: for N = 1, 2, 3 and 7, every shard run on its own (some with
 * several jobs), written to its file and read back, then merged, gives the report files of the run made in one
 * process, byte for byte but for the wall time (and the pool worker's number, see {@link ParallelLabTest}).
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
    static Lab.Options options;
    static Map<String, String> whole;

    @BeforeAll
    static void unsharded() throws IOException {
        trackers = List.of(TrackerSubject.find("last-tick", LOADER), TrackerSubject.find("generation", LOADER));
        executors = List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic"));
        options = Lab.Options.defaults().withTries(24).withCampaignSeed(777).withCatalogueSearch(1, 6);
        whole = files(new Lab(options).run(trackers, executors, Catalogue.all()), "whole");
        assertTrue(whole.keySet().stream().anyMatch(f -> f.startsWith("counterexamples/")), whole.keySet().toString());
        assertTrue(whole.get("matrix.json").contains("bounded memory") || whole.get("matrix.json").contains("\"6\""),
                "criterion 6 ran");
    }

    @Test
    void mergingEveryShardCountGivesTheUnshardedRun() throws IOException {
        for (int n : new int[] {1, 2, 3, 7}) {
            List<ShardFile.Content> read = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int k = n; k >= 1; k--) {                            // any order
                Path file = tmp.resolve("n" + n + "-k" + k + ".json");
                ShardFile.write(file, new Lab(options).withJobs(k == 1 ? 1 : 2).withShard(new Lab.Shard(k, n))
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
        Lab.Options small = options.withTries(12).withMemory(false);
        ShardFile.Content a = new Lab(small).withShard(new Lab.Shard(1, 2)).runShard(trackers, executors, Catalogue.all(), IDENTITY);
        ShardFile.Content b = new Lab(small).withShard(new Lab.Shard(2, 2)).runShard(trackers, executors, Catalogue.all(), IDENTITY);
        ShardFile.Content other = new Lab(small).withShard(new Lab.Shard(2, 2)).runShard(trackers, executors, Catalogue.all(),
                List.of("lab test", "run", "--tries", "25"));
        ShardFile.Content ofThree = new Lab(small).withShard(new Lab.Shard(2, 3)).runShard(trackers, executors, Catalogue.all(),
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
    }

    private static String message(List<ShardFile.Content> shards, String... names) {
        return assertThrows(IllegalArgumentException.class, () -> Lab.merge(shards, List.of(names), Catalogue.all()))
                .getMessage();
    }

    static Map<String, String> files(Matrix m, String name) throws IOException {
        Path dir = tmp.resolve(name);
        MatrixReport.write(m, dir);
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(p).replaceAll("\"seconds\" ?: ?[0-9.Ee+-]+", "\"seconds\":0")
                        .replaceAll("[0-9.]+ s;", "0 s;").replaceAll("-worker-[0-9]+", "-worker-?");
                out.put(dir.relativize(p).toString().replace('\\', '/'), text);
            }
        }
        return out;
    }
}
