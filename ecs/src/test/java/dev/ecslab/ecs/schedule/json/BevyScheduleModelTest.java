package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The parts of Bevy's scheduling model that need the JSON format's later fields, each with the
 * behaviour Bevy documents or tests: separate namespaces for ignored components and resources
 * ({@code allow_ambiguous_component} / {@code allow_ambiguous_resource}), system-type sets and their
 * ambiguity error ({@code SystemTypeSetAmbiguity}), sets configured as a whole ({@code configure_sets}:
 * set-to-set {@code ambiguous_with}, ordering), anonymous sets (a tuple of systems), {@code chain()}, and
 * weak ordering (an order kept only between systems that conflict, derived through the closure).
 */
class BevyScheduleModelTest {
    private static LoadedSchedule read(String json) {
        return ScheduleJson.read(new StringReader(json), "bevy.json");
    }

    private static AmbiguityReport report(String json) {
        return read(json).ambiguities();
    }

    private static List<String> pairs(AmbiguityReport report) {
        return report.pairs().stream().map(a -> a.first() + "|" + a.second()).toList();
    }

    private static final String TIME_BOTH = """
            {"%s": ["Time"], "stages": [{"name": "update", "systems": [
              {"name": "move_clock", "access": {"queries": [{"write": ["Time"]}]}},
              {"name": "read_clock", "access": {"queries": [{"read": ["Time"]}]}},
              {"name": "tick", "access": {"writeResources": ["Time"]}},
              {"name": "show", "access": {"readResources": ["Time"]}}
            ]}]}""";

    @Test
    void ignoringAComponentLeavesTheResourceOfTheSameNameReported() {
        // Bevy: allow_ambiguous_component::<T> silences component conflicts only, and the resource form only resources
        AmbiguityReport components = report(TIME_BOTH.formatted("ignoreAmbiguitiesOnComponents"));
        assertThat(components.pairs()).containsExactly(new Ambiguity("update", "tick", "show", List.of("resource Time")));
        AmbiguityReport resources = report(TIME_BOTH.formatted("ignoreAmbiguitiesOnResources"));
        assertThat(resources.pairs()).containsExactly(new Ambiguity("update", "move_clock", "read_clock", List.of("Time")));
        assertThat(report(TIME_BOTH.formatted("ignoreAmbiguitiesOn")).isEmpty()).as("the bare form ignores both").isTrue();
    }

    @Test
    void anIgnoredNameMustExistInItsOwnNamespace() {
        String json = """
                {"ignoreAmbiguitiesOnResources": ["Position"], "stages": [{"name": "update", "systems": [
                  {"name": "move", "access": {"queries": [{"write": ["Position"]}]}}]}]}""";
        ScheduleJsonException e = catchThrowableOfType(() -> read(json), ScheduleJsonException.class);
        assertThat(e.getMessage()).contains("$.ignoreAmbiguitiesOnResources[0]", "no resource of this schedule");
    }

    private static final String TWO_FOOS = """
            {"stages": [{"name": "update", "systems": [
              {"name": "foo_1", "type": "foo", "access": {"writeResources": ["R"]}},
              %s
              {"name": "bar", %s "access": {"writeResources": ["R"]}}
            ]}]}""";

