package dev.ecslab.reports.timeline;

import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * The part of a trace a timeline shows: sequence intervals {@code (lo, hi]}, widened until every
 * run that starts in one also finishes in it, with the runs and events inside and, for each stretch
 * left out, how many runs and which frames it held.
 */
record Window(List<long[]> intervals, List<RunRecord> runs, List<Trace.Event> events, List<Elided> elided) {

    /** A stretch left out: {@code runs} runs in frames {@code fromFrame..toFrame}, between two shown intervals. */
    record Elided(long afterSeq, long beforeSeq, int runs, long fromFrame, long toFrame) {
        String describe() {
            return runs + " run(s) " + (fromFrame == toFrame ? "in frame " + fromFrame : "in frames " + fromFrame + "-" + toFrame)
                    + " (events " + (afterSeq + 1) + "-" + (beforeSeq - 1) + ")";
        }
    }

    static Window of(Timeline t, List<long[]> wanted) {
        List<long[]> iv = new ArrayList<>();
        wanted.forEach(w -> iv.add(w.clone()));
        boolean changed = true;
        while (changed) {
            changed = false;
            iv.sort(Comparator.comparingLong(a -> a[0]));
            List<long[]> merged = new ArrayList<>();
            for (long[] a : iv) {
                if (!merged.isEmpty() && a[0] <= merged.get(merged.size() - 1)[1] + 1) {
                    long[] m = merged.get(merged.size() - 1);
                    m[1] = Math.max(m[1], a[1]);
                } else {
                    merged.add(a);
                }
            }
            for (long[] m : merged) {
                for (RunRecord r : t.runs) {
                    if (r.startSeq() > m[0] && r.startSeq() <= m[1] && r.finishSeq() > m[1]) {
                        m[1] = r.finishSeq();
                        changed = true;
                    }
                    if (r.finishSeq() > m[0] && r.finishSeq() <= m[1] && r.startSeq() <= m[0]) {
                        m[0] = r.startSeq() - 1;
                        changed = true;
                    }
                }
            }
            iv.clear();
            iv.addAll(merged);
        }
        List<RunRecord> runs = t.runs.stream().filter(r -> inside(iv, r.startSeq())).toList();
        List<Trace.Event> events = t.vt.trace().events().stream()
                .filter(e -> !e.kind().equals("start") && !e.kind().equals("finish") && inside(iv, e.seq())).toList();
        List<Elided> elided = new ArrayList<>();
        long last = t.lastSeq();
        List<long[]> gaps = new ArrayList<>();
        long prev = Long.MIN_VALUE;
        for (long[] a : iv) {
            gaps.add(new long[] {prev, a[0] + 1});
            prev = a[1];
        }
        gaps.add(new long[] {prev, Long.MAX_VALUE});
        for (long[] g : gaps) {
            List<RunRecord> in = t.runs.stream().filter(r -> r.startSeq() > g[0] && r.startSeq() < g[1]).toList();
            if (!in.isEmpty()) {
                long from = in.stream().mapToLong(RunRecord::frame).min().orElse(0);
                long to = in.stream().mapToLong(RunRecord::frame).max().orElse(0);
                long after = g[0] == Long.MIN_VALUE ? 0 : g[0];
                long before = g[1] == Long.MAX_VALUE ? last + 1 : g[1];
                elided.add(new Elided(after, before, in.size(), from, to));
            }
        }
        return new Window(List.copyOf(iv), runs, events, List.copyOf(elided));
    }

    static boolean inside(List<long[]> iv, long seq) {
        for (long[] a : iv) {
            if (seq > a[0] && seq <= a[1]) {
                return true;
            }
        }
        return false;
    }

    /** Every sequence number that something shown happens at, in order. */
    TreeSet<Long> points() {
        TreeSet<Long> out = new TreeSet<>();
        runs.forEach(r -> {
            out.add(r.startSeq());
            out.add(r.finishSeq());
        });
        events.forEach(e -> out.add(e.seq()));
        return out;
    }
}
