package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.json.JsonInputException;
import dev.ecslab.ecs.json.JsonTree;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads a schedule exported by Bevy: the {@code ScheduleData} of {@code bevy_dev_tools::schedule_data}
 * (Bevy PRs #22520 and #24743), as the Bevy Remote Protocol's {@code schedule.graph} method returns it
 * ({@code {"jsonrpc": "2.0", "result": {"schedule_data": {...}}}}), as that result alone
 * ({@code {"schedule_data": {...}}}), as a bare {@code ScheduleData} object, or as an {@code AppData}
 * written as JSON ({@code {"schedules": [...]}}, one stage per schedule). The plugin's default RON file is
 * not JSON: convert it, or ask the running app over BRP.
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
            root = JsonTree.parse(text, sourceName, JsonTree.MAX_VALUES);
        } catch (JsonInputException e) {
            throw new ScheduleJsonException(e);
        } catch (BadInputException e) {
            throw e;
        }
        return new BevyScheduleReader(sourceName, text).load(root);
    }
}
