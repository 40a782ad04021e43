package dev.ecslab.reports.timeline;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.lab.classify.Counterexample;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.run.Replay;
import dev.ecslab.lab.scenario.PauseSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A violation in words, for a reader who does not know the lab: who missed or repeated which change
 * of what, in which frame, and why as far as the trace shows it.
 *
 * <p>Contract: every fact in the text comes from the scenario, the trace, the oracle's finding or the
 * strategy's own published description: the runs between the change and the detector's runs, the
 * frame ends between them, the declared order, the pause sets, the executor and its threads. When
 * the trace shows no cause, the text says what it does show instead of guessing. Violations the text
 * has no pattern for get the violation's own message. Names of systems, data and strategies are in
 * backticks, which the HTML page may render as code.
 */
public final class CounterexampleText {
    private static final Pattern RUN_ID = Pattern.compile("run #(\\d+)");

    private CounterexampleText() {
    }

    /** The report's counterexample in words. */
    public static String describe(Counterexample counterexample) {
        return describe(ViolationTrace.of(counterexample));
    }

    /** A replay file's (or any) violation in words. */
    public static String describe(Scenario scenario, Trace trace, Violation violation) {
        return describe(new ViolationTrace(scenario, trace, violation));
    }

    /** The violation in a few sentences, ending with the scenario and configuration that replay it. */
    public static String describe(ViolationTrace vt) {
        Focus focus = Focus.of(vt);
        String body;
        if (focus.isDetection()) {
            body = switch (focus.type()) {
                case MISSED -> missed(vt, focus);
                case LATE -> late(vt, focus);
                case DELAYED -> delayed(vt, focus);
                case REPEATED -> repeated(vt, focus);
                case SPURIOUS -> spurious(vt, focus);
                case OWN -> own(vt, focus);
            };
        } else {
            body = switch (vt.violation().criterion()) {
                case ORDERING -> ordering(vt);
                case PURE_FUNCTION -> pureFunction(vt);
                case BOUNDED_MEMORY -> memory(vt);
                case AMBIGUITY -> "The schedule compiler's ambiguity report disagrees with the independent oracle: "
                        + sentence(vt.violation().message());
                default -> sentence(vt.violation().message());
            };
        }
        Trace.Config c = vt.trace().config();
        return body + " (Criterion " + vt.violation().criterion() + classes(vt.violation()) + (vt.violation().scope() == null ? ""
                : ", " + vt.violation().scope()) + "; scenario '" + vt.scenario().name() + "' under the `" + c.strategy() + "`"
                + (c.flavor().equals("IMMEDIATE") ? " (immediate)" : "") + " strategy and the `" + c.executor()
                + "` executor, seed " + c.seed() + ".)";
    }

    /**
     * The scenario classes a violation of 1, 2 or 3 belongs to beside regular (DESIGN §5: those
     * criteria are judged per class, and 7 and L are criterion 1 and 2 on pausing and looping
     * scenarios): {@code " on pausing, commands scenarios"}, or {@code ""}.
     */
    private static String classes(Violation v) {
        if (v.criterion() != Criterion.AT_LEAST_ONCE && v.criterion() != Criterion.AT_MOST_ONCE
                && v.criterion() != Criterion.SAME_FRAME) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (ScenarioClass c : ScenarioClass.values()) {
            if (c != ScenarioClass.REGULAR && v.classes().contains(c)) {
                names.add(c.title());
            }
        }
        return names.isEmpty() ? "" : " on " + String.join(", ", names) + " scenarios";
    }

    // ------------------------------------------------------------------ detection findings

