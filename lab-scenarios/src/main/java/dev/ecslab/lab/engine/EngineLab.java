package dev.ecslab.lab.engine;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.classify.Shard;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Judges one engine on the catalogue and a generated campaign, and answers its row: per criterion the runs that
 * judged it, the runs that violated it and the first counterexample, shrunk, with the trace that replays it; the
 * measured class; and the reach (how many scenarios the engine could express, how many only once narrowed to its
 * contract: resources and unanswered watches taken out, and why the others were left out).
 * A criterion the contract makes meaningless is "not applicable", never a pass; one no run judged is "not judged".
 *
 * <p>Deterministic: scenarios run in a fixed order (the catalogue's, then campaign seeds {@code seed, seed+1, ...}),
 * one at a time, so a counterexample and its shrinking depend only on the engine, the scenarios and the seed.
 */
public final class EngineLab {
    /** The most candidate scenarios one shrink tries. */
    static final int SHRINK_ATTEMPTS = 300;

    private EngineLab() {
    }

    /**
     * What starts the violation of a counterexample whose scenario, run once more after shrinking, did not fail: the
     * failure depends on more than the scenario (timing, load, a driver's state). The violation goes on with the
     * first failing run's own words, and the counterexample keeps that run: its scenario as found and its trace, so
     * the evidence is the failure, not the passing run.
     */
    public static final String NO_LONGER_FAILS = "(no longer fails when run again)";

    /** Whether {@code x}'s failure did not come back when its scenario ran once more ({@link #NO_LONGER_FAILS}). */
    public static boolean noLongerFails(Counterexample x) {
        return x.violation().startsWith(NO_LONGER_FAILS);
    }

    /** The first run that failed a criterion: its violation in words and its trace. */
    private record FirstFailure(String violation, Trace trace) {
    }

    /**
     * A counterexample: where it was found (the scenario's index in the run's list, and its name), the scenario shrunk,
     * the first violation of the shrunk one and its trace. Of two, the one found at the lower index is a criterion's
     * first, however the scenarios were split into shards.
     */
    public record Counterexample(int index, String foundIn, Scenario shrunk, String violation, Trace trace) {
    }

    /**
     * One criterion's cell for the engine.
     *
     * @param applicable whether the contract makes the criterion meaningful
     * @param judged     runs that judged it
     * @param failed     runs that violated it
     * @param first      the first violation's counterexample, or null
     */
    public record Cell(Criterion criterion, boolean applicable, int judged, int failed, Counterexample first) {
        /** {@code pass}, {@code FAIL k/n}, {@code not judged} or {@code n/a}. */
        public String status() {
            if (!applicable) {
                return "n/a";
            }
            if (failed > 0) {
                return "FAIL " + failed + "/" + judged;
            }
            return judged == 0 ? "not judged" : "pass";
        }

        CellStatus cellStatus() {
            return failed > 0 ? CellStatus.FAIL : judged == 0 ? CellStatus.NOT_JUDGED : CellStatus.PASS;
        }
    }

    /**
     * An engine's row.
     *
     * @param ran            scenarios run
     * @param narrowed       of those, how many ran narrowed to what the contract expresses ({@link Narrowed})
     * @param notExpressible scenarios the contract cannot express, by reason (a scenario counts under each reason)
     * @param skipped        how many scenarios were left out
     */
    public record Row(EngineContract contract, Map<Criterion, Cell> cells, MeasuredClass measured, int ran, int narrowed, int skipped,
            Map<String, Integer> notExpressible, boolean late) {
        /** A row whose class is measured from its cells and whether a report came late. */
        public static Row of(EngineContract contract, Map<Criterion, Cell> cells, int ran, int narrowed, int skipped,
                Map<String, Integer> notExpressible, boolean late) {
            boolean invariants = cells.get(Criterion.PURE_FUNCTION).cellStatus() != CellStatus.FAIL;
            MeasuredClass measured = MeasuredClass.of(cells.get(Criterion.CRASH).cellStatus(),
                    cells.get(Criterion.AT_LEAST_ONCE).cellStatus(), cells.get(Criterion.AT_MOST_ONCE).cellStatus(), !late,
                    invariants);
            return new Row(contract, cells, measured, ran, narrowed, skipped, notExpressible, late);
        }

        /**
         * The row of both rows' scenarios, for the same contract: counts added, each criterion's first counterexample
         * the one found at the lower index, the class measured again. The shards of one run add up to the unsharded
         * row, because a shrink depends only on the scenario it starts from.
         */
        public Row plus(Row other) {
            if (!contract.equals(other.contract)) {
                throw new IllegalArgumentException("rows of two contracts: " + contract.id() + " and " + other.contract.id());
            }
            Map<Criterion, Cell> sum = new EnumMap<>(Criterion.class);
            for (Criterion c : Criterion.values()) {
                Cell a = cells.get(c);
                Cell b = other.cells.get(c);
                Counterexample first = a.first() == null ? b.first() : b.first() == null ? a.first()
                        : a.first().index() <= b.first().index() ? a.first() : b.first();
                sum.put(c, new Cell(c, a.applicable(), a.judged() + b.judged(), a.failed() + b.failed(), first));
            }
            Map<String, Integer> reasons = new TreeMap<>(notExpressible);
            other.notExpressible.forEach((why, n) -> reasons.merge(why, n, Integer::sum));
            return of(contract, sum, ran + other.ran, narrowed + other.narrowed, skipped + other.skipped, reasons,
                    late || other.late);
        }
    }

    /** The scenarios of a run: the catalogue, then {@code tries} generated ones from {@code seed}. */
    public static List<Scenario> scenarios(List<Scenario> catalogue, int tries, long seed) {
        List<Scenario> out = new ArrayList<>(catalogue);
        for (int i = 0; i < tries; i++) {
            long s = seed + i;
            out.add(ScenarioGenerator.generate("random #" + i + " (seed " + s + ")", Choices.seeded(s)));
        }
        return out;
    }

    /** Runs and judges {@code engine} on {@code scenarios}; {@code progress} hears one line per hundred scenarios. */
    public static Row run(EngineSubject engine, List<Scenario> scenarios, long seed, Duration timeout, Consumer<String> progress) {
        return run(engine, scenarios, seed, timeout, progress, Shard.ALL);
    }

    /**
     * Runs and judges {@code engine} on the scenarios {@code shard} owns (scenario {@code i} of the list is work item
     * {@code i}); the shards' rows add up ({@link Row#plus}) to the row of the whole list.
     */
    public static Row run(EngineSubject engine, List<Scenario> scenarios, long seed, Duration timeout, Consumer<String> progress,
            Shard shard) {
        return run(engine, scenarios, seed, timeout, progress, shard, SHRINK_ATTEMPTS);
    }

    /**
     * As {@link #run(EngineSubject, List, long, Duration, Consumer, Shard)}, with at most {@code shrinkAttempts}
     * candidates tried per shrink (0: each counterexample is kept as found).
     */
    public static Row run(EngineSubject engine, List<Scenario> scenarios, long seed, Duration timeout, Consumer<String> progress,
            Shard shard, int shrinkAttempts) {
        EngineContract contract = engine.contract();
        Map<Criterion, int[]> counts = new EnumMap<>(Criterion.class);          // judged, failed
        Map<Criterion, Counterexample> firsts = new EnumMap<>(Criterion.class);
        Map<Criterion, Integer> firstFound = new EnumMap<>(Criterion.class);
        // whether the first failing run of a criterion timed out: such a counterexample is kept as found, since each
        // shrink candidate could take the whole timeout and a timeout depends on the machine's load as much as on it
        java.util.Set<Criterion> timedOut = java.util.EnumSet.noneOf(Criterion.class);
        Map<Criterion, FirstFailure> firstFailure = new EnumMap<>(Criterion.class);
        Map<String, Integer> reasons = new TreeMap<>();
        int ran = 0;
        int skipped = 0;
        int narrowedCount = 0;
        boolean late = false;
        List<Scenario> judgedAs = new ArrayList<>(java.util.Collections.nCopies(scenarios.size(), (Scenario) null));
        for (int i = 0; i < scenarios.size(); i++) {
            if (!shard.owns(i)) {
                continue;
            }
            Scenario s = scenarios.get(i);
            List<String> cannot = contract.cannotExpress(s);
            if (!cannot.isEmpty()) {
                java.util.Optional<Scenario> narrowed = Narrowed.to(contract, s);
                if (narrowed.isEmpty()) {
                    skipped++;
                    Narrowed.whyLeftOut(contract, s).forEach(r -> reasons.merge(r, 1, Integer::sum));
                    continue;
                }
                s = narrowed.get();
                narrowedCount++;
            }
            ran++;
            judgedAs.set(i, s);
            Outcome o = Judge.judge(s, EngineRunner.run(s, engine, seed, timeout));
            for (Obligation ob : o.obligations()) {
                late |= ob.reported() && !ob.onTime();
            }
            java.util.Set<Criterion> failedHere = java.util.EnumSet.noneOf(Criterion.class);
            for (Violation v : o.violations()) {
                for (Criterion c : Judge.cellsOf(v.criterion(), v.classes())) {
                    if (failedHere.add(c)) {
                        counts.computeIfAbsent(c, k -> new int[2])[1]++;
                        if (firstFound.containsKey(c)) {
                            continue;
                        }
                        firstFound.put(c, i);
                        firstFailure.put(c, new FirstFailure(v.message(), o.trace()));
                        if (stops(o.trace())) {
                            timedOut.add(c);
                        }
                    }
                }
            }
            for (Criterion c : Criterion.values()) {
                if (o.evidence(c) > 0 || failedHere.contains(c)) {
                    counts.computeIfAbsent(c, k -> new int[2])[0]++;
                }
            }
            if (progress != null && (i + 1) % 100 == 0) {
                progress.accept(engine.id() + ": " + (i + 1) + " of " + scenarios.size() + " scenarios");
            }
            if (stops(o.trace())) {
                // each of the rest would wait out the timeout again, or start a JVM for the engine to end again
                for (int j = i + 1; j < scenarios.size(); j++) {
                    if (shard.owns(j)) {
                        skipped++;
                        reasons.merge(NOT_RUN, 1, Integer::sum);
                    }
                }
                break;
            }
        }
        for (Map.Entry<Criterion, Integer> f : firstFound.entrySet()) {
            if (contract.applies(f.getKey())) {
                int at = f.getValue();
                firsts.put(f.getKey(), shrink(engine, at, judgedAs.get(at), f.getKey(), seed, timeout,
                        timedOut.contains(f.getKey()) ? 0 : shrinkAttempts, firstFailure.get(f.getKey())));
            }
        }
        Map<Criterion, Cell> cells = new EnumMap<>(Criterion.class);
        for (Criterion c : Criterion.values()) {
            int[] n = counts.getOrDefault(c, new int[2]);
            cells.put(c, new Cell(c, contract.applies(c), n[0], n[1], firsts.get(c)));
        }
        return Row.of(contract, cells, ran, narrowedCount, skipped, reasons, late);
    }

    /** Why the scenarios after a run that hung, or ended the engine's isolated JVM, are left out. */
    public static final String NOT_RUN = "not run: an earlier scenario's run hung or ended the engine's isolated JVM, which"
            + " ends the engine's row";

    /**
     * Whether a run stops its engine's row and is kept as found, not shrunk: it did not end within its timeout, or the
     * engine ended the isolated JVM it ran in (each shrink candidate would wait out the timeout, or start a JVM).
     */
    static boolean stops(Trace t) {
        return t.crashes().stream().anyMatch(x -> x.call().equals(EngineRunner.TIMEOUT_CALL)
                || x.endedItsJvm());
    }

    /** The smallest scenario the shrinker finds that still violates {@code c}, with its first violation and trace. */
    static Counterexample shrink(EngineSubject engine, int index, Scenario found, Criterion c, long seed, Duration timeout,
            int attempts, FirstFailure first) {
        Shrinker shrinker = new Shrinker(s -> violation(engine, s, c, seed, timeout) != null, attempts);
        Scenario small = found;
        try {
            if (attempts > 0) {
                small = shrinker.shrink(found);
            }
        } catch (RuntimeException e) {
            small = found;                                      // a scenario the shrinker cannot reduce is kept whole
        }
        Trace t = EngineRunner.run(small, engine, seed, timeout);
        Violation v = violationIn(Judge.judge(small, t), c);
        if (v == null) {                                        // keep the failing run, not the passing one
            return new Counterexample(index, found.name(), found, NO_LONGER_FAILS + " " + first.violation(), first.trace());
        }
        return new Counterexample(index, found.name(), small, v.message(), t);
    }

    private static Violation violation(EngineSubject engine, Scenario s, Criterion c, long seed, Duration timeout) {
        if (!engine.contract().cannotExpress(s).isEmpty()) {
            return null;
        }
        return violationIn(Judge.judge(s, EngineRunner.run(s, engine, seed, timeout)), c);
    }

    private static Violation violationIn(Outcome o, Criterion c) {
        for (Violation v : o.violations()) {
            if (Judge.cellsOf(v.criterion(), v.classes()).contains(c)) {
                return v;
            }
        }
        return null;
    }
}
