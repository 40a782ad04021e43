package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bevy's {@code system_ambiguity} tests of both eras, as Bevy schedule exports read by the rules of each
 * version: the counts Bevy 0.18.0 asserts with {@code --bevy-version 0.18}, those of Bevy 0.19.1 (and main) by
 * default. Each export is written the way Bevy 0.19 and later lowers the systems' parameters
 * ({@code bevy_dev_tools::schedule_data}): {@code Res<R>} reads component {@code R} with {@code R} and
 * {@code IsResource}, {@code ResMut<R>} writes it so, {@code NonSend<R>} is an unfiltered read of {@code R}
 * (with {@code R}), {@code Query<&A>} reads {@code A} with {@code A}, {@code EntityRef} and {@code &World} read every
 * component, {@code EntityMut} reads and writes every component, message readers and writers read and write the
 * resource {@code Messages<E>}, {@code &mut World} is exclusive.
 *
 * <p>Two differences with Bevy's assertions, each stated where it applies: the second halves of
 * {@code resource_mut_and_entity_ref} and {@code resource_and_entity_mut} in Bevy 0.19 assert 0 on a schedule
 * they never initialise (so they assert nothing); and with 0.18's rules the export cannot tell {@code EntityRef}
 * from {@code &World} (both "read every component"), so both are taken to read resources too, as {@code &World}
 * did: one pair more than Bevy 0.18 in {@code resource_mut_and_entity_ref}, never one fewer.
 */
class BevyVersionCasesTest {
    private static final BevyScheduleData.Version V018 = BevyScheduleData.Version.parse("0.18");
    private static final BevyScheduleData.Version V019 = BevyScheduleData.Version.parse("0.19.1");

    /** A Bevy export of one schedule, its systems given by Bevy parameters. */
    private static final class Export {
        private final Map<String, Integer> components = new LinkedHashMap<>();
        private final List<String> systems = new ArrayList<>();
        private final List<String> dependency = new ArrayList<>();

        private int id(String component) {
            return components.computeIfAbsent(component, k -> components.size());
        }

        private String access(String reads, String writes, boolean readsAll, boolean writesAll, String with, String without) {
            return "{\"access\": {\"reads\": [" + reads + "], \"writes\": [" + writes + "], \"reads_inverted\": " + readsAll
                    + ", \"writes_inverted\": " + writesAll + ", \"archetypal\": []}, \"filter_sets\": [{\"with\": [" + with
                    + "], \"without\": [" + without + "]}]}";
        }

        /** One parameter as Bevy 0.19 and later lowers it. */
        private String param(String p) {
            return switch (p) {
                case "Res<R>" -> access("" + id("R"), "", false, false, id("R") + ", " + id("IsResource"), "");
                case "ResMut<R>" -> access("", "" + id("R"), false, false, id("R") + ", " + id("IsResource"), "");
                case "NonSend<R>" -> access("" + id("R"), "", false, false, "" + id("R"), "");
                case "NonSendMut<R>" -> access("", "" + id("R"), false, false, "" + id("R"), "");
                case "MessageReader<E>" -> access("" + id("Messages<E>"), "", false, false,
                        id("Messages<E>") + ", " + id("IsResource"), "");
                case "MessageWriter<E>", "ResMut<Messages<E>>" -> access("", "" + id("Messages<E>"), false, false,
                        id("Messages<E>") + ", " + id("IsResource"), "");
                case "Query<&A>" -> access("" + id("A"), "", false, false, "" + id("A"), "");
                case "Query<&mut A>" -> access("", "" + id("A"), false, false, "" + id("A"), "");
                case "Query<&mut A, With<B>>" -> access("", "" + id("A"), false, false, id("A") + ", " + id("B"), "");
                case "Query<&mut A, Without<B>>" -> access("", "" + id("A"), false, false, "" + id("A"), "" + id("B"));
                case "Query<EntityRef>", "&World" -> access("", "", true, false, "", "");
                case "Query<EntityMut>" -> access("", "", true, true, "", "");
                case "Query<EntityRef, Without<IsResource>>" -> access("", "", true, false, "", "" + id("IsResource"));
                case "Query<EntityMut, Without<IsResource>>" -> access("", "", true, true, "", "" + id("IsResource"));
                default -> throw new IllegalArgumentException(p);
            };
        }