    private static String missed(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        ChangeRecord c = f.change;
        String d = code(fd.detector());
        List<RunRecord> after = f.detectorRunsAfter(c.seq());
        StringBuilder out = new StringBuilder();
        out.append(d).append(" missed ").append(changePhrase(vt, c)).append(". ");
        if (after.isEmpty()) {
            return out.append(d).append(" never ran after it.").toString();
        }
        RunRecord next = after.get(0);
        RunRecord last = after.get(after.size() - 1);
        out.append(after.size() == 1 ? "Its one run after the change, " + runName(next) + ", did not report "
                : "None of its " + after.size() + " runs after the change (" + runName(next) + " to " + runName(last)
                        + ") reported ").append(keyPhrase(fd)).append(" for ").append(code(fd.watch().toString())).append(". ");
        List<String> because = new ArrayList<>();
        RunRecord prev = f.previousDetectorRun(c.seq());
        if (prev != null && prev.frame() == c.frame() && c.frame() >= 0) {
            because.add(d + " had already run in frame " + c.frame() + " (" + runName(prev) + ", events " + prev.startSeq()
                    + "-" + prev.finishSeq() + ") before the change became visible at event " + c.seq()
                    + orderReason(vt, f, prev));
        }
        if (c.frame() >= 0 && next.frame() > c.frame()) {
            long ends = next.frame() - c.frame();
            because.add("its next run, " + runName(next) + ", came only in frame " + next.frame() + ", after "
                    + (ends == 1 ? "one frame end" : ends + " frame ends") + paused(vt, fd.detector(), c.frame(), next.frame()));
        } else if (next.frame() == c.frame() && next.iteration() > 0) {
            because.add("its next run, " + runName(next) + ", was iteration " + next.iteration() + " of the looping stage "
                    + code(next.stage()) + " in the same frame");
        }
        String strategy = strategyClause(vt);
        if (because.isEmpty()) {
            out.append("The trace shows no frame end and no earlier run in between: ").append(runName(next))
                    .append(" started at event ").append(next.startSeq()).append(", after the change at event ")
                    .append(c.seq()).append(", and still did not report it; ").append(strategy).append('.');
        } else {
            out.append("This happened because ").append(String.join(", and ", because)).append(", and ")
                    .append(strategy).append('.');
        }
        return out.toString();
    }

    private static String late(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        ChangeRecord c = f.change;
        RunRecord run = fd.run();
        RunRecord later = f.firstReportAfter(run);
        return code(fd.detector()) + "'s " + runName(run) + " in frame " + run.frame() + " did not report "
                + changePhrase(vt, c) + " for " + code(fd.watch().toString()) + ", although it was " + code(fd.detector())
                + "'s first run after the change (visible at event " + c.seq() + ", the run started at event "
                + run.startSeq() + ") and in the same frame. "
                + (later == null ? "No later run reported it either. "
                        : "It reported it only in " + runName(later) + ", frame " + later.frame() + ". ")
                + capitalize(strategyClause(vt)) + ".";
    }

    private static String delayed(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        int allowed = vt.trace().config().delayFrames();
        return code(fd.detector()) + " reported " + changePhrase(vt, f.change) + " for " + code(fd.watch().toString())
                + " late: its first run after the change was " + runName(fd.due()) + " in frame " + fd.due().frame()
                + ", which did not report it; " + runName(fd.run()) + " in frame " + fd.run().frame() + " did, "
                + fd.delayRuns() + " run(s) and " + fd.delayFrames() + " frame(s) later. The strategy's claim allows "
                + (allowed == 0 ? "no delay (a change must be reported by the detector's first run after it)"
                        : "up to " + allowed + " frame(s)") + ". " + capitalize(strategyClause(vt)) + ".";
    }

