package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The compiler's conflict matrix (an inverted index over data, with filters asked only where they can
 * exclude something: {@code StageAccessWords#conflictRows}) equals {@link Access#conflictsWith} for every
 * pair, on random stages: queries with several parts and {@code with}/{@code without}/{@code or} filters,
 * resources, "reads everything" and whole-world systems, over few components or more than 64 (several
 * words per row). The coverage checks make sure the cases that an index without filters would get wrong
 * (data shared, filters disjoint) are drawn.
 */
class ConflictMatrixProperties {
    @Property(tries = 300)
    void theMatrixEqualsPairwiseAccess(@ForAll("stages") String json) {
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(json), "stage.json");
        CompiledStage stage = loaded.compile().stages().get(0);
        boolean filteredApart = false;
        for (int i = 0; i < stage.size(); i++) {
            for (int j = 0; j < stage.size(); j++) {
                Access a = stage.system(i).access();
                Access b = stage.system(j).access();
                boolean expected = i != j && a.conflictsWith(b);
                assertThat(stage.conflicts(i).get(j)).as("%s / %s in %s", stage.system(i).name(), stage.system(j).name(), json)
                        .isEqualTo(expected);
                filteredApart |= i != j && !expected && sharesData(a, b);
            }
        }
        Statistics.label("a pair shares data but its filters keep it apart").collect(filteredApart);
        long named = java.util.regex.Pattern.compile("\"C\\d+\"").matcher(json).results().map(m -> m.group()).distinct().count();
        Statistics.label("wide (more than 64 components)").collect(named > 64);
        Statistics.label("an every-component query").collect(json.contains("All\": true"));
        Statistics.label("an every-component query").coverage(c -> c.check(true).percentage(p -> p >= 20));
        Statistics.label("a pair shares data but its filters keep it apart").coverage(c -> c.check(true).percentage(p -> p >= 20));
        Statistics.label("wide (more than 64 components)").coverage(c -> c.check(true).percentage(p -> p >= 20));
    }

    /**
     * The mutant: an index over data alone (every pair that shares written data conflicts, filters
     * ignored). The comparison of the property tells it from the real matrix on the player/enemy stage.
     */
    @net.jqwik.api.Example
    void anIndexThatIgnoresFiltersIsCaught() {
        String json = stage(List.of(
                "\"access\": {\"queries\": [{\"write\": [\"Velocity\"], \"filter\": {\"with\": \"Player\"}}]}",
                "\"access\": {\"queries\": [{\"write\": [\"Velocity\"], \"filter\": {\"without\": \"Player\"}}]}"));
        CompiledStage stage = ScheduleJson.read(new StringReader(json), "stage.json").compile().stages().get(0);
        Access a = stage.system(0).access();
        Access b = stage.system(1).access();
        boolean mutant = sharesData(a, b);
        assertThat(mutant).as("the data-only index says they conflict").isTrue();
        assertThat(a.conflictsWith(b)).as("the pairwise answer the property compares with").isFalse();
        assertThat(stage.conflicts(0).get(1)).as("the real matrix").isFalse();
    }

    private static boolean sharesData(Access a, Access b) {
        if (a.isWorld() || b.isWorld()) {
            return false;
        }
        for (ComponentAccess p : a.components()) {
            for (ComponentAccess q : b.components()) {
                BitSet d = p.dataConflict(q);
                if (!d.isEmpty()) {
                    return true;
                }
            }
        }
        return false;
    }

    @Provide
    Arbitrary<String> stages() {
        return Arbitraries.of(true, false).flatMap(wide -> {
            int components = wide ? 100 : 6;
            return system(components).list().ofMinSize(wide ? 60 : 2).ofMaxSize(wide ? 90 : 12).map(ConflictMatrixProperties::stage);
        });
    }

    private static String stage(List<String> systems) {
        List<String> named = new ArrayList<>();
        for (int i = 0; i < systems.size(); i++) {
            named.add("{\"name\": \"s" + i + "\", " + systems.get(i) + "}");
        }
        return "{\"ambiguity\": \"IGNORE\", \"stages\": [{\"name\": \"update\", \"systems\": [" + String.join(", ", named) + "]}]}";
    }

    private static Arbitrary<String> system(int components) {
        Arbitrary<String> component = Arbitraries.integers().between(0, components - 1)
                .withDistribution(net.jqwik.api.RandomDistribution.uniform()).map(c -> "\"C" + c + "\"");
        Arbitrary<String> filter = Arbitraries.oneOf(
                component.map(c -> "{\"with\": " + c + "}"),
                component.map(c -> "{\"without\": " + c + "}"),
                Combinators.combine(component, component).as((x, y) -> "{\"or\": [{\"without\": " + x + "}, {\"with\": " + y + "}]}"));
        Arbitrary<String> everyComponent = Arbitraries.of("", "", "", "", "", "", "", "", ", \"readAll\": true",
                ", \"writeAll\": true");
        Arbitrary<String> query = Combinators.combine(component.list().ofMaxSize(2), component.list().ofMaxSize(2),
                filter.optional(), everyComponent).as((r, w, f, all) -> "{\"read\": " + r + ", \"write\": " + w + all
                        + f.map(x -> ", \"filter\": " + x).orElse("") + "}");
        Arbitrary<String> resource = Arbitraries.integers().between(0, 3).map(r -> "\"R" + r + "\"");
        Arbitrary<String> partial = Combinators.combine(query.list().ofMaxSize(3), resource.list().ofMaxSize(1),
                resource.list().ofMaxSize(1), Arbitraries.integers().between(0, 19)).as((qs, rr, wr, flag) ->
                "\"access\": {\"queries\": " + qs + ", \"readResources\": " + rr + ", \"writeResources\": " + wr
                        + (flag == 0 ? ", \"readsAllComponents\": true" : flag == 1 ? ", \"readsAllResources\": true" : "") + "}");
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(30, partial),
                net.jqwik.api.Tuple.of(1, Arbitraries.just("\"access\": {\"world\": true}")));
    }
}
