package dev.ecslab.reports.ambiguity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * What GitHub code scanning documents that it requires of an uploaded SARIF file, checked on a log, so that
 * a test can tell whether code scanning would take it: the limits it rejects a file past (10 MB gzipped; 20
 * runs; a run's 25 000 results, 25 000 rules and 100 tool extensions; a result's 1 000 locations, 10 primary
 * ones, and 10 000 thread-flow locations; a rule's 20 tags), the lengths it allows (a rule's name, 255
 * characters; its short and full descriptions, 1 024), and the properties it marks required (a rule's id,
 * descriptions and help; a result's message, location and fingerprints). Beside the schema check of
 * {@link SarifSchema}: the schema says what SARIF is, this what GitHub takes.
 *
 * @param gzippedBytes the log's size gzipped
 * @param results      results in the largest run
 * @param maxLocations locations and related locations of the result that has the most
 * @param listedPairs  pairs named in the results' {@code properties.byConflict[].listedPairs}
 * @param violations   what GitHub would reject or not use, one line each; empty when it would take the log
 */
public record GitHubSarifLimits(long gzippedBytes, int results, int maxLocations, long listedPairs, List<String> violations) {
    public static final long MAX_GZIPPED_BYTES = 10L * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LINK = Pattern.compile("(?<!\\\\)\\[(?:[^\\]\\\\]|\\\\.)*\\]\\((\\d+)\\)");

    /** Measures {@code sarif} (a JSON text) against every limit above. */
    public static GitHubSarifLimits of(String sarif) {
        JsonNode log;
        try {
            log = JSON.readTree(sarif);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> bad = new ArrayList<>();
        long gzipped = gzippedSize(sarif);
        check(bad, gzipped < MAX_GZIPPED_BYTES, "gzipped size " + gzipped + " bytes, at most " + MAX_GZIPPED_BYTES);
        check(bad, "2.1.0".equals(log.path("version").asText()), "version is not 2.1.0");
        check(bad, !log.path("$schema").asText().isEmpty(), "no $schema");
        JsonNode runs = log.path("runs");
        check(bad, runs.size() >= 1 && runs.size() <= 20, runs.size() + " runs, 1 to 20");
        int results = 0;
        int maxLocations = 0;
        long listedPairs = 0;
        for (JsonNode run : runs) {
            JsonNode rules = run.at("/tool/driver/rules");
            check(bad, !run.at("/tool/driver/name").asText().isEmpty(), "a run's tool has no name");
            check(bad, rules.size() <= 25_000, rules.size() + " rules in a run, at most 25000");
            check(bad, run.at("/tool/extensions").size() <= 100, "more than 100 tool extensions");
            for (JsonNode rule : rules) {
                String id = rule.path("id").asText();
                check(bad, !id.isEmpty(), "a rule without an id");
                check(bad, rule.path("name").asText().length() <= 255, "rule " + id + ": name over 255 characters");
                for (String text : List.of("shortDescription", "fullDescription")) {
                    int length = rule.path(text).path("text").asText().length();
                    check(bad, length > 0 && length <= 1024, "rule " + id + ": " + text + ".text of " + length + " characters");
                }
                check(bad, !rule.at("/help/text").asText().isEmpty(), "rule " + id + ": no help.text");
                check(bad, rule.at("/properties/tags").size() <= 20, "rule " + id + ": more than 20 tags");
            }
            results = Math.max(results, run.path("results").size());
            check(bad, run.path("results").size() <= 25_000, run.path("results").size() + " results in a run, at most 25000");
            for (JsonNode result : run.path("results")) {
                String where = "result " + result.path("partialFingerprints").toString();
                check(bad, !result.at("/message/text").asText().isEmpty(), where + ": no message.text");
                check(bad, !result.path("partialFingerprints").isEmpty(), where + ": no partialFingerprints");
                JsonNode locations = result.path("locations");
                check(bad, locations.size() >= 1 && locations.size() <= 10, where + ": " + locations.size() + " locations, 1 to 10");
                check(bad, !locations.path(0).at("/physicalLocation/artifactLocation/uri").asText().isEmpty(),
                        where + ": the primary location has no artifactLocation.uri");
                int all = locations.size() + result.path("relatedLocations").size();
                maxLocations = Math.max(maxLocations, all);
                check(bad, all <= 1000, where + ": " + all + " locations, at most 1000");
                for (JsonNode flow : result.path("codeFlows")) {
                    for (JsonNode thread : flow.path("threadFlows")) {
                        check(bad, thread.path("locations").size() <= 10_000, where + ": a thread flow of over 10000 locations");
                    }
                }
                links(bad, where, result);
                for (JsonNode conflict : result.at("/properties/byConflict")) {
                    listedPairs += conflict.path("listedPairs").size();
                }
            }
        }
        return new GitHubSarifLimits(gzipped, results, maxLocations, listedPairs, List.copyOf(bad));
    }

    /** Every embedded link of the message ({@code [text](id)}) names exactly one location of the result. */
    private static void links(List<String> bad, String where, JsonNode result) {
        Map<Integer, Integer> ids = new HashMap<>();
        for (String field : List.of("locations", "relatedLocations")) {
            result.path(field).forEach(l -> {
                if (l.has("id")) {
                    ids.merge(l.path("id").asInt(), 1, Integer::sum);
                }
            });
        }
        Matcher m = LINK.matcher(result.at("/message/text").asText());
        while (m.find()) {
            int id = Integer.parseInt(m.group(1));
            check(bad, ids.getOrDefault(id, 0) == 1, where + ": the message links to location " + id + ", which "
                    + (ids.containsKey(id) ? "is not unique" : "it does not have"));
        }
    }

    private static void check(List<String> bad, boolean ok, String what) {
        if (!ok) {
            bad.add(what);
        }
    }

    private static long gzippedSize(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.size();
    }

    /** Fails, naming each, unless GitHub code scanning would take {@code sarif}; returns the measures. */
    public static GitHubSarifLimits assertAccepted(String sarif) {
        GitHubSarifLimits limits = of(sarif);
        assertThat(limits.violations()).as("what GitHub code scanning would reject").isEmpty();
        return limits;
    }
}
