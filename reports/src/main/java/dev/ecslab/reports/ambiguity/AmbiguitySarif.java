package dev.ecslab.reports.ambiguity;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The ambiguity report as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) that GitHub
 * code scanning accepts however large the schedule: one result per group of pairs ({@link PairGroups}: one
 * stage, one datum, one kind of finding), placed at one of its systems' names in the schedule file. A
 * group of one pair reads as that pair (the two systems, the data, the fix); a larger group says how many
 * systems and pairs it has, gives the fix for its first pair, names its systems as related locations
 * (linked from the message, at most {@value #RELATED_SYSTEMS}, the rest counted) and lists its pairs in
 * {@code properties.byConflict}, by the whole list of data each pair conflicts on, with the count of
 * each. Its message always states the group's true number of pairs, listed or not. A fingerprint made of
 * the group's key ({@code ecslabGroup/v1}) keeps a result's identity across runs.
 *
 * <p>What GitHub documents as the limits of an upload, and how this log keeps within each: one run per
 * file (at most 20); at most {@value #MAX_RESULTS} results a run (past that the groups with the fewest
 * pairs are cut, and a notification says how many and where); three rules (at most 25 000), with two tags
 * each (at most 20), names under 255 characters and descriptions under 1 024; one location a result (at
 * most 1 000 locations; GitHub shows 100) and at most {@value #RELATED_SYSTEMS} related ones; no thread
 * flows and no tool extensions; at most {@value #MAX_LISTED_PAIRS} pairs listed in the whole log, which
 * with the rest keeps a log of 25 000 results far under 10 MB gzipped. GitHub shows 5 000 results of a
 * run; a log with more says so in a notification.
 *
 * <p>The primary location of a result is the first of its group's systems that no earlier result already
 * uses, where the group has one: GitHub matches alerts across runs by a hash of the primary location's
 * line, so results that share a line could be taken for one alert. Levels follow the schedule:
 * {@code error} when the command fails on ambiguities (the schedule's {@code ERROR} level, or
 * {@code --strict}), {@code warning} at {@code WARN}, {@code note} at {@code IGNORE}. The artifact's URI
 * is the file as named, relative to the directory the command ran in when it lies there (run it from the
 * repository root for code scanning), else a {@code file:} URI.
 */
public final class AmbiguitySarif {
    public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    public static final String AMBIGUOUS = "ecslab/ambiguous-systems";
    public static final String UNDECIDED = "ecslab/undecided-systems";
    public static final String CONDITION = "ecslab/condition-order";
    /** Results a run may hold on GitHub code scanning (a larger run is rejected). */
    public static final int MAX_RESULTS = 25_000;
    /** Results of a run that GitHub shows. */
    public static final int SHOWN_RESULTS = 5_000;
    /** Related locations a result names at most: the locations of a result GitHub shows (it accepts 1 000). */
    public static final int RELATED_SYSTEMS = 100;
    /** Pairs a log lists at most in its results' properties; the others are counted in their results. */
    public static final int MAX_LISTED_PAIRS = 20_000;
    private static final String FINGERPRINT = "ecslabGroup/v1";
    /** Stages a notification names at most. */
    private static final int NAMED_STAGES = 10;

    private AmbiguitySarif() {
    }

    public static String format(ReportedSchedule r, String toolVersion) {
        StringWriter out = new StringWriter();
        write(r, toolVersion, out);
        return out.toString();
    }

    public static void write(ReportedSchedule r, String toolVersion, Writer out) {
        String level = r.fails() ? "error" : r.level() == AmbiguitySetting.IGNORE ? "note" : "warning";
        String uri = uri(r.file());
        PairGroups groups = PairGroups.of(r, MAX_LISTED_PAIRS, MAX_RESULTS);
        try (JsonGenerator g = AmbiguityJson.JSON.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("$schema", SCHEMA);
            g.writeStringField("version", "2.1.0");
            g.writeArrayFieldStart("runs");
            g.writeStartObject();
            tool(g, toolVersion);
            g.writeArrayFieldStart("artifacts");
            g.writeStartObject();
            g.writeObjectFieldStart("location");
            g.writeStringField("uri", uri);
            g.writeEndObject();
            g.writeEndObject();
            g.writeEndArray();
            g.writeArrayFieldStart("results");
            Set<String> primaries = new HashSet<>();
            for (PairGroups.Group group : groups.groups()) {
                result(g, r, group, level, uri, primaries);
            }
            g.writeEndArray();
            invocation(g, r.report(), groups);
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void tool(JsonGenerator g, String toolVersion) throws IOException {
        g.writeObjectFieldStart("tool");
        g.writeObjectFieldStart("driver");
        g.writeStringField("name", "ecslab");
        g.writeStringField("version", toolVersion);
        g.writeArrayFieldStart("rules");
        rule(g, AMBIGUOUS, "AmbiguousSystems", "Systems of one stage touch the same data, one writing, with no order between them.",
                "Systems of one stage conflict on some data (one writes what another reads or writes) and nothing"
                        + " orders them, so they may run in either order, or at once, from one frame to the next. A result"
                        + " gathers the pairs of one stage that conflict on one datum. Order each pair with \"before\" or"
                        + " \"after\", or, if either order is right, declare \"ambiguousWith\".");
        rule(g, UNDECIDED, "UndecidedSystems", "Systems may conflict: their filters were too large to compare.",
                "Unordered systems touch the same data, and whether their filters can match one entity was not decided"
                        + " within the solver's step budget (-Decslab.limit.filterSteps). A result gathers the pairs of one"
                        + " stage on one datum. Treat them as ambiguous, or raise the budget.");
        rule(g, CONDITION, "ConditionOrder", "A run condition reads what an unordered system writes.",
                "A system's run condition (or its set's) reads data that a system with no order against it writes. The"
                        + " condition is evaluated just before its system (a set's, before the first member), so whether"
                        + " the system runs depends on which of the two the executor starts first. A result gathers the"
                        + " pairs of one stage on one datum. Order the writer before or after the system (against the whole"
                        + " set, for a set's condition), or declare \"ambiguousWith\" if either order is right.");
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void rule(JsonGenerator g, String id, String name, String shortText, String fullText) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", id);
        g.writeStringField("name", name);
        g.writeObjectFieldStart("shortDescription");
        g.writeStringField("text", shortText);
        g.writeEndObject();
        g.writeObjectFieldStart("fullDescription");
        g.writeStringField("text", fullText);
        g.writeEndObject();
        g.writeObjectFieldStart("help");
        g.writeStringField("text", fullText);
        g.writeEndObject();
        g.writeObjectFieldStart("properties");
        AmbiguityJson.strings(g, "tags", List.of("concurrency", "schedule"));
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void result(JsonGenerator g, ReportedSchedule r, PairGroups.Group group, String level, String uri,
            Set<String> primaries) throws IOException {
        PairGroups.Key key = group.key();
        Ambiguity first = group.firstPair();
        List<String> systems = group.systems();
        String primary = systems.stream().filter(s -> !primaries.contains(s)).findFirst().orElse(systems.get(0));
        primaries.add(primary);
        // one pair: the other system of the pair; more: the group's systems, linked from the message by id
        List<String> related = group.pairs() == 1 ? List.of(primary.equals(first.first()) ? first.second() : first.first())
                : systems.subList(0, Math.min(RELATED_SYSTEMS, systems.size()));
        g.writeStartObject();
        g.writeStringField("ruleId", ruleOf(key));
        g.writeNumberField("ruleIndex", key.byCondition() ? 2 : key.undecided() ? 1 : 0);
        g.writeStringField("level", level);
        g.writeObjectFieldStart("message");
        g.writeStringField("text", group.pairs() == 1 ? pairMessage(r, first) : groupMessage(r, group, related));
        g.writeEndObject();
        g.writeArrayFieldStart("locations");
        location(g, r.where(primary), uri, -1, null);
        g.writeEndArray();
        g.writeArrayFieldStart("relatedLocations");
        for (int i = 0; i < related.size(); i++) {
            location(g, r.where(related.get(i)), uri, i + 1, "'" + related.get(i) + "', "
                    + (group.pairs() == 1 ? "the other system of the pair" : "a system of the group"));
        }
        g.writeEndArray();
        g.writeObjectFieldStart("partialFingerprints");
        g.writeStringField(FINGERPRINT, fingerprint(key));
        g.writeEndObject();
        g.writeObjectFieldStart("properties");
        g.writeStringField("stage", key.stage());
        g.writeStringField("data", key.datum());
        g.writeNumberField("pairs", group.pairs());
        g.writeArrayFieldStart("byConflict");
        for (PairGroups.Conflict c : group.byConflict()) {
            g.writeStartObject();
            AmbiguityJson.strings(g, "conflicts", c.data());
            g.writeNumberField("pairs", c.pairs());
            g.writeArrayFieldStart("listedPairs");
            for (Ambiguity a : c.listed()) {
                g.writeStartArray();
                g.writeString(a.first());
                g.writeString(a.second());
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
    }

    private static String ruleOf(PairGroups.Key key) {
        return key.byCondition() ? CONDITION : key.undecided() ? UNDECIDED : AMBIGUOUS;
    }

    /** A group of one pair, as a pair: the two systems, the stage, the data and the fix. */
    private static String pairMessage(ReportedSchedule r, Ambiguity a) {
        if (a.byCondition()) {
            return "'" + a.first() + "' and '" + a.second() + "' (stage " + a.stage() + ") have no order between them, and "
                    + AmbiguityText.conditionSentence(a) + "; " + r.fix(a) + ".";
        }
        return "'" + a.first() + "' and '" + a.second() + "' (stage " + a.stage() + ") "
                + (a.undecided() ? "may conflict (undecided) on " : "conflict on ") + String.join(", ", a.conflicts())
                + " with no order between them; " + r.fix(a) + ".";
    }

    /**
     * A larger group: how many systems and pairs (all of them counted, the listed ones named), the fix for
     * its first pair, and its systems, each linked to its related location ({@code [name](id)}).
     */
    private static String groupMessage(ReportedSchedule r, PairGroups.Group group, List<String> linked) {
        PairGroups.Key key = group.key();
        Ambiguity first = group.firstPair();
        long alsoElsewhere = group.alsoOnOtherData();
        String conflict = (key.byCondition() ? "conflict through run conditions (" + first.cause().describe()
                + " and the like) reading " : key.undecided() ? "may conflict (undecided: their filters were too large to compare) on "
                : "conflict on ") + (key.datum().isEmpty() ? "other data" : key.datum())
                + (alsoElsewhere == 0 ? "" : " (" + alsoElsewhere + " of the pairs on other data too)");
        List<String> systems = group.systems();
        StringBuilder sb = new StringBuilder();
        if (group.complete()) {
            sb.append(systems.size()).append(" systems of stage ").append(key.stage()).append(' ').append(conflict)
                    .append(" with no order between them: ").append(group.pairs()).append(" pairs.");
        } else {
            sb.append(group.pairs()).append(" pairs of systems of stage ").append(key.stage()).append(' ').append(conflict)
                    .append(" with no order between them; ").append(group.listed().isEmpty() ? "none"
                            : String.valueOf(group.listed().size()))
                    .append(" of them listed here, the others counted.");
        }
        sb.append(" Each pair needs an order or an exemption: for '").append(first.first()).append("' and '")
                .append(first.second()).append("', ").append(r.fix(first)).append('.');
        sb.append(group.complete() ? " Systems: " : " Systems of the pairs named here: ");
        for (int i = 0; i < linked.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append('[').append(linkText(linked.get(i))).append("](").append(i + 1).append(')');
        }
        int more = systems.size() - linked.size();
        return sb.append(more > 0 ? ", and " + more + " more." : ".").toString();
    }

    /** The first {@value #NAMED_STAGES} names, and how many more. */
    private static String named(List<String> names) {
        return String.join(", ", names.subList(0, Math.min(NAMED_STAGES, names.size())))
                + (names.size() > NAMED_STAGES ? " and " + (names.size() - NAMED_STAGES) + " more" : "");
    }

    /** A name as the text of an embedded link: backslashes and square brackets escaped (SARIF 2.1.0, 3.11.6). */
    static String linkText(String name) {
        return name.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
    }

    /** The group's identity, the same from run to run while its stage, datum and kind are: a SHA-256 of the key. */
    static String fingerprint(PairGroups.Key key) {
        String text = key.stage() + '\n' + ruleOf(key) + '\n' + key.datum();
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static void location(JsonGenerator g, Optional<LoadedSchedule.Location> at, String uri, int id, String message)
            throws IOException {
        g.writeStartObject();
        if (id >= 0) {
            g.writeNumberField("id", id);
        }
        g.writeObjectFieldStart("physicalLocation");
        g.writeObjectFieldStart("artifactLocation");
        g.writeStringField("uri", uri);
        g.writeNumberField("index", 0);
        g.writeEndObject();
        if (at.isPresent()) {
            g.writeObjectFieldStart("region");
            g.writeNumberField("startLine", at.get().line());
            g.writeNumberField("startColumn", at.get().column());
            g.writeEndObject();
        }
        g.writeEndObject();
        if (message != null) {
            g.writeObjectFieldStart("message");
            g.writeStringField("text", message);
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /** What the log leaves out or GitHub will not show, said as tool notifications: nothing is dropped silently. */
    private static void invocation(JsonGenerator g, AmbiguityReport report, PairGroups groups) throws IOException {
        g.writeArrayFieldStart("invocations");
        g.writeStartObject();
        g.writeBooleanField("executionSuccessful", true);
        List<String[]> notes = new ArrayList<>();
        long unlisted = groups.groups().stream().mapToLong(x -> x.pairs() - x.listed().size()).sum();
        if (unlisted > 0) {
            notes.add(new String[] {"note", unlisted + " of the " + report.total() + " ambiguous pairs are counted in their"
                    + " results but not listed in them: this log lists " + groups.listed() + " (at most " + MAX_LISTED_PAIRS
                    + ", and at most what the report lists, " + report.size() + ", set with -D"
                    + AmbiguityReport.MAX_LISTED.property() + "=N; --limit N lists fewer); lab ambiguities --format json"
                    + " gives the summary of every pair"});
        }
        if (groups.cutGroups() > 0) {
            notes.add(new String[] {"warning", groups.cutGroups() + " group(s) of " + groups.cutPairs() + " ambiguous"
                    + " pair(s) in all are left out of this log, which holds at most " + MAX_RESULTS + " results (the most"
                    + " GitHub code scanning takes in a run): the groups with the fewest pairs, in stage(s) "
                    + named(groups.cutStages()) + "; lab ambiguities --format json counts every pair"});
        }
        if (groups.groups().size() > SHOWN_RESULTS) {
            notes.add(new String[] {"note", "this log has " + groups.groups().size() + " results; GitHub code scanning"
                    + " shows " + SHOWN_RESULTS + " of a run, the groups with the most pairs come first in each stage"});
        }
        if (!notes.isEmpty()) {
            g.writeArrayFieldStart("toolExecutionNotifications");
            for (String[] note : notes) {
                g.writeStartObject();
                g.writeStringField("level", note[0]);
                g.writeObjectFieldStart("message");
                g.writeStringField("text", note[1]);
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
        g.writeEndArray();
    }

    /** The file as a URI reference: relative (with '/') when it lies under the working directory, else {@code file:}. */
    static String uri(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath().normalize();
        if (abs.startsWith(cwd) && !abs.equals(cwd)) {
            String rel = cwd.relativize(abs).toString().replace(java.io.File.separatorChar, '/');
            try {
                return new URI(null, null, rel, null).toASCIIString();
            } catch (URISyntaxException e) {
                // fall through to the absolute form
            }
        }
        return abs.toUri().toASCIIString();
    }
}
