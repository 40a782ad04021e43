package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.executor.ScheduleSpec.SysSpec;
import dev.ecslab.ecs.schedule.ShouldRun;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** jqwik generators for {@link ScheduleSpec}. */
public final class ScheduleSpecs {
    private ScheduleSpecs() {
    }

    public static Arbitrary<ScheduleSpec> schedules() {
        Arbitrary<List<List<List<ShouldRun>>>> sets = setPatterns().list().ofMaxSize(2);
        Arbitrary<List<List<SysSpec>>> stages = stage().list().ofMinSize(1).ofMaxSize(3);
        return Combinators.combine(stages, sets, Arbitraries.of(false, false, true), Arbitraries.integers().between(1, 3))
                .as((st, se, io, fr) -> new ScheduleSpec(fixSets(st, se.size()), se, io, fr));
    }

    /** Keeps set references in range (shrinking may drop sets). */
    private static List<List<SysSpec>> fixSets(List<List<SysSpec>> stages, int setCount) {
        List<List<SysSpec>> out = new ArrayList<>();
        for (List<SysSpec> stage : stages) {
            List<SysSpec> s = new ArrayList<>();
            for (SysSpec x : stage) {
                int set = setCount == 0 ? -1 : (x.set() < 0 ? -1 : x.set() % setCount);
                s.add(new SysSpec(x.kind(), x.reads(), x.writes(), x.with(), x.without(), x.resReads(), x.resWrites(),
                        set, x.before(), x.commands()));
            }
            out.add(s);
        }
        return out;
    }

    private static Arbitrary<List<SysSpec>> stage() {
        return system().list().ofMinSize(1).ofMaxSize(8).map(ScheduleSpecs::keepForwardEdges);
    }

    /** {@code before} targets are kept only when they point at a later system of the stage (no cycles). */
    private static List<SysSpec> keepForwardEdges(List<SysSpec> systems) {
        List<SysSpec> out = new ArrayList<>();
        for (int i = 0; i < systems.size(); i++) {
            SysSpec x = systems.get(i);
            List<Integer> before = new ArrayList<>();
            for (int t : x.before()) {
                int target = i + 1 + t;
                if (target < systems.size() && !before.contains(target)) {
                    before.add(target);
                }
            }
            out.add(new SysSpec(x.kind(), x.reads(), x.writes(), x.with(), x.without(), x.resReads(), x.resWrites(),
                    x.set(), before, x.commands()));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Arbitrary<SysSpec> system() {
        Arbitrary<Integer> kind = Arbitraries.frequencyOf(Tuple.of(14, Arbitraries.just(0)), Tuple.of(3, Arbitraries.just(1)),
                Tuple.of(2, Arbitraries.just(2)), Tuple.of(1, Arbitraries.just(3)));
        Arbitrary<Integer> mask = Arbitraries.integers().between(0, 15);
        Arbitrary<Integer> filterComponent = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(-1)),
                Tuple.of(1, Arbitraries.integers().between(0, 3)));
        Arbitrary<Integer> resMask = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(0)),
                Tuple.of(1, Arbitraries.integers().between(0, 3)));
        Arbitrary<Integer> set = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(-1)),
                Tuple.of(2, Arbitraries.integers().between(0, 1)));
        Arbitrary<List<Integer>> before = Arbitraries.integers().between(0, 3).list().ofMaxSize(2);
        return Combinators.combine(kind, mask, mask, filterComponent, filterComponent, resMask, resMask, set)
                .as((k, r, w, wi, wo, rr, rw, s) -> new SysSpec(k, r, w, wi, wo, rr, rw, s, List.of(), false))
                .flatMap(x -> Combinators.combine(before, Arbitraries.of(false, false, true))
                        .as((b, c) -> new SysSpec(x.kind(), x.reads(), x.writes(), x.with(), x.without(), x.resReads(),
                                x.resWrites(), x.set(), b, c)));
    }

    /** One pattern per frame parity; each ends with an answer that does not ask to check again. */
    @SuppressWarnings("unchecked")
    private static Arbitrary<List<List<ShouldRun>>> setPatterns() {
        Arbitrary<ShouldRun> any = Arbitraries.of(ShouldRun.class);
        Arbitrary<ShouldRun> last = Arbitraries.of(ShouldRun.YES, ShouldRun.NO);
        Arbitrary<List<ShouldRun>> pattern = Combinators.combine(any.list().ofMaxSize(3), last).as((prefix, end) -> {
            List<ShouldRun> p = new ArrayList<>(prefix);
            p.add(end);
            return p;
        });
        return pattern.list().ofMinSize(1).ofMaxSize(2);
    }
}
