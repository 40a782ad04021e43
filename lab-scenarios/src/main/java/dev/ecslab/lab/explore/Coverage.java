package dev.ecslab.lab.explore;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How much of one scenario's schedule space the runs of one configuration covered: how many distinct
 * schedules ran, out of how many exist (known when an exhaustive search completed, else estimated), and
 * for each pair of systems that conflict and that nothing orders, which orders were seen (one before the
 * other, the other before the one, or overlapping, which a correct executor never does).
 *
 * <p><b>The estimate.</b> Under random exploration every decision is uniform among its options, so the
 * product of the option counts along a run's decisions is an unbiased estimate of the number of
 * schedules (Knuth, 1975); their mean over the runs is the estimate. It counts schedules that an
 * exhaustive search would prune as equivalent, so it is an upper bound on what needs trying.
 */
public final class Coverage {
    /** What was seen of one unordered conflicting pair {@code first | second} (names sorted). */
    public enum Order { FIRST_BEFORE_SECOND, SECOND_BEFORE_FIRST, OVERLAPPING }

    private final Scenario scenario;
    private final Map<String, EnumSet<Order>> pairs = new LinkedHashMap<>();
    private final Set<List<String>> schedules = new HashSet<>();
    private int runs;
    private double estimateSum;
    private int freeRuns;
    private int estimated;
    private ExhaustiveSearch.Result search;

    public Coverage(Scenario scenario) {
        this.scenario = scenario;
        for (String p : ScenarioAccess.racyPairs(scenario)) {
            pairs.put(p, EnumSet.noneOf(Order.class));
        }
    }

    /** Adds one run. */
    public void add(Trace trace) {
        runs++;
        if (trace.interleaving().controlled() && !trace.interleaving().truncated()) {
            schedules.add(trace.interleaving().choices());
            double product = 1;
            for (String c : trace.interleaving().choices()) {
                ChoicePoint.Recorded r = ChoicePoint.Recorded.parse(c);
                if (r != null) {
                    product *= r.options();
                }
            }
            estimateSum += product;
            estimated++;
        } else if (!trace.interleaving().controlled()) {
            freeRuns++;
        }
        for (String key : pairs.keySet()) {
            String stage = key.substring(0, key.indexOf(": "));
            String[] names = key.substring(key.indexOf(": ") + 2).split(" \\| ");
            for (RunRecord a : trace.runs()) {
                if (!a.stage().equals(stage) || !a.system().equals(names[0])) {
                    continue;
                }
                for (RunRecord b : trace.runs()) {
                    if (b.system().equals(names[1]) && b.stage().equals(stage) && b.frame() == a.frame()
                            && b.iteration() == a.iteration()) {
                        pairs.get(key).add(a.finishSeq() < b.startSeq() ? Order.FIRST_BEFORE_SECOND
                                : b.finishSeq() < a.startSeq() ? Order.SECOND_BEFORE_FIRST : Order.OVERLAPPING);
                    }
                }
            }
        }
    }

    /** Records the exhaustive search these runs came from. */
    public void searched(ExhaustiveSearch.Result result) {
        this.search = result;
    }

    public Scenario scenario() {
        return scenario;
    }

    public int runs() {
        return runs;
    }

    /** Runs by an executor that does not follow the control: their schedules are neither chosen nor counted. */
    public int freeRuns() {
        return freeRuns;
    }

    /** Distinct controlled schedules among the runs. */
    public int distinctSchedules() {
        return schedules.size();
    }

    /** The search, when the runs came from one; else {@code null}. */
    public ExhaustiveSearch.Result search() {
        return search;
    }

    /** The estimated number of schedules (before equivalent ones are merged); 0 without controlled runs. */
    public double estimatedSchedules() {
        return estimated == 0 ? 0 : estimateSum / estimated;
    }

    /** Every unordered conflicting pair and the orders seen. */
    public Map<String, EnumSet<Order>> pairs() {
        return pairs;
    }

    /** The pairs not yet seen both ways. */
    public List<String> pairsSeenOneWay() {
        List<String> out = new ArrayList<>();
        pairs.forEach((k, v) -> {
            if (!(v.contains(Order.FIRST_BEFORE_SECOND) && v.contains(Order.SECOND_BEFORE_FIRST))) {
                out.add(k);
            }
        });
        return out;
    }

    /** One line: schedules explored of how many, and the pairs seen both ways. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (schedules.isEmpty() && freeRuns > 0 && (search == null || search.free())) {
            b.append(freeRuns).append(" free run(s) (the executor does not follow the control: schedules are neither"
                    + " chosen nor counted)");
        } else if (search != null) {
            b.append(search.complete() ? "all " + search.schedules() + " schedules (exhaustive, up to equivalence"
                    + " and the bound on deviations)" : search.schedules() + " schedules (exhaustive search cut at its budget)");
        } else {
            b.append(distinctSchedules()).append(" distinct schedule(s) of about ")
                    .append(String.format(java.util.Locale.ROOT, "%.3g", estimatedSchedules()));
        }
        int both = pairs.size() - pairsSeenOneWay().size();
        b.append("; ").append(both).append(" of ").append(pairs.size()).append(" unordered conflicting pair(s) run both ways");
        return b.toString();
    }
}