    @Test
    void aSystemTypeOrdersEveryInstanceButNotWhenItHasSeveral() {
        // Bevy's test: bar.before(foo) is fine with one foo; with a second foo the schedule does not build
        LoadedSchedule one = read(TWO_FOOS.formatted("", "\"before\": [\"foo\"],"));
        assertThat(one.ambiguities().isEmpty()).isTrue();
        LoadedSchedule two = read(TWO_FOOS.formatted(
                "{\"name\": \"foo_2\", \"type\": \"foo\", \"access\": {\"writeResources\": [\"R\"]}},", "\"before\": [\"foo\"],"));
        ScheduleBuildException e = catchThrowableOfType(two::ambiguities, ScheduleBuildException.class);
        assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.SYSTEM_TYPE_AMBIGUITY);
        assertThat(e.getMessage()).contains("(line 4", "$.stages[0].systems[2].before[0]", "2 systems of type 'foo'");
        // "same goes for ambiguous_with"
        LoadedSchedule exempt = read(TWO_FOOS.formatted(
                "{\"name\": \"foo_2\", \"type\": \"foo\", \"access\": {\"writeResources\": [\"R\"]}},", "\"ambiguousWith\": [\"foo\"],"));
        assertThat(catchThrowableOfType(exempt::ambiguities, ScheduleBuildException.class).kind())
                .isEqualTo(ScheduleBuildException.Kind.SYSTEM_TYPE_AMBIGUITY);
        // the two instances of foo conflict with each other like any two systems
        LoadedSchedule plain = read(TWO_FOOS.formatted(
                "{\"name\": \"foo_2\", \"type\": \"foo\", \"access\": {\"writeResources\": [\"R\"]}},", ""));
        assertThat(pairs(plain.ambiguities())).containsExactly("foo_1|foo_2", "foo_1|bar", "foo_2|bar");
    }

    @Test
    void aSetIsAmbiguousWithAnotherSetAsAWhole() {
        // configure_sets(Audio.ambiguous_with(Physics)): every member of one with every member of the other
        String json = """
                {"sets": [{"name": "audio", "ambiguousWith": ["physics"]}],
                 "stages": [{"name": "update", "systems": [
                  {"name": "music", "sets": ["audio"], "access": {"writeResources": ["Mixer"]}},
                  {"name": "sfx", "sets": ["audio"], "access": {"writeResources": ["Mixer"]}},
                  {"name": "gravity", "sets": ["physics"], "access": {"writeResources": ["Mixer"]}},
                  {"name": "collide", "sets": ["physics"], "access": {"writeResources": ["Mixer"]}}
                ]}]}""";
        assertThat(pairs(report(json))).containsExactly("music|sfx", "gravity|collide");
    }

    @Test
    void anAnonymousSetOrdersItsMembers() {
        // (a, b).before(c)
        String json = """
                {"sets": [{"members": ["a", "b"], "before": ["c"]}],
                 "stages": [{"name": "update", "systems": [
                  {"name": "a", "access": {"writeResources": ["R"]}},
                  {"name": "b", "access": {"readResources": ["R"]}},
                  {"name": "c", "access": {"writeResources": ["R"]}}
                ]}]}""";
        assertThat(pairs(report(json))).containsExactly("a|b");
        assertThat(read(json).schedule().sets().keySet()).containsExactly("(anonymous set 1: a, b)");
    }

    @Test
    void aChainOrdersEachMemberBeforeTheNext() {
        // (a, b, c).chain(): a < b < c, and so a < c
        String json = """
                {"sets": [{"members": ["c", "b", "a"], "chain": true}],
                 "stages": [{"name": "update", "systems": [
                  {"name": "a", "access": {"writeResources": ["R"]}},
                  {"name": "b", "access": {"writeResources": ["R"]}},
                  {"name": "c", "access": {"writeResources": ["R"]}}
                ]}]}""";
        assertThat(report(json).isEmpty()).isTrue();
        CompiledStage stage = read(json).compile().stages().get(0);
        assertThat(stage.reach(2).get(1)).as("c before b").isTrue();
        assertThat(stage.reach(1).get(0)).as("b before a").isTrue();
        assertThat(stage.reach(2).get(0)).as("c before a, through the closure").isTrue();
    }

    @Test
    void weakOrderingKeepsOnlyEdgesBetweenConflictingSystemsDerivedThroughTheClosure() {
        // a before_weak b before_weak c: b conflicts with neither, a and c conflict; a stays free of b
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "beforeWeak": ["b"], "access": {"writeResources": ["R"]}},
                  {"name": "b", "beforeWeak": ["c"], "access": {"writeResources": ["Other"]}},
                  {"name": "c", "access": {"readResources": ["R"]}},
                  {"name": "d", "afterWeak": ["a"], "access": {"writeResources": ["Unrelated"]}}
                ]}]}""";
        assertThat(report(json).isEmpty()).as("a and c are ordered through b").isTrue();
        CompiledStage stage = read(json).compile().stages().get(0);
        assertThat(stage.ordered(0, 2)).as("a before c").isTrue();
        assertThat(stage.ordered(0, 1)).as("a and b do not conflict: unordered").isFalse();
        assertThat(stage.ordered(1, 2)).as("b and c do not conflict: unordered").isFalse();
        assertThat(stage.ordered(0, 3)).as("d conflicts with nobody: unordered").isFalse();
        // the same with strong before: a < b < c, and b is serialised between them
        CompiledStage strong = read(json.replace("beforeWeak", "before").replace("afterWeak", "after")).compile().stages().get(0);
        assertThat(strong.ordered(0, 1)).isTrue();
    }

    @Test
    void aWeakChainOfSetsOrdersOnlyTheirConflictingMembers() {
        String json = """
                {"sets": [{"members": ["input", "physics"], "chainWeak": true}],
                 "stages": [{"name": "update", "systems": [
                  {"name": "keys", "sets": ["input"], "access": {"writeResources": ["Input"]}},
                  {"name": "pad", "sets": ["input"], "access": {"writeResources": ["Pad"]}},
                  {"name": "move", "sets": ["physics"], "access": {"readResources": ["Input"]}}
                ]}]}""";
        CompiledStage stage = read(json).compile().stages().get(0);
        assertThat(stage.ordered(0, 2)).as("keys before move").isTrue();
        assertThat(stage.ordered(1, 2)).as("pad and move do not conflict").isFalse();
    }

    @Test
    void setRulesRoundTripThroughTheJsonForm() {
        String json = """
                {"ignoreAmbiguitiesOnComponents": ["Position"],
                 "sets": [{"members": ["a", "b"], "chain": true}, {"name": "late", "afterWeak": ["a"], "ambiguousWith": ["b"]}],
                 "stages": [{"name": "update", "systems": [
                  {"name": "a", "type": "mover", "access": {"queries": [{"write": ["Position"]}], "writeResources": ["R"]}},
                  {"name": "b", "beforeWeak": ["c"], "access": {"writeResources": ["R"]}},
                  {"name": "c", "sets": ["late"], "access": {"writeResources": ["R"]}}
                ]}]}""";
        LoadedSchedule original = read(json);
        LoadedSchedule again = read(ScheduleJson.write(original));
        assertThat(again.ambiguities()).isEqualTo(original.ambiguities());
        assertThat(ScheduleJson.write(again)).isEqualTo(ScheduleJson.write(original));
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(again.compile().stages().get(0).ordered(i, j)).isEqualTo(original.compile().stages().get(0).ordered(i, j));
            }
        }
    }
}
