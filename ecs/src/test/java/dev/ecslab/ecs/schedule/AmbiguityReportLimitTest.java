package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Past {@link AmbiguityReport#MAX_LISTED} pairs the report counts and summarises instead of storing, so
 * 20 000 unordered writers (199 990 000 pairs, a 1.4 MB file) are analysed under a 256 MB heap and the
 * count is exact.
 */
class AmbiguityReportLimitTest {
    @Test
    void pastTheCapPairsAreCountedByStageAndConflictAndTheReportSaysSo() {
        String json = "{\"stages\": [" + ScaleSchedules.writers("physics", "Position", 4) + ", "
                + ScaleSchedules.writers("render", "Sprite", 3) + "]}";
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(json), "t.json");
        AmbiguityReport all = loaded.ambiguities();
        System.setProperty(AmbiguityReport.MAX_LISTED.property(), "5");
        AmbiguityReport capped;
        try {
            capped = loaded.ambiguities();
        } finally {
            System.clearProperty(AmbiguityReport.MAX_LISTED.property());
        }
        assertThat(all.total()).isEqualTo(9);
        assertThat(all.size()).isEqualTo(9);
        assertThat(all.omitted()).isZero();
        assertThat(capped.total()).isEqualTo(9);
        assertThat(capped.size()).isEqualTo(5);
        assertThat(capped.pairs()).containsExactlyElementsOf(all.pairs().subList(0, 5));
        assertThat(capped.omitted()).isEqualTo(4);
        assertThat(capped.omittedByStage()).containsExactly(Map.entry("physics", 1L), Map.entry("render", 3L));
        assertThat(capped.omittedByConflict()).containsExactly(Map.entry(List.of("Sprite"), 3L),
                Map.entry(List.of("Position"), 1L));
        assertThat(capped).isNotEqualTo(all);
        assertThat(capped.format()).startsWith("9 pairs of systems with conflicting data access have no order between"
                + " them (the first 5 are listed):\n")
                .contains("... and 4 more pair(s), counted but not listed (a report lists at most 5 pairs;"
                        + " set with -Decslab.limit.listedAmbiguities=N)")
                .contains("by stage: stage physics: 1; stage render: 3")
                .endsWith("by conflict: Sprite: 3; Position: 1\n");
        assertThat(all.format()).doesNotContain("more pair(s)");
        // the summary counts every pair, listed or not, the same whatever the cap
        assertThat(capped.summary()).isEqualTo(all.summary());
        assertThat(capped.summary().pairsByStage()).containsExactly(Map.entry("physics", 6L), Map.entry("render", 3L));
        assertThat(capped.summary().pairsByData()).containsExactly(Map.entry("Position", 6L), Map.entry("Sprite", 3L));
        assertThat(capped.summary().busiestSystems()).extracting(AmbiguityReport.SystemCount::pairs)
                .containsExactly(3L, 3L, 3L, 3L, 2L, 2L, 2L);
    }

    /** Run in a JVM of its own with a 256 MB heap: reads 20 000 writers and prints the report's counts. */
    public static void main(String[] args) {
        String json = "{\"stages\": [" + ScaleSchedules.writers("update", "Position", 20_000) + "]}";
        AmbiguityReport report = ScheduleJson.read(new StringReader(json), "writers.json").ambiguities();
        String text = report.format();
        System.out.println("total " + report.total() + " listed " + report.size() + " omitted " + report.omitted()
                + " by-stage " + report.omittedByStage() + " text-lines " + text.lines().count());
    }

    @Test
    void twentyThousandUnorderedWritersFitInAModestHeap() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                AmbiguityReportLimitTest.class.getName()).redirectErrorStream(true).start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            r.lines().forEach(out::add);
        }
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("finished").isTrue();     // generous: "does not hang"
        assertThat(p.exitValue()).as("exit code; output %s", out).isZero();
        long pairs = 20_000L * 19_999 / 2;
        assertThat(out).contains("total " + pairs + " listed 10000 omitted " + (pairs - 10_000)
                + " by-stage {update=" + (pairs - 10_000) + "} text-lines 20005");
    }
}
