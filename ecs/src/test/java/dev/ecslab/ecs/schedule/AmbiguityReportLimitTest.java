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
        AmbiguityReport capped = AmbiguityListing.atMost(5, loaded);
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

    @Test
    void everyPairIsCountedInItsGroupWithItsFirstPairListedOrNot() {
        // physics: 4 writers of Position (6 pairs); render: r0, r1 and r2 write Sprite (3 pairs), r2 and r3
        // write Velocity (1 pair)
        String render = "{\"name\": \"render\", \"systems\": [" + String.join(", ",
                system("r0", "\"Sprite\""), system("r1", "\"Sprite\""), system("r2", "\"Sprite\", \"Velocity\""),
                system("r3", "\"Velocity\"")) + "]}";
        String json = "{\"stages\": [" + ScaleSchedules.writers("physics", "Position", 4) + ", " + render + "]}";
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(json), "t.json");
        AmbiguityReport all = loaded.ambiguities();
        AmbiguityReport capped = AmbiguityListing.atMost(2, loaded);
        List<AmbiguityReport.GroupCount> expected = List.of(
                new AmbiguityReport.GroupCount("physics", List.of("Position"), false, 6,
                        new Ambiguity("physics", "physics_0", "physics_1", List.of("Position"))),
                new AmbiguityReport.GroupCount("render", List.of("Sprite"), false, 3,
                        new Ambiguity("render", "r0", "r1", List.of("Sprite"))),
                new AmbiguityReport.GroupCount("render", List.of("Velocity"), false, 1,
                        new Ambiguity("render", "r2", "r3", List.of("Velocity"))));
        assertThat(all.groups()).isEqualTo(expected);
        assertThat(capped.size()).isEqualTo(2);
        assertThat(capped.groups()).as("the same groups, whatever the listing").isEqualTo(expected);
        assertThat(capped.groups().stream().mapToLong(AmbiguityReport.GroupCount::pairs).sum()).isEqualTo(capped.total());
        // a report made of its pairs groups them the same way
        assertThat(new AmbiguityReport(all.pairs()).groups()).isEqualTo(expected);
    }

    private static String system(String name, String writes) {
        return "{\"name\": \"" + name + "\", \"access\": {\"queries\": [{\"write\": [" + writes + "]}]}}";
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
