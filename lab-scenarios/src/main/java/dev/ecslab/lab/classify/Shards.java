package dev.ecslab.lab.classify;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.results.CellTally;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.First;
import dev.ecslab.lab.results.JsonFields;
import dev.ecslab.lab.results.RowTally;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.witness.Witnesses;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A campaign split across processes: each shard runs its share and writes what a merge needs
 * ({@link ShardFile}), and the merge checks that the files make one campaign and adds their units up as row
 * tallies ({@link dev.ecslab.lab.results.RowTally#plus}), so the merged matrix equals the unsharded run's: each
 * counterexample carries the unit it was found in, so the earliest of a scope wins in any order, and a row that
 * stopped (a run that hung, a time budget) adds nothing after its stop, as the fold does.
 *
 * <p>One exception: a run that hung inside a block of {@link Lab#BLOCK} units drops the block's summed passing
 * runs of every shard, those before the hang included, since a sum cannot be split at a unit another shard hung on.
 * The row keeps every failure and its class (broken, by the hang); it counts fewer judged runs than unsharded.
 */
final class Shards {
    private Shards() {
    }

    /**
     * Runs {@code lab}'s share ({@link Lab#withShard}) and answers the shard file's content: every unit the share owns,
     * in the fixed enumeration (row by row, catalogue then campaign), folded in order here too, so that each
     * failure that is the first of its scope in this share is shrunk here; a merge of every share then folds the
     * units exactly as one process would have. Ambiguity witnesses are not run in shards.
     *
     * @param identity what every shard of the campaign must share (the lab's version, the command, its options)
     */
    static ShardFile.Content run(Lab lab, List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue,
            List<String> identity) {
        LabOptions options = lab.options();
        if (options.witnessTries() != LabOptions.NO_WITNESSES) {
            throw new IllegalArgumentException("ambiguity witnesses are not run in shards");
        }
        long start = System.nanoTime();
        catalogue = lab.layout().catalogue(catalogue);
        lab.plan(trackers.size(), executors.size(), catalogue.size(), 0);
        java.util.concurrent.ConcurrentLinkedQueue<ShardFile.UnitEntry> entries = new java.util.concurrent.ConcurrentLinkedQueue<>();
        int units = catalogue.size() + options.tries();
        int rowCount = trackers.size() * executors.size();
        int[] stops = new int[rowCount];
        java.util.Arrays.fill(stops, Integer.MAX_VALUE);
        Map<Long, RowTally> sums = new ConcurrentHashMap<>();
        Map<Long, Integer> summed = new ConcurrentHashMap<>();
        long blocks = units / Lab.BLOCK + 1;
        List<ShardFile.MemoryEntry> memory = new ArrayList<>();
        RowFold fold = new RowFold(lab);
        try (UnitRunner source = new UnitRunner(lab, trackers, executors, catalogue)) {
            // Each row is folded by one thread, so a row's stop and its blocks' sums are only touched by that thread.
            fold.fold(trackers, executors, catalogue, source, (r, u, result) -> {
                if (!result.ran()) {
                    stops[r] = Math.min(stops[r], u / Lab.BLOCK);
                } else if (passingOnly(result)) {
                    long key = r * blocks + u / Lab.BLOCK;
                    for (Judged j : result.runs()) {               // passing runs: no violation to place
                        sums.merge(key, RowFold.run(j, u, 0, (c, scope) -> false, (k, isFirst) -> null), RowTally::plus);
                    }
                    summed.merge(key, 1, Integer::sum);
                } else {
                    entries.add(entry(r, u, result));
                }
            });
            for (int t = 0; t < trackers.size(); t++) {
                MemoryResult m = source.memory(t);
                if (m != null) {
                    memory.add(new ShardFile.MemoryEntry(t, m.run(), m.crashed(), m.passes(), m.describe(), m.scenario(), m.trace()));
                }
            }
        }
        List<ShardFile.SegmentEntry> segments = new ArrayList<>();
        sums.keySet().stream().sorted().forEach(key -> segments.add(ShardFile.SegmentEntry.of((int) (key / blocks),
                (int) (key % blocks), summed.get(key), sums.get(key))));
        List<ShardFile.RowStop> rowStops = new ArrayList<>();
        for (int r = 0; r < rowCount; r++) {
            if (stops[r] != Integer.MAX_VALUE) {
                rowStops.add(new ShardFile.RowStop(r, stops[r]));
            }
        }
        List<ShardFile.UnitEntry> sorted = new ArrayList<>(entries);
        sorted.sort(java.util.Comparator.comparingInt(ShardFile.UnitEntry::row).thenComparingInt(ShardFile.UnitEntry::unit));
        List<ShardFile.RowHead> rows = new ArrayList<>();
        for (TrackerSubject t : trackers) {
            for (ExecutorSubject e : executors) {
                rows.add(ShardFile.head(t, e));
            }
        }
        lab.progress("done");
        return new ShardFile.Content(ShardFile.FORMAT, ShardFile.VERSION, List.copyOf(identity), lab.shard().toString(),
                new ShardFile.Settings(options.tries(), options.catalogueSeeds(), options.campaignSeed(), options.memory(),
                        executors.size(), lab.layout()), rows, catalogue.size() + options.tries(), sorted, segments, rowStops, memory,
                lab.budgetRanOut(), (System.nanoTime() - start) / 1e9);
    }

    /** A campaign unit whose runs all passed and none hung: all it adds to a row are counts. */
    private static boolean passingOnly(UnitResult r) {
        if (r.coverage() != null || !r.ambiguity().isEmpty()) {
            return false;
        }
        for (Judged j : r.runs()) {
            if (!j.result().passes() || j.result().timedOut() != null) {
                return false;
            }
        }
        return true;
    }

    /** What passing runs added to a scratch row, cell by cell. */
    /** A shard's summed passing runs of one block of a row, as a tally, and how many units they are. */
    private record Block(RowTally tally, int units) {
    }

    private static ShardFile.UnitEntry entry(int row, int unit, UnitResult r) {
        List<ShardFile.RunEntry> runs = new ArrayList<>(r.runs().size());
        for (Judged j : r.runs()) {
            runs.add(new ShardFile.RunEntry(j.result(), java.util.Arrays.asList(j.firsts().clone())));
        }
        return new ShardFile.UnitEntry(row, unit, runs, r.coverage() == null ? null
                : ShardFile.CoverageEntry.of(r.coverage()), r.ambiguity());
    }

    /**
     * The matrix of the whole campaign from the files of all its shards: the same rows, figures and counterexamples
     * as the unsharded run (witnesses aside, which shards do not run), with the wall time of the slowest shard. Each
     * row is the sum of its units' tallies and its summed blocks up to where it stopped, then criterion 6.
     *
     * @param sources each content's file, for messages
     * @throws IllegalArgumentException naming the files when the shards do not make one campaign: another lab
     *         or other options, another shard count, a shard missing or given twice, a unit missing or not its
     *         shard's, a first failure without its counterexample
     */
    static Matrix merge(List<ShardFile.Content> shards, List<String> sources, List<Scenario> catalogue) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard to merge");
        }
        ShardFile.Content first = shards.get(0);
        int count = Shard.parse(first.shard()).count();
        ShardFile.Content[] byIndex = new ShardFile.Content[count + 1];
        for (int i = 0; i < shards.size(); i++) {
            ShardFile.Content c = shards.get(i);
            String where = sources.get(i);
            if (!c.identity().equals(first.identity())) {
                throw new IllegalArgumentException(where + " comes from another campaign than " + sources.get(0) + ": "
                        + difference(c.identity(), first.identity()) + " (shards merge only when made by the same lab"
                        + " commit with the same command and options)");
            }
            if (!c.settings().equals(first.settings()) || !c.rows().equals(first.rows()) || c.units() != first.units()) {
                throw new IllegalArgumentException(where + " has other lab settings or rows than " + sources.get(0));
            }
            Shard s;
            try {
                s = Shard.parse(c.shard());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": shard " + e.getMessage());
            }
            if (s.count() != count) {
                throw new IllegalArgumentException(where + " is shard " + s + " but " + sources.get(0) + " is shard "
                        + first.shard() + ": shards of one merge split the campaign the same way");
            }
            if (byIndex[s.index()] != null) {
                throw new IllegalArgumentException("shard " + s + " is given twice (" + where + ")");
            }
            byIndex[s.index()] = c;
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (byIndex[k] == null) {
                missing.add(k + "/" + count);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("shard" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + (missing.size() == 1 ? " is" : " are") + " missing; a merge needs all " + count
                    + " (a missing shard's scenarios would simply not be judged)");
        }
        ShardFile.Settings settings = first.settings();
        Map<String, String> compiled = dev.ecslab.lab.run.ScenarioRunner.ambiguityReports(catalogue);
        catalogue = settings.layoutOrDefault().catalogue(catalogue);
        if (first.units() != catalogue.size() + settings.tries() || settings.executors() < 1
                || first.rows().size() % settings.executors() != 0) {
            throw new IllegalArgumentException(sources.get(0) + " was made with another scenario catalogue than this lab's");
        }
        int units = first.units();
        int rows = first.rows().size();
        long blocks = units / Lab.BLOCK + 1;
        Map<Long, UnitResult> all = new java.util.HashMap<>();
        Map<Long, List<Block>> segments = new java.util.HashMap<>();
        int[] stop = new int[rows];
        java.util.Arrays.fill(stop, Integer.MAX_VALUE);
        MemoryResult[] memory = new MemoryResult[rows / settings.executors()];
        for (int k = 1; k <= count; k++) {
            Shard s = new Shard(k, count);
            String where = sources.get(shards.indexOf(byIndex[k]));
            int[] shardStop = new int[rows];
            java.util.Arrays.fill(shardStop, Integer.MAX_VALUE);
            for (ShardFile.RowStop st : byIndex[k].stops()) {
                if (st.row() < 0 || st.row() >= rows || st.block() < 0 || st.block() >= blocks) {
                    throw new IllegalArgumentException(where + ": a stop at block " + st.block() + " of row " + st.row()
                            + " is out of range");
                }
                shardStop[st.row()] = Math.min(shardStop[st.row()], st.block());
                stop[st.row()] = Math.min(stop[st.row()], st.block());
            }
            Map<Long, Integer> accounted = new java.util.HashMap<>();
            for (ShardFile.UnitEntry e : byIndex[k].results()) {
                long key = (long) e.row() * units + e.unit();
                if (e.row() < 0 || e.row() >= rows || e.unit() < 0 || e.unit() >= units || !s.owns(key)
                        || all.containsKey(key)) {
                    throw new IllegalArgumentException(where + ": unit " + e.unit() + " of row " + e.row()
                            + " is not shard " + s + "'s, or is given twice");
                }
                all.put(key, unit(e, e.unit() < catalogue.size() ? catalogue.get(e.unit()) : null, where));
                accounted.merge(e.row() * blocks + e.unit() / Lab.BLOCK, 1, Integer::sum);
            }
            for (ShardFile.SegmentEntry g : byIndex[k].segments()) {
                if (g.row() < 0 || g.row() >= rows || g.block() < 0 || g.block() >= blocks || g.units() < 1
                        || g.cells() == null) {
                    throw new IllegalArgumentException(where + ": a summed block " + g.block() + " of row " + g.row()
                            + " is out of range or empty");
                }
                segments.computeIfAbsent(g.row() * blocks + g.block(), x -> new ArrayList<>())
                        .add(new Block(g.tally(new JsonFields(where), "segments[" + byIndex[k].segments().indexOf(g) + "]"),
                                g.units()));
                accounted.merge(g.row() * blocks + g.block(), g.units(), Integer::sum);
            }
            for (int r = 0; r < rows; r++) {
                for (int b = 0; (long) b * Lab.BLOCK < units; b++) {
                    int owned = 0;
                    for (int u = b * Lab.BLOCK; u < Math.min(units, (b + 1) * Lab.BLOCK); u++) {
                        owned += s.owns((long) r * units + u) ? 1 : 0;
                    }
                    int expected = b < shardStop[r] ? owned : 0;
                    int got = accounted.getOrDefault(r * blocks + b, 0);
                    if (got != expected) {
                        throw new IllegalArgumentException(where + " accounts for " + got + " of the " + expected
                                + " units of block " + b + " of row " + r + " that shard " + s + " owns: the file is"
                                + " incomplete or inconsistent");
                    }
                }
            }
            for (ShardFile.MemoryEntry m : byIndex[k].memory()) {
                if (m.tracker() < 0 || m.tracker() >= memory.length || !s.owns(m.tracker()) || m.run() == null) {
                    throw new IllegalArgumentException(where + ": criterion 6 of strategy " + m.tracker() + " is not shard "
                            + s + "'s");
                }
                memory[m.tracker()] = new MemoryResult(m.run(), m.crashed(), m.passes(), m.describe(), m.scenario(), m.trace());
            }
        }
        List<TrackerSubject> trackers = new ArrayList<>();
        for (int r = 0; r < rows; r += settings.executors()) {
            trackers.add(ShardFile.subject(first.rows().get(r)));
        }
        List<Row> out = new ArrayList<>(rows);
        @SuppressWarnings("unchecked")
        List<String>[] ambiguity = new List[units];
        int summed = 0;
        for (int r = 0; r < rows; r++) {
            RowTally row = RowTally.NONE;
            long budgetStop = stop[r] == Integer.MAX_VALUE ? Long.MAX_VALUE : (long) stop[r] * Lab.BLOCK;
            long hung = Long.MAX_VALUE;                         // the first unit of the row that hung
            for (int u = 0; u < units; u++) {
                UnitResult result = all.get((long) r * units + u);
                if (u < budgetStop && result != null && result.runs().stream().anyMatch(j -> j.result().timedOut() != null)) {
                    hung = u;
                    break;
                }
            }
            // A row stops at its first unit that hung (its runs count) or at the first unit a budget left unrun: what
            // comes after adds nothing, and a block summed by a shard counts only when the row had not stopped in it.
            long skipAt = Math.min(hung, budgetStop < units ? budgetStop : Long.MAX_VALUE);
            Map<List<Long>, String> unmade = new java.util.HashMap<>();
            for (int u = 0; u < units; u++) {
                UnitResult result = all.get((long) r * units + u);
                if (result == null || u >= budgetStop) {
                    continue;
                }
                if (r == 0) {
                    ambiguity[u] = result.ambiguity();          // criterion A judges every scenario that ran, skipped or not
                }
                if (u > hung) {
                    continue;
                }
                row = row.plus(unit(result, u, unmade));
                if (u < catalogue.size()) {
                    row = row.plus(RowTally.covered(u, result.coverage()));
                }
            }
            for (int b = 0; (long) b * Lab.BLOCK < units; b++) {
                if (skipAt < (long) (b + 1) * Lab.BLOCK) {
                    break;
                }
                for (Block g : segments.getOrDefault(r * blocks + b, List.of())) {
                    row = row.plus(g.tally());
                    summed += r == 0 ? g.units() : 0;
                }
            }
            if (skipAt != Long.MAX_VALUE) {
                String why = hung != Long.MAX_VALUE ? lastTimedOut(all.get((long) r * units + hung))
                        : RowFold.BUDGET + " after " + skipAt + " of this configuration's " + units + " scenarios (the"
                        + " catalogue's and the campaign's, in order); the rest were not run";
                row = row.plus(RowTally.skipped(new First<>(skipAt, 0, why)));
                for (long u = hung == Long.MAX_VALUE ? skipAt : skipAt + 1; u < catalogue.size(); u++) {
                    row = row.plus(RowTally.covered((int) u, new Coverage(catalogue.get((int) u))));
                }
            }
            for (CellTally cell : row.cells().values()) {      // a first of the campaign its shard did not make
                for (First<Counterexample> f : cell.failures().values()) {
                    String problem = unmade.get(List.of(f.unit(), (long) f.order()));
                    if (problem != null) {
                        throw new IllegalArgumentException(problem);
                    }
                }
            }
            MemoryResult m = memory[r / settings.executors()];
            if (m != null) {                                   // last: short counterexamples come first
                Judged j = new Judged(m.run(), null);
                RowTally before = row;
                row = row.plus(RowFold.run(j, units, 0, (c, scope) -> before.cell(c).failures().containsKey(scope),
                        (k, isFirst) -> isFirst ? Counterexamples.recorded(j, k) : null));
                row = row.plus(RowTally.of(Criterion.BOUNDED_MEMORY, RowFold.memory(m, units)));
            }
            out.add(new Row(trackers.get(r / settings.executors()), first.rows().get(r).executor(), RowFold.shareFirsts(row)));
        }
        if (rows == 0) {                                        // no row: criterion A still judges every scenario
            for (int u = 0; u < units; u++) {
                ambiguity[u] = dev.ecslab.lab.criteria.AmbiguityCheck.check(u < catalogue.size() ? catalogue.get(u)
                        : Lab.campaignScenario(settings.campaignSeed(), settings.layoutOrDefault(), u - catalogue.size()),
                        dev.ecslab.lab.run.ScenarioRunner::reportedAmbiguities);
            }
        }
        List<String> lines = new ArrayList<>();
        int scenarios = summed;
        for (List<String> a : ambiguity) {
            if (a != null) {
                lines.addAll(a);
                scenarios++;
            }
        }
        double seconds = shards.stream().mapToDouble(ShardFile.Content::seconds).max().orElse(0);
        int campaignRun = Math.max(0, Math.min(settings.tries(), scenarios - catalogue.size()));
        return new Matrix(out, lines, scenarios, settings.tries(), settings.catalogueSeeds(), settings.campaignSeed(), seconds,
                Witnesses.NONE, settings.layoutOrDefault(), Lab.reach(settings.campaignSeed(), settings.layoutOrDefault(),
                campaignRun), compiled);
    }

    /**
     * A unit read from a shard as a row's tally: its runs in order, each failure with the counterexample its shard
     * made when it was the first of its scope there (a first of the whole campaign always is), else as found.
     * {@code unmade} receives, by position, why a failure the shard made no counterexample for cannot be a first.
     */
    private static RowTally unit(UnitResult result, int u, Map<List<Long>, String> unmade) {
        RowTally sum = RowTally.NONE;
        int order = 0;
        for (Judged j : result.runs()) {
            int base = order;
            sum = sum.plus(RowFold.run(j, u, base, (c, scope) -> true, (k, isFirst) -> {
                if (j.firsts()[k] == null && j.result().notShrunk() == null) {
                    unmade.put(List.of((long) u, (long) base + k), Counterexamples.unmade(j, k));
                    return null;                                // as found: an error if it is the campaign's first
                }
                return Counterexamples.recorded(j, k);
            }));
            order += j.result().failures().size();
        }
        return sum;
    }

    /** The sentence of the last run of a unit that hung. */
    private static String lastTimedOut(UnitResult result) {
        String why = null;
        for (Judged j : result.runs()) {
            why = j.result().timedOut() != null ? j.result().timedOut() : why;
        }
        return why;
    }

    private static UnitResult unit(ShardFile.UnitEntry e, Scenario catalogueScenario, String where) {
        List<Judged> runs = new ArrayList<>();
        for (ShardFile.RunEntry r : e.runs() == null ? List.<ShardFile.RunEntry>of() : e.runs()) {
            if (r.result() == null || r.firsts() == null || r.firsts().size() != r.result().failures().size()
                    || !r.result().passes() && (r.result().scenario() == null || r.result().trace() == null)) {
                throw new IllegalArgumentException(where + ": a run of unit " + e.unit() + " of row " + e.row()
                        + " is incomplete (its failures, their counterexamples, its scenario or its trace)");
            }
            runs.add(new Judged(r.result(), null, r.firsts().toArray(new Counterexample[0])));
        }
        if (catalogueScenario != null && e.coverage() == null) {
            throw new IllegalArgumentException(where + ": catalogue unit " + e.unit() + " of row " + e.row()
                    + " has no coverage");
        }
        return new UnitResult(true, runs, catalogueScenario == null ? null : e.coverage().coverage(catalogueScenario),
                e.ambiguity() == null ? List.of() : e.ambiguity());
    }

    private static String difference(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) {
                return "'" + a.get(i) + "' where it has '" + b.get(i) + "'";
            }
        }
        return a.size() > b.size() ? "it also has '" + a.get(b.size()) + "'" : "it lacks '" + b.get(a.size()) + "'";
    }
}
