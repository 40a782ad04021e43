package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.json.JsonInputException;
import dev.ecslab.ecs.json.JsonTree;
import dev.ecslab.ecs.json.RonTree;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Reads a schedule exported by Bevy: the {@code ScheduleData} of {@code bevy_dev_tools::schedule_data}
 * (Bevy PRs #22520 and #24743), as the Bevy Remote Protocol's {@code schedule.graph} method returns it
 * ({@code {"jsonrpc": "2.0", "result": {"schedule_data": {...}}}}), as that result alone
 * ({@code {"schedule_data": {...}}}), as a bare {@code ScheduleData} object, or as an {@code AppData}
 * ({@code {"schedules": [...]}}, one stage per schedule), either in JSON or in RON: the
 * {@code app_data.ron} that Bevy's {@code SerializeSchedulesPlugin} writes by default
 * ({@code (schedules: [(name: "Update", ...)])}, ron 0.12's pretty output) is read as it is, through
 * {@link RonTree}, into the tree its JSON form gives, with positions in the RON text.
 *
 * <p>Which syntax a text is in is decided by its content, not by a file's extension: the first character
 * after white space is <code>{</code> for JSON; {@code (}, a struct or variant name, {@code #![enable(...)]} or
 * a comment for RON. A text that starts otherwise is tried as JSON and then as RON, and when neither reads
 * it, the error says what each found.
 *
 * <h2>Mapping (checked against Bevy's source, {@code crates/bevy_dev_tools/src/schedule_data/serde.rs})</h2>
 * <ul>
 *   <li>a schedule → a stage; Bevy never orders systems of different schedules, nor does ecslab across stages;</li>
 *   <li>{@code components[i].name} → component {@code i} (resources are components in this export, so
 *       they are reported as components);</li>
 *   <li>a system → a system named by its Bevy name (a second system of the same name gets " (2)"), of
 *       {@code type} that name, so the instances of one function form a system-type set; {@code exclusive}
 *       → {@code EXCLUSIVE}; {@code apply_deferred} → {@code SYNC_POINT}, exempt from every pair (Bevy
 *       places these sync points itself);</li>
 *   <li>each of {@code filtered_accesses} → one query: {@code reads}, {@code writes}, and the filter
 *       {@code Or} over {@code filter_sets} of {@code And(With(with...), Without(without...))}, exactly as
 *       Bevy matches it (no presence is added for the accessed components: {@code Option<&A>} does not
 *       require {@code A}); {@code reads_inverted} / {@code writes_inverted} → reads / writes every component,
 *       because the export does not list the exceptions (so a conflict on an excepted component may be
 *       reported that Bevy does not report: {@link Import#invertedAccesses()} counts them);</li>
 *   <li>{@code hierarchy} (parent set, child) and {@code dependency} (first, second) → "before" between
 *       every system under {@code first} and every system under {@code second};</li>
 *   <li>{@code conflicts} → Bevy's own list of ambiguous pairs, kept in {@link Import#bevyConflicts()} so
 *       that the report can be compared with it. The export does not carry {@code ambiguous_with},
 *       {@code ambiguous_with_all} or the allowed (ignored) data, so pairs Bevy exempts that way are reported
 *       here and show up only in the comparison.</li>
 * </ul>
 * Unknown fields are ignored (Bevy may add some). Every field the mapping reads is required, as Bevy's
 * serde structs always write them: a renamed or missing field must never read as "accesses nothing",
 * which would pass every pair. A missing field, a field of the wrong type or an index out of range is a
 * {@link ScheduleJsonException} with its line, column and JSON path.
 */
public final class BevyScheduleData {
    /**
     * The Rust structs of Bevy's export ({@code serde.rs}), whose names ron writes before {@code (} with
     * {@code struct_names} or {@code explicit_struct_names}; every other {@code Name(...)} is an enum variant
     * ({@code System(2)}, {@code Components([0])}).
     */
    static final Set<String> STRUCT_NAMES = Set.of("AppData", "ScheduleData", "SystemData", "SystemSetData",
            "ConditionData", "ComponentData", "FilteredAccessData", "AccessData", "AccessFiltersData", "SystemConflict",
            "SystemSetIndex");

    private BevyScheduleData() {
    }

    /**
     * A Bevy export read as a schedule, with what only Bevy knew.
     *
     * @param loaded           the schedule (one stage per Bevy schedule), positions in the export's text
     * @param bevyConflicts    the pairs Bevy itself reported as conflicting, by the systems' names here
     * @param invertedAccesses how many accesses were "everything except (unknown)" and taken as everything
     */
    public record Import(LoadedSchedule loaded, List<BevyConflict> bevyConflicts, int invertedAccesses) {
        public Import {
            Objects.requireNonNull(loaded, "loaded");
            bevyConflicts = List.copyOf(bevyConflicts);
        }
    }

    /** One pair Bevy reported: the stage (schedule), the two systems' names here, the data or "World". */
    public record BevyConflict(String stage, String first, String second, List<String> conflicts) {
        public BevyConflict {
            conflicts = List.copyOf(conflicts);
        }
    }

    /** Reads a UTF-8 file ({@link InputFile}); errors name the file. */
    public static Import read(Path file) {
        return read(InputFile.readUtf8(file), file.toString());
    }

    /** Reads an export from its text; {@code sourceName} names it in errors. */
    public static Import read(String text, String sourceName) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(sourceName, "sourceName");
        JsonTree.Node root;
        try {
            root = tree(text, sourceName);
        } catch (JsonInputException e) {
            throw new ScheduleJsonException(e);
        } catch (BadInputException e) {
            throw e;
        }
        return new BevyScheduleReader(sourceName, text).load(root);
    }

    /**
     * The export's tree, read as JSON or as RON by its first character (see the class comment).
     *
     * @throws JsonInputException for a text that neither reads, with the place of the problem
     */
    static JsonTree.Node tree(String text, String sourceName) {
        int i = text.startsWith("\uFEFF") ? 1 : 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            throw new JsonInputException(sourceName, 1, 1, "$", "the input is empty; expected a Bevy schedule export, in"
                    + " JSON ({\"schedules\": [...]}, ...) or in RON ((schedules: [...]))");
        }
        char first = text.charAt(i);
        if (first == '{') {
            return JsonTree.parse(text, sourceName, JsonTree.MAX_VALUES);
        }
        if (first == '(' || first == '#' || first == '/' || first == '_' || Character.isLetter(first)) {
            return RonTree.parse(text, sourceName, JsonTree.MAX_VALUES, STRUCT_NAMES);
        }
        JsonInputException asJson;
        try {
            return JsonTree.parse(text, sourceName, JsonTree.MAX_VALUES);
        } catch (JsonInputException e) {
            asJson = e;
        }
        try {
            return RonTree.parse(text, sourceName, JsonTree.MAX_VALUES, STRUCT_NAMES);
        } catch (JsonInputException asRon) {
            throw new JsonInputException(sourceName, asJson.line(), asJson.column(), asJson.path(),
                    "neither JSON (an export starts with '{') nor RON (it starts with '(', a struct name or #![enable(...)]):"
                            + " as JSON, " + asJson.problem() + "; as RON (line " + asRon.line() + ", column " + asRon.column()
                            + "), " + asRon.problem(), asJson);
        }
    }
}
