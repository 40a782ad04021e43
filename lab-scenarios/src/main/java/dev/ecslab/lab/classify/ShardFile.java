package dev.ecslab.lab.classify;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.JsonFields;
import dev.ecslab.lab.results.RowTally;
import dev.ecslab.lab.results.TallyJson;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * A shard's result file ({@code shard.json}): what one share of a campaign ran, in the form a merge adds up
 * exactly as the unsharded run would have ({@link Lab#merge}).
 *
 * <p>It is self-describing: the format and its version; an {@code identity} (the lab's version and commit,
 * the command and every option that changes what runs, written by the command line) that every shard of a
 * merge must share; the share ({@code K/N}); the lab options the fold needs; the rows (each strategy's claim
 * and the executor); then the units of work the shard owns (a scenario under one configuration, in a fixed
 * enumeration). A unit that failed, hung or is a catalogue scenario is kept whole: its runs reduced to their
 * figures ({@link RunResult}), the counterexample of each failure that was the first of its scope in the shard's
 * own order (shrunk there: a first failure of the whole campaign is always a first of its shard, so the merge
 * never needs to run anything), its coverage and criterion A's lines. Passing campaign units only add counts,
 * so they are summed per row and block of {@link Lab#BLOCK} units ({@link SegmentEntry}). Where the time budget
 * stopped a row is a {@link RowStop}; criterion 6 is kept for the strategies the shard owns. A passing run keeps
 * no trace, so a shard's size is mostly its counterexamples' traces.
 *
 * <p>What it does not protect against: a file edited on purpose, with every figure kept consistent. It is
 * checked for its structure (every owned unit accounted for once, block by block, indices in range, a first
 * counterexample where the fold needs one), as a {@code matrix.json} is, and each run's record for what a lab
 * writes (a run with no failure keeps no scenario, trace, seed or configuration: a failing run whose failures
 * were removed is refused, not merged as a pass); it is not signed.
 */
public final class ShardFile {
    /** The format's name, in every file. */
    public static final String FORMAT = "ecslab-shard";
    /** The layout's version; a file of another version is refused. */
    public static final int VERSION = 2;
    /** The file's name inside a shard's output folder. */
    public static final String NAME = "shard.json";
    /** The largest shard file read. */
    public static final InputLimit MAX_BYTES = new InputLimit("ecslab.limit.shardBytes", 512L << 20, "bytes");
    /** The most JSON values a shard file read may hold. */
    public static final InputLimit MAX_VALUES = new InputLimit("ecslab.limit.shardValues", 64_000_000, "values");

    private ShardFile() {
    }

    /**
     * The file's content.
     *
     * @param identity  what every shard of one campaign shares: the lab's version, the command and its options
     * @param shard     {@code K/N}
     * @param units     units per row (the catalogue's scenarios, then the campaign's)
     * @param budgetRanOut whether this shard's time budget ran out before every unit it owns had started
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Content(String format, int version, List<String> identity, String shard, Settings settings,
            List<RowHead> rows, int units, List<UnitEntry> results, List<SegmentEntry> segments, List<RowStop> stops,
            List<MemoryEntry> memory, boolean budgetRanOut, double seconds) {
    }

    /**
     * The shard's passing campaign runs of one block of a row ({@link Lab#BLOCK} units of the enumeration), summed:
     * a passing run only adds to counts, so their sum is all a merge needs of them. Each cell is written as
     * {@code matrix.json} writes one ({@link TallyJson}), with its criterion and criterion 1's delays, and read back
     * with the same checks.
     *
     * @param units how many of the shard's units of the block it sums
     */
    public record SegmentEntry(int row, int block, int units, List<JsonNode> cells) {
        /** The block's sums: a cell per criterion that any of its runs judged, in {@link TallyJson#summed}'s form. */
        static SegmentEntry of(int row, int block, int units, RowTally sum) {
            List<JsonNode> cells = new ArrayList<>();
            sum.cells().forEach((c, cell) -> cells.add(ScenarioJson.MAPPER.valueToTree(TallyJson.summed(c, cell))));
            return new SegmentEntry(row, block, units, cells);
        }

        /** The block's sums as a row's tally; {@code in} says where a cell is wrong ({@code at}: this entry). */
        RowTally tally(JsonFields in, String at) {
            RowTally sum = RowTally.NONE;
            for (int j = 0; j < cells.size(); j++) {
                sum = sum.plus(TallyJson.summed(in, cells.get(j), at + ".cells[" + j + "]"));
            }
            return sum;
        }
    }

    /** The first block of a row the shard did not run (its time budget had run out): none of its units from there on ran. */
    public record RowStop(int row, int block) {
    }

    /** The lab options a fold and the matrix need ({@code layout} null in files made before it existed: mixed). */
    public record Settings(int tries, List<Long> catalogueSeeds, long campaignSeed, boolean memory, int executors,
            dev.ecslab.lab.scenario.LabLayout layout) {
        public dev.ecslab.lab.scenario.LabLayout layoutOrDefault() {
            return layout == null ? dev.ecslab.lab.scenario.LabLayout.MIXED : layout;
        }
    }

    /** A row: the strategy as the run saw it (its claim and delay) and the executor's id. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RowHead(String strategy, ChangeFlavor flavor, ClaimedClass claimed, String description, int delayFrames,
            PluginJar jar, String executor, PluginJar executorJar) {
    }

    /**
     * One unit that ran and is kept whole (it failed, hung, or is a catalogue scenario): its runs, a catalogue
     * scenario's coverage and criterion A's lines. Units that did not run are the rows' {@link RowStop}s.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UnitEntry(int row, int unit, List<RunEntry> runs, CoverageEntry coverage,
            List<String> ambiguity) {
    }

    /** A run's figures and, per failure, the counterexample made when it was the first of its scope (else null). */
    public record RunEntry(RunResult result, List<Counterexample> firsts) {
    }

    /** A catalogue scenario's coverage, as {@link Coverage#recorded} takes it back. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CoverageEntry(Map<String, EnumSet<Coverage.Order>> pairs, int runs, int freeRuns, int distinctSchedules,
            double estimatedSchedules, ExhaustiveSearch.Result search) {
        static CoverageEntry of(Coverage c) {
            return new CoverageEntry(c.pairs(), c.runs(), c.freeRuns(), c.distinctSchedules(), c.estimatedSchedules(),
                    c.search());
        }

        Coverage coverage(Scenario scenario) {
            return Coverage.recorded(scenario, pairs, runs, freeRuns, distinctSchedules, estimatedSchedules, search);
        }
    }

    /** Criterion 6 of one strategy (tracker index among the rows' strategies). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MemoryEntry(int tracker, RunResult run, boolean crashed, boolean passes, String describe,
            Scenario scenario, Trace trace) {
    }

    static RowHead head(TrackerSubject t, ExecutorSubject e) {
        return new RowHead(t.id(), t.flavor(), t.claimed(), t.description(), t.delayFrames(), t.jar(), e.id(), e.jar());
    }

    /** The strategy of a row read back: it answers every question a report asks, and refuses to run. */
    static TrackerSubject subject(RowHead h) {
        return new TrackerSubject(h.strategy(), h.flavor(), h.claimed(), h.description(), () -> {
            throw new IllegalStateException("a strategy read from a shard file does not run");
        }, h.delayFrames(), h.jar());
    }

    /** Writes {@code content} to {@code file}. */
    public static void write(Path file, Content content) {
        ScenarioJson.writeCompact(file, content);
    }

    /**
     * Reads a shard file strictly: a regular file of at most {@link #MAX_BYTES}, UTF-8, JSON of this format and
     * version, every field bound.
     *
     * @throws BadInputException naming the file, and the line and path of what is wrong
     */
    public static Content read(Path file) {
        String source = file.toString();
        JsonDocument doc = JsonDocument.readVersioned(file, FORMAT, VERSION, "shard file", MAX_BYTES, MAX_VALUES);
        Content c = doc.bind(Content.class);
        if (c.identity() == null || c.shard() == null || c.settings() == null || c.rows() == null || c.results() == null
                || c.segments() == null || c.stops() == null || c.memory() == null) {
            throw new BadInputException(source, "", "lacks one of identity, shard, settings, rows, results, segments, stops"
                    + " or memory");
        }
        check(c, doc);
        return c;
    }

    /**
     * What binding leaves unchecked and a merge would trip over: null entries, a run without its figures, a
     * counterexample without its scenario or trace, coverage without its pairs, summed cells without their
     * criterion, and negative counts (a count a lab never writes).
     */
    private static void check(Content c, JsonDocument doc) {
        for (int i = 0; i < c.rows().size(); i++) {
            need(doc, c.rows().get(i) != null, "rows[" + i + "]", "is null; expected a row");
        }
        for (int i = 0; i < c.results().size(); i++) {
            String at = "results[" + i + "]";
            UnitEntry e = c.results().get(i);
            need(doc, e != null, at, "is null; expected a unit's results");
            if (e.runs() != null) {
                for (int j = 0; j < e.runs().size(); j++) {
                    String run = at + ".runs[" + j + "]";
                    RunEntry r = e.runs().get(j);
                    need(doc, r != null, run, "is null; expected a run");
                    need(doc, r.result() != null, run, "lacks its \"result\"");
                    consistent(doc, r.result(), run + ".result");
                    if (r.firsts() != null) {
                        for (int k = 0; k < r.firsts().size(); k++) {
                            Counterexample x = r.firsts().get(k);
                            need(doc, x == null || x.criterion() != null && x.scope() != null && x.scenario() != null
                                    && x.trace() != null && x.message() != null && x.config() != null, run + ".firsts[" + k
                                    + "]", "is a counterexample without its criterion, scope, message, scenario, config or"
                                    + " trace");
                        }
                    }
                }
            }
            if (e.coverage() != null) {
                need(doc, e.coverage().pairs() != null, at + ".coverage", "lacks its \"pairs\"");
                e.coverage().pairs().forEach((pair, orders) -> need(doc, pair != null && orders != null
                        && !orders.contains(null), at + ".coverage.pairs", "holds a null pair or order"));
            }
            if (e.ambiguity() != null) {
                need(doc, !e.ambiguity().contains(null), at + ".ambiguity", "holds null; expected text");
            }
        }
        for (int i = 0; i < c.segments().size(); i++) {
            String at = "segments[" + i + "]";
            SegmentEntry g = c.segments().get(i);
            need(doc, g != null, at, "is null; expected a summed block");
            if (g.cells() == null) {
                continue;                                 // Lab.merge says the block is empty
            }
            for (int j = 0; j < g.cells().size(); j++) {
                JsonNode cell = g.cells().get(j);
                need(doc, cell != null && !cell.isNull(), at + ".cells[" + j + "]", "is null; expected a cell's sums");
                need(doc, cell.isObject(), at + ".cells[" + j + "]", "is not an object; expected a cell's sums");
            }
            g.tally(new JsonFields(doc), at);
        }
        for (int i = 0; i < c.stops().size(); i++) {
            need(doc, c.stops().get(i) != null, "stops[" + i + "]", "is null; expected a stop");
        }
        for (int i = 0; i < c.memory().size(); i++) {
            need(doc, c.memory().get(i) != null, "memory[" + i + "]", "is null; expected criterion 6's result");
        }
    }

    /**
     * A run's result as {@link RunResult#of} makes it: a run that failed keeps the scenario and trace its
     * counterexamples show; a run that passed keeps neither, nor a seed, configuration or reason. A result that
     * is neither (a failing run's record with its failures removed, say) was not written by a lab, and a merge
     * that believed it would count a failing run as a pass.
     */
    private static void consistent(JsonDocument doc, RunResult r, String path) {
        if (r.failures() == null || r.failures().isEmpty()) {
            need(doc, r.scenario() == null && r.trace() == null && r.config() == null && r.notShrunk() == null
                    && r.seed() == 0, path, "has no failure but keeps a failing run's seed, configuration, scenario or"
                    + " trace: a lab writes those only for a run that failed (was the file edited after the lab wrote it?)");
        } else {
            need(doc, r.scenario() != null && r.trace() != null, path, "has failures but lacks the scenario or trace"
                    + " they were found in");
        }
    }

    private static void need(JsonDocument doc, boolean holds, String path, String problem) {
        if (!holds) {
            throw doc.at(path, problem, null);
        }
    }
}
