package dev.ecslab.lab.classify;

import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.criteria.AmbiguityCheck;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.results.CellTally;
import dev.ecslab.lab.results.ClassTally;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.First;
import dev.ecslab.lab.results.HorizonTally;
import dev.ecslab.lab.results.RowTally;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Folds units into rows in the campaign's order: each row alone on one thread (rows in parallel when
 * {@code --jobs} allows), every run recorded in order, so a row's figures and counterexamples are those of a
 * serial run whatever ran in parallel. A run that hung, or a unit the time budget left unrun, skips the rest
 * of its row; criterion 6's long run is recorded last.
 */
final class RowFold {

    /** What a fold gives: the rows, criterion A's lines in scenario order, and how many scenarios A judged. */
    record Folded(List<Row> rows, List<String> ambiguity, int scenarios) {
    }

    /** Receives each unit a fold recorded. */
    interface UnitSink {
        void unit(int row, int unit, UnitResult result);
    }

    /** The start of the sentence a row keeps when the time budget stopped it. */
    static final String BUDGET = "the time budget ran out";

    private final Lab lab;
    private final Counterexamples counterexamples;

    RowFold(Lab lab) {
        this.lab = lab;
        this.counterexamples = new Counterexamples(lab);
    }

    /**
     * Folds every row's units in the campaign's order (rows in parallel when {@code --lab.jobs()} allows, each row
     * alone on one thread). {@code kept} receives every unit folded, with its counterexamples (a shard
     * writes them), or is null.
     */
    Folded fold(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue,
            UnitSource source, UnitSink kept) {
        int units = catalogue.size() + lab.options().tries();
        List<Row> rows = new ArrayList<>();
        for (TrackerSubject t : trackers) {
            for (ExecutorSubject e : executors) {
                rows.add(new Row(t, e.id()));
            }
        }
        @SuppressWarnings("unchecked")
        List<String>[] ambiguity = new List[units];
        int folders = Math.min(lab.jobs(), Math.max(1, rows.size()));
        AtomicInteger next = new AtomicInteger();
        Callable<Void> folder = () -> {
            for (int r = next.getAndIncrement(); r < rows.size(); r = next.getAndIncrement()) {
                Row row = rows.get(r);
                for (int u = 0; u < units; u++) {
                    UnitResult result = source.unit(r, u);
                    if (result == null) {
                        continue;                                  // another shard's
                    }
                    if (r == 0 && result.ran()) {
                        ambiguity[u] = result.ambiguity();
                    }
                    Scenario s = u < catalogue.size() ? catalogue.get(u) : null;
                    foldUnit(row, u, units, s, result);
                    if (kept != null) {
                        kept.unit(r, u, result);
                    }
                }
                MemoryResult m = source.memory(r / Math.max(1, executors.size()));
                if (m != null) {
                    recordMemory(row, m, units);                          // last: short counterexamples come first
                }
            }
            return null;
        };
        if (folders == 1) {
            LabThreads.call(folder);
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(folders, LabThreads.daemons("ecslab-lab-fold-"));
            try {
                List<Future<Void>> all = new ArrayList<>();
                for (int i = 0; i < folders; i++) {
                    all.add(pool.submit(folder));
                }
                for (Future<Void> f : all) {
                    LabThreads.join(f);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        if (rows.isEmpty()) {                                       // no row: criterion A still judges every scenario
            for (int u = 0; u < units; u++) {
                ambiguity[u] = AmbiguityCheck.check(u < catalogue.size() ? catalogue.get(u) : lab.campaignScenario(u - catalogue.size()),
                        ScenarioRunner::reportedAmbiguities);
            }
        }
        List<String> lines = new ArrayList<>();
        int scenarios = 0;
        for (List<String> a : ambiguity) {
            if (a != null) {
                lines.addAll(a);
                scenarios++;
            }
        }
        List<Row> settled = new ArrayList<>(rows.size());
        for (Row r : rows) {
            settled.add(new Row(r.subject(), r.executor(), shareFirsts(r.tally())));
        }
        return new Folded(settled, lines, scenarios);
    }

    /**
     * Records one unit in its row, as the serial lab did: nothing once the row is skipped (an empty coverage for a
     * catalogue scenario), else every run in order; a run that hung skips the rest of the row, and so does a unit
     * the time budget left unrun.
     */
    private void foldUnit(Row row, int unit, int units, Scenario catalogueScenario, UnitResult result) {
        if (!result.ran() && row.skipped() == null) {
            row.skip(unit, BUDGET + " after " + unit + " of this configuration's " + units + " scenarios (the catalogue's and"
                    + " the campaign's, in order); the rest were not run");
        }
        if (row.skipped() != null) {
            if (catalogueScenario != null) {
                row.covered(unit, new Coverage(catalogueScenario));
            }
            return;
        }
        int order = 0;
        for (Judged j : result.runs()) {
            record(row, j, unit, order);
            order += j.result().failures().size();
            if (j.result().timedOut() != null) {
                row.skip(unit, j.result().timedOut());
            }
        }
        if (catalogueScenario != null) {
            row.covered(unit, result.coverage());
        }
    }

    /**
     * Records a judged run of unit {@code unit} in the row's cells: evidence, delays, violations and counterexamples,
     * each violation found at its place in the unit ({@code order} the place of the run's first); the first of a
     * criterion and scope in the row is made (and shrunk) here.
     */
    void record(Row row, Judged j, long unit, int order) {
        row.add(run(j, unit, order, row::has, (k, isFirst) -> isFirst ? counterexamples.first(j, k) : null));
    }

    /** Whether a row already holds a counterexample of a criterion and scope. */
    interface Held {
        boolean has(Criterion c, Scope scope);
    }

    /** The counterexample of failure {@code k} of a run when it is the first of its scope ({@code isFirst}), else null. */
    interface Firsts {
        Counterexample first(int k, boolean isFirst);
    }

    /**
     * One judged run of unit {@code unit} as a row's tally: evidence, delays, violations and counterexamples, each
     * violation found at its place in the unit ({@code order}: the place of the run's first). In its cells a
     * violation counts with the counterexample {@code firsts} gives when it is the first of its scope (in none of
     * its cells {@code held} before, nor earlier in the run), else with the one as found; in its classes always with
     * the one as found, which {@link #shareFirsts} replaces by the cells' where they are one violation.
     */
    static RowTally run(Judged j, long unit, int order, Held held, Firsts firsts) {
        RunResult run = j.result();
        RowTally sum = RowTally.NONE;
        if (run.pastHorizon() != null) {
            sum = RowTally.pastHorizon(new HorizonTally(1, run.pastHorizon().changes(),
                    new First<>(unit, order, run.pastHorizon().first())));
        }
        Set<Criterion> judgedHere = EnumSet.noneOf(Criterion.class);
        for (Criterion c : Criterion.values()) {
            int n = run.evidence(c);
            CellTally t = CellTally.NONE;
            if (n > 0) {
                t = CellTally.judged(1, n);
                judgedHere.add(c);
            }
            for (Map.Entry<ScenarioClass, Integer> e : run.evidence().getOrDefault(c, Map.of()).entrySet()) {
                t = t.plus(CellTally.inClass(e.getKey(), new ClassTally(e.getValue(), 0, null)));
            }
            sum = t == CellTally.NONE ? sum : sum.plus(RowTally.of(c, t));
        }
        for (RunResult.Delay d : run.delays()) {
            sum = sum.plus(RowTally.of(Criterion.AT_LEAST_ONCE, DelayStats.of(d)));
        }
        Set<Criterion> failedHere = EnumSet.noneOf(Criterion.class);
        Set<String> failedClassHere = new HashSet<>();
        for (int k = 0; k < run.failures().size(); k++) {
            RunResult.Failure v = run.failures().get(k);
            if (v.delayed()) {
                sum = sum.plus(RowTally.of(Criterion.AT_LEAST_ONCE, DelayStats.tooLate(v.classes(), v.count())));
            }
            List<Criterion> cells = Judge.cellsOf(v.criterion(), v.classes());
            boolean tallied = v.criterion() == Criterion.AT_LEAST_ONCE || v.criterion() == Criterion.AT_MOST_ONCE;
            RowTally soFar = sum;
            boolean firstOfScope = cells.stream().anyMatch(c -> !held.has(c, v.scope())
                    && !soFar.cell(c).failures().containsKey(v.scope()));
            // One counterexample per violation, shared by every cell and class it counts in; shrunk when it
            // is the first of its criterion and scope (a class's first only is kept as found: shrinking
            // each class's too would multiply the cost of a failing row).
            Counterexample asFound = Counterexamples.asFound(v, run, run.notShrunk() == null ? Counterexamples.NOT_FIRST
                    : run.notShrunk());
            Counterexample made = firsts.first(k, firstOfScope);
            First<Counterexample> x = new First<>(unit, order + k, made != null ? made : asFound);
            First<Counterexample> found = new First<>(unit, order + k, asFound);
            for (Criterion c : cells) {
                CellTally t = CellTally.failure(x);
                if (failedHere.add(c)) {
                    t = t.plus(CellTally.failedRuns(1));
                }
                if (tallied || c.isClassView()) {
                    for (ScenarioClass cls : v.classes()) {
                        t = t.plus(CellTally.inClass(cls, new ClassTally(0, failedClassHere.add(c + "|" + cls) ? 1 : 0, found)));
                    }
                }
                sum = sum.plus(RowTally.of(c, t));
            }
        }
        for (Criterion c : failedHere) {
            if (!judgedHere.contains(c)) {
                sum = sum.plus(RowTally.of(c, CellTally.judged(1, 0)));  // a run that violated c judged it, even with nothing to count
            }
        }
        return sum;
    }

    /**
     * {@code t} with each class's first counterexample the very one its cell keeps for the same violation (the one
     * made, and shrunk, as the first of its scope), and the one as found otherwise: what the fold of the whole
     * campaign shows, however its units were grouped before they were added. Report files are named per
     * counterexample, so a violation shown in a cell and in its classes must be one object.
     */
    static RowTally shareFirsts(RowTally t) {
        Map<List<Long>, First<Counterexample>> cellFirsts = new HashMap<>();
        t.cells().values().forEach(cell -> cell.failures().values().forEach(f -> cellFirsts.put(position(f), f)));
        Map<Criterion, CellTally> cells = new EnumMap<>(Criterion.class);
        t.cells().forEach((c, cell) -> {
            Map<ScenarioClass, ClassTally> classes = new EnumMap<>(ScenarioClass.class);
            cell.classes().forEach((cls, ct) -> classes.put(cls, ct.found() == null ? ct : new ClassTally(ct.evidence(),
                    ct.failedRuns(), cellFirsts.getOrDefault(position(ct.found()), ct.found()))));
            cells.put(c, new CellTally(cell.judgedRuns(), cell.evidence(), cell.failedRuns(), cell.failures(), classes,
                    cell.delays(), cell.delaysByClass(), cell.note()));
        });
        return new RowTally(cells, t.pastHorizon(), t.skipped(), t.coverage());
    }

    private static List<Long> position(First<?> f) {
        return List.of(f.unit(), (long) f.order());
    }

    /**
     * Criterion 6, and the long run behind it judged like any other: a crash over 10 000 frames is a
     * crash (and leaves 6 not judged, never failed for it), and criteria 1, 2 and O are judged on the
     * long run too, so a strategy that goes wrong only after thousands of frames is caught. The run is
     * serial; its counterexamples say so.
     */
    private void recordMemory(Row row, MemoryResult m, int units) {
        record(row, new Judged(m.run(), null), units, 0);
        row.add(RowTally.of(Criterion.BOUNDED_MEMORY, memory(m, units)));
    }

    /** Criterion 6's own cell of one strategy's long run (found after the row's {@code units} units). */
    static CellTally memory(MemoryResult m, int units) {
        if (m.crashed()) {
            return CellTally.noted("not judged: the 10 000-frame run crashed (criterion X)");
        }
        CellTally t = CellTally.judged(1, 1).plus(CellTally.noted(m.describe()));
        if (m.passes()) {
            return t;
        }
        return t.plus(CellTally.failedRuns(1)).plus(CellTally.failure(new First<>(units, m.run().failures().size(),
                new Counterexample(Criterion.BOUNDED_MEMORY, null, m.describe(), m.scenario(), m.scenario(), 0,
                        m.run().config(), m.trace(), Shrinking.kept(Counterexamples.MEMORY_SCENARIO)))));
    }
}
