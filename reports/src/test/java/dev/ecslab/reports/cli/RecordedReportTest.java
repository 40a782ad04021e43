package dev.ecslab.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a fixed campaign is the one recorded: the SHA-256 of each file {@link MatrixReport#write} makes
 * (the wall time and pool worker numbers masked, as {@link ReportFiles} does), against
 * {@code golden/report.sha256}. A change to how the lab runs, folds, writes or words its results shows here
 * file by file; a refactoring must leave it untouched, and a deliberate change rewrites the manifest with
 * {@code -Decslab.golden.write=reports/src/test/resources/golden/report.sha256} and says why in its commit.
 * The shards' merge and the redraw from {@code matrix.json} equal this run byte for byte ({@link ShardMergeTest},
 * {@link ReportCommandTest}), so the manifest holds them too.
 *
 * <p>The pages that quote the committed benchmark results ({@code index.html}, {@code benchmarks.html}, the
 * charts) are left out: they change when a benchmark is re-measured, not when the lab does.
 */
class RecordedReportTest {
    static final ClassLoader LOADER = RecordedReportTest.class.getClassLoader();
    static final String MANIFEST = "/golden/report.sha256";

    @TempDir
    Path tmp;

    static boolean recorded(String file) {
        return !file.equals("index.html") && !file.equals("benchmarks.html") && !file.startsWith("charts/")
                && !file.startsWith("bench/");
    }

    @Test
    void theReportOfAFixedCampaignIsTheRecordedOne() throws IOException {
        List<TrackerSubject> trackers = List.of(TrackerSubject.find("flags", LOADER), TrackerSubject.find("generation",
                LOADER), dev.ecslab.lab.mutant.Mutants.trackers().stream()
                .filter(t -> t.subject().id().equals("mutant:reports-twice")).findFirst().orElseThrow().subject());
        List<ExecutorSubject> executors = List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic"));
        LabOptions options = LabOptions.builder().tries(8).campaignSeed(4_242).catalogueSearch(1, 2).memory(false)
                .build();
        Path out = tmp.resolve("report");
        Map<String, String> files = ReportFiles.of(new Lab(options).run(trackers, executors, Catalogue.all()), out);
        Map<String, String> hashes = new TreeMap<>();
        files.forEach((name, text) -> {
            if (recorded(name)) {
                hashes.put(name, sha256(text.replace(out.toString(), "OUT")));
            }
        });
        assertTrue(hashes.keySet().stream().anyMatch(f -> f.startsWith("counterexamples/")), "the campaign fails somewhere");
        String written = System.getProperty("ecslab.golden.write");
        if (written != null && !written.isBlank()) {
            StringBuilder b = new StringBuilder();
            hashes.forEach((name, h) -> b.append(h).append("  ").append(name).append('\n'));
            Files.writeString(Path.of(written), b.toString());
        }
        Map<String, String> golden = manifest();
        List<String> differ = new ArrayList<>();
        for (String f : new java.util.TreeSet<>(java.util.Set.copyOf(concat(golden.keySet(), hashes.keySet())))) {
            if (!java.util.Objects.equals(golden.get(f), hashes.get(f))) {
                differ.add(f + (golden.containsKey(f) ? hashes.containsKey(f) ? " differs" : " is no longer written"
                        : " is new"));
            }
        }
        List<String> shown = differ.size() <= 20 ? differ : List.copyOf(concat(differ.subList(0, 20),
                List.of("... and " + (differ.size() - 20) + " more")));
        assertEquals(List.of(), shown, "report files that differ from the recorded ones (rewrite the manifest with"
                + " -Decslab.golden.write=... only for a deliberate change)");
    }

    private static List<String> concat(java.util.Collection<String> a, java.util.Collection<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static Map<String, String> manifest() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (InputStream in = RecordedReportTest.class.getResourceAsStream(MANIFEST)) {
            if (in == null) {
                return out;
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    out.put(line.substring(66), line.substring(0, 64));
                }
            }
        }
        return out;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
