package dev.ecslab.reports.timeline;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.oracle.DetectionOracle;
import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What in a trace a violation is about: the change, who made it (a system's run, or the world
 * applying a system's command), the detector runs that should have reported it or reported it
 * (again), and for ordering the runs the message names. Computed from the trace and the finding
 * only, so the words and the pictures mark the same things.
 */
final class Focus {
    /** What a mark on the timeline says. {@code symbol} is its sign in both renderings, after the run number or event. */
    enum MarkKind {
        CHANGE("*", "the change (visible from this point)"),
        MISSED("!", "detector run that should have reported the change and did not"),
        REPORTED("+", "detector run that reported the change"),
        REPEATED("R", "detector run that reported it again (a repeat)"),
        LATE("L", "first detector run after the change, same frame, did not report it"),
        SPURIOUS("?", "detector run that reported a change nobody made"),
        OWN("o", "detector run that reported its own change"),
        OWN_WRITE("w", "the detector's own later write of the same data (it became the last writer)"),
        ORDERING("X", "run named by the ordering violation");

        final String symbol;
        final String meaning;

        MarkKind(String symbol, String meaning) {
            this.symbol = symbol;
            this.meaning = meaning;
        }
    }

    /** A mark on a run ({@code run} not null) or, for a change the world made, at {@code seq} on the world's lane. */
    record Mark(MarkKind kind, RunRecord run, long seq) {
    }

    private static final Pattern RUN_ID = Pattern.compile("run #(\\d+)");

    final ViolationTrace vt;
    final Finding finding;
    final ChangeRecord change;
    /** The system that made the change or issued the command that made it; null for setup or no change. */
    final String writer;
    /** The writer's run that made the change or issued its command; null if unknown. */
    final RunRecord writerRun;
    /** The detector's runs (not failed) in start order; empty when the violation is not about detection. */
    final List<RunRecord> detectorRuns;
    /**
     * For a miss or a delay: the detector's own change of the same data and entity (or resource) made after
     * the change and before its last run after it, or null. A strategy that tells a system's own changes
     * apart by the last writer hides the earlier change behind it.
     */
    final ChangeRecord ownWrite;
    /** The run that made {@link #ownWrite}, or null. */
    final RunRecord ownWriteRun;
    /** The next change of the same key by someone else after {@link #ownWrite} (it ended the detector's last-writer spell), or null. */
    final ChangeRecord afterOwnWrite;
    final RunNames names;
    final List<Mark> marks = new ArrayList<>();
    /** Runs the violation is about, drawn as such. */
    final Set<RunRecord> involved = new LinkedHashSet<>();
    /**
     * The runs whose frames a timeline too long for its width must keep in full: the change's, the run that was
     * due to report it and the one the claim's delay ends at, the detector's own write, the runs a finding names.
     * Empty means "those of {@link #involved}".
     */
    final Set<RunRecord> essential = new LinkedHashSet<>();

    private Focus(ViolationTrace vt) {
        this.vt = vt;
        Trace trace = vt.trace();
        this.finding = vt.violation().finding();
        this.change = finding == null ? null : finding.change();
        String w = null;
        RunRecord wr = null;
        if (change != null) {
            if (change.authorRun() >= 0) {
                w = change.author();
                wr = trace.run(change.authorRun());
                marks.add(new Mark(MarkKind.CHANGE, wr, change.seq()));
            } else {
                w = issuer(change.cause());
                marks.add(new Mark(MarkKind.CHANGE, null, change.seq()));
                if (w != null) {
                    for (RunRecord r : trace.runs()) {
                        if (r.system().equals(w) && r.finishSeq() < change.seq() && (wr == null || r.finishSeq() > wr.finishSeq())) {
                            wr = r;
                        }
                    }
                }
            }
        }
        this.writer = w;
        this.writerRun = wr;
        if (wr != null) {
            involved.add(wr);
        }
        this.detectorRuns = finding == null ? List.of() : DetectionOracle.detectorRuns(trace, finding.detector());
        this.names = new RunNames(vt.scenario(), trace);
        ChangeRecord own = null;
        ChangeRecord next = null;
        if (finding != null && change != null
                && (finding.type() == FindingType.MISSED || finding.type() == FindingType.DELAYED)) {
            List<RunRecord> after = detectorRunsAfter(change.seq());
            long until = after.isEmpty() ? -1 : after.get(after.size() - 1).startSeq();
            String key = keyOf(change);
            for (ChangeRecord c : trace.changes()) {
                if (c.data() != change.data() || !keyOf(c).equals(key) || c.seq() <= change.seq()) {
                    continue;
                }
                if (own == null && c.author().equals(finding.detector()) && c.seq() < until) {
                    own = c;
                } else if (own != null && next == null && !c.author().equals(finding.detector()) && c.seq() > own.seq()) {
                    next = c;
                }
            }
        }
        this.ownWrite = own;
        this.ownWriteRun = own == null || own.authorRun() < 0 ? null : trace.run(own.authorRun());
        this.afterOwnWrite = next;
        if (ownWriteRun != null) {
            marks.add(new Mark(MarkKind.OWN_WRITE, ownWriteRun, own.seq()));
            involved.add(ownWriteRun);
        }
        if (finding != null) {
            markFinding();
        } else if (vt.violation().criterion() == Criterion.ORDERING) {
            Matcher m = RUN_ID.matcher(vt.violation().message());
            while (m.find()) {
                int id = Integer.parseInt(m.group(1));
                if (id >= 0 && id < trace.runs().size()) {
                    mark(MarkKind.ORDERING, trace.run(id));
                }
            }
            for (RunRecord r : trace.runs()) {
                if (r.failure() != null) {
                    mark(MarkKind.ORDERING, r);
                }
            }
        }
    }

    static Focus of(ViolationTrace vt) {
        return new Focus(vt);
    }

    private void mark(MarkKind kind, RunRecord run) {
        marks.add(new Mark(kind, run, run.startSeq()));
        involved.add(run);
    }

    private void markFinding() {
        RunRecord run = finding.run();
        switch (finding.type()) {
            case MISSED -> {
                RunRecord before = previousDetectorRun(change.seq());
                if (before != null) {
                    involved.add(before);
                    if (before.frame() == change.frame()) {
                        essential.add(before);
                    }
                }
                List<RunRecord> after = detectorRunsAfter(change.seq());
                for (int i = 0; i < after.size(); i++) {
                    RunRecord r = after.get(i);
                    marks.add(new Mark(MarkKind.MISSED, r, r.startSeq()));
                    if (i == 0 || i == after.size() - 1) {
                        involved.add(r);
                    }
                }
                if (!after.isEmpty()) {
                    essential.add(after.get(0));
                    RunRecord deadline = deadline(after.get(0), vt.trace().config().delayFrames());
                    if (deadline != null) {
                        involved.add(deadline);
                        essential.add(deadline);
                    }
                }
                if (writerRun != null) {
                    essential.add(writerRun);
                }
                if (ownWriteRun != null) {
                    essential.add(ownWriteRun);
                }
            }
            case DELAYED -> {
                mark(MarkKind.LATE, finding.due());
                mark(MarkKind.REPORTED, run);
            }
            case LATE -> {
                mark(MarkKind.LATE, run);
                RunRecord later = firstReportAfter(run);
                if (later != null) {
                    mark(MarkKind.REPORTED, later);
                }
            }
            case REPEATED -> {
                if (finding.earlier() != null) {
                    mark(MarkKind.REPORTED, finding.earlier());
                }
                mark(MarkKind.REPEATED, run);
            }
            case SPURIOUS -> {
                RunRecord before = previousDetectorRun(run.startSeq());
                if (before != null) {
                    involved.add(before);
                }
                mark(MarkKind.SPURIOUS, run);
            }
            case OWN -> mark(MarkKind.OWN, run);
            default -> throw new IllegalStateException("unknown finding type " + finding.type());
        }
    }

    /** The detector's last run that started before {@code seq}, or null. */
    RunRecord previousDetectorRun(long seq) {
        RunRecord out = null;
        for (RunRecord r : detectorRuns) {
            if (r.startSeq() < seq) {
                out = r;
            }
        }
        return out;
    }

    /** The detector's runs that started after {@code seq}, in start order. */
    List<RunRecord> detectorRunsAfter(long seq) {
        return detectorRuns.stream().filter(r -> r.startSeq() > seq).toList();
    }

    /** The detector's first run after {@code run} whose answer for the finding's watch names the finding's key. */
    RunRecord firstReportAfter(RunRecord run) {
        String key = key();
        for (RunRecord r : detectorRunsAfter(run.startSeq())) {
            if (reported(r).contains(key)) {
                return r;
            }
        }
        return null;
    }

    /** What the detector's run reported for the finding's watch (empty if it recorded nothing). */
    List<String> reported(RunRecord r) {
        Watch w = finding.watch();
        for (Detection d : vt.trace().detections()) {
            if (d.run() == r.id() && d.watch().equals(w)) {
                return d.reported();
            }
        }
        return List.of();
    }

    /** A change's key: its entity label, or its resource's name. */
    static String keyOf(ChangeRecord c) {
        return c.entity() != null ? c.entity() : c.data().name();
    }

    /**
     * The last run by which a change due at {@code due} had to be reported under a claim that allows
     * {@code allowedFrames} frames of delay: the detector's first run at least that many frames after the due
     * run (the due run itself for 0), as the oracle's {@code Obligation.metWithin} decides; null when the
     * detector never ran that late.
     */
    RunRecord deadline(RunRecord due, int allowedFrames) {
        return Obligation.deadline(due, allowedFrames, detectorRuns);
    }

    /** The key reports name: the entity label, or the resource's name. */
    String key() {
        if (finding.entity() != null) {
            return finding.entity();
        }
        return change != null && change.entity() != null ? change.entity() : finding.watch().data().name();
    }

    /** The system whose command the world applied ("changer's insert command" gives "changer"), or null. */
    static String issuer(String cause) {
        if (cause == null) {
            return null;
        }
        int at = cause.indexOf("'s ");
        return at > 0 && cause.endsWith("command") ? cause.substring(0, at) : null;
    }

    /** The kind of command in a world change's cause ("insert command"), or the cause itself. */
    static String command(String cause) {
        int at = cause == null ? -1 : cause.indexOf("'s ");
        return at > 0 ? cause.substring(at + 3) : String.valueOf(cause);
    }

    boolean isDetection() {
        return finding != null;
    }

    FindingType type() {
        return finding == null ? null : finding.type();
    }
}
