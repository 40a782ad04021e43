package dev.ecslab.lab.run;

import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.OrderingPolicy;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.world.WorldView;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A scenario's schedule in the ECS's terms: its stages and systems with their declared access, ordering
 * constraints, loop sets (a stage run {@code iterations} times) and pause sets (a system skipped on the
 * frames its pattern pauses). Pure translation; what each system does is the {@link Bodies}' business.
 */
final class ScenarioSchedule {
    private ScenarioSchedule() {
    }

    /** The body of each system of the scenario, made when the schedule sets the system up. */
    @FunctionalInterface
    interface Bodies {
        SystemBody body(WorldView view, SystemSpec system, StageSpec stage);
    }

    /** The scenario's schedule; each system's body comes from {@code bodies}. */
    static Schedule build(Scenario scenario, Bodies bodies) {
        Schedule.Builder b = Schedule.builder().ambiguity(AmbiguitySetting.IGNORE)
                .ordering(scenario.ordering() == Scenario.Ordering.INSERTION_ORDER ? OrderingPolicy.INSERTION_ORDER
                        : OrderingPolicy.EXPLICIT);
        for (StageSpec st : scenario.stages()) {
            List<SystemDescriptor> systems = new ArrayList<>();
            Set<String> pauseSets = new TreeSet<>();
            for (SystemSpec s : st.systems()) {
                SystemDescriptor.Builder d = SystemDescriptor.builder(s.name()).setup(view -> bodies.body(view, s, st));
                switch (s.kind()) {
                    case EXCLUSIVE -> d.kind(SystemKind.EXCLUSIVE);       // the whole world: no partial access
                    case MAIN_THREAD -> d.kind(SystemKind.MAIN_THREAD).access(access(s));
                    case NORMAL -> d.access(access(s));
                }
                s.before().forEach(d::before);
                s.after().forEach(d::after);
                s.ambiguousWith().forEach(d::ambiguousWith);
                if (st.iterations() > 1 || st.stepped()) {
                    d.inSet(loopSet(st));
                }
                if (s.pauseSet() != null) {
                    d.inSet(pauseSet(s.pauseSet(), st));
                    pauseSets.add(s.pauseSet());
                }
                systems.add(d.build());
            }
            if (st.iterations() > 1 || st.stepped()) {
                String label = st.stepped() ? "steps " + st.stepsPerFrame() : "loop " + st.iterations() + "x";
                b.set(loopSet(st), label, c -> {
                    int steps = st.iterationsIn(c.frame(), scenario.frames());
                    if (steps == 0) {
                        return ShouldRun.NO;                                  // a frame with no step due
                    }
                    return c.iteration() < steps - 1 && st.systems().stream().anyMatch(x -> scenario.runsIn(st, x, (int) c.frame()))
                            ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES;  // all paused: no loop at all
                });
            }
            for (String set : pauseSets) {
                String pattern = scenario.pause(set).pattern();
                b.set(pauseSet(set, st), "pattern " + pattern, c -> {
                    boolean runs = c.frame() >= scenario.frames() || scenario.pause(set).runs((int) c.frame());
                    boolean again = c.iteration() < st.iterationsIn(c.frame(), scenario.frames()) - 1;
                    return runs ? (again ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES) : ShouldRun.NO;
                });
            }
            b.stage(st.name(), systems.toArray(SystemDescriptor[]::new));
        }
        return b.build();
    }

    static String loopSet(StageSpec st) {
        return "loop:" + st.name();
    }

    static String pauseSet(String set, StageSpec st) {
        return "pause:" + set + "@" + st.name();
    }

    static AccessSpec access(SystemSpec s) {
        AccessSpec.Builder b = AccessSpec.builder();
        Set<Data> components = new TreeSet<>(s.reads());
        components.addAll(s.writes());
        for (Data d : components) {
            if (d.isResource()) {
                if (s.writes().contains(d)) {
                    b.writesResource(d.type());
                } else {
                    b.readsResource(d.type());
                }
            } else if (s.writes().contains(d)) {
                QuerySpec q = QuerySpec.writes(d.type());
                Filter f = filter(s);
                b.query(f == null ? q : q.filter(f));
            } else {
                b.query(QuerySpec.reads(d.type()));
            }
        }
        return b.build();
    }

    static Filter filter(SystemSpec s) {
        List<Filter> parts = new ArrayList<>();
        s.with().forEach(d -> parts.add(Filter.with(d.type())));
        s.without().forEach(d -> parts.add(Filter.without(d.type())));
        return parts.isEmpty() ? null : parts.size() == 1 ? parts.get(0) : Filter.and(parts.toArray(Filter[]::new));
    }
}
