package dev.ecslab.reports.gate;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Promise;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.results.ClassTally;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.DelayTally;
import dev.ecslab.lab.results.MatrixJson;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.reports.verdict.VerdictWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The CI gate's verdict on one configuration (a strategy under an executor). It gates everything the
 * expected class promises ({@link Promise}), and nothing the class does not:
 * <ul>
 *   <li>always: no crash (X), ordering (O), ambiguity detection (A), a pure frame (8) and bounded
 *       memory (6, unless switched off with {@code --no-memory});</li>
 *   <li>exact: criteria 1 and 2 on every scenario class (regular, pausing, looping, commands,
 *       resources), reports on time, and so same-frame detection (3);</li>
 *   <li>exact-delayed: 1 within the claimed delay and 2, on every class; conservative: 1; flaky: 2.</li>
 * </ul>
 * A gated check that no run judged fails ("not judged" is never a pass). A check the class does not
 * promise is reported: it passes as a test case, with its finding and replay file attached.
 *
 * @param allowedDelayFrames the delay criterion 1 allowed (0: reports at the detector's first run)
 * @param notes              the replay files of the findings that were reported but not gated
 */
public record GateVerdict(String strategy, String executor, ClaimedClass expected, int allowedDelayFrames,
        MeasuredClass measured, List<Check> checks, int scenarios, long seconds, List<String> notes, String replayArgs) {

    /** A verdict whose replay files need no option beyond the file ({@link #replayArgs} empty). */
    public GateVerdict(String strategy, String executor, ClaimedClass expected, int allowedDelayFrames, MeasuredClass measured,
            List<Check> checks, int scenarios, long seconds, List<String> notes) {
        this(strategy, executor, expected, allowedDelayFrames, measured, checks, scenarios, seconds, notes, "");
    }

    /**
     * This verdict, its replay commands given {@code args} after the file: the options that find the code under test
     * again ({@code --engine-jar JAR}, {@code --engine-cmd 'CMD'}), each with a leading space.
     */
    public GateVerdict withReplayArgs(String args) {
        return new GateVerdict(strategy, executor, expected, allowedDelayFrames, measured, checks, scenarios, seconds, notes,
                args);
    }

    /** The check that every scenario of the campaign ran (a hang skips the rest of a configuration). */
    public static final String CAMPAIGN_COMPLETE = "campaign complete";

    /** What a check says. */
    public enum Status {
        PASS,
        FAIL,
        /** No run judged it: a failure when gated, a note otherwise. */
        NOT_JUDGED,
        /** Switched off by an option ({@code --no-memory}): neither gated nor judged, and said so. */
        NOT_RUN
    }

    /**
     * One line of the verdict, one JUnit test case. {@code gating} checks decide the exit code. The
     * {@code name} says what is checked (the criterion and the scenario class, or the class promised), never
     * how it came out, so a CI dashboard follows one test across passing and failing builds; every
     * verdict of one expected class has the same checks, in the same order.
     *
     * @param replayFile the first counterexample's replay file, or {@code ""}
     */
    public record Check(String name, boolean gating, Status status, String detail, String replayFile) {
        /** True when this check does not fail the gate. */
        public boolean holds() {
            return !gating || status == Status.PASS;
        }
    }

    public boolean passes() {
        return checks.stream().allMatch(Check::holds);
    }

    /**
     * Builds the verdict from a one-row matrix.
     *
     * @param files     each counterexample's replay file (as {@code MatrixReport.write} returned it), to cite
     * @param memoryRun whether criterion 6 ran (false with {@code --no-memory})
     */
    public static GateVerdict of(Matrix m, ClaimedClass expected, long seconds, Map<Counterexample, String> files,
            boolean memoryRun) {
        if (m.rows().size() != 1) {
            throw new IllegalArgumentException("the gate judges one configuration, the matrix has " + m.rows().size());
        }
        Row row = m.rows().get(0);
        Promise promise = new Promise(expected, row.allowedDelayFrames());
        MeasuredClass measured = row.measured();
        List<Check> checks = new ArrayList<>();
        List<String> notes = new ArrayList<>();

        checks.add(cellCheck(row, Criterion.CRASH, true, files));
        boolean meets = measured.meets(expected);
        checks.add(new Check(classCheckName(promise), true, meets ? Status.PASS : Status.FAIL,
                "measured " + measured.label() + horizon(row) + "; " + (meets ? byClass(row) : classDetail(row, promise)),
                first(row, files)));
        checks.add(pastHorizonCheck(row));
        for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
            boolean gating = promise.covers(c);
            Cell cell = row.cell(c);
            for (ScenarioClass cls : ScenarioClass.values()) {
                ClassTally t = cell.inClass(cls);
                Status s = status(t.status());
                String detail = switch (s) {
                    case PASS -> t.evidence() + " change(s) judged";
                    case FAIL -> t.failedRuns() + " run(s) failed; first: " + t.first().oneLine();
                    default -> "not judged: no " + cls.title() + " scenario gave this criterion anything to judge";
                };
                checks.add(new Check(c.code() + " " + c.title() + " [" + cls.title() + "]", gating, s, detail,
                        t.first() == null ? "" : files.getOrDefault(t.first(), "")));
            }
        }
        checks.add(timeliness(row, promise));
        checks.add(cellCheck(row, Criterion.SAME_FRAME, promise.sameFrame(), files));
        if (memoryRun) {
            checks.add(cellCheck(row, Criterion.BOUNDED_MEMORY, true, files));
        } else {
            checks.add(new Check(Criterion.BOUNDED_MEMORY.code() + " " + Criterion.BOUNDED_MEMORY.title(), false,
                    Status.NOT_RUN, "not run: switched off with --no-memory", ""));
        }
        checks.add(cellCheck(row, Criterion.PURE_FUNCTION, true, files));
        checks.add(cellCheck(row, Criterion.ORDERING, true, files));
        boolean ambiguityOk = m.ambiguity().isEmpty();
        checks.add(new Check("A " + Criterion.AMBIGUITY.title(), true, m.scenarios() == 0 ? Status.NOT_JUDGED
                : ambiguityOk ? Status.PASS : Status.FAIL, ambiguityOk ? "checked on " + m.scenarios()
                + " scenarios" : String.join("\n", m.ambiguity()), ""));
        checks.add(new Check(CAMPAIGN_COMPLETE, true, row.skipped() == null ? Status.PASS : Status.FAIL,
                row.skipped() == null ? "every scenario of the campaign ran" : row.skipped(), ""));
        for (Check c : checks) {
            if (!c.gating() && c.status() == Status.FAIL && !c.replayFile().isEmpty() && !notes.contains(c.replayFile())) {
                notes.add(c.replayFile());
            }
        }
        return new GateVerdict(row.strategy(), row.executor(), expected, row.allowedDelayFrames(), measured, checks,
                m.scenarios(), seconds, notes);
    }

    private static Status status(CellStatus s) {
        return switch (s) {
            case PASS -> Status.PASS;
            case FAIL -> Status.FAIL;
            case NOT_JUDGED -> Status.NOT_JUDGED;
        };
    }

    private static Check cellCheck(Row row, Criterion c, boolean gating, Map<Counterexample, String> files) {
        Cell cell = row.cell(c);
        Status s = status(cell.status());
        String detail = switch (s) {
            case PASS -> cell.judgedRuns() + " scenario run(s), " + cell.evidence() + " judged"
                    + (cell.note().isEmpty() ? "" : "; " + cell.note());
            case FAIL -> cell.failedRuns() + " of " + cell.judgedRuns() + " run(s) failed; first: " + cell.first().oneLine()
                    + (cell.note().isEmpty() ? "" : "\n" + cell.note());
            default -> "not judged: no scenario run judged it";
        };
        return new Check(c.code() + " " + c.title(), gating, s, detail,
                cell.first() == null ? "" : files.getOrDefault(cell.first(), ""));
    }

    /** Criterion 1's timing: no report later than the claim allows (misses are the class checks' business). */
    private static Check timeliness(Row row, Promise promise) {
        DelayTally d = row.cell(Criterion.AT_LEAST_ONCE).delays().all();
        int allowed = promise.delayFrames();
        String name = "1 timeliness (allowed: " + (allowed == 0 ? "the detector's first run"
                : "its first run " + allowed + " frame(s) later") + ")";
        if (d.reported() == 0) {
            return new Check(name, promise.atLeastOnce(), Status.NOT_JUDGED, "not judged: no change was reported", "");
        }
        boolean ok = d.tooLate() == 0;
        return new Check(name, promise.atLeastOnce(), ok ? Status.PASS : Status.FAIL, VerdictWords.timeliness(d), "");
    }

    /**
     * The name of the check that the measured class keeps the promises of the expected one: {@code "class:
     * exact-delayed, up to 1 frame(s) late"} (the expected class, not the measured one).
     */
    static String classCheckName(Promise promise) {
        return "class: " + promise.describe();
    }

    /**
     * The claim's horizon when it has one: " within the claimed horizon (a reader away at most 64 frame(s));
     * past it, changes are reported, not gated".
     */
    static String horizon(Row row) {
        dev.ecslab.ecs.change.Horizon h = row.subject().horizon();
        return h.coversEveryAbsence() ? "" : " within the claimed horizon (" + h.describe()
                + "); past it, what a detector is not told is reported, not gated"
                + (row.pastHorizon().runs() == 0 ? ": nothing this time" : ": " + row.pastHorizon().describe());
    }

    /** The name of the check of what happened past a claim's horizon (one name for every claim). */
    public static final String PAST_HORIZON = "past the claimed horizon";

    /**
     * What happened past the claim's horizon, as a check that is reported and never gated: it reaches the
     * JUnit XML as a passing test case with its finding, and GitHub as a notice. Every verdict has it, under
     * one name, so every verdict of one expected class keeps the same checks; a claim that covers every
     * absence has no horizon to go past, and says so.
     */
    static Check pastHorizonCheck(Row row) {
        dev.ecslab.ecs.change.Horizon h = row.subject().horizon();
        if (h.coversEveryAbsence()) {
            return new Check(PAST_HORIZON, false, Status.PASS, "none: the claim covers every absence", "");
        }
        Row.PastHorizon past = row.pastHorizon();
        return past.runs() == 0
                ? new Check(PAST_HORIZON, false, Status.PASS, h.describe() + ": no run missed a change past it", "")
                : new Check(PAST_HORIZON, false, Status.FAIL, h.describe() + ": " + past.describe(), "");
    }

    /** The measured class on each scenario class, in one line. */
    static String byClass(Row row) {
        List<String> parts = new ArrayList<>();
        for (ScenarioClass cls : ScenarioClass.values()) {
            parts.add(cls.title() + " " + row.measured(cls).label());
        }
        return "by scenario class: " + String.join(", ", parts);
    }

    private static String classDetail(Row row, Promise promise) {
        StringBuilder b = new StringBuilder(byClass(row));
        if (row.cell(Criterion.CRASH).fails()) {
            b.append("\nthe code under test crashed: ").append(row.cell(Criterion.CRASH).first().oneLine());
        }
        for (Criterion c : List.of(Criterion.ORDERING, Criterion.BOUNDED_MEMORY, Criterion.PURE_FUNCTION)) {
            if (row.cell(c).fails()) {
                b.append("\nbroken invariant, ").append(c).append(": ").append(row.cell(c).first().oneLine());
            }
        }
        for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
            Cell cell = row.cell(c);
            if (cell.fails() && promise.covers(c)) {
                b.append('\n').append(c.code()).append(' ').append(c.title()).append(" fails: ").append(cell.first().oneLine());
            } else if (cell.status() == CellStatus.NOT_JUDGED) {
                b.append('\n').append(c.code()).append(' ').append(c.title()).append(" was not judged by any run");
            }
        }
        return b.toString();
    }

    private static String first(Row row, Map<Counterexample, String> files) {
        for (Criterion c : List.of(Criterion.CRASH, Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
            Counterexample x = row.cell(c).first();
            if (x != null && files.containsKey(x)) {
                return files.get(x);
            }
        }
        return "";
    }

    /**
     * A class as the command line writes it ({@code --expect exact-delayed}): the one spelling of a class in
     * every output (terminal, JUnit XML, annotations, {@code matrix.json}).
     */
    public static String name(ClaimedClass c) {
        return MatrixJson.name(c);
    }

    /**
     * The verdict for an engine under test, from its row ({@link dev.ecslab.lab.engine.EngineLab}): the same checks,
     * names and gating as a strategy's where the engine's contract makes the criterion meaningful; a criterion it does
     * not (ordering, ambiguity, memory, and the views of what it cannot express) is a check that is neither gated
     * nor judged, said so, never a pass. A campaign in which the contract expressed no scenario fails.
     *
     * @param files each failing criterion's counterexample file, relative to the gate's output folder
     */
    public static GateVerdict ofEngine(dev.ecslab.lab.engine.EngineLab.Row row, ClaimedClass expected, long seconds,
            Map<Criterion, String> files) {
        var contract = row.contract();
        Promise promise = new Promise(expected, contract.delayFrames());
        List<Check> checks = new ArrayList<>();
        MeasuredClass measured = row.measured();
        boolean meets = measured.meets(expected);
        for (Criterion c : List.of(Criterion.CRASH, Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING, Criterion.PURE_FUNCTION, Criterion.ORDERING,
                Criterion.AMBIGUITY, Criterion.BOUNDED_MEMORY)) {
            var cell = row.cells().get(c);
            String name = c.code() + " " + c.title();
            if (!cell.applicable()) {
                checks.add(new Check(name, false, Status.NOT_RUN, "not applicable to this engine: " + switch (c) {
                    case ORDERING, AMBIGUITY -> "the lab schedules the engine's systems itself, one at a time";
                    case BOUNDED_MEMORY -> "the lab cannot read the engine's memory";
                    case SAME_FRAME -> "its contract allows " + contract.delayFrames() + " frame(s) of delay";
                    default -> "its contract does not express the scenarios the criterion is judged on";
                }, ""));
                continue;
            }
            Status st = cell.failed() > 0 ? Status.FAIL : cell.judged() == 0 ? Status.NOT_JUDGED : Status.PASS;
            String detail = st == Status.PASS ? "held in " + cell.judged() + " run(s)"
                    : st == Status.NOT_JUDGED ? "not judged: no run judged it"
                    : "failed in " + cell.failed() + " of " + cell.judged() + " run(s): " + cell.first().violation()
                            + " (shrunk from " + cell.first().foundIn() + ")";
            // 7 and L are views of 1 and 2 on the pausing and looping scenarios, which the checks of 1 and 2 already gate
            // as the class promises: gated themselves, a criterion-2 failure in a loop would fail a conservative gate.
            checks.add(new Check(name, !c.isClassView() && promise.covers(c), st, detail, files.getOrDefault(c, "")));
            if (c == Criterion.CRASH) {
                checks.add(new Check(classCheckName(promise), true, meets ? Status.PASS : Status.FAIL,
                        "measured " + measured.label(), ""));
            }
        }
        checks.add(new Check(CAMPAIGN_COMPLETE, true, row.ran() > 0 ? Status.PASS : Status.FAIL, row.ran() > 0
                ? row.ran() + " scenario(s) ran (" + row.narrowed() + " narrowed to the contract), " + row.skipped()
                        + " could not be expressed"
                : "the engine's contract expressed none of the " + row.skipped() + " scenario(s): nothing was judged", ""));
        return new GateVerdict(contract.id(), dev.ecslab.lab.engine.EngineRunner.DRIVER, expected, contract.delayFrames(),
                measured, checks, row.ran(), seconds, List.of());
    }

    /** A measured class in the same spelling ({@code exact-delayed}, {@code not-judged}). */
    public static String name(MeasuredClass m) {
        return MatrixJson.name(m);
    }
}
