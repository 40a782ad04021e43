package dev.ecslab.reports.cli;

import dev.ecslab.lab.classify.Matrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A matrix's report files as the equality tests compare them ({@link ParallelLabTest}, {@link ShardMergeTest}):
 * every file {@link MatrixReport#write} makes, by relative name, with the two things no two runs share masked:
 * the wall time, and the number of the pool worker a system ran on under a parallel executor (the pool hands a
 * system to whichever worker is idle; the interleaving it follows is the seed's).
 */
final class ReportFiles {
    private ReportFiles() {
    }

    static Map<String, String> of(Matrix m, Path dir) throws IOException {
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
