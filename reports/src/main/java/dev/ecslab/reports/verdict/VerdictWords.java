package dev.ecslab.reports.verdict;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Promise;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.results.ClassTally;
import dev.ecslab.lab.results.DelayTally;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words the report uses for a row's verdicts, shared by every format so the terminal,
 * {@code matrix.md}, {@code matrix.json} and the HTML page say the same thing.
 *
 * <p>Contract: a cell has three outcomes and each has its own word; "not judged" is never worded,
 * coloured or counted as a pass. The measured class of a row is the weakest over the scenario
 * classes, so the words always name the classes that broke a claim; a crash breaks every claim.
 */
public final class VerdictWords {
    /** The scenario classes in the order the report shows them. */
    public static final List<ScenarioClass> CLASSES = List.of(ScenarioClass.values());

    /** The text a report explains the outcomes and the classes with (shared by Markdown and HTML). */
    public static final String RULES = "A cell is `pass` (runs judged it and none violated it), `FAIL` (some run violated"
            + " it; the failing scopes and the first counterexample follow) or `not judged` (no run judged it: never a pass)."
            + " X is a verdict of its own: an exception from the strategy or the executor under test makes the row broken."
            + " Criteria 1 and 2 are judged on every scenario class (regular, pausing, looping, commands, resources) and the"
            + " measured class is the weakest over all of them: exact (1 and 2 hold, every change reported by the detector's"
            + " first run after it), exact-delayed (1 and 2 hold, some reports late but within the delay the claim allows),"
            + " conservative (1 only), flaky (2 only), broken (neither, or a crash), not judged (1 or 2 judged nothing)."
            + " A report later than the claim allows fails criterion 1. Columns 7 and L are views: criterion 1 on pausing"
            + " scenarios, criteria 1 and 2 on looping ones.";

    private VerdictWords() {
    }

    /** {@code pass}, {@code FAIL} or {@code not judged}. */
    public static String status(CellStatus s) {
        return switch (s) {
            case PASS -> "pass";
            case FAIL -> "FAIL";
            case NOT_JUDGED -> "not judged";
        };
    }


    /** The claim in words: {@code (mutant)}, {@code exact}, {@code exact-delayed, up to 1 frame}. */
    public static String claimed(Row r) {
        if (r.claimed() == null) {
            return "(mutant)";
        }
        String name = r.claimed().name().toLowerCase(Locale.ROOT).replace('_', '-');
        return r.allowedDelayFrames() == 0 ? name : name + ", up to " + frames(r.allowedDelayFrames());
    }

    /** The delay criterion 1 allows: {@code none} or {@code up to 1 frame}. */
    public static String allowedDelay(Row r) {
        return r.allowedDelayFrames() == 0 ? "none" : "up to " + frames(r.allowedDelayFrames());
    }

    /** The claim a row is held to: its own, or exact for a mutant (it claims nothing). */
    public static ClaimedClass heldTo(Row r) {
        return r.claimed() == null ? ClaimedClass.EXACT : r.claimed();
    }

    /**
     * What broke the row's claim: {@code crash} when the code under test threw, then every scenario
     * class in which criterion 1 or 2 failed where the claim promises it. Empty when nothing broke it
     * (the row agrees, measures better than it claims, or was not judged).
     */
    public static List<String> brokenBy(Row r) {
        List<String> out = new ArrayList<>();
        if (r.cell(Criterion.CRASH).fails()) {
            out.add("crash");
        }
        out.addAll(classesBreaking(r).stream().map(ScenarioClass::title).toList());
        return out;
    }

    /** The scenario classes in which a criterion the claim promises (1 or 2) failed. */
    public static List<ScenarioClass> classesBreaking(Row r) {
        Promise p = Promise.of(r);
        List<ScenarioClass> out = new ArrayList<>();
        for (ScenarioClass cls : CLASSES) {
            boolean first = p.atLeastOnce() && r.cell(Criterion.AT_LEAST_ONCE).inClass(cls).status() == CellStatus.FAIL;
            boolean second = p.atMostOnce() && r.cell(Criterion.AT_MOST_ONCE).inClass(cls).status() == CellStatus.FAIL;
            if (first || second) {
                out.add(cls);
            }
        }
        return out;
    }

    /** {@code "broken by: pausing, looping"}, or {@code ""} when nothing broke the claim. */
    public static String brokenByWords(Row r) {
        List<String> by = brokenBy(r);
        return by.isEmpty() ? "" : "broken by: " + String.join(", ", by);
    }

