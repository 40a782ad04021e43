package dev.ecslab.lab.explore;

import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Bounded exhaustive search over the schedules of one scenario under one configuration: a stateless
 * depth-first search (as in CHESS and Lincheck's model checker) that re-runs the scenario with a longer
 * prefix of forced decisions each time, until every decision's alternatives are tried.
 *
 * <p><b>What "every" means.</b> Every option of every decision: the executor's own choices, which
 * completion it learns of first, and which waiting system takes the next step, with two limits. A
 * schedule <em>deviates</em> from the default one (always option 0: the system that just yielded goes
 * on, else the lowest-numbered waiting one) at most {@code deviations} times; a preemption (switching
 * away from a system that could go on) is one deviation, and so is any other non-default choice. This is
 * delay bounding (Emmi, Qadeer and Rakamaric, POPL 2011), a sharper cut than preemption bounding
 * (Musuvathi and Qadeer, PLDI 2007) for a scenario of several frames, where unbounded free choices at
 * every finish would multiply from frame to frame; most concurrency bugs need very few. A bound of 1
 * already runs each unordered pair of every stage iteration both ways. And schedules that differ only in the order of adjacent
 * <em>independent</em> steps are run once (sleep sets, Godefroid 1996): two steps of different systems
 * are independent when neither is a start or a finish (tick assignment, the tracker's bookkeeping,
 * detection) and they write different data; so every order of starts and finishes, hence every overlap
 * and every order of two systems, is tried. A search that stops at its budget says so
 * ({@link Result#complete()} false).
 */
public final class ExhaustiveSearch {
    private ExhaustiveSearch() {
    }

    /**
     * What a search did.
     *
     * @param schedules the schedules run
     * @param complete  true when every schedule within the bounds was run (the budget was not reached)
     * @param redundant schedules that reached a point where every option was asleep (equivalent to one run
     *                  before; a stateless search cannot always avoid running them)
     * @param stopped   true when {@code stopWhen} held for a schedule and the search stopped there
     */
    /**
     * @param free true when the executor does not follow the control: its run chose nothing, so there is
     *             nothing to search (the search stops after that one run and is never complete)
     */
    public record Result(int schedules, boolean complete, int redundant, boolean stopped, boolean free) {
        public Result(int schedules, boolean complete, int redundant, boolean stopped) {
            this(schedules, complete, redundant, stopped, false);
        }

        public String describe() {
            return schedules + (free ? " (free run: the executor does not follow the control)" : complete ? " (all)"
                    : stopped ? " (stopped at a failure)" : " (budget reached)");
        }
    }

    private static final class Frame {
        final ChoicePoint point;
        int chosen;
        final Set<String> sleep;
        final Set<Integer> explored = new HashSet<>();

        Frame(ChoicePoint point, int chosen, Set<String> sleep) {
            this.point = point;
            this.chosen = chosen;
            this.sleep = sleep == null ? Set.of() : sleep;
            explored.add(chosen);
        }
    }

    /**
     * Runs the search.
     *
     * @param run         runs the scenario under the given exploration and returns its trace
     * @param deviations  the most choices other than option 0 in one schedule
     * @param budget      the most schedules to run
     * @param stopWhen    stops the search after a schedule whose trace satisfies it (a failure, say)
     * @param each        receives every trace
     */
    public static Result search(Function<Exploration, Trace> run, int deviations, int budget, Predicate<Trace> stopWhen,
            java.util.function.Consumer<Trace> each) {
        return search(run, deviations, budget, true, stopWhen, each);
    }

    /** As {@link #search}, with the sleep-set reduction switched off when {@code reduce} is false (to check it). */
    public static Result search(Function<Exploration, Trace> run, int deviations, int budget, boolean reduce,
            Predicate<Trace> stopWhen, java.util.function.Consumer<Trace> each) {
        List<Frame> stack = new ArrayList<>();
        List<Integer> prefix = List.of();
        Set<String> sleepAfter = Set.of();
        int schedules = 0;
        int redundant = 0;
        while (true) {
            SearchLog log = new SearchLog();
            Trace trace = run.apply(new Exploration.Exhaustive(prefix, sleepAfter, deviations, reduce, log));
            schedules++;
            if (log.blocked) {
                redundant++;
            }
            each.accept(trace);
            boolean stop = stopWhen.test(trace);
            if (!trace.interleaving().controlled()) {
                return new Result(schedules, false, redundant, stop, true);    // no decisions: nothing to search
            }
            if (stop) {
                return new Result(schedules, false, redundant, true);
            }
            if (trace.crashed() && log.nodes.size() < prefix.size()) {
                return new Result(schedules, false, redundant, false);   // the run ended before its prefix did
            }
            for (int d = prefix.size(); d < log.nodes.size(); d++) {
                SearchLog.Node n = log.nodes.get(d);
                stack.add(new Frame(n.point(), n.chosen(), n.sleep()));
            }
            if (schedules >= budget) {
                return new Result(schedules, false, redundant, false);
            }
            int depth = -1;
            int option = -1;
            for (int j = stack.size() - 1; j >= 0 && depth < 0; j--) {
                Frame f = stack.get(j);
                int used = deviationsBefore(stack, j);
                for (int i = 0; i < f.point.size(); i++) {
                    boolean asleep = f.point.kind() == ChoicePoint.Kind.TURN && f.sleep.contains(f.point.options().get(i));
                    if (!f.explored.contains(i) && !asleep && (i == 0 || used < deviations)) {
                        depth = j;
                        option = i;
                        break;
                    }
                }
            }
            if (depth < 0) {
                return new Result(schedules, true, redundant, false);
            }
            Frame f = stack.get(depth);
            Set<String> next = new HashSet<>();
            if (f.point.kind() == ChoicePoint.Kind.TURN && reduce) {
                String taken = f.point.footprint(option);
                for (int u = 0; u < f.point.size(); u++) {
                    String label = f.point.options().get(u);
                    if (u != option && (f.sleep.contains(label) || f.explored.contains(u))
                            && ChoicePoint.independent(f.point.footprint(u), taken)) {
                        next.add(label);
                    }
                }
            }
            f.explored.add(option);
            f.chosen = option;
            while (stack.size() > depth + 1) {
                stack.remove(stack.size() - 1);
            }
            List<Integer> p = new ArrayList<>(depth + 1);
            for (Frame g : stack) {
                p.add(g.chosen);
            }
            prefix = p;
            sleepAfter = next;
        }
    }

    private static int deviationsBefore(List<Frame> stack, int depth) {
        int n = 0;
        for (int j = 0; j < depth; j++) {
            if (stack.get(j).chosen != 0) {
                n++;
            }
        }
        return n;
    }
}
