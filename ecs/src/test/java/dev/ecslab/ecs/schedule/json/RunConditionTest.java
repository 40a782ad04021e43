package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Run conditions with what they read, in the schedule JSON: the pairs they cause, named with the condition,
 * the pairs they do not cause (ordered, exempt, ignored data, two conditions), and the errors.
 */
class RunConditionTest {
    private static AmbiguityReport report(String json) {
        return ScheduleJson.read(new StringReader(json), "conditions.json").ambiguities();
    }

    private static final String TIMER = """
            {"stages": [{"name": "update", "systems": [
              {"name": "tick", "access": {"writeResources": ["Time"]}},
              {"name": "spawn_wave", "runIf": [{"name": "timer_finished", "access": {"readResources": ["Time"]}}]%s}]}]}""";

    @Test
    void aConditionReadingWhatAnUnorderedSystemWritesMakesAPairNamedByTheCondition() {
        AmbiguityReport r = report(TIMER.formatted(""));
        assertThat(r.total()).isEqualTo(1);
        Ambiguity pair = r.pairs().get(0);
        assertThat(pair.first()).isEqualTo("tick");
        assertThat(pair.second()).isEqualTo("spawn_wave");
        assertThat(pair.conflicts()).containsExactly("resource Time");
        assertThat(pair.byCondition()).isTrue();
        assertThat(pair.cause().describe()).isEqualTo("run condition 'timer_finished' of spawn_wave");
        assertThat(pair.cause().set()).isNull();
        assertThat(r.format()).contains("run condition 'timer_finished' of spawn_wave reads what the other writes: resource Time");
    }

    @Test
    void anOrderedOrExemptPairIsNotReported() {
        assertThat(report(TIMER.formatted(", \"after\": [\"tick\"]")).total()).isZero();
        assertThat(report(TIMER.formatted(", \"before\": [\"tick\"]")).total()).isZero();
        assertThat(report(TIMER.formatted(", \"ambiguousWith\": [\"tick\"]")).total()).isZero();
        assertThat(report(TIMER.replace("{\"stages\"", "{\"ignoreAmbiguitiesOnResources\": [\"Time\"], \"stages\"")
                .formatted("")).total()).isZero();
    }

    @Test
    void conditionsNeverConflictWithConditionsNorWithTheirOwnSystem() {
        AmbiguityReport r = report("""
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "runIf": [{"name": "ca", "access": {"readResources": ["Time"]}}]},
                  {"name": "b", "runIf": [{"name": "cb", "access": {"readResources": ["Time"]}}]},
                  {"name": "c", "access": {"writeResources": ["Time"]},
                   "runIf": [{"name": "cc", "access": {"readResources": ["Time"]}}]}]}]}""");
        assertThat(r.pairs()).extracting(p -> p.first() + "|" + p.second() + "|" + p.cause().condition())
                .containsExactly("a|c|ca", "b|c|cb");
    }

    @Test
    void aSetsConditionAppliesToEveryMemberAndItsFixOrdersTheWholeSet() {
        AmbiguityReport r = report("""
                {"sets": [{"name": "Movement", "runIf": [{"name": "in_game", "access": {"readResources": ["State"]}}]}],
                 "stages": [{"name": "update", "systems": [
                  {"name": "pause_menu", "access": {"writeResources": ["State"]}},
                  {"name": "move", "sets": ["Movement"]},
                  {"name": "jump", "sets": ["Movement"], "after": ["pause_menu"]}]}]}""");
        assertThat(r.total()).isEqualTo(1);
        Ambiguity pair = r.pairs().get(0);
        assertThat(pair.second()).isEqualTo("move");
        assertThat(pair.cause().set()).isEqualTo("Movement");
        assertThat(pair.cause().describe()).isEqualTo("run condition 'in_game' of set Movement (on move)");
    }

    @Test
    void aPairWhoseSystemsConflictIsReportedOnTheirDataNotOnTheCondition() {
        AmbiguityReport r = report("""
                {"stages": [{"name": "update", "systems": [
                  {"name": "tick", "access": {"writeResources": ["Time"]}},
                  {"name": "clock", "access": {"readResources": ["Time"]},
                   "runIf": [{"name": "running", "access": {"readResources": ["Time"]}}]}]}]}""");
        assertThat(r.pairs()).singleElement().satisfies(p -> {
            assertThat(p.byCondition()).isFalse();
            assertThat(p.conflicts()).isEqualTo(List.of("resource Time"));
        });
    }

    @Test
    void aConditionWithFiltersConflictsOnlyWhereItsEntitiesCanMeet() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "move_enemies", "access": {"queries": [{"write": ["Position"], "filter": {"with": "Enemy"}}]}},
                  {"name": "follow", "runIf": [{"name": "player_moved",
                    "access": {"queries": [{"read": ["Position"], "filter": {"%s": "Enemy"}}]}}]}]}]}""";
        assertThat(report(json.formatted("without")).total()).isZero();
        assertThat(report(json.formatted("with")).total()).isEqualTo(1);
    }

    @Test
    void aConditionThatWritesIsRefusedNamingItAndWhereItIs() {
        Throwable e = catchThrowable(() -> ScheduleJson.read(new StringReader("""
                {"stages": [{"name": "update", "systems": [
                  {"name": "s", "runIf": [{"name": "resets", "access": {"writeResources": ["Time"]}}]}]}]}"""),
                "writes.json").compile());
        assertThat(e).hasMessageContaining("run condition 'resets' of system 's' declares a write")
                .hasMessageContaining("a run condition only reads").hasMessageContaining("writes.json");
        Throwable unknown = catchThrowable(() -> ScheduleJson.read(new StringReader("""
                {"stages": [{"name": "update", "systems": [
                  {"name": "s", "runIf": [{"name": "c", "acess": {}}]}]}]}"""), "typo.json"));
        assertThat(unknown).hasMessageContaining("typo.json").hasMessageContaining("\"access\"");
    }

    @Test
    void conditionsAndDeferredSurviveWritingTheScheduleAndReadingItBack() {
        String json = """
                {"sets": [{"name": "Movement", "runIf": [{"name": "in_game", "access": {"readResources": ["State"]}}]}],
                 "stages": [{"name": "update", "systems": [
                  {"name": "pause_menu", "deferred": true, "access": {"writeResources": ["State"]}},
                  {"name": "move", "sets": ["Movement"],
                   "runIf": [{"name": "has_input", "access": {"queries": [{"read": ["Input"]}]}}]}]}]}""";
        LoadedSchedule first = ScheduleJson.read(new StringReader(json), "a.json");
        String written = ScheduleJson.write(first);
        LoadedSchedule second = ScheduleJson.read(new StringReader(written), "b.json");
        assertThat(written).contains("\"runIf\"", "\"deferred\": true", "has_input", "in_game");
        assertThat(second.ambiguities().pairs()).isEqualTo(first.ambiguities().pairs());
        assertThat(second.schedule().stages().get(0).systems().get(0).deferred()).isTrue();
    }
}
