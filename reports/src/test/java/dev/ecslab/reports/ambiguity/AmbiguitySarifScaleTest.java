package dev.ecslab.reports.ambiguity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecslab.ecs.schedule.AmbiguityListing;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.ScaleSchedules;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SARIF log of schedules of 10 000 systems and more is one GitHub code scanning takes (under 10 MB
 * gzipped, at most 25 000 results, and every other documented limit: {@link GitHubSarifLimits}), valid
 * SARIF 2.1.0, and still counts every pair: the results' pairs add up to the report's total, or a
 * notification says what was cut. Each test prints what it measured.
 */
class AmbiguitySarifScaleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The log of {@code report}, checked against the schema and GitHub's limits, and its measures printed. */
    private static JsonNode sarif(String shape, LoadedSchedule loaded, AmbiguityReport report) throws Exception {
        ReportedSchedule r = new ReportedSchedule(Path.of("schedules", shape + ".json"), loaded, report, false,
                Integer.MAX_VALUE);
        String text = AmbiguitySarif.format(r, "test");
        SarifSchema.assertValid(text);
        GitHubSarifLimits measured = GitHubSarifLimits.assertAccepted(text);
        System.out.printf("SARIF of %s: %d pairs, %d listed by the report; %d results, %d pairs listed, at most %d"
                        + " locations a result; %d bytes, %d gzipped%n", shape, report.total(), report.size(),
                measured.results(), measured.listedPairs(), measured.maxLocations(), text.length(), measured.gzippedBytes());
        return JSON.readTree(text);
    }

    private static long pairs(JsonNode log) {
        long sum = 0;
        for (JsonNode result : log.at("/runs/0/results")) {
            sum += result.at("/properties/pairs").asLong();
        }
        return sum;
    }

    private static List<String> notifications(JsonNode log) {
        List<String> out = new ArrayList<>();
        log.at("/runs/0/invocations/0/toolExecutionNotifications").forEach(n -> out.add(n.at("/message/text").asText()));
        return out;
    }

    @Test
    void tenThousandSystemsOverAHundredComponentsAreAResultPerDatum() throws Exception {
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(ScaleSchedules.systems(10_000, 100, 42)), "systems10k.json");
        AmbiguityReport report = loaded.ambiguities();
        JsonNode log = sarif("systems10k", loaded, report);
        JsonNode results = log.at("/runs/0/results");
        // at most one result per datum (100 components, 8 resources) and kind: far under what GitHub shows
        assertThat(results.size()).isBetween(50, 2 * 108);
        assertThat(report.groups().size()).as("the report's finer groups, one per list of data").isGreaterThan(1_000);
        assertThat(pairs(log)).as("every pair counted in its result").isEqualTo(report.total());
        assertThat(report.omitted()).as("the shape has pairs past the listing").isPositive();
        assertThat(notifications(log)).singleElement().asString()
                .startsWith((report.total() - report.size()) + " of the " + report.total() + " ambiguous pairs are counted");
        // fingerprints are one per group, and primary lines are shared only where a group has no free system
        List<String> fingerprints = new ArrayList<>();
        results.forEach(x -> fingerprints.add(x.at("/partialFingerprints/ecslabGroup~1v1").asText()));
        assertThat(fingerprints).doesNotHaveDuplicates().allMatch(f -> f.matches("[0-9a-f]{32}"));
    }

    @Test
    void tenThousandUnorderedWritersAreOneResultCountingEveryPair() throws Exception {
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(ScaleSchedules.writers(10_000)), "writers10k.json");
        JsonNode log = sarif("writers10k", loaded, loaded.ambiguities());
        JsonNode result = log.at("/runs/0/results").get(0);
        assertThat(log.at("/runs/0/results").size()).isOne();
        assertThat(result.at("/properties/pairs").asLong()).isEqualTo(10_000L * 9_999 / 2);
        assertThat(result.at("/properties/byConflict/0/listedPairs").size()).isEqualTo(10_000);
        assertThat(result.at("/relatedLocations").size()).isEqualTo(AmbiguitySarif.RELATED_SYSTEMS);
        assertThat(result.at("/message/text").asText())
                .startsWith("49995000 pairs of systems of stage update conflict on Position with no order between them;"
                        + " 10000 of them listed here, the others counted.")
                .contains("[update_0](1), [update_1](2)", "[update_99](100), and ")
                .endsWith(" more.");
    }

    @Test
    void aListingRaisedPastTheLogsOwnLimitIsCutToItAndCounted() throws Exception {
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(ScaleSchedules.writers(1_000)), "writers1k.json");
        AmbiguityReport report = AmbiguityListing.atMost(100_000, loaded);
        assertThat(report.size()).isEqualTo(100_000);
        JsonNode log = sarif("writers1k-listing-100k", loaded, report);
        assertThat(log.at("/runs/0/results/0/properties/byConflict/0/listedPairs").size())
                .isEqualTo(AmbiguitySarif.MAX_LISTED_PAIRS);
        assertThat(log.at("/runs/0/results/0/properties/pairs").asLong()).isEqualTo(report.total());
        assertThat(notifications(log)).singleElement().asString().contains("this log lists 20000 (at most 20000");
    }

    @Test
    void pastTwentyFiveThousandGroupsTheSmallestAreCutAndTheRunSaysSo() throws Exception {
        // 900 stages of 8 systems where each two share a component of their own (C3_5 for systems 3 and 5): 28
        // pairs a stage, each on its own datum, so 25 200 groups of one pair; first, 3 writers of Position
        List<String> stages = new ArrayList<>(List.of(ScaleSchedules.writers("big", "Position", 3)));
        for (int s = 0; s < 900; s++) {
            List<String> systems = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                List<String> writes = new ArrayList<>();
                for (int j = 0; j < 8; j++) {
                    if (j != i) {
                        writes.add("\"C" + Math.min(i, j) + "_" + Math.max(i, j) + "\"");
                    }
                }
                systems.add("{\"name\": \"s" + s + "_" + i + "\", \"access\": {\"queries\": [{\"write\": ["
                        + String.join(", ", writes) + "]}]}}");
            }
            stages.add("{\"name\": \"s" + s + "\", \"systems\": [" + String.join(", ", systems) + "]}");
        }
        LoadedSchedule loaded = ScheduleJson.read(new StringReader("{\"stages\": [" + String.join(",\n", stages) + "]}"),
                "pairwise.json");
        AmbiguityReport report = loaded.ambiguities();
        assertThat(report.total()).isEqualTo(3 + 900 * 28);
        JsonNode log = sarif("pairwise900x8", loaded, report);
        assertThat(log.at("/runs/0/results").size()).isEqualTo(AmbiguitySarif.MAX_RESULTS);
        assertThat(log.at("/runs/0/results/0/properties/pairs").asLong()).as("the largest group is kept").isEqualTo(3);
        // kept: big and 24 999 groups of one pair (892 stages and 23 groups of s892); cut: the last 201
        assertThat(report.total() - pairs(log)).isEqualTo(201);
        assertThat(notifications(log)).anySatisfy(x -> assertThat(x).startsWith("201 group(s) of 201 ambiguous pair(s) in all"
                + " are left out of this log, which holds at most 25000 results (the most GitHub code scanning takes in a"
                + " run): the groups with the fewest pairs, in stage(s) s892, s893, s894, s895, s896, s897, s898, s899;"))
                .anySatisfy(x -> assertThat(x).startsWith("this log has 25000 results; GitHub code scanning shows 5000"));
    }
}
