package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cases of Bevy's {@code bevy_ecs::schedule::tests::system_ambiguity} module (HEAD,
 * {@code crates/bevy_ecs/src/schedule/mod.rs}) that need the JSON format's later fields (types, weak
 * constraints, set rules and members, namespaced ignores, every-component terms), written in
 * that JSON and asserting Bevy's count of conflicting pairs. Bevy's fixtures: {@code Query<EntityRef>} is
 * {@code "readAll"}, {@code Query<EntityMut>} is {@code "writeAll"}; in today's Bevy resources are
 * components of resource entities (marked {@code IsResource}), so {@code Res<R>} / {@code ResMut<R>} /
 * {@code NonSend<R>} are queries of component {@code R}, the first two with {@code IsResource}; a function added twice is
 * two systems of one {@code type}; {@code allow_ambiguous_resource} / {@code allow_ambiguous_component} are
 * the namespaced ignores.
 */
class BevyAmbiguityJsonCasesTest {
    private static final String RES = "{\"read\": [\"R\"], \"filter\": {\"with\": \"IsResource\"}}";
    /** {@code NonSend<R>}: an unfiltered read of component {@code R}, without the IsResource filter. */
    private static final String NONSEND = "{\"read\": [\"R\"]}";
    private static final String RESMUT = "{\"write\": [\"R\"], \"filter\": {\"with\": \"IsResource\"}}";

    private static long count(String top, String... systems) {
        String json = "{" + top + "\"stages\": [{\"name\": \"update\", \"systems\": [" + String.join(", ", systems) + "]}]}";
        return ScheduleJson.read(new StringReader(json), "bevy-case.json").ambiguities().total();
    }

    private static String system(String name, String... queries) {
        return "{\"name\": \"" + name + "\", \"access\": {\"queries\": [" + String.join(", ", queries) + "]}}";
    }

    @Test
    void readComponentAndEntityMut() {
        assertThat(count("", system("read_component_system", "{\"read\": [\"A\"]}"),
                system("entity_mut_system", "{\"writeAll\": true}"))).isEqualTo(1);
    }

    @Test
    void writeComponentAndEntityRef() {
        assertThat(count("", system("write_component_system", "{\"write\": [\"A\"]}"),
                system("entity_ref_system", "{\"readAll\": true}"))).isEqualTo(1);
    }

    @Test
    void resourceMutAndEntityRef() {
        // "this should fail, since resources are components"
        assertThat(count("", system("resmut_system", RESMUT), system("entity_ref_system", "{\"readAll\": true}"))).isEqualTo(1);
        // "this should not fail, since the queries are disjoint"
        assertThat(count("", system("resmut_system", RESMUT),
                system("entity_ref_without_resources", "{\"readAll\": true, \"filter\": {\"without\": \"IsResource\"}}")))
                .isZero();
    }

    @Test
    void resourceAndEntityMut() {
        // "resources are components and non_sends also do access with components"
        assertThat(count("", system("res_system", RES), system("nonsend_system", NONSEND),
                system("entity_mut_system", "{\"writeAll\": true}"))).isEqualTo(2);
        // Bevy asserts 0 here on a schedule it never initialises (so it asserts nothing); built, Bevy's rules give 1:
        // NonSend's read of R is unfiltered (add_unfiltered_component_read), so Without<IsResource> leaves it in
        assertThat(count("", system("res_system", RES), system("nonsend_system", NONSEND),
                system("entity_mut_without_resources", "{\"writeAll\": true, \"filter\": {\"without\": \"IsResource\"}}")))
                .isEqualTo(1);
    }

    @Test
    void anonymousSetOfOneFunctionAddedTwice() {
        // (resmut_system, resmut_system).run_if(...): the two instances conflict on R
        LoadedSchedule loaded = ScheduleJson.read(new StringReader("""
                {"sets": [{"members": ["resmut_system"], "criterion": "always_true"}],
                 "stages": [{"name": "update", "systems": [
                   {"name": "resmut_system_1", "type": "resmut_system", "access": {"writeResources": ["R"]}},
                   {"name": "resmut_system_2", "type": "resmut_system", "access": {"writeResources": ["R"]}}]}]}"""),
                "bevy-case.json");
        assertThat(loaded.ambiguities().total()).isEqualTo(1);
        assertThat(loaded.ambiguities().pairs().get(0).conflicts()).isEqualTo(List.of("resource R"));
        assertThat(loaded.schedule().sets().keySet()).containsExactly("(anonymous set 1: resmut_system)");
    }

    @Test
    void ignoreComponentResourceAmbiguities() {
        // allow_ambiguous_resource::<R>: ResMut<R> and Res<R> are not reported
        assertThat(count("\"ignoreAmbiguitiesOnResources\": [\"R\"], ",
                "{\"name\": \"resmut_system\", \"access\": {\"writeResources\": [\"R\"]}}",
                "{\"name\": \"res_system\", \"access\": {\"readResources\": [\"R\"]}}")).isZero();
        // allow_ambiguous_component::<A>: Query<&mut A> and Query<&A> are not reported
        assertThat(count("\"ignoreAmbiguitiesOnComponents\": [\"A\"], ", system("write_component_system", "{\"write\": [\"A\"]}"),
                system("read_component_system", "{\"read\": [\"A\"]}"))).isZero();
        // and one namespace does not hide the other
        assertThat(count("\"ignoreAmbiguitiesOnResources\": [\"A\"], \"resources\": [\"A\"], ",
                system("write_component_system", "{\"write\": [\"A\"]}"), system("read_component_system", "{\"read\": [\"A\"]}")))
                .isEqualTo(1);
    }
}
