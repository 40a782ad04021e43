package dev.ecslab.lab.classify;

import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.criteria.AmbiguityCheck;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.First;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.ArrayList;
import java.util.EnumSet;
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
        int[] summedFirstRow = {0};                // row 0's units a source summed: criterion A found nothing in them
        Callable<Void> folder = () -> {
            for (int r = next.getAndIncrement(); r < rows.size(); r = next.getAndIncrement()) {
                Row row = rows.get(r);
                for (int u = 0; u < units; u++) {
                    if (u > 0 && u % Lab.BLOCK == 0 && row.skipped() == null) {
                        int n = source.blockEnd(r, u / Lab.BLOCK - 1, row);
                        if (r == 0) {
                            summedFirstRow[0] += n;
                        }
                    }
                    UnitResult result = source.unit(r, u);
                    if (result == null) {
                        continue;                                  // another shard's, or summed in a block
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
                if (units > 0 && row.skipped() == null) {
                    int n = source.blockEnd(r, (units - 1) / Lab.BLOCK, row);
                    if (r == 0) {
                        summedFirstRow[0] += n;
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
        int scenarios = summedFirstRow[0];
        for (List<String> a : ambiguity) {
            if (a != null) {
                lines.addAll(a);
                scenarios++;
            }
        }
        return new Folded(rows, lines, scenarios);
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
     * each violation found at its place in the unit ({@code order} the place of the run's first).
     */
    void record(Row row, Judged j, long unit, int order) {
        RunResult run = j.result();
        if (run.pastHorizon() != null) {
            row.pastHorizon(unit, new Row.PastHorizon(1, run.pastHorizon().changes(), run.pastHorizon().first()));
        }
        Set<Criterion> judgedHere = EnumSet.noneOf(Criterion.class);
        for (Criterion c : Criterion.values()) {
            int n = run.evidence(c);
            if (n > 0) {
                row.cell(c).judged(n);
                judgedHere.add(c);
            }
            run.evidence().getOrDefault(c, Map.of()).forEach((cls, k) -> row.cell(c).evidence(cls, k));
        }
        for (RunResult.Delay d : run.delays()) {
            row.cell(Criterion.AT_LEAST_ONCE).delays().add(d);
        }
        Set<Criterion> failedHere = EnumSet.noneOf(Criterion.class);
        Set<String> failedClassHere = new HashSet<>();
        for (int k = 0; k < run.failures().size(); k++) {
            RunResult.Failure v = run.failures().get(k);
            if (v.delayed()) {
                row.cell(Criterion.AT_LEAST_ONCE).delays().tooLate(v.classes());
            }
            List<Criterion> cells = Judge.cellsOf(v.criterion(), v.classes());
            boolean tallied = v.criterion() == Criterion.AT_LEAST_ONCE || v.criterion() == Criterion.AT_MOST_ONCE;
            boolean firstOfScope = cells.stream().anyMatch(c -> !row.cell(c).hasFailure(v.scope()));
            // One counterexample per violation, shared by every cell and class it counts in; shrunk when it
            // is the first of its criterion and scope (a class's first only is kept as found: shrinking
            // each class's too would multiply the cost of a failing row).
            Counterexample found = firstOfScope ? counterexamples.first(j, k) : Counterexamples.asFound(v, run, run.notShrunk() == null ? Counterexamples.NOT_FIRST : run.notShrunk());
            First<Counterexample> x = new First<>(unit, order + k, found);
            for (Criterion c : cells) {
                Cell cell = row.cell(c);
                if (failedHere.add(c)) {
                    cell.failedRun();
                }
                if (!cell.hasFailure(v.scope())) {
                    cell.fail(x);
                }
                if (tallied || c.isClassView()) {
                    for (ScenarioClass cls : v.classes()) {
                        if (failedClassHere.add(c + "|" + cls)) {
                            cell.failedRunIn(cls);
                        }
                        cell.failIn(cls, x);
                    }
                }
            }
        }
        for (Criterion c : failedHere) {
            if (!judgedHere.contains(c)) {
                row.cell(c).judged(0);            // a run that violated c judged it, even with nothing to count
            }
        }
    }

    /**
     * Criterion 6, and the long run behind it judged like any other: a crash over 10 000 frames is a
     * crash (and leaves 6 not judged, never failed for it), and criteria 1, 2 and O are judged on the
     * long run too, so a strategy that goes wrong only after thousands of frames is caught. The run is
     * serial; its counterexamples say so.
     */
    private void recordMemory(Row row, MemoryResult m, int units) {
        record(row, new Judged(m.run(), null), units, 0);
        Cell cell = row.cell(Criterion.BOUNDED_MEMORY);
        if (m.crashed()) {
            cell.note("not judged: the 10 000-frame run crashed (criterion X)");
            return;
        }
        cell.judged(1);
        cell.note(m.describe());
        if (!m.passes()) {
            cell.failedRun();
            cell.fail(new First<>(units, m.run().failures().size(), new Counterexample(Criterion.BOUNDED_MEMORY, null,
                    m.describe(), m.scenario(), m.scenario(), 0, m.run().config(), m.trace(),
                    Shrinking.kept(Counterexamples.MEMORY_SCENARIO))));
        }
    }
}
