package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Queries over every component of their entities, with filters: Bevy's {@code EntityRef} ({@code "readAll"})
 * and {@code EntityMut} ({@code "writeAll"}; {@code "writesAllComponents"} for an unfiltered one). Bevy's
 * behaviour: {@code Query<EntityMut>} conflicts with any query touching a component, {@code Query<EntityRef>}
 * with any query writing one, both only where their filters can match one entity; and {@code EntityMut}
 * against {@code EntityRef} conflicts on every component.
 */
class EveryComponentAccessTest {
    private static AmbiguityReport report(String systems) {
        return ScheduleJson.read(new StringReader("{\"stages\": [{\"name\": \"update\", \"systems\": [" + systems + "]}]}"),
                "every.json").ambiguities();
    }

    private static String system(String name, String query) {
        return "{\"name\": \"" + name + "\", \"access\": {\"queries\": [" + query + "]}}";
    }

    @Test
    void entityMutConflictsWithAReaderOfAnyComponent() {
        AmbiguityReport r = report(system("edit", "{\"writeAll\": true}") + ", " + system("look", "{\"read\": [\"A\"]}"));
        assertThat(r.pairs()).containsExactly(new Ambiguity("update", "edit", "look", List.of("A")));
    }

    @Test
    void filtersKeepEntityMutApartFromWhatItCannotMatch() {
        // Query<EntityMut, With<A>> and Query<&B, Without<A>>: disjoint
        AmbiguityReport r = report(system("edit", "{\"writeAll\": true, \"filter\": {\"with\": \"A\"}}") + ", "
                + system("look", "{\"read\": [\"B\"], \"filter\": {\"without\": \"A\"}}"));
        assertThat(r.isEmpty()).as(r.format()).isTrue();
        // the same reader without its filter meets the writer on B
        AmbiguityReport met = report(system("edit", "{\"writeAll\": true, \"filter\": {\"with\": \"A\"}}") + ", "
                + system("look", "{\"read\": [\"B\"]}"));
        assertThat(met.pairs()).containsExactly(new Ambiguity("update", "edit", "look", List.of("B")));
    }

    @Test
    void entityRefConflictsOnlyWithWritersWhereFiltersMeet() {
        AmbiguityReport readers = report(system("inspect", "{\"readAll\": true}") + ", " + system("look", "{\"read\": [\"A\"]}"));
        assertThat(readers.isEmpty()).as("two readers never conflict").isTrue();
        AmbiguityReport apart = report(system("inspect", "{\"readAll\": true, \"filter\": {\"with\": \"Player\"}}") + ", "
                + system("move", "{\"write\": [\"Position\"], \"filter\": {\"without\": \"Player\"}}"));
        assertThat(apart.isEmpty()).as(apart.format()).isTrue();
        AmbiguityReport met = report(system("inspect", "{\"readAll\": true, \"filter\": {\"with\": \"Player\"}}") + ", "
                + system("move", "{\"write\": [\"Position\"]}"));
        assertThat(met.pairs()).containsExactly(new Ambiguity("update", "inspect", "move", List.of("Position")));
    }

    @Test
    void entityMutAgainstEntityRefConflictsOnEveryComponent() {
        AmbiguityReport r = report(system("edit", "{\"writeAll\": true}") + ", " + system("inspect", "{\"readAll\": true}"));
        assertThat(r.pairs()).containsExactly(new Ambiguity("update", "edit", "inspect", List.of("every component")));
        AmbiguityReport unfiltered = report("{\"name\": \"edit\", \"access\": {\"writesAllComponents\": true}}, "
                + "{\"name\": \"inspect\", \"access\": {\"readsAllComponents\": true}}");
        assertThat(unfiltered.pairs()).containsExactly(new Ambiguity("update", "edit", "inspect", List.of("every component")));
    }

    @Test
    void theFormRoundTrips() {
        String json = "{\"stages\": [{\"name\": \"update\", \"systems\": [" + system("edit", "{\"writeAll\": true, \"filter\": {\"with\": \"A\"}}")
                + ", " + system("inspect", "{\"readAll\": true, \"read\": [\"B\"]}") + ", " + system("look", "{\"read\": [\"A\"]}") + "]}]}";
        LoadedSchedule original = ScheduleJson.read(new StringReader(json), "every.json");
        LoadedSchedule again = ScheduleJson.read(new StringReader(ScheduleJson.write(original)), "again.json");
        assertThat(again.ambiguities()).isEqualTo(original.ambiguities());
        assertThat(original.ambiguities().total()).isEqualTo(2);
    }
}
