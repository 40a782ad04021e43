package dev.ecslab.lab.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The JSON form of a cell's tally and of delay figures, written and read in one place: what {@code matrix.json}
 * holds per criterion of a row ({@code rows[i].criteria.<code>}) and per delay ({@code rows[i].delays.all}), and
 * the checks a file read back must pass (the statuses it records are the ones its figures give, a failing cell
 * lists its counterexample, a scope has one). Why here: a figure added to {@link CellTally} is written and read
 * beside it, not in the reports. Counterexamples are the caller's (a report names each by its replay file).
 *
 * <p>Contract: {@link #cell(JsonFields, Criterion, JsonNode, String, Function)} of what {@link #cell(Criterion,
 * CellTally, Function)} wrote answers every question of the cell as the written one did; anything wrong is a
 * {@link dev.ecslab.ecs.input.BadInputException} naming the path.
 */
public final class TallyJson {
    /** Where counterexamples read back are found: after everything, in the order they are read. */
    private static final long READ = Long.MAX_VALUE;

    private TallyJson() {
    }

    /** Reads the counterexample at a path of a file. */
    @FunctionalInterface
    public interface CounterexampleReader {
        Counterexample read(JsonNode j, String at);
    }

    /**
     * A cell: status ({@code pass}, {@code fail}, {@code not-judged}), evidence, runs, failed runs, note, the first
     * counterexample of each scope and, for criteria 1 and 2 (and any other judged per class), the class tallies.
     */
    public static Map<String, Object> cell(Criterion criterion, CellTally cell,
            Function<Counterexample, Map<String, Object>> counterexample) {
        Map<String, Object> cj = new LinkedHashMap<>();
        cj.put("status", cell.status().json());
        cj.put("evidence", cell.evidence());
        cj.put("judgedRuns", cell.judgedRuns());
        cj.put("failedRuns", cell.failedRuns());
        cj.put("note", cell.note());
        List<Object> failures = new ArrayList<>();
        cell.failures().forEach((scope, x) -> failures.add(counterexample.apply(x.value())));
        cj.put("failures", failures);
        boolean perClass = perClass(criterion);
        if (perClass || !cell.classes().isEmpty()) {
            Map<String, Object> classes = new LinkedHashMap<>();
            for (ScenarioClass cls : ScenarioClass.values()) {
                if (!perClass && !cell.classes().containsKey(cls)) {
                    continue;
                }
                ClassTally t = cell.inClass(cls);
                Map<String, Object> tj = new LinkedHashMap<>();
                tj.put("status", t.status().json());
                tj.put("evidence", t.evidence());
                tj.put("failedRuns", t.failedRuns());
                tj.put("first", t.first() == null ? null : counterexample.apply(t.first()));
                classes.put(cls.title(), tj);
            }
            cj.put("classes", classes);
        }
        return cj;
    }

    /** Criteria 1 and 2 list every class, judged or not; the others only the classes they judged. */
    private static boolean perClass(Criterion c) {
        return c == Criterion.AT_LEAST_ONCE || c == Criterion.AT_MOST_ONCE;
    }

    /**
     * Reads a cell written by {@link #cell(Criterion, CellTally, Function)} at {@code at}, checking that the statuses
     * it records are the ones its figures give.
     */
    public static CellTally cell(JsonFields in, Criterion criterion, JsonNode j, String at, CounterexampleReader counterexamples) {
        int judgedRuns = in.integer(j, "judgedRuns", at);
        long evidence = in.count(j, "evidence", at);
        int failedRuns = in.integer(j, "failedRuns", at);
        String note = in.text(j, "note", at);
        SortedMap<Scope, First<Counterexample>> failures = new TreeMap<>(CellTally.NONE.failures().comparator());
        JsonNode fj = in.array(j, "failures", at);
        int order = 0;
        for (int i = 0; i < fj.size(); i++) {
            Counterexample x = counterexamples.read(fj.get(i), at + ".failures[" + i + "]");
            if (failures.containsKey(x.scope())) {
                throw in.bad(at + ".failures[" + i + "]", "a second counterexample for scope " + x.scope()
                        + " (a cell keeps the first of each scope)");
            }
            failures.put(x.scope(), new First<>(READ, order++, x));
        }
        // the lab records a failing run and its counterexample together: a cell that failed runs has one
        if ((failedRuns > 0) != !failures.isEmpty()) {
            throw in.bad(at + ".failedRuns", "is " + failedRuns + ", but the cell lists " + failures.size()
                    + " counterexample(s): the figures contradict each other");
        }
        Map<ScenarioClass, ClassTally> classes = new EnumMap<>(ScenarioClass.class);
        JsonNode cj = j.path("classes");
        if (!cj.isMissingNode()) {
            for (ScenarioClass cls : ScenarioClass.values()) {
                JsonNode t = cj.path(cls.title());
                if (t.isMissingNode()) {
                    continue;
                }
                String where = at + ".classes." + cls.title();
                JsonNode first = t.path("first");
                int classFailed = in.integer(t, "failedRuns", where);
                boolean hasFirst = !(first.isNull() || first.isMissingNode());
                if ((classFailed > 0) != hasFirst) {
                    throw in.bad(where + ".failedRuns", "is " + classFailed + (hasFirst ? ", but the class has a first"
                            + " counterexample" : ", but the class has no first counterexample")
                            + ": the figures contradict each other");
                }
                ClassTally tally = new ClassTally(in.integer(t, "evidence", where), classFailed,
                        hasFirst ? new First<>(READ, order++, counterexamples.read(first, where + ".first")) : null);
                classes.put(cls, tally);
                in.check(where + ".status", in.text(t, "status", where), tally.status().json());
            }
        }
        CellTally cell = new CellTally(judgedRuns, evidence, failedRuns, failures, classes, DelayTally.NONE, Map.of(), note);
        in.check(at + ".status", in.text(j, "status", at), cell.status().json());
        return cell;
    }

