package dev.ecslab.concurrency.races;

import dev.ecslab.ecs.races.CatalogueRecord;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ScheduleTwins;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 12: Bevy #14575 ("Alias violations for EntityMut/EntityRef", fixed by PR
 * #14579). Bevy listed the conflicts of two accesses from their individual component ids, so an access
 * to every component ({@code EntityRef}, {@code EntityMut}) had none to list, and the check that acts on
 * a non-empty list let the conflict through. ecslab names an ambiguous pair's conflicts the same way,
 * and drops a pair whose list is empty; its twin ({@code ScheduleTwins}, the real compiler listing from
 * ids only) leaves out the pair of Bevy's own test {@code write_component_and_entity_ref}: a writer of
 * {@code A} and an unordered reader of every component. The real compiler reports the pair, naming A.
 * The executors are not affected (they decide conflicts with {@code conflictsWith}, which the twin
 * keeps); what goes missing is the report that would tell the user the two may run in either order.
 */
class AllReadersConflictTest {
    /** Bevy's component {@code A}. */
    record A() {
    }

    /** Bevy's {@code write_component_system} and {@code entity_ref_system}, unordered in one stage. */
    static Schedule schedule() {
        return Schedule.builder().stage("update",
                SystemDescriptor.of("write_component_system", AccessSpec.of(QuerySpec.writes(A.class)), ctx -> { }),
                SystemDescriptor.of("entity_ref_system", AccessSpec.builder().readsAllComponents().build(), ctx -> { }))
                .build();
    }

    static List<Ambiguity> reported(boolean twin) {
        World world = new World();
        CompiledSchedule compiled = twin ? ScheduleTwins.compileNamingConflictsFromIdsOnly(schedule(), world)
                : schedule().compile(world);
        return compiled.ambiguities().pairs();
    }

    @Test
    void theTwinListingConflictsFromIdsOnlyMissesTheReaderOfEveryComponent() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> reported(true).isEmpty());
        List<Ambiguity> real = reported(false);
        boolean realReports = real.size() == 1 && real.get(0).conflicts().equals(List.of("AllReadersConflictTest.A"));
        CatalogueRecord.write(12, CatalogueRecord.Tool.DIRECTED, "ScheduleCompiler listing conflicts from ids only (ScheduleTwins"
                + ".compileNamingConflictsFromIdsOnly)", times, realReports);
        assertThat(reported(true)).as("the twin drops the pair").isEmpty();
        assertThat(real).as("the real compiler reports the pair, naming A").singleElement()
                .satisfies(p -> assertThat(p.conflicts()).containsExactly("AllReadersConflictTest.A"));
        assertThat(times).doesNotContain(-1L);
    }
}