        Export system(String name, String... params) {
            boolean exclusive = List.of(params).contains("&mut World");
            List<String> accesses = new ArrayList<>();
            for (String p : params) {
                if (!p.equals("&mut World")) {
                    accesses.add(param(p));
                }
            }
            systems.add("{\"name\": \"" + name + "\", \"apply_deferred\": false, \"exclusive\": " + exclusive
                    + ", \"deferred\": false, \"filtered_accesses\": [" + String.join(", ", accesses) + "]}");
            return this;
        }

        Export before(int first, int second) {
            dependency.add("[{\"System\": " + first + "}, {\"System\": " + second + "}]");
            return this;
        }

        String json() {
            List<String> comps = new ArrayList<>();
            components.keySet().forEach(c -> comps.add("{\"name\": \"" + (c.equals("IsResource") ? "bevy_ecs::resource::IsResource"
                    : "tests::" + c) + "\", \"required\": []}"));
            return "{\"schedule_data\": {\"name\": \"Update\", \"systems\": [" + String.join(", ", systems)
                    + "], \"system_sets\": [], \"hierarchy\": [], \"dependency\": [" + String.join(", ", dependency)
                    + "], \"components\": [" + String.join(", ", comps) + "], \"conflicts\": []}}";
        }

        long pairs(BevyScheduleData.Version version) {
            return BevyScheduleData.read(json(), "bevy-" + (version == null ? "detected" : version.text()) + ".json", version)
                    .loaded().ambiguities().total();
        }
    }

    /** Asserts Bevy 0.18's count under 0.18's rules, and Bevy 0.19's under 0.19's and under the detected rules. */
    private static void counts(Export e, long bevy018, long bevy019) {
        assertThat(e.pairs(V018)).as("Bevy 0.18's rules").isEqualTo(bevy018);
        assertThat(e.pairs(V019)).as("Bevy 0.19's rules").isEqualTo(bevy019);
        assertThat(e.pairs(null)).as("the rules detected from the export").isEqualTo(bevy019);
    }

    @Test
    void oneOfEverything() {
        counts(new Export().system("resmut_system", "ResMut<R>").system("write_component_system", "Query<&mut A>")
                .system("message_writer_system", "MessageWriter<E>"), 0, 0);
    }

    @Test
    void readOnly() {
        Export e = new Export();
        for (String p : List.of("Res<R>", "NonSend<R>", "Query<&A>", "Query<EntityRef>", "MessageReader<E>", "&World")) {
            e.system(p + " 1", p).system(p + " 2", p);
        }
        e.system("empty_system 1").system("empty_system 2");
        counts(e, 0, 0);
    }

    @Test
    void readWorld() {
        counts(new Export().system("resmut_system", "ResMut<R>").system("write_component_system", "Query<&mut A>")
                .system("message_writer_system", "MessageWriter<E>").system("read_world_system", "&World"), 3, 3);
    }

    @Test
    void resourcesNonsendAndComponents() {
        counts(new Export().system("resmut_system", "ResMut<R>").system("res_system", "Res<R>"), 1, 1);
        counts(new Export().system("nonsendmut_system", "NonSendMut<R>").system("nonsend_system", "NonSend<R>"), 1, 1);
        counts(new Export().system("read_component_system", "Query<&A>").system("write_component_system", "Query<&mut A>"), 1, 1);
        counts(new Export().system("with_filtered_component_system", "Query<&mut A, With<B>>")
                .system("without_filtered_component_system", "Query<&mut A, Without<B>>"), 0, 0);
    }

    @Test
    void events() {
        counts(new Export().system("message_reader_system", "MessageReader<E>").system("message_writer_system", "MessageWriter<E>")
                .system("message_resource_system", "ResMut<Messages<E>>"), 3, 3);
    }

