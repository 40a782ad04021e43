package dev.ecslab.lab.criteria;

import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioBuilder;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Criterion 6: a fixed world (8 entities, one more spawned and one despawned every frame through
 * commands, two entities and a resource written every frame, a detector watching everything) runs
 * {@value #FRAMES} frames, and the tracking state's heap, measured from outside the tracker by
 * the lab's retained-heap walk ({@code measure.RetainedHeap}, which {@code measure.MemoryRun} drives), must stop growing. The verdict uses the measured figures only.
 *
 * <p><b>Samples.</b> The measure is taken after 10 frames, every {@value #SAMPLE_EVERY} frames from
 * 1 000 to 10 000, and after every frame of the last {@value #DENSE} frames of each half (frames
 * 3 001 to 5 000 and 8 001 to 10 000). Amortized structures oscillate (generation's and
 * system-data's state is a saw tooth with a period of 1 024 frames here), so the check compares
 * peaks: the peak of the samples in frames 1 000 to 5 000 against the peak in frames 5 001 to
 * 10 000. The dense stretches cover any period up to {@value #DENSE} frames completely in both
 * halves, so a bounded saw tooth has the same peak in both. The late peak may exceed the early one
 * by at most {@value #TOLERANCE_BYTES} bytes plus {@value #TOLERANCE_PERCENT} % of the early peak;
 * a leak of one small object per frame adds tens of KiB over 5 000 frames.
 *
 * <p><b>The tracker's own figure.</b> {@code memoryBytes()} is recorded beside each sample and shown,
 * but never judged. When it disagrees a lot with the measure (at 10, 1 000 or 10 000 frames, one
 * figure more than {@value #DISAGREEMENT_FACTOR} times the other and the two more than
 * {@value #DISAGREEMENT_BYTES} bytes apart), {@link Result#disagreement()} says so: a finding about
 * the tracker's report, not a failure.
 */
public final class MemoryBound {
    public static final int FRAMES = 10_000;
    /** Frames between two samples outside the dense stretches. */
    public static final int SAMPLE_EVERY = 100;
    /** Length of the stretch at the end of each half that is sampled after every frame. */
    public static final int DENSE = 2_000;
    /** Bytes the late peak may exceed the early peak by, beside {@link #TOLERANCE_PERCENT}. */
    public static final long TOLERANCE_BYTES = 1_024;
    /** Percent of the early peak the late peak may exceed it by, beside {@link #TOLERANCE_BYTES}. */
    public static final int TOLERANCE_PERCENT = 1;
    /** A disagreement needs one figure more than this many times the other ... */
    public static final int DISAGREEMENT_FACTOR = 2;
    /** ... and the two this many bytes apart. */
    public static final long DISAGREEMENT_BYTES = 4_096;
    /** The frame counts reported (and compared with the tracker's own figure). */
    public static final List<Integer> REPORTED = List.of(10, 1_000, FRAMES);

    private static final int EARLY_FROM = 1_000;
    private static final int HALF = FRAMES / 2;

    private MemoryBound() {
    }

    /**
     * One sample: after {@code frames} frames, the tracking bytes measured from outside and the
     * tracker's own {@code memoryBytes()}.
     */
    public record Sample(int frames, long measured, long reported) {
    }

    /**
     * The measurement and its verdict.
     *
     * @param samples every sample taken, in frame order (fewer when the run or the measure failed)
     * @param problem why the measure is not valid, or {@code null} (the heap walk's own problem, or that it met the lab's objects)
     */
    public record Result(List<Sample> samples, String problem, Scenario scenario, Trace trace) {
        public Result {
            samples = List.copyOf(samples);
        }

        /** The sample after exactly {@code frames} frames, or {@code null}. */
        public Sample at(int frames) {
            for (Sample s : samples) {
                if (s.frames() == frames) {
                    return s;
                }
            }
            return null;
        }

        /** Peak measured bytes of the samples in frames 1 000 to 5 000. */
        public long earlyPeak() {
            return peak(EARLY_FROM, HALF);
        }

        /** Peak measured bytes of the samples in frames 5 001 to 10 000. */
        public long latePeak() {
            return peak(HALF + 1, FRAMES);
        }

        /** The largest late peak that passes: the early peak plus the tolerance. */
        public long allowedLatePeak() {
            long early = earlyPeak();
            return early + TOLERANCE_BYTES + Math.max(0, early) * TOLERANCE_PERCENT / 100;
        }

        private long peak(int from, int to) {
            long p = Long.MIN_VALUE;
            for (Sample s : samples) {
                if (s.frames() >= from && s.frames() <= to) {
                    p = Math.max(p, s.measured());
                }
            }
            return p;
        }

        /** Why criterion 6 fails, with the figures; {@code null} when it passes. */
        public String failure() {
            if (!trace.errors().isEmpty()) {
                return "the run failed: " + trace.errors().get(0);
            }
            if (problem != null) {
                return "the memory could not be measured: " + problem;
            }
            for (int f : REPORTED) {
                if (at(f) == null) {
                    return "no measurement after " + f + " frames";
                }
            }
            if (latePeak() > allowedLatePeak()) {
                return "the tracking state keeps growing: its measured peak in frames 5 001-10 000 is " + bytes(latePeak())
                        + " against " + bytes(earlyPeak()) + " in frames 1 000-5 000 (at most " + bytes(allowedLatePeak())
                        + " allowed)";
            }
            return null;
        }

        public boolean passes() {
            return failure() == null;
        }

        /**
         * A finding about the tracker's own figure: the reported point where it disagrees most with
         * the measure, when it disagrees a lot (see the class comment); {@code null} otherwise.
         */
        public String disagreement() {
            Sample worst = null;
            for (int f : REPORTED) {
                Sample s = at(f);
                if (s != null && disagrees(s) && (worst == null
                        || Math.abs(s.reported() - s.measured()) > Math.abs(worst.reported() - worst.measured()))) {
                    worst = s;
                }
            }
            if (worst == null) {
                return null;
            }
            return "the tracker's memoryBytes() disagrees with the measure: after " + count(worst.frames()) + " frames it reports "
                    + bytes(worst.reported()) + " but " + bytes(worst.measured()) + " were measured";
        }

        private static boolean disagrees(Sample s) {
            long lo = Math.min(s.reported(), s.measured());
            long hi = Math.max(s.reported(), s.measured());
            return hi - lo > DISAGREEMENT_BYTES && hi > (double) DISAGREEMENT_FACTOR * Math.max(lo, 0);
        }

        /** The measured and reported figures, the peaks, and the failure and finding if any. */
        public String describe() {
            StringBuilder b = new StringBuilder("tracking bytes measured after 10 / 1 000 / 10 000 frames: ");
            b.append(figures(true)).append(" (the tracker reports ").append(figures(false)).append(')');
            if (at(EARLY_FROM) != null && at(FRAMES) != null) {
                b.append("; measured peak in frames 1 000-5 000: ").append(earlyPeak()).append(", in 5 001-10 000: ")
                        .append(latePeak());
            }
            String failure = failure();
            if (failure != null) {
                b.append("; FAILS: ").append(failure);
            }
            String finding = disagreement();
            if (finding != null) {
                b.append("; finding: ").append(finding);
            }
            return b.toString();
        }

        private String figures(boolean measured) {
            List<String> out = new ArrayList<>();
            for (int f : REPORTED) {
                Sample s = at(f);
                out.add(s == null ? "-" : Long.toString(measured ? s.measured() : s.reported()));
            }
            return String.join(" / ", out);
        }
    }

    /** The frame counts after which the measure is taken. */
    public static SortedSet<Integer> sampleFrames() {
        SortedSet<Integer> frames = new TreeSet<>(REPORTED);
        for (int f = EARLY_FROM; f <= FRAMES; f += SAMPLE_EVERY) {
            frames.add(f);
        }
        for (int f = 1; f <= DENSE; f++) {
            frames.add(HALF - DENSE + f);
            frames.add(FRAMES - DENSE + f);
        }
        return Collections.unmodifiableSortedSet(frames);
    }

    public static Scenario scenario(int frames) {
        ScenarioBuilder b = Scenario.builder("Bounded memory (" + frames + " frames)")
                .describe("a fixed-size world with churn, writes and a detector, run for " + frames + " frames")
                .resource(Data.R, 0)
                .stage("update", st -> st
                        .system("writer", s -> s.writes(Data.A, Data.R).before("detector"))
                        .system("churn", s -> s.before("detector"))
                        .system("detector", s -> s.watchAll(Data.A).watchAll(Data.R)))
                .frames(frames);
        for (int i = 0; i < 8; i++) {
            b.entity("e" + i, Data.A, 0);
        }
        for (int f = 0; f < frames; f++) {
            b.set(f, "writer", "e" + (f % 8), Data.A, f).set(f, "writer", "e" + ((f + 3) % 8), Data.A, f)
                    .setResource(f, "writer", Data.R, f)
                    .command(f, "churn", EditOp.SPAWN, "n" + f, Data.A, f);
            if (f > 0) {
                b.command(f, "churn", EditOp.DESPAWN, "n" + (f - 1), null, 0);
            }
        }
        return b.build();
    }

    private static String bytes(long b) {
        return String.format(Locale.ROOT, "%,d bytes", b).replace(',', ' ');
    }

    private static String count(int n) {
        return String.format(Locale.ROOT, "%,d", n).replace(',', ' ');
    }
}
