package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.world.World;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The scenarios of Bevy's {@code bevy_ecs::schedule::tests::system_ambiguity} module (v0.19 / HEAD,
 * {@code crates/bevy_ecs/src/schedule/mod.rs}) rebuilt in ecslab terms, each asserting Bevy's expected
 * number of ambiguous pairs ({@code schedule.graph().conflicting_systems().len()} there,
 * {@code compiled.ambiguities().size()} here).
 *
 * <p>Mapping of Bevy's shared fixtures:
 * <ul>
 *   <li>resource {@code R} → resource {@link R} ({@code readsResource}/{@code writesResource});</li>
 *   <li>components {@code A}, {@code B} → {@link A}, {@link B} read or written by a {@link QuerySpec};</li>
 *   <li>{@code NonSend<R>}/{@code NonSendMut<R>} → a {@link SystemKind#MAIN_THREAD} system reading/writing
 *       resource {@code R} (Bevy gives the resource and the non-send form of a type one ComponentId);</li>
 *   <li>{@code MessageReader<E>}/{@code MessageWriter<E>} → a read/write of resource {@link Messages};</li>
 *   <li>{@code EntityRef} query → {@code AccessSpec.builder().readsAllComponents()};</li>
 *   <li>{@code &World} → {@link AccessSpec#readWorld()} (a normal system); {@code &mut World} → an
 *       exclusive system with no declared access;</li>
 *   <li>{@code ambiguous_with(set)} → {@code ambiguousWith("set")} with the members {@code inSet("set")};
 *       {@code ambiguous_with_all} → {@code ambiguousWithAll()}; {@code allow_ambiguous_resource/component}
 *       → {@link Schedule.Builder#ignoreAmbiguitiesOn(Object)}.</li>
 * </ul>
 * A Bevy function added twice becomes two systems with distinct names (ecslab names are unique).
 * Every schedule is compiled against a fresh {@code new World()}: access is static, so Bevy's world
 * setup (inserting R, spawning entities) is not needed to reproduce the counts.
 */
class BevyAmbiguityCasesTest {
    /** Bevy's resource {@code R} (also the type behind {@code NonSend<R>}). */
    record R() {
    }

    /** Bevy's component {@code A}. */
    record A() {
    }

    /** Bevy's component {@code B}. */
    record B() {
    }

    /** Bevy's {@code Messages<E>} resource, read by message readers and written by message writers. */
    record Messages() {
    }

    private static final String R_NAME = "resource BevyAmbiguityCasesTest.R";

    // ------------------------------------------------------------ Bevy's shared system functions

    private static SystemDescriptor.Builder system(String name, AccessSpec access) {
        return SystemDescriptor.builder(name).access(access);
    }

    /** {@code empty_system}: no parameters. */
    private static SystemDescriptor.Builder emptySystem(String name) {
        return system(name, AccessSpec.none());
    }

    /** {@code res_system}: {@code Res<R>}. */
    private static SystemDescriptor.Builder resSystem(String name) {
        return system(name, AccessSpec.builder().readsResource(R.class).build());
    }

    /** {@code resmut_system}: {@code ResMut<R>}. */
    private static SystemDescriptor.Builder resmutSystem(String name) {
        return system(name, AccessSpec.builder().writesResource(R.class).build());
    }

    /** {@code nonsend_system}: {@code NonSend<R>}. */
    private static SystemDescriptor.Builder nonsendSystem(String name) {
        return resSystem(name).mainThread();
    }

    /** {@code nonsendmut_system}: {@code NonSendMut<R>}. */
    private static SystemDescriptor.Builder nonsendmutSystem(String name) {
        return resmutSystem(name).mainThread();
    }

    /** {@code read_component_system}: {@code Query<&A>}. */
    private static SystemDescriptor.Builder readComponentSystem(String name) {
        return system(name, AccessSpec.of(QuerySpec.reads(A.class)));
    }

    /** {@code write_component_system}: {@code Query<&mut A>}. */
    private static SystemDescriptor.Builder writeComponentSystem(String name) {
        return system(name, AccessSpec.of(QuerySpec.writes(A.class)));
    }

    /** {@code with_filtered_component_system}: {@code Query<&mut A, With<B>>}. */
    private static SystemDescriptor.Builder withFilteredComponentSystem(String name) {
        return system(name, AccessSpec.of(QuerySpec.writes(A.class).filter(Filter.with(B.class))));
    }

    /** {@code without_filtered_component_system}: {@code Query<&mut A, Without<B>>}. */
    private static SystemDescriptor.Builder withoutFilteredComponentSystem(String name) {
        return system(name, AccessSpec.of(QuerySpec.writes(A.class).filter(Filter.without(B.class))));
    }

    /** {@code entity_ref_system}: {@code Query<EntityRef>}, reads every component. */
    private static SystemDescriptor.Builder entityRefSystem(String name) {
        return system(name, AccessSpec.builder().readsAllComponents().build());
    }

    /** {@code message_reader_system}: {@code MessageReader<E>}, a read of {@code Messages<E>}. */
    private static SystemDescriptor.Builder messageReaderSystem(String name) {
        return system(name, AccessSpec.builder().readsResource(Messages.class).build());
    }

    /** {@code message_writer_system}: {@code MessageWriter<E>}, a write of {@code Messages<E>}. */
    private static SystemDescriptor.Builder messageWriterSystem(String name) {
        return system(name, AccessSpec.builder().writesResource(Messages.class).build());
    }

    /** {@code message_resource_system}: {@code ResMut<Messages<E>>}. */
    private static SystemDescriptor.Builder messageResourceSystem(String name) {
        return system(name, AccessSpec.builder().writesResource(Messages.class).build());
    }

    /** {@code read_world_system}: {@code &World}, reads everything, not exclusive. */
    private static SystemDescriptor.Builder readWorldSystem(String name) {
        return system(name, AccessSpec.readWorld());
    }

    /** {@code write_world_system}: {@code &mut World}, an exclusive system. */
    private static SystemDescriptor.Builder writeWorldSystem(String name) {
        return SystemDescriptor.builder(name).exclusive();
    }

    private static CompiledSchedule compile(SystemDescriptor.Builder... systems) {
        return compile(UnaryOperator.identity(), systems);
    }

    private static CompiledSchedule compile(UnaryOperator<Schedule.Builder> settings,
            SystemDescriptor.Builder... systems) {
        SystemDescriptor[] built = Arrays.stream(systems).map(SystemDescriptor.Builder::build)
                .toArray(SystemDescriptor[]::new);
        Schedule.Builder b = Schedule.builder().ambiguity(AmbiguitySetting.IGNORE).stage("Update", built);
        return settings.apply(b).build().compile(new World());
    }

    // ------------------------------------------------------------ the scenarios

    /** Bevy {@code system_ambiguity::one_of_everything}: three writers of different data: 0 pairs. */
    @Test
    void oneOfEverything() {
        CompiledSchedule compiled = compile(
                resmutSystem("resmut_system"),
                writeComponentSystem("write_component_system"),
                messageWriterSystem("message_writer_system"));

        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Bevy {@code system_ambiguity::read_only}: 14 read-only systems (each function added twice),
     * including {@code &World} and {@code EntityRef}: reads never conflict, 0 pairs.
     */
    @Test
    void readOnly() {
        CompiledSchedule compiled = compile(
                emptySystem("empty_system"), emptySystem("empty_system_2"),
                resSystem("res_system"), resSystem("res_system_2"),
                nonsendSystem("nonsend_system"), nonsendSystem("nonsend_system_2"),
                readComponentSystem("read_component_system"), readComponentSystem("read_component_system_2"),
                entityRefSystem("entity_ref_system"), entityRefSystem("entity_ref_system_2"),
                messageReaderSystem("message_reader_system"), messageReaderSystem("message_reader_system_2"),
                readWorldSystem("read_world_system"), readWorldSystem("read_world_system_2"));

        assertThat(compiled.systemCount()).isEqualTo(14);
        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Bevy {@code system_ambiguity::read_world}: {@code &World} conflicts with each of three writers
     * (R, A, {@code Messages<E>}); the writers do not conflict with each other: 3 pairs.
     */
    @Test
    void readWorld() {
        CompiledSchedule compiled = compile(
                resmutSystem("resmut_system"),
                writeComponentSystem("write_component_system"),
                messageWriterSystem("message_writer_system"),
                readWorldSystem("read_world_system"));

        AmbiguityReport report = compiled.ambiguities();
        assertThat(report.size()).isEqualTo(3);
        assertThat(report.pairs()).allSatisfy(p -> assertThat(p.second()).isEqualTo("read_world_system"));
        assertThat(report.find("resmut_system", "read_world_system")).get()
                .extracting(Ambiguity::conflicts).isEqualTo(List.of(R_NAME));
        assertThat(report.find("write_component_system", "read_world_system")).get()
                .extracting(Ambiguity::conflicts).isEqualTo(List.of("BevyAmbiguityCasesTest.A"));
        assertThat(report.find("message_writer_system", "read_world_system")).get()
                .extracting(Ambiguity::conflicts).isEqualTo(List.of("resource BevyAmbiguityCasesTest.Messages"));
    }

    /** Bevy {@code system_ambiguity::resources}: {@code ResMut<R>} and {@code Res<R>}: 1 pair. */
    @Test
    void resources() {
        CompiledSchedule compiled = compile(resmutSystem("resmut_system"), resSystem("res_system"));

        assertThat(compiled.ambiguities().size()).isEqualTo(1);
        assertThat(compiled.ambiguities().pairs().get(0))
                .isEqualTo(new Ambiguity("Update", "resmut_system", "res_system", List.of(R_NAME)));
    }

    /**
     * Bevy {@code system_ambiguity::nonsend}: {@code NonSendMut<R>} and {@code NonSend<R>}, both
     * main-thread systems on the same data: 1 pair (running on one thread does not order them).
     */
    @Test
    void nonsend() {
        CompiledSchedule compiled = compile(nonsendmutSystem("nonsendmut_system"), nonsendSystem("nonsend_system"));

        assertThat(compiled.ambiguities().size()).isEqualTo(1);
        assertThat(compiled.ambiguities().find("nonsendmut_system", "nonsend_system")).isPresent();
    }

    /** Bevy {@code system_ambiguity::components}: {@code Query<&A>} and {@code Query<&mut A>}: 1 pair. */
    @Test
    void components() {
        CompiledSchedule compiled = compile(
                readComponentSystem("read_component_system"), writeComponentSystem("write_component_system"));

        assertThat(compiled.ambiguities().size()).isEqualTo(1);
        assertThat(compiled.ambiguities().pairs().get(0).conflicts()).containsExactly("BevyAmbiguityCasesTest.A");
    }

    /**
     * Bevy {@code system_ambiguity::filtered_components}: two writers of A, one filtered
     * {@code With<B>} and the other {@code Without<B>}, touch disjoint archetypes: 0 pairs.
     */
    @Test
    void filteredComponents() {
        CompiledSchedule compiled = compile(
                withFilteredComponentSystem("with_filtered_component_system"),
                withoutFilteredComponentSystem("without_filtered_component_system"));

        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Bevy {@code system_ambiguity::events}: a reader, a writer and a direct {@code ResMut} of
     * {@code Messages<E>}: every pair conflicts (reader×writer, reader×resource, writer×resource): 3 pairs.
     */
    @Test
    void events() {
        CompiledSchedule compiled = compile(
                messageReaderSystem("message_reader_system"),
                messageWriterSystem("message_writer_system"),
                messageResourceSystem("message_resource_system"));

        assertThat(compiled.ambiguities().size()).isEqualTo(3);
        assertThat(compiled.ambiguities().pairs()).allSatisfy(p ->
                assertThat(p.conflicts()).containsExactly("resource BevyAmbiguityCasesTest.Messages"));
    }

    /**
     * Bevy {@code system_ambiguity::write_component_and_entity_ref}: {@code Query<&mut A>} and
     * {@code Query<EntityRef>} (reads every component): 1 pair.
     */
    @Test
    void writeComponentAndEntityRef() {
        CompiledSchedule compiled = compile(
                writeComponentSystem("write_component_system"), entityRefSystem("entity_ref_system"));

        assertThat(compiled.ambiguities().size()).isEqualTo(1);
        assertThat(compiled.ambiguities().pairs().get(0).conflicts()).containsExactly("BevyAmbiguityCasesTest.A");
    }

    /**
     * Bevy {@code system_ambiguity::exclusive}: two {@code &mut World} systems and a {@code Res<R>}
     * reader; "all 3 of these conflict with each other": 3 pairs, each on the whole world.
     */
    @Test
    void exclusive() {
        CompiledSchedule compiled = compile(
                writeWorldSystem("write_world_system"),
                writeWorldSystem("write_world_system_2"),
                resSystem("res_system"));

        assertThat(compiled.ambiguities().size()).isEqualTo(3);
        assertThat(compiled.ambiguities().pairs()).allSatisfy(p -> assertThat(p.conflicts()).containsExactly("World"));
    }

    /**
     * Bevy {@code system_ambiguity::before_and_after}: reader before writer, resource system after
     * writer; the chain reader → writer → resource orders every pair (reader–resource transitively): 0 pairs.
     */
    @Test
    void beforeAndAfter() {
        CompiledSchedule compiled = compile(
                messageReaderSystem("message_reader_system").before("message_writer_system"),
                messageWriterSystem("message_writer_system"),
                messageResourceSystem("message_resource_system").after("message_writer_system"));

        assertThat(compiled.ambiguities().size()).isZero();
        CompiledStage stage = compiled.stage("Update");
        assertThat(stage.ordered(0, 2)).as("reader and resource are ordered transitively").isTrue();
    }

    /**
     * Bevy {@code system_ambiguity::ignore_all_ambiguities}: {@code resmut_system.ambiguous_with_all()}
     * with a {@code Res<R>} and a {@code NonSend<R>} reader; the readers do not conflict with each
     * other: 0 pairs.
     */
    @Test
    void ignoreAllAmbiguities() {
        CompiledSchedule compiled = compile(
                resmutSystem("resmut_system").ambiguousWithAll(),
                resSystem("res_system"),
                nonsendSystem("nonsend_system"));

        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Control for {@link #ignoreAllAmbiguities()} and {@link #ambiguousWithLabel()} (not a Bevy test):
     * without the exemption, {@code ResMut<R>} conflicts with both {@code Res<R>} and {@code NonSend<R>}
     * (Bevy's resource and non-send forms of R share one id), so the exemptions really remove 2 pairs.
     */
    @Test
    void withoutExemptionResmutConflictsWithBothReaders() {
        CompiledSchedule compiled = compile(
                resmutSystem("resmut_system"),
                resSystem("res_system"),
                nonsendSystem("nonsend_system"));

        assertThat(compiled.ambiguities().size()).isEqualTo(2);
        assertThat(compiled.ambiguities().find("resmut_system", "res_system")).isPresent();
        assertThat(compiled.ambiguities().find("resmut_system", "nonsend_system")).isPresent();
    }

    /**
     * Bevy {@code system_ambiguity::ambiguous_with_label}: {@code resmut_system.ambiguous_with(IgnoreMe)}
     * with {@code res_system} and {@code nonsend_system} in set {@code IgnoreMe}; the rule expands to
     * every member of the set: 0 pairs.
     */
    @Test
    void ambiguousWithLabel() {
        CompiledSchedule compiled = compile(
                resmutSystem("resmut_system").ambiguousWith("IgnoreMe"),
                resSystem("res_system").inSet("IgnoreMe"),
                nonsendSystem("nonsend_system").inSet("IgnoreMe"));

        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Bevy {@code system_ambiguity::ambiguous_with_system}:
     * {@code write_component_system.ambiguous_with(read_component_system)}: 0 pairs.
     */
    @Test
    void ambiguousWithSystem() {
        CompiledSchedule compiled = compile(
                writeComponentSystem("write_component_system").ambiguousWith("read_component_system"),
                readComponentSystem("read_component_system"));

        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Bevy {@code system_ambiguity::correct_ambiguities}: five writers of R; c is
     * {@code ambiguous_with_all}, d is {@code ambiguous_with(b)}, e runs {@code after(a)}. Of the 10
     * pairs, a–e is ordered, the 4 with c and b–d are exempt, leaving exactly 4: (a, b), (a, d), (b, e),
     * (d, e), each conflicting on R. Bevy checks containment because its order is unstable; ecslab's
     * report order is defined (by insertion index), so the exact list is asserted, matching Bevy
     * v0.9's exact list.
     */
    @Test
    void correctAmbiguities() {
        CompiledSchedule compiled = compile(
                resmutSystem("system_a"),
                resmutSystem("system_b"),
                resmutSystem("system_c").ambiguousWithAll(),
                resmutSystem("system_d").ambiguousWith("system_b"),
                resmutSystem("system_e").after("system_a"));

        assertThat(compiled.ambiguities().pairs()).containsExactly(
                new Ambiguity("Update", "system_a", "system_b", List.of(R_NAME)),
                new Ambiguity("Update", "system_a", "system_d", List.of(R_NAME)),
                new Ambiguity("Update", "system_b", "system_e", List.of(R_NAME)),
                new Ambiguity("Update", "system_d", "system_e", List.of(R_NAME)));
    }

    /**
     * Bevy {@code system_ambiguity::ignore_component_resource_ambiguities}, step 1:
     * {@code allow_ambiguous_resource::<R>()}, then {@code ResMut<R>} and {@code Res<R>}: 0 pairs.
     * Bevy's {@code allow_ambiguous_resource} registers R if needed; here R is first named by the
     * ignore rule and only registered when the systems' accesses are resolved.
     *
     * <p>Fails on ecslab as of this writing: {@code ScheduleCompiler.compile} resolves the ignored data
     * ({@code DataResolver.componentIds/resourceIds}, which only find already-registered types) before it
     * resolves the systems' accesses, which is what registers the types in a fresh world; so the ignore
     * resolves to no id and the pairs are reported. This is a bug, not a semantic difference.
     */
    @Test
    void ignoreComponentResourceAmbiguitiesResourceOnly() {
        CompiledSchedule compiled = compile(b -> b.ignoreAmbiguitiesOn(R.class),
                resmutSystem("resmut_system"),
                resSystem("res_system"));

        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Bevy {@code system_ambiguity::ignore_component_resource_ambiguities}, step 2: R and A both
     * allowed, then {@code ResMut<R>}, {@code Res<R>}, {@code Query<&mut A>}, {@code Query<&A>} in one
     * schedule: resmut–res ignored (R), write–read ignored (A), cross pairs do not conflict: 0 pairs.
     *
     * <p>Fails on ecslab as of this writing: {@code ScheduleCompiler.compile} resolves the ignored data
     * ({@code DataResolver.componentIds/resourceIds}, which only find already-registered types) before it
     * resolves the systems' accesses, which is what registers the types in a fresh world; so the ignore
     * resolves to no id and the pairs are reported. This is a bug, not a semantic difference.
     */
    @Test
    void ignoreComponentResourceAmbiguities() {
        CompiledSchedule compiled = compile(b -> b.ignoreAmbiguitiesOn(R.class).ignoreAmbiguitiesOn(A.class),
                resmutSystem("resmut_system"),
                resSystem("res_system"),
                writeComponentSystem("write_component_system"),
                readComponentSystem("read_component_system"));

        assertThat(compiled.ambiguities().size()).isZero();
    }

    /**
     * Same as {@link #ignoreComponentResourceAmbiguities()}, but with Bevy's world setup done first
     * (R inserted, an entity with A spawned), so R and A are registered before the schedule is compiled.
     */
    @Test
    void ignoreComponentResourceAmbiguitiesWithRegisteredData() {
        World world = new World();
        world.insertResource(new R());
        world.spawn(new A());
        Schedule schedule = Schedule.builder().ambiguity(AmbiguitySetting.IGNORE)
                .ignoreAmbiguitiesOn(R.class).ignoreAmbiguitiesOn(A.class)
                .stage("Update",
                        resmutSystem("resmut_system").build(),
                        resSystem("res_system").build(),
                        writeComponentSystem("write_component_system").build(),
                        readComponentSystem("read_component_system").build())
                .build();

        assertThat(schedule.compile(world).ambiguities().size()).isZero();
    }
}
