package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.DataResolver;
import dev.ecslab.ecs.schedule.OrderingPolicy;
import dev.ecslab.ecs.schedule.RunCriterion;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.json.JsonInputException;
import dev.ecslab.ecs.json.JsonTree;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The JSON form of a schedule: its stages and systems with their data access, kinds, labels, sets,
 * ordering constraints and ambiguity exemptions, the declared sets with the <em>names</em> of their run
 * criteria, and the schedule settings. Data is named with plain strings, so a schedule of another
 * engine can be described and its ambiguity report computed here.
 *
 * <h2>Purpose: analysis, not running</h2>
 * A schedule read from JSON is for {@linkplain LoadedSchedule#compile() compiling} (validation, the
 * graph, the plan) and its {@linkplain LoadedSchedule#ambiguities() ambiguity report}. Its systems have
 * no bodies, and every run criterion is only a name: a loaded set gets a criterion that always says
 * {@code YES} ({@link RunCriterion#ALWAYS}), keeping the name for reports. {@link #write} is the other
 * direction: it describes any schedule (bodies are not written; criteria are written by name).
 *
 * <h2>Format</h2>
 * <pre>{@code
 * {
 *   "ordering": "EXPLICIT",
 *   "ambiguity": "WARN",
 *   "maxStageIterations": 10000,
 *   "components": ["Position", "Velocity", "Frozen"],
 *   "resources": ["Time"],
 *   "ignoreAmbiguitiesOn": ["Time"],
 *   "sets": [{"name": "physics", "criterion": "fixed_timestep"}],
 *   "stages": [
 *     {"name": "update", "systems": [
 *       {"name": "movement", "kind": "NORMAL",
 *        "access": {
 *          "queries": [{"read": ["Velocity"], "write": ["Position"], "filter": {"without": "Frozen"}}],
 *          "readResources": ["Time"], "writeResources": [],
 *          "readsAllComponents": false, "readsAllResources": false, "world": false},
 *        "labels": ["physics"], "sets": ["physics"], "before": ["render"], "after": [],
 *        "ambiguousWith": [], "ambiguousWithAll": false},
 *       {"name": "render", "kind": "MAIN_THREAD", "access": {"queries": [{"read": ["Position"]}]}},
 *       {"name": "flush", "kind": "SYNC_POINT", "after": ["render"]}
 *     ]}
 *   ]
 * }
 * }</pre>
 *
 * <p><b>Top level</b> (an object). Only {@code stages} is required.
 * <ul>
 *   <li>{@code ordering}: {@code EXPLICIT} (default) or {@code INSERTION_ORDER} ({@link OrderingPolicy}).
 *   <li>{@code ambiguity}: {@code IGNORE}, {@code WARN} (default) or {@code ERROR} ({@link AmbiguitySetting}).
 *   <li>{@code maxStageIterations}: a positive integer, default {@value Schedule#DEFAULT_MAX_STAGE_ITERATIONS}.
 *   <li>{@code components}, {@code resources}: names declared up front. Component names and resource
 *       names get dense ids in two separate spaces: declared names first, in this order, then names met
 *       elsewhere in order of first appearance in the file. Declaring them is optional; it fixes the
 *       ids, and so the order in which a report lists the data of one conflict ({@link #write} always
 *       declares them, so a round trip keeps reports identical).
 *   <li>{@code ignoreAmbiguitiesOn}: component or resource names whose conflicts ambiguity reports
 *       ignore (a name matches both namespaces). Each must name a component or resource of the file
 *       (declared or used), so a typo is an error rather than a silent no-op.
 *       {@code ignoreAmbiguitiesOnComponents} and {@code ignoreAmbiguitiesOnResources} match one namespace.
 *   <li>{@code sets}: declared sets, each {@code {"name": ..., "criterion": ...}} with an optional
 *       criterion name, and rules for every member: {@code members} (systems, labels, sets or types that
 *       join it; without a name the set is anonymous), {@code before}, {@code after}, {@code beforeWeak},
 *       {@code afterWeak}, {@code ambiguousWith}, {@code chain}, {@code chainWeak}. Sets that systems join
 *       without declaring them are implicit.
 *   <li>{@code stages}: stages in order, each {@code {"name": ..., "systems": [...]}}.
 * </ul>
 *
 * <p><b>System</b>: {@code name} (required, unique over the schedule); {@code kind}: {@code NORMAL}
 * (default), {@code EXCLUSIVE}, {@code MAIN_THREAD} or {@code SYNC_POINT}; {@code type} (a system type:
 * constraints naming it reach every instance); {@code access}; {@code labels}, {@code sets},
 * {@code before}, {@code after}, {@code beforeWeak}, {@code afterWeak}, {@code ambiguousWith}: arrays of
 * names (constraint and exemption targets are system names, labels, set names or types);
 * {@code ambiguousWithAll}: a boolean.
 *
 * <p><b>Access</b> (every field optional; no access means none): {@code queries}, each with
 * {@code read} and {@code write} (component names), {@code readAll} / {@code writeAll} (every component
 * of the matched entities: Bevy's {@code EntityRef} / {@code EntityMut}) and an optional
 * {@code filter}; a query touches only entities that have every component it reads or writes, and its
 * filter narrows that further, so two queries whose filters exclude each other ({@code With<A>} and
 * {@code Without<A>}) do not conflict. A component both read and written is written.
 * {@code readResources}, {@code writeResources}: resource names. {@code readsAllComponents},
 * {@code readsAllResources}: reads every component or resource; {@code writesAllComponents}: writes every
 * component. {@code world}: exclusive access to the whole world (conflicts with everything; cannot be
 * combined with the other fields). An exclusive system or sync point always has the whole world; giving
 * it a partial access is an error when the schedule is compiled.
 *
 * <p><b>Filter</b>: an object with exactly one operator: {@code {"with": "A"}},
 * {@code {"without": "A"}}, {@code {"and": [f, ...]}} (empty: matches everything),
 * {@code {"or": [f, ...]}} (empty: matches nothing), {@code {"not": f}}, {@code {"xor": [f, g]}}
 * (exactly two operands).
 *
 * <h2>Errors</h2>
 * Reading is strict: standard JSON only (no comments), no unknown or duplicate fields, names must be
 * non-blank strings without control characters ({@link InputNames}), and every value must have the
 * documented type. Any malformed input raises a {@link ScheduleJsonException} (a
 * {@link BadInputException}) whose message gives the source name, line, column and JSON path of the
 * offending token (for example {@code $.stages[0].systems[2].access.queries[0].filter}) and what was
 * wrong.
 *
 * <h2>Limits</h2>
 * A file is read only if it is a regular file of at most {@link InputFile#MAX_BYTES} bytes of UTF-8;
 * its JSON may nest at most {@code ecslab.limit.jsonDepth} (64) levels and hold at most
 * {@code ecslab.limit.jsonValues} (2 000 000) values; names are at most {@link InputNames#MAX_LENGTH}
 * characters; a schedule has at most {@link #MAX_SYSTEMS} systems. Each limit names itself and its
 * system property when it is hit. Rules about the schedule as a whole (cycles, unknown constraint targets, duplicate system
 * or stage names, partial access on exclusive systems) are checked by {@link LoadedSchedule#compile()}
 * and raise {@link dev.ecslab.ecs.schedule.ScheduleBuildException}.
 */
public final class ScheduleJson {
    /**
     * The most systems a schedule file may describe: 20 000 unless {@code ecslab.limit.scheduleSystems}
     * says otherwise (the compiler's conflict matrix of one stage takes n² bits: 50 MB at 20 000).
     */
    public static final InputLimit MAX_SYSTEMS = new InputLimit("ecslab.limit.scheduleSystems", 20_000, "systems");

    private ScheduleJson() {
    }

    /**
     * Reads a schedule description from a UTF-8 file ({@link InputFile}: a regular file within the size
     * limit, strict UTF-8); errors name the file by {@code file.toString()}.
     *
     * @throws ScheduleJsonException when the file is not a well-formed schedule description
     * @throws BadInputException     when the file cannot be read: missing, unreadable, not a regular file,
     *                               too large, or not UTF-8
     */
    public static LoadedSchedule read(Path file) {
        return read(InputFile.readUtf8(file), file.toString());
    }

    /**
     * Reads a schedule description; {@code sourceName} is used in error messages. The reader is not
     * closed; at most {@link InputFile#MAX_BYTES} characters are read from it.
     *
     * @throws ScheduleJsonException when the input is not a well-formed schedule description, or the
     *                               reader fails
     */
    public static LoadedSchedule read(Reader in, String sourceName) {
        Objects.requireNonNull(in, "reader");
        Objects.requireNonNull(sourceName, "sourceName");
        // Keep the text (at most the size limit, plus one character so that the parser reports a longer
        // input as too long), so that compile errors and reports can point at lines.
        StringBuilder text = new StringBuilder();
        long max = InputFile.MAX_BYTES.value() + 1;
        char[] buffer = new char[8192];
        try {
            int n;
            while (text.length() < max && (n = in.read(buffer, 0, (int) Math.min(buffer.length, max - text.length()))) > 0) {
                text.append(buffer, 0, n);
            }
        } catch (java.io.IOException e) {
            throw new ScheduleJsonException(sourceName, -1, -1, "$", "cannot read it: " + e.getMessage(), e);
        }
        return read(text.toString(), sourceName);
    }

    private static LoadedSchedule read(String text, String sourceName) {
        JsonTree.Node root;
        try {
            root = JsonTree.parse(new StringReader(text), sourceName);
        } catch (JsonInputException e) {
            throw new ScheduleJsonException(e);
        }
        return new ScheduleReader(sourceName).load(root, new LoadedSchedule.SourceText(text, sourceName));
    }

    /** The JSON form of a loaded schedule, with its own registry. */
    public static String write(LoadedSchedule schedule) {
        return write(schedule.schedule(), schedule.data());
    }

    /**
     * The JSON form of {@code schedule}, naming data through {@code data}: every component and resource
     * the accesses mention is declared up front in id order, so reading the result back gives the same
     * compile result and the same ambiguity report. Typed accesses are resolved with
     * {@code data.resolve} (for a world this registers the types). Bodies are not written; run criteria
     * are written by name. Ignored data that names nothing in {@code data} has no effect and is left
     * out.
     *
     * @throws IllegalArgumentException when two different ids of {@code data} have the same name (the JSON
     *         form identifies data by name)
     */
    public static String write(Schedule schedule, DataResolver data) {
        return new ScheduleWriter(data).write(schedule);
    }
}
