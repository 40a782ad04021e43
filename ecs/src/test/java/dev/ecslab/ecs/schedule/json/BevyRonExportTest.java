package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.json.JsonTree;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Str;
import dev.ecslab.ecs.json.TreeValues;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bevy's {@code app_data.ron}, the file its {@code SerializeSchedulesPlugin} writes with
 * {@code ron::ser::to_string_pretty(&app_data, PrettyConfig::default().new_line("\n"))}, read as it is.
 * The two fixtures were written by hand to that format (ron 0.12's pretty output of the serde structs of
 * {@code crates/bevy_dev_tools/src/schedule_data/serde.rs}: no struct names, four-space indents, a trailing
 * comma after every field and list item, tuples on one line, {@code SystemSetIndex(0)} as {@code (0)}, no
 * newline at the end), not produced by a running Bevy: {@code bevy-app-data.ron} holds the data of
 * {@code bevy-brp-update.json} in the shape of Bevy's main branch (after Bevy PR #24743:
 * {@code filtered_accesses}, {@code required}); {@code bevy-app-data-v0.19.1.ron} has the shape of Bevy
 * 0.19.0 and 0.19.1, without them, and two schedules.
 */
class BevyRonExportTest {
    private static String text(String name) throws Exception {
        return Files.readString(ScheduleJsonTest.resource(name));
    }

    @Test
    void theRonFileReadsAsTheTreeOfTheSameDataInJson() throws Exception {
        Node ron = BevyScheduleData.tree(text("bevy-app-data.ron"), "app_data.ron");
        Node json = JsonTree.find(JsonTree.parse(text("bevy-brp-update.json"), "update.json", JsonTree.MAX_VALUES),
                "$.result.schedule_data");
        assertThat(TreeValues.of(ron)).isEqualTo(Map.of("schedules", List.of(TreeValues.of(json))));
    }

    @Test
    void theRonFileAndTheJsonFileGiveTheSameAnalysis() throws Exception {
        BevyScheduleData.Import ron = BevyScheduleData.read(ScheduleJsonTest.resource("bevy-app-data.ron"));
        BevyScheduleData.Import json = BevyScheduleData.read(ScheduleJsonTest.resource("bevy-brp-update.json"));
        AmbiguityReport fromRon = ron.loaded().ambiguities();
        AmbiguityReport fromJson = json.loaded().ambiguities();
        assertThat(fromRon.total()).isEqualTo(4);
        assertThat(fromRon.pairs()).containsExactlyElementsOf(fromJson.pairs());
        assertThat(fromRon.format()).isEqualTo(fromJson.format());
        assertThat(ron.bevyConflicts()).containsExactlyElementsOf(json.bevyConflicts()).hasSize(3);
        assertThat(ron.invertedAccesses()).isEqualTo(json.invertedAccesses());
    }

    @Test
    void placesInTheReportPointIntoTheRonText() throws Exception {
        BevyScheduleData.Import ron = BevyScheduleData.read(ScheduleJsonTest.resource("bevy-app-data.ron"));
        LoadedSchedule.Location at = ron.loaded().locate("stages[0].systems[5].name").orElseThrow();
        assertThat(at.path()).isEqualTo("$.schedules[0].systems[5].name");
        assertThat(text("bevy-app-data.ron").lines().toList().get(at.line() - 1))
                .isEqualTo("                    name: \"game::optional_position\",");
        assertThat(at.column()).isEqualTo(27);
    }

    @Test
    void theV0191ShapeWithoutFilteredAccessesReadsAsItsTree() throws Exception {
        String text = text("bevy-app-data-v0.19.1.ron");
        Node root = BevyScheduleData.tree(text, "app_data.ron");
        String system = "{\"name\": \"%s\", \"apply_deferred\": %s, \"exclusive\": %s, \"deferred\": %s}";
        String expected = "{\"schedules\": [{\"name\": \"Update\", \"systems\": ["
                + String.format(system, "game::spawn_enemies", false, true, false) + ", "
                + String.format(system, "game::move_players", false, false, false) + ", "
                + String.format(system, "game::draw", false, false, false) + ", "
                + String.format(system, "bevy_ecs::schedule::executor::apply_deferred", true, true, false) + "],"
                + " \"system_sets\": [{\"name\": \"Movement\", \"conditions\": [{\"name\": \"game::in_game\"}]},"
                + " {\"name\": \"SystemTypeSet(game::draw)\", \"conditions\": []}],"
                + " \"hierarchy\": [[0, {\"System\": 1}], [1, {\"System\": 2}]],"
                + " \"dependency\": [[{\"SystemSet\": 0}, {\"SystemSet\": 1}], [{\"System\": 0}, {\"System\": 3}]],"
                + " \"components\": [{\"name\": \"game::Position\"}, {\"name\": \"game::Player\"}],"
                + " \"conflicts\": [{\"system_1\": 0, \"system_2\": 2, \"conflicting_access\": \"World\"},"
                + " {\"system_1\": 1, \"system_2\": 2, \"conflicting_access\": {\"Components\": [0]}}]},"
                + " {\"name\": \"PostUpdate\", \"systems\": ["
                + String.format(system, "bevy_transform::systems::propagate_parent_transforms", false, false, true) + "],"
                + " \"system_sets\": [], \"hierarchy\": [], \"dependency\": [], \"components\": [], \"conflicts\": []}]}";
        assertThat(TreeValues.of(root)).isEqualTo(TreeValues.ofJson(expected));
        // places: the newtype SystemSetIndex (1) is its number, at the number, with the path of the parentheses
        List<String> lines = text.lines().toList();
        Node parent = JsonTree.find(root, "$.schedules[0].hierarchy[1][0]");
        assertThat(parent).isInstanceOf(Num.class);
        assertThat(parent.path()).isEqualTo("$.schedules[0].hierarchy[1][0]");
        assertThat(lines.get(parent.line() - 1)).isEqualTo("                ((1), System(2)),");
        assertThat(parent.column()).isEqualTo(19);
        Node world = JsonTree.find(root, "$.schedules[0].conflicts[0].conflicting_access");
        assertThat(world).isInstanceOf(Str.class);
        assertThat(lines.get(world.line() - 1).substring(world.column() - 1)).isEqualTo("World,");
        Node component = JsonTree.find(root, "$.schedules[0].conflicts[1].conflicting_access.Components[0]");
        assertThat(lines.get(component.line() - 1).strip()).isEqualTo("0,");
    }