    /**
     * Delay figures: obligations, reported, on time, late, never, later than the claim allows, the largest and mean
     * delays of the reported, and their sums (the mean times the reported, so a reader gets the sums back exactly).
     */
    public static Map<String, Object> delays(DelayTally f) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("obligations", f.obligations());
        out.put("reported", f.reported());
        out.put("onTime", f.reported() - f.late());
        out.put("late", f.late());
        out.put("missed", f.missed());
        out.put("tooLate", f.tooLate());
        out.put("maxRuns", f.maxRuns());
        out.put("maxFrames", f.maxFrames());
        out.put("meanRuns", f.meanRuns());
        out.put("meanFrames", f.meanFrames());
        out.put("sumRuns", Math.round(f.meanRuns() * f.reported()));      // the mean is the sum over the reported
        out.put("sumFrames", Math.round(f.meanFrames() * f.reported()));
        return out;
    }

    /**
     * A cell summed from passing runs, as a shard keeps it: its criterion, the cell ({@link #cell(Criterion, CellTally,
     * Function)}) and, when it has any, criterion 1's delays over all classes and per class. It holds no
     * counterexample (a failing run is kept whole).
     */
    public static Map<String, Object> summed(Criterion criterion, CellTally cell) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("criterion", criterion.code());
        out.putAll(cell(criterion, cell, x -> {
            throw new IllegalArgumentException("a summed cell holds no counterexample");
        }));
        if (cell.delays().obligations() > 0 || !cell.delaysByClass().isEmpty()) {
            out.put("delays", delays(cell.delays()));
            Map<String, Object> byClass = new LinkedHashMap<>();
            cell.delaysByClass().forEach((cls, d) -> byClass.put(cls.title(), delays(d)));
            out.put("delaysByClass", byClass);
        }
        return out;
    }

    /** Reads a cell written by {@link #summed} at {@code at}: its criterion's tally. */
    public static RowTally summed(JsonFields in, JsonNode j, String at) {
        Criterion criterion = criterion(in, in.text(j, "criterion", at), at + ".criterion");
        CellTally cell = cell(in, criterion, j, at, (x, where) -> {
            throw in.bad(where, "a summed cell holds no counterexample (a failing run is kept whole)");
        });
        if (j.has("delays")) {
            Map<ScenarioClass, DelayTally> byClass = new EnumMap<>(ScenarioClass.class);
            JsonNode bj = in.object(j, "delaysByClass", at);
            for (ScenarioClass cls : ScenarioClass.values()) {
                if (bj.has(cls.title())) {
                    byClass.put(cls, delays(in, in.object(bj, cls.title(), at + ".delaysByClass"),
                            at + ".delaysByClass." + cls.title()));
                }
            }
            cell = cell.plus(CellTally.delays(delays(in, in.object(j, "delays", at), at + ".delays"), byClass));
        }
        return RowTally.of(criterion, cell);
    }

    /** The criterion whose code is {@code code}, read at {@code at}. */
    static Criterion criterion(JsonFields in, String code, String at) {
        for (Criterion c : Criterion.values()) {
            if (c.code().equals(code)) {
                return c;
            }
        }
        throw in.bad(at, "'" + code + "' is not a criterion's code");
    }

    /** Reads delay figures written by {@link #delays(DelayTally)} at {@code at}. */
    public static DelayTally delays(JsonFields in, JsonNode f, String at) {
        long reported = in.count(f, "reported", at);
        long late = in.count(f, "late", at);
        if (in.count(f, "onTime", at) != reported - late) {
            throw in.bad(at + ".onTime", "is not reported minus late (" + reported + " - " + late + ")");
        }
        return new DelayTally(in.count(f, "obligations", at), reported, late, in.count(f, "missed", at),
                in.count(f, "tooLate", at), in.integer(f, "maxRuns", at), in.integer(f, "maxFrames", at),
                in.count(f, "sumRuns", at), in.count(f, "sumFrames", at));
    }
}
