package dev.ecslab.lab.run;

import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Crash;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Where the lab's guards write what the code under test threw during one scenario run. Thread-safe
 * (strategies are called from system threads); keeps the first {@value #KEPT} crashes, since a
 * strategy that throws on every call would otherwise fill the trace.
 */
public final class CrashLog {
    /** Crashes kept per run. */
    public static final int KEPT = 20;
    /** Stack frames kept per crash. */
    public static final int FRAMES = 6;

    private final List<Crash> crashes = new ArrayList<>();
    private final LongSupplier frame;
    private int dropped;

    /** @param frame the frame the lab is running, for each crash */
    public CrashLog(LongSupplier frame) {
        this.frame = frame;
    }

    /** Records a throwable from {@code source}'s {@code call}. */
    public void record(String source, String call, Boolean resource, WatchKind kind, Throwable t) {
        Crash c = new Crash(source, call, resource, kind, t.getClass().getName()
                + (t.getMessage() == null ? "" : ": " + t.getMessage()), topFrames(t), frame.getAsLong());
        synchronized (crashes) {
            if (crashes.size() < KEPT) {
                crashes.add(c);
            } else {
                dropped++;
            }
        }
    }

    /** What was recorded so far. */
    public List<Crash> crashes() {
        synchronized (crashes) {
            return List.copyOf(crashes);
        }
    }

    /** Crashes beyond {@link #KEPT} that were counted but not kept. */
    public int dropped() {
        synchronized (crashes) {
            return dropped;
        }
    }

    static List<String> topFrames(Throwable t) {
        List<String> out = new ArrayList<>();
        for (StackTraceElement e : t.getStackTrace()) {
            if (out.size() == FRAMES) {
                break;
            }
            out.add(e.getClassName() + "." + e.getMethodName() + "(" + e.getFileName() + ":" + e.getLineNumber() + ")");
        }
        return out;
    }
}