    @Test
    void resourceMutAndEntityRef() {
        // 0.19: "this should fail, since resources are components"; 0.18 asserts 0, the export reads 1 (see above)
        Export e = new Export().system("resmut_system", "ResMut<R>").system("entity_ref_system", "Query<EntityRef>");
        assertThat(e.pairs(V019)).isEqualTo(1);
        assertThat(e.pairs(null)).isEqualTo(1);
        assertThat(e.pairs(V018)).as("Bevy 0.18 asserts 0; EntityRef and &World are one in the export").isEqualTo(1);
        // "this should not fail, since the queries are disjoint"
        counts(new Export().system("resmut_system", "ResMut<R>")
                .system("entity_ref_without_resources", "Query<EntityRef, Without<IsResource>>"), 0, 0);
    }

    @Test
    void resourceAndEntityMut() {
        // 0.19: "resources are components and non_sends also do access with components"
        counts(new Export().system("res_system", "Res<R>").system("nonsend_system", "NonSend<R>")
                .system("entity_mut_system", "Query<EntityMut>"), 0, 2);
        // Bevy asserts 0 without initialising the schedule; built, its rules give 1: NonSend's read is unfiltered,
        // so Without<IsResource> does not make it disjoint
        counts(new Export().system("res_system", "Res<R>").system("nonsend_system", "NonSend<R>")
                .system("entity_mut_without_resources", "Query<EntityMut, Without<IsResource>>"), 0, 1);
    }

    @Test
    void componentsAndEntityAccess() {
        counts(new Export().system("write_component_system", "Query<&mut A>").system("entity_ref_system", "Query<EntityRef>"), 1, 1);
        counts(new Export().system("read_component_system", "Query<&A>").system("entity_mut_system", "Query<EntityMut>"), 1, 1);
    }

    @Test
    void exclusive() {
        counts(new Export().system("write_world_system 1", "&mut World").system("write_world_system 2", "&mut World")
                .system("res_system", "Res<R>"), 3, 3);
    }

    @Test
    void beforeAndAfter() {
        counts(new Export().system("message_reader_system", "MessageReader<E>").system("message_writer_system", "MessageWriter<E>")
                .system("message_resource_system", "ResMut<Messages<E>>").before(0, 1).before(1, 2), 0, 0);
    }

    @Test
    void theRulesAppliedAreSaid() {
        Export e = new Export().system("res_system", "Res<R>");
        assertThat(BevyScheduleData.read(e.json(), "x.json", null).semantics().describe())
                .contains("0.19 or later", "detected", "IsResource", "resources are components");
        assertThat(BevyScheduleData.read(e.json(), "x.json", V018).semantics().describe())
                .contains("Bevy 0.18 (--bevy-version)", "resources apart from components");
        assertThat(BevyScheduleData.read(e.json(), "x.json", V018).resourcesApart()).isEqualTo(1);
        assertThat(BevyScheduleData.read(new Export().system("s", "Query<&A>").json(), "x.json", null).semantics().describe())
                .contains("Bevy writes this export since 0.19");
    }

    @Test
    void aVersionThatIsNoVersionIsRefusedSayingWhatIsExpected() {
        assertThat(catchThrowable(() -> BevyScheduleData.Version.parse("latest")))
                .hasMessageContaining("expected a Bevy version such as 0.18, 0.19.1, 0.20-dev or main, found 'latest'");
        assertThat(BevyScheduleData.Version.parse("v0.17.3").resourcesAreComponents()).isFalse();
        assertThat(BevyScheduleData.Version.parse("0.20-dev").resourcesAreComponents()).isTrue();
        assertThat(BevyScheduleData.Version.parse("main").resourcesAreComponents()).isTrue();
        assertThat(BevyScheduleData.Version.parse("1.0").resourcesAreComponents()).isTrue();
    }

    @Test
    void bevy019sExportWithoutAccessesIsRefusedNotPassed() {
        String json = """
                {"schedules": [{"name": "Update", "systems": [{"name": "a", "apply_deferred": false, "exclusive": false,
                  "deferred": false}], "system_sets": [], "hierarchy": [], "dependency": [],
                  "components": [{"name": "A"}], "conflicts": [{"system_1": 0, "system_2": 0, "conflicting_access": "World"}]}]}""";
        assertThat(catchThrowable(() -> BevyScheduleData.read(json, "app_data.json")))
                .hasMessageContaining("export of Bevy 0.19, which does not record what systems access")
                .hasMessageContaining("1 pair(s)");
    }
}
