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
 *       places these sync points itself); {@code deferred} → a system with deferred effects;</li>
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
 *       here and show up only in the comparison;</li>
 *   <li>a set's {@code conditions} → named in {@link Import#setConditions()}: the export carries no condition's
 *       access and no per-system condition, so condition pairs cannot be found from it (the output says so).</li>
 * </ul>
 * The rules are those of Bevy 0.19 and later unless a {@link Version} says otherwise ({@link Semantics}): the
 * export exists since 0.19. Bevy 0.19's own export has no {@code filtered_accesses}; it is refused, naming why.
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
     * @param semantics        which Bevy's rules the accesses were read by, and why
     * @param setConditions    the run conditions the export names on sets ({@code "in_game on set Movement
     *                         (schedule Update)"}): the export carries their names only, not what they read,
     *                         and no per-system condition at all, so pairs caused by conditions cannot be found
     * @param resourcesApart   components read as resources (before Bevy 0.19: resources were not components)
     */
    public record Import(LoadedSchedule loaded, List<BevyConflict> bevyConflicts, int invertedAccesses,
            Semantics semantics, List<String> setConditions, int resourcesApart) {
        public Import {
            Objects.requireNonNull(loaded, "loaded");
            bevyConflicts = List.copyOf(bevyConflicts);
            Objects.requireNonNull(semantics, "semantics");
            setConditions = List.copyOf(setConditions);
        }

        /** What the output says of run conditions, which the export does not let the lab judge. */
        public String conditionsNote() {
            return "run conditions: Bevy's export has no per-system conditions, and names set conditions without what"
                    + " they read" + (setConditions.isEmpty() ? "" : " (" + setConditions.size() + ": "
                    + String.join("; ", setConditions.subList(0, Math.min(5, setConditions.size())))
                    + (setConditions.size() > 5 ? "; ..." : "") + ")")
                    + "; pairs caused by a condition cannot be found from this file (the ecslab schedule JSON takes"
                    + " conditions with their reads: \"runIf\")";
        }
    }

    /**
     * Which Bevy's rules an export is judged by. From Bevy 0.19 resources are components of resource entities
     * (Bevy PRs #20934 and #22910): an entity query reading or writing every component ({@code EntityRef},
     * {@code EntityMut}) also touches resources unless it excludes {@code IsResource}, and {@code NonSend} data
     * is read as a component. Before 0.19 resources were apart: those queries never touched them. Bevy's own
     * tests changed with it: {@code resource_mut_and_entity_ref} went from 0 pairs to 1 and
     * {@code resource_and_entity_mut} from 0 to 2.
     *
     * @param resourcesAreComponents the rules of Bevy 0.19 and later
     * @param why                    how the version was decided, for the output
     */
    public record Semantics(boolean resourcesAreComponents, String why) {
        /** One line for the output. */
        public String describe() {
            return "Bevy rules: " + why + (resourcesAreComponents ? "; resources are components of resource entities"
                    : "; resources apart from components (entity queries never touch them)");
        }
    }

    /**
     * A Bevy version as given on the command line ({@code 0.18}, {@code 0.19.1}, {@code 0.20-dev}, {@code main}):
     * what decides the rules applied.
     */
    public record Version(String text, int major, int minor) {
        /** Parses {@code text}; an unreadable version is bad input naming what was expected. */
        public static Version parse(String text) {
            Objects.requireNonNull(text, "version");
            String t = text.strip();
            if (t.equals("main")) {
                return new Version(t, Integer.MAX_VALUE, Integer.MAX_VALUE);
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("v?(\\d{1,4})\\.(\\d{1,4})(\\.\\d{1,4})?(-[A-Za-z0-9.]+)?")
                    .matcher(t);
            if (!m.matches()) {
                throw new BadInputException("option --bevy-version", "", "expected a Bevy version such as 0.18, 0.19.1,"
                        + " 0.20-dev or main, found '" + text + "'");
            }
            return new Version(t, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }

        /** True from Bevy 0.19 on. */
        public boolean resourcesAreComponents() {
            return major > 0 || minor >= 19;
        }
    }

    /** One pair Bevy reported: the stage (schedule), the two systems' names here, the data or "World". */
    public record BevyConflict(String stage, String first, String second, List<String> conflicts) {
        public BevyConflict {
            conflicts = List.copyOf(conflicts);
        }
    }

    /** Reads a UTF-8 file ({@link InputFile}); errors name the file. The rules are detected from the export. */
    public static Import read(Path file) {
        return read(file, null);
    }

    /** Reads a UTF-8 file by the rules of {@code version}, or, when null, the rules detected from the export. */
    public static Import read(Path file, Version version) {
        return read(InputFile.readUtf8(file), file.toString(), version);
    }

    /** Reads an export from its text; {@code sourceName} names it in errors. */
    public static Import read(String text, String sourceName) {
        return read(text, sourceName, null);
    }

    /** Reads an export from its text by the rules of {@code version} (null: detected). */
    public static Import read(String text, String sourceName, Version version) {
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
        return new BevyScheduleReader(sourceName, text, version).load(root);
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
