package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.ArchetypeFilter;
import dev.ecslab.ecs.query.ComponentAccess;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.DataResolver;
import dev.ecslab.ecs.schedule.OrderingPolicy;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import dev.ecslab.ecs.schedule.SetDescriptor;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.world.World;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleJsonTest {
    static Path resource(String name) {
        try {
            return Path.of(ScheduleJsonTest.class.getResource("/schedules/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static LoadedSchedule read(String json) {
        return ScheduleJson.read(new StringReader(json), "test.json");
    }

    /** The sample describes a platformer of another engine: three stages, filtered-disjoint pairs, real ambiguities. */
    @Test
    void sampleScheduleHasExactlyTheExpectedAmbiguities() {
        LoadedSchedule loaded = ScheduleJson.read(resource("platformer.json"));

        AmbiguityReport report = loaded.ambiguities();

        assertThat(report.pairs()).containsExactly(
                new Ambiguity("update", "collisions", "play_sounds", List.of("Transform", "resource CollisionEvents")),
                new Ambiguity("update", "camera_follow", "play_sounds", List.of("Transform")),
                new Ambiguity("post_update", "apply_commands", "frame_stats", List.of("World")));
        // Filtered-disjoint: both write Velocity, but With<Player> and Without<Player> never meet.
        assertThat(report.find("player_control", "enemy_ai")).isEmpty();
        // Filtered-disjoint: the camera writes Transform With<Camera>, the HUD reads it Without<Camera>.
        assertThat(report.find("camera_follow", "update_hud")).isEmpty();
        // Conflicts only on ignored data (DebugStats), or exempted by ambiguousWith / ambiguousWithAll.
        assertThat(report.find("tick_time", "count_frames")).isEmpty();
        assertThat(report.find("tick_time", "debug_clock")).isEmpty();
        assertThat(report.find("movement", "update_hud")).isEmpty();
        assertThat(report.find("collisions", "update_hud")).isEmpty();
    }

    @Test
    void sampleScheduleCompilesWithItsDescription() {
        LoadedSchedule loaded = ScheduleJson.read(resource("platformer.json"));
        Schedule s = loaded.schedule();

        CompiledSchedule compiled = loaded.compile();

        assertThat(compiled.stages()).extracting(st -> st.name()).containsExactly("pre_update", "update", "post_update");
        assertThat(compiled.systemCount()).isEqualTo(15);
        assertThat(s.ordering()).isEqualTo(OrderingPolicy.EXPLICIT);
        assertThat(s.ambiguity()).isEqualTo(AmbiguitySetting.WARN);
        assertThat(s.ignoredData()).containsExactly("DebugStats");
        assertThat(s.sets().get("physics").criterionName()).isEqualTo("fixed_timestep");
        assertThat(s.sets().get("input").criterionName()).isEqualTo("always");
        SystemDescriptor hud = s.stages().get(1).systems().get(5);
        assertThat(hud.name()).isEqualTo("update_hud");
        assertThat(hud.ambiguousWith()).containsExactly("physics");
        assertThat(hud.setup()).as("analysis only: no body").isNull();
        assertThat(s.stages().get(2).systems().get(0).kind()).isEqualTo(SystemKind.MAIN_THREAD);
        assertThat(s.stages().get(2).systems().get(1).kind()).isEqualTo(SystemKind.SYNC_POINT);
        NameRegistry names = (NameRegistry) loaded.data();
        assertThat(names.resourceNames()).startsWith("Input", "Time", "DebugStats");
        assertThat(names.componentNames()).startsWith("Velocity", "Player", "Transform");
    }

    @Test
    void queriesImplyTheirComponentsAndKeepTheirFilter() {
        LoadedSchedule loaded = read("""
                {"stages": [{"name": "s", "systems": [
                  {"name": "move", "access": {"queries": [
                    {"read": ["Velocity", "Position"], "write": ["Position"], "filter": {"without": "Frozen"}}]}}]}]}
                """);
        Access access = loaded.schedule().stages().get(0).systems().get(0).resolvedAccess();
        ComponentAccess q = access.components().get(0);
        BitSet velocity = bits(0);
        BitSet position = bits(1);
        assertThat(q.reads()).as("read and written means written").isEqualTo(velocity);
        assertThat(q.writes()).isEqualTo(position);
        assertThat(q.filter()).isEqualTo(new ArchetypeFilter.And(List.of(new ArchetypeFilter.Has(1),
                new ArchetypeFilter.Has(0), new ArchetypeFilter.Not(new ArchetypeFilter.Has(2)))));
    }

    @Test
    void declaredNamesComeFirstAndResourcesHaveTheirOwnIds() {
        LoadedSchedule loaded = read("""
                {"components": ["B", "A"], "resources": ["A"],
                 "stages": [{"name": "s", "systems": [
                   {"name": "x", "access": {"queries": [{"write": ["A", "C"]}], "readResources": ["A", "R"]}}]}]}
                """);
        NameRegistry names = (NameRegistry) loaded.data();
        assertThat(names.componentNames()).containsExactly("B", "A", "C");
        assertThat(names.resourceNames()).containsExactly("A", "R");
        assertThat(names.componentIds("A")).isEqualTo(bits(1));
        assertThat(names.resourceIds("A")).isEqualTo(bits(0));
        assertThatThrownBy(() -> names.resolve(AccessSpec.none()))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("id-based Access");
    }

    @Test
    void writeThenReadGivesTheSameAmbiguityReport() {
        LoadedSchedule original = ScheduleJson.read(resource("platformer.json"));

        String json = ScheduleJson.write(original);
        LoadedSchedule again = read(json);

        assertThat(again.ambiguities()).isEqualTo(original.ambiguities());
        assertThat(again.ambiguities().format()).isEqualTo(original.ambiguities().format());
        assertThat(((NameRegistry) again.data()).componentNames())
                .isEqualTo(((NameRegistry) original.data()).componentNames());
        assertThat(ScheduleJson.write(again)).as("writing is a fixed point").isEqualTo(json);
        assertThat(again.compile().systemCount()).isEqualTo(original.compile().systemCount());
        assertThat(again.schedule().sets().get("physics").criterionName()).isEqualTo("fixed_timestep");
    }

    @Test
    void writtenFormKeepsEveryPartOfTheDescription() {
        String json = ScheduleJson.write(read("""
                {"ordering": "INSERTION_ORDER", "ambiguity": "ERROR", "maxStageIterations": 7,
                 "resources": ["Unused"], "ignoreAmbiguitiesOn": ["Unused"],
                 "sets": [{"name": "g", "criterion": "every_other_frame"}],
                 "stages": [{"name": "s", "systems": [
                   {"name": "x", "kind": "MAIN_THREAD", "labels": ["l"], "sets": ["g"], "before": ["y"],
                    "ambiguousWith": ["z"], "ambiguousWithAll": true,
                    "access": {"queries": [{"read": ["A"], "filter": {"or": [{"xor": [{"with": "B"}, {"not": {"without": "C"}}]}, {"and": []}]}}],
                               "readsAllResources": true, "readsAllComponents": true}},
                   {"name": "y", "after": ["x"], "access": {"world": true}},
                   {"name": "z", "kind": "EXCLUSIVE", "access": {"world": true}}]}]}
                """));

        LoadedSchedule again = read(json);
        Schedule s = again.schedule();
        assertThat(s.ordering()).isEqualTo(OrderingPolicy.INSERTION_ORDER);
        assertThat(s.ambiguity()).isEqualTo(AmbiguitySetting.ERROR);
        assertThat(s.maxStageIterations()).isEqualTo(7);
        assertThat(s.ignoredData()).containsExactly("Unused");
        assertThat(s.sets().values()).extracting(SetDescriptor::criterionName).containsExactly("every_other_frame");
        SystemDescriptor x = s.stages().get(0).systems().get(0);
        assertThat(x.kind()).isEqualTo(SystemKind.MAIN_THREAD);
        assertThat(x.labels()).containsExactly("l");
        assertThat(x.sets()).containsExactly("g");
        assertThat(x.before()).containsExactly("y");
        assertThat(x.ambiguousWith()).containsExactly("z");
        assertThat(x.ambiguousWithAll()).isTrue();
        assertThat(x.resolvedAccess().readsAllComponents()).isTrue();
        assertThat(x.resolvedAccess().readsAllResources()).isTrue();
        assertThat(x.resolvedAccess().components().get(0).filter()).isEqualTo(new ArchetypeFilter.And(List.of(
                new ArchetypeFilter.Has(0),
                new ArchetypeFilter.Or(List.of(
                        new ArchetypeFilter.Xor(new ArchetypeFilter.Has(1),
                                new ArchetypeFilter.Not(new ArchetypeFilter.Not(new ArchetypeFilter.Has(2)))),
                        new ArchetypeFilter.And(List.of()))))));
        assertThat(s.stages().get(0).systems().get(1).resolvedAccess().isWorld()).isTrue();
        assertThat(s.stages().get(0).systems().get(2).kind()).isEqualTo(SystemKind.EXCLUSIVE);
        assertThat(ScheduleJson.write(again)).isEqualTo(json);
    }

    /** A schedule written with Java classes against a world and its JSON form report the same ambiguities. */
    @Test
    void typedScheduleFromAWorldRoundTripsThroughJson() {
        record Position(float x) {
        }
        record Velocity(float dx) {
        }
        record Frozen() {
        }
        record Time(double t) {
        }
        Schedule schedule = Schedule.builder()
                .set("physics", "fixed", ctx -> dev.ecslab.ecs.schedule.ShouldRun.NO)
                .ignoreAmbiguitiesOn(Frozen.class)
                .stage("update",
                        SystemDescriptor.builder("move").inSet("physics").access(AccessSpec.builder()
                                .query(QuerySpec.reads(Velocity.class).andWrites(Position.class)
                                        .filter(Filter.without(Frozen.class)))
                                .readsResource(Time.class).build()).build(),
                        SystemDescriptor.builder("thaw").access(AccessSpec.of(QuerySpec.writes(Position.class)
                                .filter(Filter.with(Frozen.class)))).build(),
                        SystemDescriptor.builder("teleport").access(AccessSpec.of(QuerySpec.writes(Position.class)))
                                .build(),
                        SystemDescriptor.builder("clock").access(AccessSpec.builder().writesResource(Time.class).build())
                                .build(),
                        SystemDescriptor.exclusive("save", SystemBody.EMPTY))
                .build();
        World world = new World();
        AmbiguityReport expected = schedule.compile(world).ambiguities();

        String json = ScheduleJson.write(schedule, DataResolver.of(world));
        LoadedSchedule loaded = read(json);

        assertThat(loaded.ambiguities()).isEqualTo(expected);
        assertThat(expected.find("move", "thaw")).as("filtered-disjoint").isEmpty();
        assertThat(expected.find("move", "teleport")).isPresent();
        assertThat(expected.find("move", "clock")).isPresent();
        assertThat(loaded.schedule().sets().get("physics").criterionName()).isEqualTo("fixed");
        assertThat(json).doesNotContain("\"world\"");
    }

    @Test
    void ambiguitiesDoesNotThrowUnderErrorButCompileDoes() {
        LoadedSchedule loaded = read("""
                {"ambiguity": "ERROR", "stages": [{"name": "s", "systems": [
                  {"name": "a", "access": {"writeResources": ["R"]}},
                  {"name": "b", "access": {"readResources": ["R"]}}]}]}
                """);

        assertThat(loaded.ambiguities().pairs())
                .containsExactly(new Ambiguity("s", "a", "b", List.of("resource R")));
        assertThatThrownBy(loaded::compile).isInstanceOfSatisfying(ScheduleBuildException.class,
                e -> assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.AMBIGUITY));
    }

    @Test
    void aCycleInTheFileIsAScheduleBuildErrorNamingItsMembers() {
        LoadedSchedule loaded = ScheduleJson.read(resource("cycle.json"));

        assertThatThrownBy(loaded::compile).isInstanceOfSatisfying(ScheduleBuildException.class, e -> {
            assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.CYCLE);
            assertThat(e.getMessage()).contains("stage 'update'", "gather", "decide", "act")
                    .doesNotContain("bystander", "load_assets");
        });
        assertThatThrownBy(loaded::ambiguities).isInstanceOf(ScheduleBuildException.class);
    }

    @Test
    void unknownConstraintTargetIsAScheduleBuildError() {
        LoadedSchedule loaded = read("""
                {"stages": [{"name": "s", "systems": [{"name": "a", "after": ["nobody"]}]}]}
                """);
        assertThatThrownBy(loaded::compile).isInstanceOfSatisfying(ScheduleBuildException.class,
                e -> assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.UNKNOWN_TARGET));
    }

    @Test
    void aLeadingByteOrderMarkIsSkipped() {
        LoadedSchedule loaded = read("\uFEFF{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"a\"}]}]}");
        assertThat(loaded.schedule().stages().get(0).systems()).extracting(SystemDescriptor::name).containsExactly("a");
    }

    @Test
    void nameRegistryCanDescribeHandBuiltSchedules() {
        NameRegistry names = new NameRegistry();
        int pos = names.component("Position");
        Access writesPosition = Access.builder()
                .add(new ComponentAccess(new BitSet(), bits(pos), new ArchetypeFilter.Has(pos))).build();
        Schedule schedule = Schedule.builder().stage("s",
                SystemDescriptor.builder("a").access(writesPosition).build(),
                SystemDescriptor.builder("b").access(writesPosition).build()).build();
        LoadedSchedule loaded = new LoadedSchedule(schedule, names);

        LoadedSchedule again = read(ScheduleJson.write(loaded));

        assertThat(again.ambiguities()).isEqualTo(loaded.ambiguities());
        assertThat(again.ambiguities().pairs()).containsExactly(new Ambiguity("s", "a", "b", List.of("Position")));
    }

    static BitSet bits(int... ids) {
        BitSet b = new BitSet();
        for (int id : ids) {
            b.set(id);
        }
        return b;
    }
}
