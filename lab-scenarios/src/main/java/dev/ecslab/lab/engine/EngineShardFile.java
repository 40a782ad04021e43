package dev.ecslab.lab.engine;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.lab.classify.Shard;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.lab.trace.TraceConsistency;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The result file of one shard of an engine's gate ({@code lab gate --engine ID --shard K/N}), named
 * {@code shard.json} like a strategy's shard: the engine's row over the scenarios the shard owns, with each failing
 * criterion's first counterexample shrunk and kept whole (scenario and trace), so a merge runs nothing and needs no
 * engine. Merged ({@link #merge}), the shards give the row the unsharded gate gives: counts add up, and each
 * criterion's first counterexample is the one found at the lowest scenario index, whose shrink depends only on that
 * scenario.
 *
 * <p>Self-describing and checked like every file the lab reads: the format and its version, an identity (the lab's
 * version, the engine and every option that changes what runs) all shards of a merge share, the contract the engine
 * declared (every shard must have judged the same one), the share and the number of scenarios. A count a lab never
 * writes (negative, more failures than runs), a counterexample outside the shard's scenarios or whose trace does not
 * belong to its scenario, and a file past {@link #MAX_BYTES} are refused with where.
 */
public final class EngineShardFile {
    /** The format's name, in every file. */
    public static final String FORMAT = "ecslab-engine-shard";
    /** The layout's version; a file of another version is refused. */
    public static final int VERSION = 1;
    /** The largest engine shard file read. */
    public static final InputLimit MAX_BYTES = new InputLimit("ecslab.limit.engineShardBytes", 256L << 20, "bytes");
    /** The most JSON values one may hold. */
    public static final InputLimit MAX_VALUES = new InputLimit("ecslab.limit.engineShardValues", 32_000_000, "values");

    private EngineShardFile() {
    }

    /**
     * The file's content.
     *
     * @param identity  what every shard of one gate shares: the lab's version, the command and its options
     * @param shard     {@code K/N}
     * @param scenarios how many scenarios the whole gate enumerates (the shard owns those {@link Shard#owns} says)
     * @param replayArgs the options after a replay file that find the engine again ({@code --engine-jar JAR}), as
     *                  the shard's command line gave them; the merge prints them with each replay command
     */
    public record Content(String format, int version, List<String> identity, String shard, int scenarios,
            ContractEntry contract, RowEntry row, String replayArgs) {
    }

    /** The declared contract, field for field ({@link EngineContract}). */
    public record ContractEntry(String id, String name, String source, Set<WatchKind> components, Set<WatchKind> resources,
            boolean ownWrites, boolean equalWritesCount, int delayFrames, Set<EngineContract.Feature> features,
            EngineContract.Coalescing coalescing, EngineContract.SetSemantics sets) {
        static ContractEntry of(EngineContract c) {
            return new ContractEntry(c.id(), c.name(), c.source(), c.components(), c.resources(), c.ownWrites(),
                    c.equalWritesCount(), c.delayFrames(), c.features(), c.coalescing(), c.sets());
        }

        EngineContract contract() {
            return new EngineContract(id, name, source, components, resources, ownWrites, equalWritesCount, delayFrames,
                    features, coalescing, sets);
        }
    }

    /** The shard's row: its counts and a cell per criterion. */
    public record RowEntry(int ran, int narrowed, int skipped, Map<String, Integer> notExpressible, boolean late,
            List<CellEntry> cells) {
    }

    /** A criterion's runs that judged it and failed it, and its first counterexample in the shard (null if none). */
    public record CellEntry(Criterion criterion, int judged, int failed, FirstEntry first) {
    }

    /** A counterexample as {@link EngineLab.Counterexample} holds it. */
    public record FirstEntry(int index, String foundIn, String violation, Scenario shrunk, Trace trace) {
    }

    /** The content of shard {@code shard} of a gate of {@code scenarios} scenarios whose row is {@code row}. */
    public static Content of(List<String> identity, Shard shard, int scenarios, EngineLab.Row row, String replayArgs) {
        List<CellEntry> cells = new ArrayList<>();
        for (Criterion c : Criterion.values()) {
            EngineLab.Cell cell = row.cells().get(c);
            EngineLab.Counterexample f = cell.first();
            cells.add(new CellEntry(c, cell.judged(), cell.failed(), f == null ? null
                    : new FirstEntry(f.index(), f.foundIn(), f.violation(), f.shrunk(), f.trace())));
        }
        return new Content(FORMAT, VERSION, List.copyOf(identity), shard.toString(), scenarios,
                ContractEntry.of(row.contract()), new RowEntry(row.ran(), row.narrowed(), row.skipped(),
                        new TreeMap<>(row.notExpressible()), row.late(), cells), replayArgs);
    }

    public static void write(Path file, Content content) {
        ScenarioJson.writeCompact(file, content);
    }

    /** Whether {@code file}'s JSON says it is an engine shard (any other content answers false; nothing is checked). */
    public static boolean isOne(Path file) {
        try {
            String json = InputFile.readUtf8(file, MAX_BYTES);
            return FORMAT.equals(JsonDocument.parse(json, file.toString(), MAX_VALUES).jackson().path("format").asText(null));
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * Reads an engine shard strictly: a regular file of at most {@link #MAX_BYTES}, UTF-8, JSON of this format and
     * version, every field present and every count and counterexample one a lab writes.
     *
     * @throws BadInputException or {@link ScenarioException} naming the file and, inside it, the line and the field
     */
    public static Content read(Path file) {
        JsonDocument doc = JsonDocument.readVersioned(file, FORMAT, VERSION, "engine shard file", MAX_BYTES, MAX_VALUES);
        Content c = doc.bind(Content.class);
        need(doc, c.identity() != null && !c.identity().contains(null), "identity", "is missing or holds a null");
        need(doc, c.shard() != null, "shard", "is missing");
        need(doc, c.replayArgs() != null, "replayArgs", "is missing");
        Shard shard;
        try {
            shard = Shard.parse(c.shard());
        } catch (IllegalArgumentException e) {
            throw doc.at("shard", e.getMessage(), e);
        }
        need(doc, c.scenarios() >= 0, "scenarios", "is negative");
        need(doc, c.contract() != null, "contract", "is missing");
        try {
            c.contract().contract();
        } catch (RuntimeException e) {
            throw doc.at("contract", "is not a contract an engine can declare: " + e.getMessage(), e);
        }
        RowEntry r = c.row();
        need(doc, r != null, "row", "is missing");
        need(doc, r.cells() != null && r.notExpressible() != null, "row", "lacks its cells or notExpressible");
        need(doc, r.ran() >= 0 && r.narrowed() >= 0 && r.skipped() >= 0 && r.narrowed() <= r.ran(), "row",
                "has a negative count, or more narrowed scenarios than ran");
        long owned = c.scenarios() / shard.count() + (shard.index() - 1 < c.scenarios() % shard.count() ? 1 : 0);
        need(doc, (long) r.ran() + r.skipped() == owned, "row", "accounts for " + (r.ran() + r.skipped())
                + " scenario(s) (ran plus left out); shard " + shard + " of " + c.scenarios() + " owns " + owned);
        Set<Criterion> seen = new HashSet<>();
        for (int i = 0; i < r.cells().size(); i++) {
            String at = "row.cells[" + i + "]";
            CellEntry e = r.cells().get(i);
            need(doc, e != null && e.criterion() != null, at, "is null or lacks its criterion");
            need(doc, seen.add(e.criterion()), at, "repeats criterion " + e.criterion().code());
            need(doc, e.judged() >= 0 && e.failed() >= 0 && e.failed() <= e.judged() && e.judged() <= r.ran(), at,
                    "counts " + e.failed() + " failure(s) of " + e.judged() + " judged run(s) of " + r.ran()
                            + "; a lab writes 0 <= failed <= judged <= ran");
            FirstEntry f = e.first();
            boolean owed = e.failed() > 0 && c.contract().contract().applies(e.criterion());
            need(doc, owed == (f != null), at + ".first", owed ? "is missing: the criterion failed here"
                    : "is there, but the criterion did not fail here or does not apply to the contract");
            if (f == null) {
                continue;
            }
            need(doc, f.index() >= 0 && f.index() < c.scenarios() && shard.owns(f.index()), at + ".first.index",
                    "is " + f.index() + ", not one of the scenarios shard " + shard + " owns");
            need(doc, f.foundIn() != null && f.violation() != null && f.shrunk() != null && f.trace() != null,
                    at + ".first", "lacks foundIn, violation, shrunk or trace");
            ScenarioJson.checked(f.shrunk(), doc, at + ".first.shrunk.", "the engine shard");
            try {
                TraceConsistency.check(f.shrunk(), f.trace());
            } catch (ScenarioException ex) {
                throw doc.at(at + ".first.trace." + ex.path(), ex.problem(), ex);
            }
        }
        need(doc, seen.size() == Criterion.values().length, "row.cells", "has " + seen.size() + " criteria; a lab writes"
                + " all " + Criterion.values().length);
        return c;
    }

    private static void need(JsonDocument doc, boolean ok, String path, String problem) {
        if (!ok) {
            throw doc.at(path, problem, null);
        }
    }

    /** The row a shard's file holds. */
    public static EngineLab.Row row(Content c) {
        EngineContract contract = c.contract().contract();
        Map<Criterion, EngineLab.Cell> cells = new EnumMap<>(Criterion.class);
        for (CellEntry e : c.row().cells()) {
            FirstEntry f = e.first();
            cells.put(e.criterion(), new EngineLab.Cell(e.criterion(), contract.applies(e.criterion()), e.judged(), e.failed(),
                    f == null ? null : new EngineLab.Counterexample(f.index(), f.foundIn(), f.shrunk(), f.violation(), f.trace())));
        }
        return EngineLab.Row.of(contract, cells, c.row().ran(), c.row().narrowed(), c.row().skipped(), c.row().notExpressible(),
                c.row().late());
    }

    /**
     * The row of the whole gate from every one of its shards: each of 1..N given once, all with one identity, one
     * contract and one number of scenarios.
     *
     * @param names where each content was read from, for the messages
     * @throws IllegalArgumentException naming the shard that does not belong, or the shards missing
     */
    public static EngineLab.Row merge(List<Content> shards, List<String> names) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no engine shard to merge");
        }
        Content first = shards.get(0);
        int count = Shard.parse(first.shard()).count();
        Map<Integer, String> given = new TreeMap<>();
        EngineLab.Row sum = null;
        for (int i = 0; i < shards.size(); i++) {
            Content c = shards.get(i);
            String name = names.get(i);
            if (!c.identity().equals(first.identity())) {
                throw new IllegalArgumentException(name + " comes from another gate than " + names.get(0) + ": "
                        + String.join(" ", c.identity()) + " against " + String.join(" ", first.identity()));
            }
            if (!c.contract().equals(first.contract())) {
                throw new IllegalArgumentException(name + "'s engine declared another contract than " + names.get(0)
                        + "'s (a driver or jar changed between shards)");
            }
            Shard s = Shard.parse(c.shard());
            if (s.count() != count || c.scenarios() != first.scenarios()) {
                throw new IllegalArgumentException(name + " is shard " + s + " of " + c.scenarios() + " scenarios; "
                        + names.get(0) + " is one of " + count + " shards of " + first.scenarios());
            }
            String before = given.put(s.index(), name);
            if (before != null) {
                throw new IllegalArgumentException("shard " + s + " is given twice: " + before + " and " + name);
            }
            EngineLab.Row r = row(c);
            sum = sum == null ? r : sum.plus(r);
        }
        List<Integer> missing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (!given.containsKey(k)) {
                missing.add(k);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("shard(s) " + missing + " of " + count + " are missing: a merge needs every"
                    + " shard of the gate once");
        }
        return sum;
    }
}