    @Test
    void structNamesAndCommentsAreReadToo() {
        String named = """
                #![enable(explicit_struct_names)]
                // written with PrettyConfig::default().struct_names(true)
                AppData(
                    schedules: [
                        ScheduleData(
                            name: "Update",
                            systems: [
                                SystemData(name: "a", apply_deferred: false, exclusive: false, deferred: false,
                                    filtered_accesses: [FilteredAccessData(access: AccessData(reads: [], writes: [0],
                                        reads_inverted: false, writes_inverted: false, archetypal: []), filter_sets: [])]),
                                SystemData(name: "b", apply_deferred: false, exclusive: true, deferred: false,
                                    filtered_accesses: []),
                            ],
                            system_sets: [],
                            hierarchy: [],
                            dependency: [],
                            components: [ComponentData(name: "A", required: [])],
                            conflicts: [SystemConflict(system_1: 0, system_2: 1, conflicting_access: World)],
                        ),
                    ],
                )""";
        BevyScheduleData.Import bevy = BevyScheduleData.read(named, "named.ron");
        assertThat(bevy.loaded().ambiguities().find("a", "b")).isPresent();
        assertThat(bevy.bevyConflicts()).singleElement().extracting(BevyScheduleData.BevyConflict::conflicts)
                .isEqualTo(List.of("World"));
    }

    @Test
    void theReadersErrorsKeepTheirPlaceInTheRonText() throws Exception {
        // game::draw (system 4) reads component 2; make it 9, of 4 components
        String pad = " ".repeat(32);
        String draw = pad + "reads: [\n" + pad + "    2,\n" + pad + "],\n" + pad + "writes: [],";
        assertThat(text("bevy-app-data.ron")).containsOnlyOnce(draw);
        String text = text("bevy-app-data.ron").replace(draw, draw.replace("2,", "9,"));
        ScheduleJsonException e = catchThrowableOfType(() -> BevyScheduleData.read(text, "app_data.ron"),
                ScheduleJsonException.class);
        int line = text.lines().toList().indexOf("                                    9,") + 1;
        assertThat(e.getMessage()).startsWith("app_data.ron (line " + line + ", column 37,"
                + " $.schedules[0].systems[4].filtered_accesses[0].access.reads[0]): a component index must be in [0, 3]");
        ScheduleJsonException syntax = catchThrowableOfType(() -> BevyScheduleData.read(
                text("bevy-app-data.ron").replace("            systems: [", "            systems ["), "app_data.ron"),
                ScheduleJsonException.class);
        assertThat(syntax.getMessage()).isEqualTo("app_data.ron (line 5, column 21, $.schedules[0].systems): expected ':'"
                + " after field name \"systems\", found '['");
    }

    @Test
    void theSyntaxIsChosenByTheContentNotTheExtension(@TempDir Path dir) throws Exception {
        Path ronNamedJson = Files.writeString(dir.resolve("export.json"), text("bevy-app-data.ron"));
        assertThat(BevyScheduleData.read(ronNamedJson).loaded().ambiguities().total()).isEqualTo(4);
        Path jsonNamedRon = Files.writeString(dir.resolve("app_data.ron"), text("bevy-brp-update.json"));
        assertThat(BevyScheduleData.read(jsonNamedRon).loaded().ambiguities().total()).isEqualTo(4);
    }

    @Test
    void aTextThatIsNeitherSaysBothWereTried() {
        ScheduleJsonException neither = catchThrowableOfType(() -> BevyScheduleData.read("\n  <xml/>", "export.xml"),
                ScheduleJsonException.class);
        assertThat(neither.getMessage()).startsWith("export.xml (line 2, column 3, $): neither JSON (an export starts"
                + " with '{') nor RON (it starts with '(', a struct name or #![enable(...)]): as JSON, invalid JSON:")
                .endsWith("; as RON (line 2, column 3), expected a value (a struct (...), a list [...], a map {...}, a string,"
                        + " a number, true, false, None, Some(...) or an enum variant), found '<'");
        ScheduleJsonException empty = catchThrowableOfType(() -> BevyScheduleData.read(" \n", "empty.ron"),
                ScheduleJsonException.class);
        assertThat(empty.getMessage()).isEqualTo("empty.ron (line 1, column 1, $): the input is empty; expected a Bevy"
                + " schedule export, in JSON ({\"schedules\": [...]}, ...) or in RON ((schedules: [...]))");
    }
}
