package dev.ecslab.ecs.executor;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The executor contract over random schedules (random accesses over three table components, a
 * sparse one and two resources, filters, constraints, sets with looping run criteria, main-thread,
 * exclusive and sync-point systems, commands), for every built-in executor, unseeded and under two
 * seeds: ordering, no overlap of conflicting systems, exclusives alone, main-thread systems on the
 * caller, exact run counts, commands in topological order, and, for schedules without unordered
 * conflicting pairs, identical observations and end states across executors and seeds.
 *
 * <p>jqwik prints the seed and the shrunk schedule of a failure; {@link ExecutorMutantsAreCaughtTest}
 * proves the property can fail.
 */
class ExecutorProperties {

    @Property(tries = 150)
    void everyExecutorHonoursTheContract(@ForAll("schedules") ScheduleSpec spec, @ForAll long seed) {
        ExecutorContract.verify(spec, seed, ExecutorContract.builtIns());
        ScheduleRunCheck.Expectation expected = ScheduleRunCheck.expect(spec);
        Statistics.label("run criteria").collect(expected.loopAt() != null ? "loop error expected"
                : spec.sets().isEmpty() ? "no sets" : "sets");
        Statistics.label("kinds").collect(spec.stages().stream().flatMap(s -> s.stream())
                .anyMatch(x -> x.kind() >= 2) ? "with exclusive or sync point" : "normal and main-thread only");
        Statistics.label("determinism checked").collect(!ScheduleRunCheck.hasRaces(
                ScheduleRunCheck.schedule(spec, new java.util.HashMap<>()).compile(ScheduleRunCheck.world())));
        // Minimum shares, well below those measured over 150 tries (sets 32-47 %, loop errors 5-7 %, exclusive or
        // sync point 34-37 %, determinism checked 61-63 %, races 37-39 %): a generator change that starves one of
        // these kinds of schedule fails the property instead of leaving it untested.
        Statistics.label("run criteria").coverage(c -> {
            c.check("sets").percentage(p -> p >= 15);
            // At least one: loop errors are a few per cent of schedules, and a share over 1 % of 150 tries failed
            // on a fair seed (2879950997694887843 drew one); none at all in 150 has a chance near 1 in 10 000.
            c.check("loop error expected").count(n -> n >= 1);
        });
        Statistics.label("kinds").coverage(c -> c.check("with exclusive or sync point").percentage(p -> p >= 15));
        Statistics.label("determinism checked").coverage(c -> {
            c.check(true).percentage(p -> p >= 30);
            c.check(false).percentage(p -> p >= 15);
        });
    }

    @Provide
    Arbitrary<ScheduleSpec> schedules() {
        return ScheduleSpecs.schedules();
    }
}