    private static String repeated(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        RunRecord run = fd.run();
        String d = code(fd.detector());
        if (fd.earlier() == null) {
            return d + "'s " + runName(run) + " in frame " + run.frame() + " reported " + keyPhrase(fd) + " twice in one"
                    + " answer for " + code(fd.watch().toString()) + ". " + capitalize(strategyClause(vt)) + ".";
        }
        RunRecord earlier = fd.earlier();
        List<ChangeRecord> between = changesOfKey(vt, f, earlier.startSeq(), run.startSeq());
        String first = d + " reported " + (fd.change() == null ? keyPhrase(fd) : changePhrase(vt, fd.change()))
                + " twice for " + code(fd.watch().toString()) + ": first in " + runName(earlier) + " (frame " + earlier.frame()
                + "), then again in " + runName(run) + " (frame " + run.frame() + "). ";
        String shown = between.isEmpty()
                ? "The trace records no change of " + keyPhrase(fd) + " by any system between the two runs (events "
                        + earlier.startSeq() + " to " + run.startSeq() + "), so the second report repeats the first; "
                : "Between the two runs the trace records only " + list(between) + ", which the oracle had already matched"
                        + " to earlier reports; ";
        return first + shown + strategyClause(vt) + ".";
    }

    private static String spurious(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        RunRecord run = fd.run();
        RunRecord prev = f.previousDetectorRun(run.startSeq());
        List<ChangeRecord> between = changesOfKey(vt, f, prev == null ? -1 : prev.startSeq(), run.startSeq());
        return code(fd.detector()) + "'s " + runName(run) + " in frame " + run.frame() + " reported " + keyPhrase(fd)
                + " for " + code(fd.watch().toString()) + ", but " + (between.isEmpty()
                        ? "the trace records no such change by another system "
                        : "the only changes the trace records are " + list(between) + ", none of the kind the filter asks for, ")
                + (prev == null ? "before that run" : "since its previous run, " + runName(prev) + " (frame " + prev.frame() + ")")
                + ". " + capitalize(strategyClause(vt)) + ".";
    }

    private static String own(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        RunRecord run = fd.run();
        ChangeRecord c = fd.change();
        return code(fd.detector()) + "'s " + runName(run) + " in frame " + run.frame() + " reported " + keyPhrase(fd)
                + " for " + code(fd.watch().toString()) + ", but that change was " + code(fd.detector()) + "'s own"
                + (c == null ? "" : " (" + (c.authorRun() >= 0 ? "run #" + c.authorRun() : c.cause()) + ", frame " + c.frame() + ")")
                + "; a system is never told about its own changes. " + capitalize(strategyClause(vt)) + ".";
    }

    // ------------------------------------------------------------------ other criteria

    private static String ordering(ViolationTrace vt) {
        String msg = vt.violation().message();
        Trace t = vt.trace();
        String exec = code(t.config().executor());
        List<RunRecord> named = new ArrayList<>();
        Matcher m = RUN_ID.matcher(msg);
        while (m.find()) {
            int id = Integer.parseInt(m.group(1));
            if (id >= 0 && id < t.runs().size()) {
                named.add(t.run(id));
            }
        }
        if (msg.contains(" started before ") && named.size() == 2) {
            RunRecord second = named.get(0);
            RunRecord first = named.get(1);
            String when = first.startSeq() < second.startSeq()
                    ? " while " + code(first.system()) + " (" + runName(first) + ") was still running: it finished only at event "
                            + first.finishSeq() + threadPart(t, first)
                    : " before " + code(first.system()) + " (" + runName(first) + ") had even started: it ran from event "
                            + first.startSeq() + " to " + first.finishSeq() + threadPart(t, first);
            return "Under the " + exec + " executor, " + code(second.system()) + " (" + runName(second) + ", frame "
                    + second.frame() + ") started at event " + second.startSeq() + threadPart(t, second) + when
                    + ". The scenario orders " + code(first.system()) + " before "
                    + code(second.system()) + ", so " + code(second.system()) + " must start after " + code(first.system())
                    + " finishes.";
        }
        if (msg.contains(" overlapped ") && named.size() == 2) {
            RunRecord a = named.get(0);
            RunRecord b = named.get(1);
            String on = msg.substring(msg.indexOf("conflict on ") + "conflict on ".length());
            return "Under the " + exec + " executor, " + code(a.system()) + " (" + runName(a) + ", events " + a.startSeq() + "-"
                    + a.finishSeq() + threadPart(t, a) + ") and " + code(b.system()) + " (" + runName(b) + ", events "
                    + b.startSeq() + "-" + b.finishSeq() + threadPart(t, b) + ") ran at the same time in frame " + a.frame()
                    + ", although they conflict on " + on + " and conflicting systems must never overlap.";
        }
        if (msg.startsWith("the run failed")) {
            StringBuilder sb = new StringBuilder("The run failed under the " + exec + " executor: "
                    + msg.substring("the run failed: ".length()));
            for (RunRecord r : t.runs()) {
                if (r.failure() != null) {
                    sb.append("; ").append(code(r.system())).append("'s ").append(runName(r)).append(" in frame ")
                            .append(r.frame()).append(" failed with ").append(r.failure());
                }
            }
            return sentence(sb.toString());
        }
        return "Under the " + exec + " executor, " + sentence(msg);
    }

