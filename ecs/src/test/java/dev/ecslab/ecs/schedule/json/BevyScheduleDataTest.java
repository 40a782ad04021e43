package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.SystemKind;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A schedule exported by Bevy ({@code ScheduleData} of {@code bevy_dev_tools}, as the BRP {@code schedule.graph}
 * method returns it) read into ecslab. The example is written by hand to the format of Bevy's source
 * ({@code crates/bevy_dev_tools/src/schedule_data/serde.rs}), not produced by a running Bevy: a set with
 * two systems ordered before a system-type set, an {@code Option}-like access (writes Position without
 * requiring it), filters that keep players and enemies apart, and an {@code apply_deferred} sync point.
 */
class BevyScheduleDataTest {
    private static BevyScheduleData.Import example() throws Exception {
        String text = Files.readString(ScheduleJsonTest.resource("bevy-brp-update.json"));
        return BevyScheduleData.read(text, "update.json");
    }

    @Test
    void theExportBecomesAStageWithItsSystemsAccessesAndOrder() throws Exception {
        BevyScheduleData.Import bevy = example();
        CompiledStage stage = bevy.loaded().compile().stages().get(0);
        assertThat(stage.name()).isEqualTo("Update");
        assertThat(stage.systems()).extracting(s -> s.descriptor().name()).containsExactly("game::reads_a", "game::writes_a",
                "game::move_players", "game::move_enemies", "game::draw", "game::optional_position",
                "bevy_ecs::schedule::executor::apply_deferred");
        assertThat(stage.system(6).descriptor().kind()).isEqualTo(SystemKind.SYNC_POINT);
        // Movement (move_players, move_enemies) before SystemTypeSet(draw)
        assertThat(stage.reach(2).get(4)).isTrue();
        assertThat(stage.reach(3).get(4)).isTrue();
        assertThat(bevy.bevyConflicts()).hasSize(3);
        assertThat(bevy.invertedAccesses()).isZero();
    }

    @Test
    void theReportFollowsBevysAccessModel() throws Exception {
        AmbiguityReport report = example().loaded().ambiguities();
        // with [2, 3] and with [2] without [3] never meet; draw is ordered after both movers
        assertThat(report.find("game::move_players", "game::move_enemies")).isEmpty();
        // writing Position without requiring it (with [Camera] only) meets every reader of Position
        assertThat(report.find("game::move_players", "game::optional_position")).isPresent();
        assertThat(report.find("game::draw", "game::optional_position").map(Ambiguity::conflicts))
                .contains(List.of("game::Position"));
        assertThat(report.find("game::reads_a", "game::writes_a")).isPresent();
        assertThat(report.total()).isEqualTo(4);
    }

    @Test
    void anIndexOutOfRangeIsNamedWithItsPlace() {
        String text = """
                {"schedule_data": {"name": "Update", "components": [{"name": "A", "required": []}],
                  "systems": [{"name": "s", "apply_deferred": false, "exclusive": false, "filtered_accesses": [{"access": {"reads": [3],
                  "writes": [], "reads_inverted": false, "writes_inverted": false}, "filter_sets": []}]}],
                  "system_sets": [], "hierarchy": [], "dependency": [], "conflicts": []}}""";
        ScheduleJsonException e = catchThrowableOfType(() -> BevyScheduleData.read(text, "bad.json"), ScheduleJsonException.class);
        assertThat(e.getMessage()).contains("bad.json (line 2", "$.schedule_data.systems[0].filtered_accesses[0].access.reads[0]",
                "must be in [0, 0]", "found 3");
    }

    /**
     * An export with nothing in it is refused, not analysed: {@code lab ambiguities --from bevy --strict} on
     * {@code {"schedules": []}} (the wrong endpoint's answer, say) used to exit 0, a pass that judged nothing.
     */
    @Test
    void anExportWithNoScheduleOrNoSystemJudgesNothingAndIsRefused() {
        ScheduleJsonException none = catchThrowableOfType(() -> BevyScheduleData.read("{\"schedules\": []}", "empty.json"),
                ScheduleJsonException.class);
        assertThat(none.getMessage()).contains("empty.json (line 1", "$.schedules", "lists no schedule");
        String idle = """
                {"schedules": [{"name": "Update", "components": [], "systems": [], "system_sets": [], "hierarchy": [],
                  "dependency": [], "conflicts": []}]}""";
        ScheduleJsonException noSystem = catchThrowableOfType(() -> BevyScheduleData.read(idle, "idle.json"),
                ScheduleJsonException.class);
        assertThat(noSystem.getMessage()).contains("idle.json", "holds no system in any of its 1 schedule(s)");
    }

    @Test
    void aMissingFieldIsAnErrorNotAnEmptyAccess() {
        // a renamed or dropped field must not read as "accesses nothing", which would pass every pair
        String text = """
                {"schedule_data": {"name": "Update", "components": [],
                  "systems": [{"name": "s", "apply_deferred": false, "exclusive": false, "filtered_acesses": []}],
                  "system_sets": [], "hierarchy": [], "dependency": [], "conflicts": []}}""";
        ScheduleJsonException e = catchThrowableOfType(() -> BevyScheduleData.read(text, "renamed.json"), ScheduleJsonException.class);
        assertThat(e.getMessage()).contains("$.schedule_data.systems[0]", "missing field \"filtered_accesses\"");
    }

    @Test
    void aFileThatIsNoExportIsSaidSo() {
        ScheduleJsonException e = catchThrowableOfType(() -> BevyScheduleData.read("{\"stages\": []}", "ecslab.json"),
                ScheduleJsonException.class);
        assertThat(e.getMessage()).contains("not a Bevy schedule export");
    }

    @Test
    void reportPositionsPointIntoTheExport() throws Exception {
        BevyScheduleData.Import bevy = example();
        LoadedSchedule.Location at = bevy.loaded().locate("stages[0].systems[5].name").orElseThrow();
        assertThat(at.path()).isEqualTo("$.result.schedule_data.systems[5].name");
        String text = Files.readString(ScheduleJsonTest.resource("bevy-brp-update.json"));
        assertThat(text.lines().toList().get(at.line() - 1)).contains("game::optional_position");
    }
}