    /** The measured class and whether it agrees: {@code "flaky ✗ disagrees, broken by: pausing"}. */
    public static String measured(Row r) {
        String out = r.measured().label();
        if (r.claimed() != null) {
            out += r.agrees() ? " ✓" : " ✗ disagrees";
        }
        String by = brokenByWords(r);
        return by.isEmpty() ? out : out + ", " + by;
    }

    /** True when every scenario class measured the same class as the row as a whole. */
    public static boolean sameInEveryClass(Row r) {
        MeasuredClass all = r.measured();
        return CLASSES.stream().allMatch(c -> r.measured(c) == all);
    }

    /** {@code "regular exact, pausing flaky, looping flaky, commands exact, resources not judged"}. */
    public static String byClass(Row r) {
        List<String> parts = new ArrayList<>();
        for (ScenarioClass c : CLASSES) {
            parts.add(c.title() + " " + r.measured(c).label());
        }
        return String.join(", ", parts);
    }

    /**
     * One class of a row in words: the class measured there, then what failed in it:
     * {@code "flaky (1 failed in 3 runs)"}, {@code "exact"}, {@code "not judged"}.
     */
    public static String inClass(Row r, ScenarioClass cls) {
        List<String> failed = new ArrayList<>();
        for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
            ClassTally t = r.cell(c).inClass(cls);
            if (t.status() == CellStatus.FAIL) {
                failed.add(c.code() + " failed in " + runs(t.failedRuns()));
            }
        }
        String m = r.measured(cls).label();
        return failed.isEmpty() ? m : m + " (" + String.join(", ", failed) + ")";
    }

    /** The scenario classes in which a cell failed (for criteria 1 and 2 and their views). */
    public static List<ScenarioClass> failingClasses(Cell c) {
        return CLASSES.stream().filter(cls -> c.inClass(cls).status() == CellStatus.FAIL).toList();
    }

    /** {@code "in pausing, looping"} for a cell of 1 or 2 that failed in some classes, else {@code ""}. */
    public static String failingClassesWords(Cell c) {
        if (c.criterion() != Criterion.AT_LEAST_ONCE && c.criterion() != Criterion.AT_MOST_ONCE) {
            return "";
        }
        List<ScenarioClass> f = failingClasses(c);
        return f.isEmpty() ? "" : "in " + String.join(", ", f.stream().map(ScenarioClass::title).toList());
    }

    /**
     * Criterion 1's delays in one line: {@code "412 changes: 410 on time, 2 late, 0 never; delay max 1 run /
     * 1 frame, mean 0.01 / 0.01 over the reported"}, or that none was judged.
     */
    public static String delays(DelayTally f) {
        if (f.obligations() == 0) {
            return "no change to report was judged";
        }
        return String.format(Locale.ROOT, "%d change%s: %d on time, %d late, %d never; delay max %s / %s, mean %.2f / %.2f"
                + " (runs / frames, over the reported)", f.obligations(), f.obligations() == 1 ? "" : "s",
                f.reported() - f.late(), f.late(), f.missed(), runs(f.maxRuns()), frames(f.maxFrames()), f.meanRuns(),
                f.meanFrames());
    }

    /**
     * Criterion 1's timing in one line, as the gate's timeliness check gives it: "412 change(s), 410 reported on time,
     * 2 late (max 1 run(s) / 1 frame(s), mean 0.02 / 0.02 over the reported; 0 later than the claim allows), 0 never".
     */
    public static String timeliness(DelayTally f) {
        if (f.obligations() == 0) {
            return "no change to report was judged";
        }
        return String.format(Locale.ROOT, "%d change(s), %d reported on time, %d late (max %d run(s) / %d frame(s),"
                + " mean %.2f / %.2f over the reported; %d later than the claim allows), %d never", f.obligations(),
                f.reported() - f.late(), f.late(), f.maxRuns(), f.maxFrames(), f.meanRuns(), f.meanFrames(), f.tooLate(),
                f.missed());
    }

    /** {@code "1 frame"}, {@code "2 frames"}. */
    public static String frames(long n) {
        return n + (n == 1 ? " frame" : " frames");
    }

    /** {@code "1 run"}, {@code "2 runs"}. */
    public static String runs(long n) {
        return n + (n == 1 ? " run" : " runs");
    }

    /** The mean with two decimals, as the tables print it. */
    public static String mean(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }
}