    private static String pureFunction(ViolationTrace vt) {
        String msg = vt.violation().message();
        Trace t = vt.trace();
        Set<String> threads = new LinkedHashSet<>();
        t.runs().forEach(r -> threads.add(r.thread()));
        String diff = msg.contains(": ") ? msg.substring(msg.indexOf(": ") + 2) : msg;
        return "The frame is not a pure function of the start state here: the scenario has no ambiguous pair, so every"
                + " executor and seed must end in the state the serial executor reaches, but this run under the "
                + code(t.config().executor()) + " executor (seed " + t.config().seed() + ", " + threads.size() + " thread"
                + (threads.size() == 1 ? "" : "s") + ") ended differently: " + sentence(diff);
    }

    private static String memory(ViolationTrace vt) {
        List<Long> mem = vt.trace().memory();
        String shown = "";
        if (!mem.isEmpty()) {
            shown = " The tracker's own figure (memoryBytes(), shown, not judged) was " + mem.get(Math.min(10, mem.size()) - 1)
                    + " bytes after " + Math.min(10, mem.size()) + " frames and " + mem.get(mem.size() - 1) + " bytes after "
                    + mem.size() + ", on a world whose size does not grow.";
        }
        return "The " + code(vt.trace().config().strategy()) + " strategy's memory keeps growing: "
                + sentence(vt.violation().message()) + shown;
    }

    // ------------------------------------------------------------------ phrases

    /** "the change that `changer` (run #1) made to `A` of entity e0 in frame 0", and its kin for additions and removals. */
    static String changePhrase(ViolationTrace vt, ChangeRecord c) {
        String by = byPhrase(vt, c);
        String when = c.frame() < 0 ? " before the first frame" : " in frame " + c.frame();
        String data = code(c.data().name());
        if (c.type() == ChangeType.ADDED) {
            return "the addition of " + (c.entity() == null ? "resource " + data : data + " to entity " + c.entity()) + " by "
                    + by + when;
        }
        if (c.type() == ChangeType.REMOVED) {
            return "the removal of " + (c.entity() == null ? "resource " + data : data + " from entity " + c.entity()) + " by "
                    + by + when;
        }
        return "the change that " + by + " made to " + (c.entity() == null ? "resource " + data : data + " of entity "
                + c.entity()) + when;
    }

    private static String byPhrase(ViolationTrace vt, ChangeRecord c) {
        if (c.authorRun() >= 0) {
            return code(c.author()) + " (run #" + c.authorRun() + ")";
        }
        String issuer = Focus.issuer(c.cause());
        if (issuer == null) {
            return "the world (" + c.cause() + ")";
        }
        String stage = null;
        for (Trace.Event e : vt.trace().events()) {
            if (e.seq() == c.seq()) {
                stage = e.stage();
            }
        }
        return code(issuer) + "'s " + Focus.command(c.cause()) + " (applied by the world"
                + (stage == null ? "" : " at the end of stage " + code(stage)) + ", event " + c.seq() + ")";
    }

