package dev.ecslab.lab.classify;

import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * How late a strategy reported the changes it reported (timeliness, part of criterion 1): per scenario class
 * and overall, the number of obligations, how many were reported, the largest and the mean delay in
 * detector runs and in frames between the change's due run and its report, and how many were never
 * reported.
 */
public final class DelayStats {
    /** The figures of one class (or of all). */
    public static final class Figures {
        private long obligations;
        private long reported;
        private long late;
        private long missed;
        private long tooLate;
        private int maxRuns;
        private int maxFrames;
        private long sumRuns;
        private long sumFrames;

        void add(RunResult.Delay o) {
            obligations += o.obligations();
            missed += o.obligations() - o.reported();
            reported += o.reported();
            late += o.late();
            if (o.reported() > 0) {
                maxRuns = Math.max(maxRuns, o.maxRuns());
                maxFrames = Math.max(maxFrames, o.maxFrames());
            }
            sumRuns += o.sumRuns();
            sumFrames += o.sumFrames();
        }

        public long obligations() {
            return obligations;
        }

        public long reported() {
            return reported;
        }

        /** Reported, but not by the due run. */
        public long late() {
            return late;
        }

        /** Never reported. */
        public long missed() {
            return missed;
        }

        /** Reported after the deadline the claim's delay sets (a criterion 1 failure). */
        public long tooLate() {
            return tooLate;
        }

        public int maxRuns() {
            return maxRuns;
        }

        public int maxFrames() {
            return maxFrames;
        }

        long sumRuns() {
            return sumRuns;
        }

        long sumFrames() {
            return sumFrames;
        }

        /** Adds another figures' counts (largest delays: the larger). */
        void add(Figures o) {
            obligations += o.obligations;
            reported += o.reported;
            late += o.late;
            missed += o.missed;
            tooLate += o.tooLate;
            maxRuns = Math.max(maxRuns, o.maxRuns);
            maxFrames = Math.max(maxFrames, o.maxFrames);
            sumRuns += o.sumRuns;
            sumFrames += o.sumFrames;
        }

        public double meanRuns() {
            return reported == 0 ? 0 : (double) sumRuns / reported;
        }

        public double meanFrames() {
            return reported == 0 ? 0 : (double) sumFrames / reported;
        }

        /** One line: "412 changes, 410 reported: delay max 1 run / 1 frame, mean 0.02 / 0.02; 2 never". */
        public String describe() {
            if (obligations == 0) {
                return "no change to report was judged";
            }
            return String.format(Locale.ROOT, "%d change(s), %d reported on time, %d late (max %d run(s) / %d frame(s),"
                    + " mean %.2f / %.2f over the reported; %d later than the claim allows), %d never", obligations,
                    reported - late, late, maxRuns, maxFrames, meanRuns(), meanFrames(), tooLate, missed);
        }
    }

    /**
     * Sets the figures of one class ({@code null}: of all) as a report recorded them ({@link RecordedRows});
     * {@code sumRuns} and {@code sumFrames} are the delays summed over the reported changes.
     */
    void restore(ScenarioClass cls, long obligations, long reported, long late, long missed, long tooLate, int maxRuns,
            int maxFrames, long sumRuns, long sumFrames) {
        Figures f = figures(obligations, reported, late, missed, tooLate, maxRuns, maxFrames, sumRuns, sumFrames);
        if (cls == null) {
            all = f;
        } else {
            byClass.put(cls, f);
        }
    }

    private Figures all = new Figures();
    private final Map<ScenarioClass, Figures> byClass = new EnumMap<>(ScenarioClass.class);

    /** The figures of each class that has any (a shard's summed runs are written from these). */
    Map<ScenarioClass, Figures> byClass() {
        return byClass;
    }

    /** Figures from their counts, as a shard file keeps them. */
    static Figures figures(long obligations, long reported, long late, long missed, long tooLate, int maxRuns,
            int maxFrames, long sumRuns, long sumFrames) {
        Figures f = new Figures();
        f.obligations = obligations;
        f.reported = reported;
        f.late = late;
        f.missed = missed;
        f.tooLate = tooLate;
        f.maxRuns = maxRuns;
        f.maxFrames = maxFrames;
        f.sumRuns = sumRuns;
        f.sumFrames = sumFrames;
        return f;
    }

    /** Adds the figures of another's class ({@code null}: of all): what a merge adds for a shard's summed runs. */
    void add(ScenarioClass cls, Figures f) {
        (cls == null ? all : byClass.computeIfAbsent(cls, k -> new Figures())).add(f);
    }

    void add(RunResult.Delay o) {
        all.add(o);
        for (ScenarioClass c : o.classes()) {
            byClass.computeIfAbsent(c, k -> new Figures()).add(o);
        }
    }

    /** Counts a report that came after its deadline, in every class of the change. */
    void tooLate(java.util.Set<ScenarioClass> classes) {
        all.tooLate++;
        for (ScenarioClass c : classes) {
            byClass.computeIfAbsent(c, k -> new Figures()).tooLate++;
        }
    }

    public Figures all() {
        return all;
    }

    public Figures in(ScenarioClass c) {
        return byClass.getOrDefault(c, new Figures());
    }
}
