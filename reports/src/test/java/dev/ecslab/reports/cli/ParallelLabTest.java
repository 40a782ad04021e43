package dev.ecslab.reports.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --jobs N} gives the matrix of {@code --jobs 1}: the same figures, the same counterexamples (the same
 * first failures, shrunk the same way, under the same names) and the same files, byte for byte but for the
 * wall time and the number of the pool worker a system ran on (a parallel executor's pool hands a system to
 * whichever worker is idle: the interleaving it follows is the same, the worker's name is not, whatever the
 * job count). Judged on rows that fail (so counterexamples are shrunk), a row that passes, and a mutant
 * executor, over the catalogue's search and a random campaign.
 */
class ParallelLabTest {
    static final ClassLoader LOADER = ParallelLabTest.class.getClassLoader();

    @TempDir
    Path tmp;

    @Test
    void everyJobCountGivesTheSerialMatrix() throws IOException {
        List<TrackerSubject> trackers = List.of(TrackerSubject.find("flags", LOADER), TrackerSubject.find("last-tick", LOADER),
                TrackerSubject.find("generation", LOADER));
        List<ExecutorSubject> executors = List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic"));
        LabOptions options = LabOptions.defaults().withTries(30).withMemory(false).withCampaignSeed(4_242);
        Map<String, String> serial = files(new Lab(options).run(trackers, executors, Catalogue.all()), "serial");
        assertTrue(serial.keySet().stream().anyMatch(f -> f.startsWith("counterexamples/")),
                "the check needs counterexamples to compare: " + serial.keySet());
        assertTrue(serial.get("matrix.json").contains("\"shrunk\"") || serial.values().stream()
                .anyMatch(t -> t.contains("\"original\"")), "the check needs a shrunk counterexample");
        for (int jobs : new int[] {3}) {
            Map<String, String> parallel = files(new Lab(options).withJobs(jobs).run(trackers, executors, Catalogue.all()),
                    "jobs-" + jobs);
            assertEquals(serial.keySet(), parallel.keySet(), "--jobs " + jobs + ": the report's files");
            for (String f : serial.keySet()) {
                assertEquals(serial.get(f), parallel.get(f), "--jobs " + jobs + ": " + f);
            }
        }
    }

    private Map<String, String> files(Matrix m, String name) throws IOException {
        return ReportFiles.of(m, tmp.resolve(name));
    }
}
