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
import java.nio.file.Path;
import java.util.Optional;

/**
 * The ambiguity report as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), so that
 * GitHub code scanning and other SARIF viewers show each ambiguous pair at its place in the schedule
 * file: one result per listed pair, at the first system's name, with the second system as a related
 * location, the data they conflict on and the constraints that would resolve it in the message, and a
 * fingerprint made of the stage and the two names (so a pair keeps its identity when lines move).
 *
 * <p>Levels follow the schedule: {@code error} when the command fails on ambiguities (the schedule's
 * {@code ERROR} level, or {@code --strict}), {@code warning} at {@code WARN}, {@code note} at
 * {@code IGNORE}. The artifact's URI is the file as named, relative to the directory the command ran
 * in when it lies there (run it from the repository root for code scanning), else a {@code file:} URI.
 * Pairs that are counted but not listed are said in a tool notification, never dropped silently.
 */
public final class AmbiguitySarif {
    public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    public static final String AMBIGUOUS = "ecslab/ambiguous-systems";
    public static final String UNDECIDED = "ecslab/undecided-systems";

    private AmbiguitySarif() {
    }

    public static String format(ReportedSchedule r, String toolVersion) {
        StringWriter out = new StringWriter();
        write(r, toolVersion, out);
        return out.toString();
    }

    public static void write(ReportedSchedule r, String toolVersion, Writer out) {
        AmbiguityReport report = r.report();
        String level = r.fails() ? "error" : r.level() == AmbiguitySetting.IGNORE ? "note" : "warning";
        String uri = uri(r.file());
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
            int listed = 0;
            g.writeArrayFieldStart("results");
            for (ReportedSchedule.Group group : r.groups()) {
                for (Ambiguity a : group.pairs()) {
                    result(g, r, a, level, uri);
                    listed++;
                }
            }
            g.writeEndArray();
            invocation(g, report, listed);
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
        rule(g, AMBIGUOUS, "AmbiguousSystems", "Two systems touch the same data, one writing, with no order between them.",
                "Two systems of one stage conflict on some data (one writes what the other reads or writes) and nothing"
                        + " orders them, so they may run in either order, or at once, from one frame to the next. Order"
                        + " them with \"before\" or \"after\", or, if either order is right, declare \"ambiguousWith\".");
        rule(g, UNDECIDED, "UndecidedSystems", "Two systems may conflict: their filters were too large to compare.",
                "Two unordered systems touch the same data, and whether their filters can match one entity was not decided"
                        + " within the solver's step budget (-Decslab.limit.filterSteps). Treat the pair as ambiguous, or"
                        + " raise the budget.");
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
        g.writeEndObject();
    }

    private static void result(JsonGenerator g, ReportedSchedule r, Ambiguity a, String level, String uri) throws IOException {
        g.writeStartObject();
        g.writeStringField("ruleId", a.undecided() ? UNDECIDED : AMBIGUOUS);
        g.writeNumberField("ruleIndex", a.undecided() ? 1 : 0);
        g.writeStringField("level", level);
        g.writeObjectFieldStart("message");
        g.writeStringField("text", "'" + a.first() + "' and '" + a.second() + "' (stage " + a.stage() + ") "
                + (a.undecided() ? "may conflict (undecided) on " : "conflict on ") + String.join(", ", a.conflicts())
                + " with no order between them; " + r.fix(a) + ".");
        g.writeEndObject();
        g.writeArrayFieldStart("locations");
        location(g, r.where(a.first()), uri, -1, null);
        g.writeEndArray();
        g.writeArrayFieldStart("relatedLocations");
        location(g, r.where(a.second()), uri, 1, "'" + a.second() + "', the other system of the pair");
        g.writeEndArray();
        g.writeObjectFieldStart("partialFingerprints");
        g.writeStringField("ecslabPair/v1", a.stage() + "/" + a.first() + "/" + a.second());
        g.writeEndObject();
        g.writeObjectFieldStart("properties");
        g.writeStringField("stage", a.stage());
        AmbiguityJson.strings(g, "conflicts", a.conflicts());
        g.writeEndObject();
        g.writeEndObject();
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

    private static void invocation(JsonGenerator g, AmbiguityReport report, int listed) throws IOException {
        g.writeArrayFieldStart("invocations");
        g.writeStartObject();
        g.writeBooleanField("executionSuccessful", true);
        long omitted = report.total() - listed;
        if (omitted > 0) {
            g.writeArrayFieldStart("toolExecutionNotifications");
            g.writeStartObject();
            g.writeStringField("level", "warning");
            g.writeObjectFieldStart("message");
            g.writeStringField("text", omitted + " more ambiguous pair(s) are counted but not listed here (" + report.total()
                    + " in all); raise --limit, or -D" + AmbiguityReport.MAX_LISTED.property()
                    + "=N, or read the summary of lab ambiguities --format json");
            g.writeEndObject();
            g.writeEndObject();
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
