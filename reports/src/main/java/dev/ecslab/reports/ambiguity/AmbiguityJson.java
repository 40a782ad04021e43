package dev.ecslab.reports.ambiguity;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * The ambiguity report as JSON, for scripts: format {@value #FORMAT} version {@value #VERSION}.
 *
 * <pre>{@code
 * {"format": "ecslab-ambiguities", "version": 1, "file": "schedule.json", "ambiguity": "WARN", "fails": false,
 *  "total": 3, "undecided": 0, "listed": 3,
 *  "summary": {"byStage": {"update": 3}, "byData": {"Position": 2},
 *              "byConflict": [{"data": ["Position"], "pairs": 2}],
 *              "busiestSystems": [{"stage": "update", "system": "move", "pairs": 2}]},
 *  "pairs": [{"stage": "update", "first": "move", "second": "draw", "conflicts": ["Position"], "undecided": false,
 *             "cause": "access",
 *             "firstAt": {"line": 4, "column": 16, "path": "$.stages[0].systems[0].name"}, "secondAt": {...},
 *             "fixes": [{"system": "move", "field": "before", "target": "draw"}, ...]}]}
 * }</pre>
 * A pair ambiguous only through a run condition has {@code "cause": "condition"} and a {@code "condition"}
 * object ({@code name}, the {@code system} it decides, the {@code set} it comes from if any, and {@code text}, the
 * sentence of the text form); {@code "conflicts"} then names what the condition reads.
 * Pairs come in the order of the text form (by stage, then by the data they conflict on); positions are
 * omitted when the text of the file is unknown. The summary counts every pair, listed or not.
 */
public final class AmbiguityJson {
    public static final String FORMAT = "ecslab-ambiguities";
    public static final int VERSION = 1;
    static final JsonFactory JSON = new JsonFactory();

    private AmbiguityJson() {
    }

    /** With a comparison (a Bevy export), a {@code "bevy"} object: counts and the pairs on either side only. */
    public static String format(ReportedSchedule r, boolean summaryOnly, BevyComparison bevy) {
        StringWriter out = new StringWriter();
        write(r, summaryOnly, bevy, out);
        return out.toString();
    }

    public static void write(ReportedSchedule r, boolean summaryOnly, BevyComparison bevy, Writer out) {
        AmbiguityReport report = r.report();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeStringField("file", r.file().toString());
            g.writeStringField("ambiguity", r.level().name());
            g.writeBooleanField("fails", r.fails());
            g.writeNumberField("total", report.total());
            g.writeNumberField("undecided", report.undecided());
            List<ReportedSchedule.Group> groups = summaryOnly ? List.of() : r.groups();
            g.writeNumberField("listed", groups.stream().mapToInt(x -> x.pairs().size()).sum());
            AmbiguityReport.Summary s = report.summary();
            g.writeObjectFieldStart("summary");
            counts(g, "byStage", s.pairsByStage());
            counts(g, "byData", s.pairsByData());
            g.writeArrayFieldStart("byConflict");
            for (Map.Entry<List<String>, Long> e : s.pairsByConflict().entrySet()) {
                g.writeStartObject();
                strings(g, "data", e.getKey());
                g.writeNumberField("pairs", e.getValue());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("busiestSystems");
            for (AmbiguityReport.SystemCount c : s.busiestSystems()) {
                g.writeStartObject();
                g.writeStringField("stage", c.stage());
                g.writeStringField("system", c.system());
                g.writeNumberField("pairs", c.pairs());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            if (bevy != null) {
                g.writeObjectFieldStart("bevy");
                g.writeNumberField("both", bevy.both());
                g.writeNumberField("dataDiffer", bevy.dataDiffer());
                g.writeBooleanField("complete", bevy.complete());
                g.writeNumberField("invertedAccesses", bevy.invertedAccesses());
                g.writeBooleanField("resourcesAreComponents", bevy.semantics().resourcesAreComponents());
                g.writeStringField("rules", bevy.semantics().describe());
                strings(g, "setConditions", bevy.setConditions());
                g.writeStringField("conditions", bevy.conditionsNote());
                g.writeBooleanField("sameRules", bevy.sameRules());
                g.writeNumberField("disagreements", bevy.disagreements().size());
                g.writeArrayFieldStart("ecslabOnly");
                for (Ambiguity a : bevy.ecslabOnly()) {
                    g.writeStartObject();
                    g.writeStringField("stage", a.stage());
                    g.writeStringField("first", a.first());
                    g.writeStringField("second", a.second());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeArrayFieldStart("bevyOnly");
                for (var c : bevy.bevyOnly()) {
                    g.writeStartObject();
                    g.writeStringField("stage", c.stage());
                    g.writeStringField("first", c.first());
                    g.writeStringField("second", c.second());
                    strings(g, "conflicts", c.conflicts());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            if (!summaryOnly) {
                g.writeArrayFieldStart("pairs");
                for (ReportedSchedule.Group group : groups) {
                    for (Ambiguity a : group.pairs()) {
                        pair(g, r, a);
                    }
                }
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pair(JsonGenerator g, ReportedSchedule r, Ambiguity a) throws IOException {
        g.writeStartObject();
        g.writeStringField("stage", a.stage());
        g.writeStringField("first", a.first());
        g.writeStringField("second", a.second());
        strings(g, "conflicts", a.conflicts());
        g.writeBooleanField("undecided", a.undecided());
        g.writeStringField("cause", a.byCondition() ? "condition" : "access");
        if (a.byCondition()) {
            g.writeObjectFieldStart("condition");
            g.writeStringField("name", a.cause().condition());
            g.writeStringField("system", a.cause().system());
            if (a.cause().set() != null) {
                g.writeStringField("set", a.cause().set());
            }
            g.writeStringField("text", AmbiguityText.conditionSentence(a));
            g.writeEndObject();
        }
        location(g, "firstAt", r, a.first());
        location(g, "secondAt", r, a.second());
        g.writeArrayFieldStart("fixes");
        for (PairFix f : PairFix.of(a)) {
            g.writeStartObject();
            g.writeStringField("system", f.system());
            g.writeStringField("field", f.field());
            g.writeStringField("target", f.target());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void location(JsonGenerator g, String field, ReportedSchedule r, String system) throws IOException {
        java.util.Optional<LoadedSchedule.Location> at = r.where(system);
        if (at.isPresent()) {
            g.writeObjectFieldStart(field);
            g.writeNumberField("line", at.get().line());
            g.writeNumberField("column", at.get().column());
            g.writeStringField("path", at.get().path());
            g.writeEndObject();
        }
    }

    static void strings(JsonGenerator g, String field, List<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private static void counts(JsonGenerator g, String field, Map<String, Long> counts) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
