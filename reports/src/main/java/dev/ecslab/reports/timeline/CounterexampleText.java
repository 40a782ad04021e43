package dev.ecslab.reports.timeline;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.scenario.PauseSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.Crash;
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
 * A violation in words, for a reader who does not know the lab: what went wrong (who missed or repeated
 * which change of what, in which run and frame), then <b>why</b>: the edits and runs of the trace that
 * make the verdict, such as the detector's own later write that made it the last writer, a frame end or
 * a pause between the change and the detector's next run, the iterations of a looping stage, the order
 * the scenario declares.
 *
 * <p>Contract: every fact in the text comes from the scenario, the trace and the oracle's finding (the
 * lab's evidence), never from asking the code under test; a strategy is quoted only by its own published
 * description. Runs are named per system ({@code `s5` run 2} is s5's second run, {@link RunNames}), with
 * their frame, and events by the lab's sequence numbers. When the trace shows no cause, the text says
 * what it does show instead of guessing. Violations the text has no pattern for get the violation's own
 * message. Names of systems, data and strategies are in backticks, which the HTML page renders as code.
 */
public final class CounterexampleText {
    private static final Pattern RUN_ID = Pattern.compile("run #(\\d+)");
    private static final Pattern DIFFERENCE = Pattern.compile("expected '([^']*)', got '([^']*)'");

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

    /** The violation and its cause in a few sentences, ending with the scenario and configuration that replay it. */
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
                case PAST_HORIZON -> sentence(vt.violation().message());     // never a violation: reported, not gated
            };
        } else {
            body = switch (vt.violation().criterion()) {
                case ORDERING -> ordering(vt, focus.names);
                case PURE_FUNCTION -> pureFunction(vt, focus.names);
                case BOUNDED_MEMORY -> memory(vt);
                case CRASH -> crash(vt);
                case AMBIGUITY -> "The schedule compiler's ambiguity report disagrees with the independent oracle: "
                        + sentence(vt.violation().message());
                default -> sentence(vt.violation().message());
            };
        }
        Trace.Config c = vt.trace().config();
        String under = c.drivesAnEngine() ? "on the `" + SafeText.line(c.strategy()) + "` engine, driven one call at a time by"
                + " the lab's serial driver"
                : "under the `" + SafeText.line(c.strategy()) + "`" + (c.flavor().equals("IMMEDIATE") ? " (immediate)" : "")
                        + " strategy and the `" + SafeText.line(c.executor()) + "` executor";
        return body + " (Criterion " + vt.violation().criterion() + classes(vt.violation()) + (vt.violation().scope() == null ? ""
                : ", " + vt.violation().scope()) + "; scenario '" + SafeText.line(vt.scenario().name()) + "' " + under
                + ", seed " + c.seed() + ".)";
    }

    /**
     * The scenario classes a violation of 1, 2 or 3 belongs to beside regular (those
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
        RunNames n = f.names;
        String d = code(fd.detector());
        List<RunRecord> after = f.detectorRunsAfter(c.seq());
        StringBuilder out = new StringBuilder();
        out.append(d).append(" missed ").append(changePhrase(vt, n, c));
        if (after.isEmpty()) {
            return out.append(". ").append(d).append(" never ran after it.").toString();
        }
        RunRecord due = after.get(0);
        RunRecord last = after.get(after.size() - 1);
        out.append(after.size() == 1 ? ": its one run after it, " + n.named(due) + ", did not report "
                : ": none of its " + after.size() + " runs after it, from " + n.named(due) + " to " + n.named(last) + ", reported ")
                .append(keyPhrase(fd)).append(" for ").append(code(fd.watch().toString()));
        String others = otherReports(f, after);
        out.append(others.isEmpty() ? "" : ", " + others).append(". ");
        int allowed = vt.trace().config().delayFrames();
        RunRecord deadline = f.deadline(due, allowed);
        if (allowed > 0 && deadline != null && deadline != due) {
            out.append("The claim allows a report up to ").append(frames(allowed)).append(" late, so ").append(n.name(due))
                    .append(" could leave it out, but ").append(n.named(deadline)).append(" had to report it. ");
        }
        List<String> because = new ArrayList<>();
        if (f.ownWrite != null) {
            because.add(ownWriteCause(vt, f, due));
        }
        RunRecord prev = f.previousDetectorRun(c.seq());
        if (prev != null && prev.frame() == c.frame() && c.frame() >= 0) {
            because.add(d + " had already run in frame " + c.frame() + " (" + n.name(prev) + ", events " + prev.startSeq() + "-"
                    + prev.finishSeq() + ") before the change became visible at event " + c.seq() + orderReason(vt, f, prev));
        }
        if (c.frame() >= 0 && due.frame() > c.frame()) {
            long ends = due.frame() - c.frame();
            because.add("its next run, " + n.name(due) + ", came only in frame " + due.frame() + ", after "
                    + (ends == 1 ? "one frame end" : ends + " frame ends") + paused(vt, fd.detector(), c.frame(), due.frame()));
        } else if (c.frame() < 0 && due.frame() > 0) {
            because.add("its first run after the setup, " + n.name(due) + ", came only in frame " + due.frame()
                    + paused(vt, fd.detector(), 0, due.frame()));
        } else if (due.frame() == c.frame() && due.iteration() > 0 && (prev == null || prev.frame() == c.frame())) {
            because.add("its next run, " + n.name(due) + ", was " + iterationPhrase(n, due) + " of the looping stage "
                    + code(due.stage()) + " in the same frame");
        }
        ChangeRecord removal = removalAfter(vt, f, c);
        if (fd.dropped() && removal != null) {
            because.add("then " + changePhrase(vt, n, removal) + " took it out of every query before a run reported it");
        }
        String strategy = capitalize(strategyClause(vt)) + ".";
        if (because.isEmpty()) {
            out.append("The trace shows nothing between them that would excuse it: no frame end, pause, loop iteration or"
                    + " own write of ").append(d).append("; ").append(n.name(due)).append(" started at event ")
                    .append(due.startSeq()).append(", after the change became visible at event ").append(c.seq()).append(". ");
            int loops = n.iterations(due.stage(), due.frame());
            if (loops > 1) {
                out.append("Note that ").append(d).append(" runs in the looping stage ").append(code(due.stage())).append(", ")
                        .append(loops).append(" times in that frame. ");
            }
            if (deadline != null && deadline.frame() > due.frame() + allowed) {
                out.append("Its run due by the claim's delay came only in frame ").append(deadline.frame())
                        .append(paused(vt, fd.detector(), due.frame() + 1, deadline.frame())).append(". ");
            }
            out.append(strategy);
        } else {
            out.append("Why: ").append(String.join("; and ", because)).append(". ").append(strategy);
        }
        return out.toString();
    }

    /**
     * The detector's own later write of the same data: it made the detector the row's last writer, and a
     * strategy that tells own changes apart by the last writer hides the earlier change with them.
     */
    private static String ownWriteCause(ViolationTrace vt, Focus f, RunRecord due) {
        RunNames n = f.names;
        ChangeRecord own = f.ownWrite;
        String d = code(f.finding.detector());
        String key = keyOf(own);
        String verb = switch (own.type()) {
            case ADDED -> "added " + key + " itself";
            case REMOVED -> "removed " + key + " itself";
            case MUTATED -> "wrote " + key + " itself";
        };
        String in = f.ownWriteRun == null ? "in frame " + own.frame() + " (event " + own.seq() + ")"
                : "in " + n.name(f.ownWriteRun) + " (" + n.when(f.ownWriteRun) + ", event " + own.seq() + ")"
                        + (f.ownWriteRun.id() == due.id() ? ", the very run that was due to report the change" : "");
        String spell = f.afterOwnWrite == null
                ? "no other system changed it after that, so " + d + " was the last writer of " + key + " at every later run"
                : d + " stayed its last writer until " + changePhrase(vt, n, f.afterOwnWrite);
        return d + " " + verb + " after the change, " + in + ", and " + spell + ": a strategy that hides a system's own"
                + " changes by the last writer hides the earlier change from " + d + " along with its own";
    }

    /** ", though `s4` run 4 reported n5 for it" when a run after the change reported other keys for the watch. */
    private static String otherReports(Focus f, List<RunRecord> after) {
        for (RunRecord r : after) {
            List<String> got = f.reported(r);
            if (!got.isEmpty() && !got.contains(f.key())) {
                List<String> shown = got.stream().distinct().limit(3).map(SafeText::line).toList();
                return "though " + f.names.name(r) + " reported " + String.join(", ", shown)
                        + (got.stream().distinct().count() > 3 ? " and more" : "") + " for it (the filter did answer)";
            }
        }
        return "";
    }

    private static String late(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        ChangeRecord c = f.change;
        RunNames n = f.names;
        RunRecord run = fd.run();
        RunRecord later = f.firstReportAfter(run);
        return n.named(run) + " did not report " + changePhrase(vt, n, c) + " for "
                + code(fd.watch().toString()) + ", although it was " + code(fd.detector()) + "'s first run after the change and in"
                + " the same frame: the change became visible at event " + c.seq() + " and the run started at event "
                + run.startSeq() + sameFrameOrder(vt, f, run) + ". "
                + (later == null ? "No later run reported it either. "
                        : "Only " + n.named(later) + " reported it, " + frames(later.frame() - run.frame()) + " late. ")
                + "Criterion 3 asks the detector to see, in the same frame, a change made before it in that frame. "
                + capitalize(strategyClause(vt)) + ".";
    }

    private static String delayed(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        RunNames n = f.names;
        ChangeRecord c = f.change;
        int allowed = vt.trace().config().delayFrames();
        String head = code(fd.detector()) + " reported " + changePhrase(vt, n, c) + " for " + code(fd.watch().toString())
                + " late: its first run after the change, " + n.named(fd.due()) + ", did not report it; " + n.named(fd.run())
                + " did, " + runs(fd.delayRuns()) + " and " + frames(fd.delayFrames()) + " later. The claim allows "
                + (allowed == 0 ? "no delay (a change must be reported by the detector's first run after it)"
                        : "up to " + frames(allowed)) + ". ";
        String why = "Nothing in the trace kept " + n.name(fd.due()) + " from reporting it: the change became visible at event "
                + c.seq() + ", before the run started at event " + fd.due().startSeq() + sameFrameOrder(vt, f, fd.due())
                + ": it was the detector's first run after the change, the run the oracle holds to report it. ";
        return head + why + capitalize(strategyClause(vt)) + ".";
    }

    private static String repeated(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        RunNames n = f.names;
        RunRecord run = fd.run();
        String d = code(fd.detector());
        if (fd.earlier() == null) {
            return n.named(run) + " reported " + keyPhrase(fd) + " twice in one answer for " + code(fd.watch().toString())
                    + ": one change was listed twice. " + capitalize(strategyClause(vt)) + ".";
        }
        RunRecord earlier = fd.earlier();
        List<ChangeRecord> between = changesOfKey(vt, f, earlier.startSeq(), run.startSeq());
        List<ChangeRecord> others = between.stream().filter(x -> !x.author().equals(fd.detector()) && asksFor(fd, x)).toList();
        List<ChangeRecord> own = between.stream().filter(x -> x.author().equals(fd.detector()) && asksFor(fd, x)).toList();
        List<ChangeRecord> otherKinds = between.stream().filter(x -> !asksFor(fd, x)).toList();
        String first = d + " reported " + (fd.change() == null ? keyPhrase(fd) : changePhrase(vt, n, fd.change()))
                + " twice for " + code(fd.watch().toString()) + ": first in " + n.named(earlier) + ", then again in "
                + n.named(run) + ". ";
        List<String> because = new ArrayList<>();
        if (earlier.frame() == run.frame() && earlier.stage().equals(run.stage()) && run.iteration() != earlier.iteration()) {
            because.add("both runs are iterations of the looping stage " + code(run.stage()) + " in frame " + run.frame()
                    + " (" + iterationPhrase(n, earlier) + " and " + iterationPhrase(n, run) + ")");
        } else if (run.frame() > earlier.frame()) {
            long ends = run.frame() - earlier.frame();
            because.add((ends == 1 ? "one frame end" : ends + " frame ends") + " lay between the two runs");
        }
        String nothing = others.isEmpty()
                ? "nothing changed " + keyPhrase(fd) + " between them (events " + earlier.startSeq() + " to " + run.startSeq() + ")"
                : "between them the trace records only " + list(vt, n, others) + ", which earlier reports had already covered";
        if (!own.isEmpty()) {
            nothing += ", besides " + d + "'s own " + list(vt, n, own) + ", which is never news to " + d;
        }
        if (!otherKinds.isEmpty()) {
            nothing += " (" + list(vt, n, otherKinds) + " " + (otherKinds.size() == 1 ? "is" : "are") + " not of the kind "
                    + code(fd.watch().toString()) + " asks for)";
        }
        because.add(nothing);
        String hint = earlier.frame() == run.frame()
                ? "a strategy that keeps a change visible for the whole frame shows it again to every iteration"
                : "a strategy that keeps a change visible longer than until the detector's next run shows it again";
        return first + "Why: " + String.join(", and ", because) + ": " + hint + ". " + capitalize(strategyClause(vt)) + ".";
    }

    private static String spurious(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        RunNames n = f.names;
        RunRecord run = fd.run();
        RunRecord prev = f.previousDetectorRun(run.startSeq());
        List<ChangeRecord> between = changesOfKey(vt, f, prev == null ? -1 : prev.startSeq(), run.startSeq());
        String since = prev == null ? "before that run (its first)" : "since its previous run, " + n.named(prev);
        String what = between.isEmpty()
                ? "the trace records no change of " + keyPhrase(fd) + " by any system " + since
                : "the only changes of " + keyPhrase(fd) + " " + since + " are " + list(vt, n, between) + ", none of the kind "
                        + code(fd.watch().toString()) + " asks for" + kindHint(fd.watch().kind());
        return n.named(run) + " reported " + keyPhrase(fd) + " for " + code(fd.watch().toString()) + ", but " + what
                + ". " + capitalize(strategyClause(vt)) + ".";
    }

    /** Whether the finding's watch asks for changes of {@code c}'s type (Added: additions; Changed: additions and mutations). */
    private static boolean asksFor(Finding fd, ChangeRecord c) {
        return switch (fd.watch().kind()) {
            case ADDED -> c.type() == ChangeType.ADDED;
            case MUTATED -> c.type() == ChangeType.MUTATED;
            case CHANGED -> c.type() != ChangeType.REMOVED;
            case REMOVED -> c.type() == ChangeType.REMOVED;
        };
    }

    private static String kindHint(WatchKind k) {
        return switch (k) {
            case ADDED -> " (an addition)";
            case MUTATED -> " (a mutation of a component or resource that was already there)";
            case CHANGED -> " (an addition or a mutation)";
            case REMOVED -> " (a removal)";
        };
    }

    private static String own(ViolationTrace vt, Focus f) {
        Finding fd = f.finding;
        RunNames n = f.names;
        RunRecord run = fd.run();
        ChangeRecord c = fd.change();
        return n.named(run) + " reported " + keyPhrase(fd) + " for " + code(fd.watch().toString()) + ", but that change was "
                + code(fd.detector()) + "'s own" + (c == null ? "" : ": " + changePhrase(vt, n, c))
                + (vt.trace().config().drivesAnEngine() ? "; the engine's contract says a system is not told about its own"
                        + " changes" : "; a system is never told about its own changes") + ". "
                + capitalize(strategyClause(vt)) + ".";
    }

    // ------------------------------------------------------------------ other criteria

    private static String ordering(ViolationTrace vt, RunNames n) {
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
                    ? " while " + n.name(first) + " was still running: it finished only at event " + first.finishSeq()
                            + threadPart(t, first)
                    : " before " + n.name(first) + " had even started: it ran from event " + first.startSeq() + " to "
                            + first.finishSeq() + threadPart(t, first);
            String declared = msg.contains("(declared)") ? "The scenario orders " + code(first.system()) + " before "
                    + code(second.system()) : "The insertion-order policy orders " + code(first.system()) + " before "
                    + code(second.system()) + " (they conflict and " + code(first.system()) + " was declared first)";
            return "Under the " + exec + " executor, " + n.named(second) + " started at event " + second.startSeq()
                    + threadPart(t, second) + when + ". " + declared + ", so " + code(second.system()) + " must start after "
                    + code(first.system()) + " finishes.";
        }
        if (msg.contains(" overlapped ") && named.size() == 2) {
            RunRecord a = named.get(0);
            RunRecord b = named.get(1);
            String why = msg.contains("is exclusive") ? "although " + msg.substring(msg.indexOf("though ") + 7)
                    : "although they conflict on " + msg.substring(msg.indexOf("conflict on ") + "conflict on ".length())
                            + " and conflicting systems must never overlap";
            return "Under the " + exec + " executor, " + n.name(a) + " (events " + a.startSeq() + "-" + a.finishSeq()
                    + threadPart(t, a) + ") and " + n.name(b) + " (events " + b.startSeq() + "-" + b.finishSeq() + threadPart(t, b)
                    + ") ran at the same time in frame " + a.frame() + ", " + why + ".";
        }
        if (msg.startsWith("the run failed")) {
            StringBuilder sb = new StringBuilder("The run failed under the " + exec + " executor: "
                    + msg.substring("the run failed: ".length()));
            for (RunRecord r : t.runs()) {
                if (r.failure() != null) {
                    sb.append("; ").append(n.named(r)).append(" failed with ").append(r.failure());
                }
            }
            return sentence(sb.toString());
        }
        if (named.size() == 1 && msg.contains(" but ran on thread ")) {
            RunRecord r = named.get(0);
            return "Under the " + exec + " executor, " + n.named(r) + " ran on thread " + SafeText.line(String.valueOf(r.thread()))
                    + ", but " + code(r.system()) + " is " + code(vt.scenario().system(r.system()).kind().name()
                            .toLowerCase(java.util.Locale.ROOT).replace('_', '-')) + " and must run on the thread that runs the"
                    + " schedule.";
        }
        return "Under the " + exec + " executor, " + sentence(msg);
    }

    private static String pureFunction(ViolationTrace vt, RunNames n) {
        String msg = vt.violation().message();
        Trace t = vt.trace();
        Set<String> threads = new LinkedHashSet<>();
        t.runs().forEach(r -> threads.add(r.thread()));
        String diff = msg.contains(": ") ? msg.substring(msg.indexOf(": ") + 2) : msg;
        StringBuilder out = new StringBuilder("The frame is not a pure function of the start state here: the scenario has no"
                + " ambiguous pair, so every executor and seed must end in the state the lab's model of the scenario computes,"
                + " but this run under the " + code(t.config().executor()) + " executor (seed " + t.config().seed() + ", "
                + threads.size() + " thread" + (threads.size() == 1 ? "" : "s") + ") ended differently: " + sentence(diff));
        Matcher m = DIFFERENCE.matcher(diff);
        if (m.find()) {
            String line = m.group(1).equals("(nothing)") ? m.group(2) : m.group(1);
            String key = line.contains(":") ? line.substring(0, line.indexOf(':')) : line;
            key = key.startsWith("resource ") ? key.substring("resource ".length()).replaceAll("\\(.*", "") : key;
            List<ChangeRecord> changes = new ArrayList<>();
            for (ChangeRecord c : t.changes()) {
                if (key.equals(c.entity()) || c.entity() == null && key.equals(c.data().name())) {
                    changes.add(c);
                }
            }
            if (!changes.isEmpty()) {
                List<ChangeRecord> lastFew = changes.subList(Math.max(0, changes.size() - 3), changes.size());
                out.append(" The last changes the trace records for ").append(SafeText.line(key)).append(": ")
                        .append(list(vt, n, lastFew)).append('.');
            }
            List<String> missing = missingRuns(vt, n);
            if (!missing.isEmpty()) {
                out.append(" Runs the scenario asks for that the trace lacks: ").append(String.join(", ", missing)).append('.');
            }
        }
        return out.toString();
    }

    /** Systems that the scenario runs in a frame but that have no run there in the trace (at most three). */
    private static List<String> missingRuns(ViolationTrace vt, RunNames n) {
        List<String> out = new ArrayList<>();
        Scenario s = vt.scenario();
        for (int frame = 0; frame < s.totalFrames() && out.size() < 3; frame++) {
            for (StageSpec st : s.stages()) {
                for (SystemSpec sys : st.systems()) {
                    int fr = frame;
                    if (s.runsIn(sys, frame) && vt.trace().runs().stream()
                            .noneMatch(r -> r.system().equals(sys.name()) && r.frame() == fr) && out.size() < 3) {
                        out.add(code(sys.name()) + " in frame " + frame);
                    }
                }
            }
        }
        return out;
    }

    private static String crash(ViolationTrace vt) {
        String msg = vt.violation().message();
        for (Crash c : vt.trace().crashes()) {
            String call = c.call();
            if (msg.startsWith(c.describe().substring(0, Math.min(c.describe().length(), 40)))) {
                if (c.endedItsJvm() || c.leftAThreadRunning()) {
                    // not a throw: the JVM the run was made in ended, or a thread was left running; its words say so
                    return SafeText.line(sentence(c.describe())) + " A crash ends the run, so nothing else in it is judged,"
                            + " and the configuration is broken whatever its other answers.";
                }
                String who = switch (c.source()) {
                    case "strategy" -> "The " + code(vt.trace().config().strategy()) + " strategy";
                    case "executor" -> "The " + code(vt.trace().config().executor()) + " executor";
                    case "engine" -> "The engine " + code(vt.trace().config().strategy());
                    default -> "The run";
                };
                return who + " threw " + SafeText.line(c.exception()) + " when the lab called " + code(call)
                        + (c.frame() >= 0 ? " in frame " + c.frame() : " outside the frames")
                        + (c.frames().isEmpty() ? "" : " (at " + SafeText.line(String.join(" < ", c.frames().subList(0,
                                Math.min(3, c.frames().size())))) + ")")
                        + ". A crash ends the run, so nothing else in it is judged, and the configuration is broken whatever"
                        + " its other answers" + (vt.trace().errors().isEmpty() ? "." : "; the run: "
                                + sentence(vt.trace().errors().get(0)));
            }
        }
        return sentence(msg) + " A crash ends the run, so nothing else in it is judged.";
    }

    private static String memory(ViolationTrace vt) {
        List<Long> mem = vt.trace().memory();
        String shown = "";
        if (!mem.isEmpty()) {
            shown = " The tracker's own figure (memoryBytes(), shown, not judged) was " + mem.get(Math.min(10, mem.size()) - 1)
                    + " bytes after " + Math.min(10, mem.size()) + " frames and " + mem.get(mem.size() - 1) + " bytes after "
                    + mem.size() + ", on a world whose size does not grow.";
        }
        String figures = vt.violation().message().strip();
        return "The " + code(vt.trace().config().strategy()) + " strategy's memory keeps growing: " + figures
                + (figures.endsWith(".") ? "" : ".") + shown;
    }

    // ------------------------------------------------------------------ phrases

    /**
     * "the addition of `A` to entity e0 by `changer` run 1 in frame 0 (event 5)", "... by `s1`'s insert
     * command, applied by the world at the end of stage `st` in frame 3 (event 69)", "... made at setup,
     * before frame 0", and their kin for mutations and removals.
     */
    static String changePhrase(ViolationTrace vt, RunNames n, ChangeRecord c) {
        String data = code(c.data().name());
        String what = switch (c.type()) {
            case ADDED -> "the addition of " + (c.entity() == null ? "resource " + data : data + " to entity " + c.entity());
            case REMOVED -> "the removal of " + (c.entity() == null ? "resource " + data : data + " from entity " + c.entity());
            case MUTATED -> "the change to " + (c.entity() == null ? "resource " + data : data + " of entity " + c.entity());
        };
        return what + " " + byPhrase(vt, n, c);
    }

    /** A change's key in words: {@code `A` of entity e3}, {@code resource `R`}. */
    private static String keyOf(ChangeRecord c) {
        return c.entity() == null ? "resource " + code(c.data().name()) : code(c.data().name()) + " of entity " + c.entity();
    }

    private static String byPhrase(ViolationTrace vt, RunNames n, ChangeRecord c) {
        if (c.authorRun() >= 0 && c.authorRun() < vt.trace().runs().size()) {
            RunRecord r = vt.trace().run(c.authorRun());
            return "by " + n.name(r) + " in " + n.when(r) + " (event " + c.seq() + ")";
        }
        if (c.cause().equals("setup") || c.frame() < 0) {
            return "made at setup, before frame 0";
        }
        String issuer = Focus.issuer(c.cause());
        if (issuer == null) {
            return "by the world (" + c.cause() + ") in frame " + c.frame() + " (event " + c.seq() + ")";
        }
        String stage = null;
        for (Trace.Event e : vt.trace().events()) {
            if (e.seq() == c.seq()) {
                stage = e.stage();
            }
        }
        return "by " + code(issuer) + "'s " + Focus.command(c.cause()) + ", applied by the world"
                + (stage == null ? "" : " at the end of stage " + code(stage)) + " in frame " + c.frame() + " (event " + c.seq() + ")";
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

    /** Why the change came before the detector's run in its frame: the declared order, the stages, the executor. */
    private static String sameFrameOrder(ViolationTrace vt, Focus f, RunRecord run) {
        ChangeRecord c = f.change;
        RunRecord w = f.writerRun;
        if (c.frame() != run.frame() || w == null) {
            return "";
        }
        if (c.authorRun() < 0) {
            return " (" + code(f.writer) + "'s command was applied at the end of stage " + code(w.stage())
                    + (w.stage().equals(run.stage()) ? "" : ", which runs before " + code(run.stage())) + ")";
        }
        if (!w.stage().equals(run.stage())) {
            return " (" + code(w.system()) + "'s stage " + code(w.stage()) + " runs before " + code(run.stage()) + ")";
        }
        SystemSpec det = vt.scenario().system(run.system());
        SystemSpec wr = vt.scenario().system(w.system());
        if (wr.before().contains(det.name()) || det.after().contains(wr.name())) {
            return " (the scenario orders " + code(wr.name()) + " before " + code(det.name()) + ")";
        }
        return " (" + code(wr.name()) + " and " + code(det.name()) + " are unordered and the "
                + code(vt.trace().config().executor()) + " executor ran " + code(wr.name()) + " first)";
    }

    /** " (it was paused in frames 1-2 by pause set `p`, pattern '001')", or "". */
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
                + ", pattern '" + SafeText.line(p.pattern()) + "')";
    }

    /** The first removal of the change's data from its entity (or resource) after it, or null. */
    private static ChangeRecord removalAfter(ViolationTrace vt, Focus f, ChangeRecord c) {
        for (ChangeRecord x : vt.trace().changes()) {
            if (x.type() == ChangeType.REMOVED && x.data() == c.data() && Focus.keyOf(x).equals(Focus.keyOf(c))
                    && x.seq() > c.seq()) {
                return x;
            }
        }
        return null;
    }

    private static String iterationPhrase(RunNames n, RunRecord r) {
        return "iteration " + (r.iteration() + 1) + " of " + n.iterations(r.stage(), r.frame());
    }

    /** "the `flags` strategy is described as "..."", from the strategy's own description. */
    static String strategyClause(ViolationTrace vt) {
        Trace.Config c = vt.trace().config();
        if (c.drivesAnEngine()) {
            return "the answers came from the " + code(c.strategy()) + " engine";
        }
        String description = null;
        try {
            description = Replay.subject(c.strategy(), ChangeFlavor.valueOf(c.flavor())).description();
        } catch (RuntimeException e) {
            // an external strategy that is not on the class path: name it only
        }
        String name = "the " + code(c.strategy()) + " strategy";
        return description == null || description.isBlank() ? "the answers came from " + name
                : name + " is described as \"" + SafeText.line(description) + "\"";
    }

    private static List<ChangeRecord> changesOfKey(ViolationTrace vt, Focus f, long afterSeq, long beforeSeq) {
        List<ChangeRecord> out = new ArrayList<>();
        String key = f.key();
        for (ChangeRecord c : vt.trace().changes()) {
            if (c.data() == f.finding.watch().data() && Focus.keyOf(c).equals(key) && c.seq() > afterSeq && c.seq() < beforeSeq) {
                out.add(c);
            }
        }
        return out;
    }

    private static String list(ViolationTrace vt, RunNames n, List<ChangeRecord> changes) {
        List<String> parts = new ArrayList<>();
        changes.forEach(c -> parts.add(changePhrase(vt, n, c)));
        return String.join("; ", parts);
    }

    private static String keyPhrase(Finding f) {
        return f.watch().data().isResource() ? "resource " + code(f.watch().data().name())
                : code(f.watch().data().name()) + " of entity " + SafeText.line(String.valueOf(f.entity()));
    }

    private static String threadPart(Trace t, RunRecord r) {
        long threads = t.runs().stream().map(RunRecord::thread).distinct().count();
        return threads > 1 ? " on thread " + SafeText.line(String.valueOf(r.thread())) : "";
    }

    static String frames(long k) {
        return k + (k == 1 ? " frame" : " frames");
    }

    static String runs(long k) {
        return k + (k == 1 ? " run" : " runs");
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