    /** Why the detector's run came before the writer's in the frame, from the scenario's declared order. */
    private static String orderReason(ViolationTrace vt, Focus f, RunRecord prev) {
        ChangeRecord c = f.change;
        if (c.authorRun() < 0) {
            return f.writer == null ? "" : " (a command takes effect only when the world applies it, at the end of the stage)";
        }
        RunRecord w = f.writerRun;
        if (w == null || !w.stage().equals(prev.stage())) {
            return w == null ? "" : " (" + code(prev.stage()) + " runs before " + code(w.stage()) + ")";
        }
        Scenario s = vt.scenario();
        SystemSpec det = s.system(prev.system());
        SystemSpec wr = s.system(w.system());
        if (det.before().contains(wr.name()) || wr.after().contains(det.name())) {
            return ", as the scenario orders " + code(det.name()) + " before " + code(wr.name());
        }
        return ", because the scenario leaves " + code(det.name()) + " and " + code(wr.name()) + " unordered and the "
                + code(vt.trace().config().executor()) + " executor ran " + code(det.name()) + " first";
    }

    /** ", while it was paused in frames 1-2 by pause set `p` (pattern '001')", or "". */
    private static String paused(ViolationTrace vt, String detector, long from, long to) {
        SystemSpec s = vt.scenario().system(detector);
        if (s.pauseSet() == null) {
            return "";
        }
        List<Long> pausedIn = new ArrayList<>();
        for (long fr = Math.max(0, from); fr < to; fr++) {
            if (!vt.scenario().runsIn(s, (int) fr)) {
                pausedIn.add(fr);
            }
        }
        if (pausedIn.isEmpty()) {
            return "";
        }
        PauseSpec p = vt.scenario().pause(s.pauseSet());
        return " (it was paused in frame" + (pausedIn.size() == 1 ? " " + pausedIn.get(0)
                : "s " + pausedIn.get(0) + "-" + pausedIn.get(pausedIn.size() - 1)) + " by pause set " + code(p.set())
                + ", pattern '" + p.pattern() + "')";
    }

    /** "the `flags` strategy is described as "..."", from the strategy's own description. */
    static String strategyClause(ViolationTrace vt) {
        Trace.Config c = vt.trace().config();
        String description = null;
        try {
            description = Replay.subject(c.strategy(), ChangeFlavor.valueOf(c.flavor())).description();
        } catch (RuntimeException e) {
            // an external strategy that is not on the class path: name it only
        }
        String name = "the " + code(c.strategy()) + " strategy";
        return description == null || description.isBlank() ? "the answers came from " + name
                : name + " is described as \"" + description + "\"";
    }

    private static List<ChangeRecord> changesOfKey(ViolationTrace vt, Focus f, long afterSeq, long beforeSeq) {
        List<ChangeRecord> out = new ArrayList<>();
        String key = f.key();
        for (ChangeRecord c : vt.trace().changes()) {
            String k = c.entity() != null ? c.entity() : c.data().name();
            if (c.data() == f.finding.watch().data() && k.equals(key) && c.seq() > afterSeq && c.seq() < beforeSeq) {
                out.add(c);
            }
        }
        return out;
    }

    private static String list(List<ChangeRecord> changes) {
        List<String> parts = new ArrayList<>();
        changes.forEach(c -> parts.add(c.toString()));
        return String.join("; ", parts);
    }

    private static String keyPhrase(Finding f) {
        return f.watch().data().isResource() ? "resource " + code(f.watch().data().name())
                : code(f.watch().data().name()) + " of entity " + f.entity();
    }

    private static String runName(RunRecord r) {
        return "run #" + r.id() + (r.iteration() > 0 ? " (iteration " + r.iteration() + ")" : "");
    }

    private static String threadPart(Trace t, RunRecord r) {
        long threads = t.runs().stream().map(RunRecord::thread).distinct().count();
        return threads > 1 ? " on thread " + r.thread() : "";
    }

    static String code(String name) {
        return "`" + SafeText.line(name) + "`";
    }

    private static String sentence(String s) {
        String t = s.strip();
        t = capitalize(t);
        return t.endsWith(".") ? t : t + ".";
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
