package dev.ecslab.lab.run;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Keeps the threads of one controlled run on one processor.
 *
 * <p><b>Why.</b> A controlled run lets exactly one of its threads make progress at a time and hands the turn
 * from thread to thread a few hundred times per run. Each hand-off wakes a parked thread. On the virtual
 * machines the lab runs on, waking a thread that sleeps on another processor costs about ten times as much
 * as waking one on the same processor (a park and unpark round trip between two Java threads: 46 µs across
 * processors, 4.8 µs on one), so the hand-offs, not the work, set the speed of a controlled run. Since only
 * one thread of the run works at a time, putting them all on one processor loses no parallelism.
 *
 * <p><b>How.</b> On Linux a thread starts with the processor affinity of the thread that created it. The
 * run's own thread pins itself before it creates the executor under test, so the executor's workers, made
 * by the executor as it always makes them, are born on the same processor. Concurrent runs (one per job)
 * are spread over the processors the process may use, the least occupied first. The JIT compiler and the
 * garbage collector are not pinned and use every processor.
 *
 * <p><b>What it never does.</b> It never pins a free run: an executor that ignores the control runs its
 * threads in parallel, and squeezing them onto one processor would hide its races. Whether an executor
 * follows the control is known only once one has been made, so a subject is pinned only after one of its
 * executors said it is controlled (see {@link RunSession}). Pinning changes no decision, no trace and no
 * verdict: a controlled run is a function of its decisions, whichever processors its threads are on.
 *
 * <p>Where the platform offers no affinity call (not Linux, no native access, {@code -Decslab.pin=false}),
 * {@link #pinCurrentThread()} returns a pin that does nothing, and runs are as correct and slower.
 */
public final class ProcessorPinning {
    /** A held pin: closing it gives the thread back every processor and frees its place. Idempotent. */
    public interface Pin extends AutoCloseable {
        /** True when the thread was actually pinned. */
        boolean pinned();

        @Override
        void close();
    }

    private static final Pin NONE = new Pin() {
        @Override
        public boolean pinned() {
            return false;
        }

        @Override
        public void close() {
        }
    };

    /** The C library's affinity calls, bound by JNA on first use. */
    interface LibC extends Library {
        int sched_getaffinity(int pid, int size, long[] mask) throws LastErrorException;

        int sched_setaffinity(int pid, int size, long[] mask) throws LastErrorException;

        int sched_getcpu();
    }

    /** Room for 1 024 processors, as glibc's {@code cpu_set_t}. */
    private static final int MASK_WORDS = 16;

    /** Bound on first use; {@link #why} says why pinning is off when {@code CPUS} is empty. */
    private static final class Platform {
        static final LibC LIBC;
        static final int[] CPUS;
        static final long[] ALL;
        static final String WHY;
        static final int[] OCCUPIED;

        static {
            LibC libc = null;
            int[] cpus = new int[0];
            long[] all = new long[MASK_WORDS];
            String why = null;
            if (!Boolean.parseBoolean(System.getProperty("ecslab.pin", "true"))) {
                why = "turned off by -Decslab.pin=false";
            } else if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
                why = "processor affinity is used on Linux only";
            } else {
                try {
                    libc = Native.load("c", LibC.class);
                    libc.sched_getaffinity(0, MASK_WORDS * Long.BYTES, all);
                    List<Integer> allowed = new ArrayList<>();
                    for (int cpu = 0; cpu < MASK_WORDS * 64; cpu++) {
                        if ((all[cpu >>> 6] & (1L << (cpu & 63))) != 0) {
                            allowed.add(cpu);
                        }
                    }
                    cpus = allowed.stream().mapToInt(Integer::intValue).toArray();
                    if (cpus.length < 2) {
                        why = "the process may use a single processor";
                        cpus = new int[0];
                    }
                } catch (Throwable t) {                  // no JNA native part, a sandbox, an unknown libc
                    why = "the affinity call is not available: " + t;
                    cpus = new int[0];
                    libc = null;
                }
            }
            LIBC = libc;
            CPUS = cpus;
            ALL = all;
            WHY = why;
            OCCUPIED = new int[cpus.length];
        }
    }

    private ProcessorPinning() {
    }

    /** A pin that does nothing: for runs that must not be pinned. */
    public static Pin none() {
        return NONE;
    }

    /** Null when runs are pinned, else why not (for diagnostics and the documentation's checks). */
    public static String why() {
        return Platform.WHY;
    }

    /**
     * Pins the calling thread, and every thread it creates from now on, to the least occupied processor
     * the process may use. Returns a pin that does nothing when pinning is off or the call fails.
     */
    public static Pin pinCurrentThread() {
        if (Platform.CPUS.length == 0) {
            return NONE;
        }
        // Among the processors this JVM's runs occupy least, the one the kernel runs this thread on now: the kernel
        // balances the machine's load across processes, which this JVM's own count cannot see. Taking the lowest
        // number instead put every JVM's runs (two test JVMs, shards of a campaign, isolated children) on one
        // processor, with the other left to the JIT.
        int here = currentCpu();
        int slot;
        synchronized (Platform.OCCUPIED) {
            slot = 0;
            for (int i = 1; i < Platform.OCCUPIED.length; i++) {
                if (Platform.OCCUPIED[i] < Platform.OCCUPIED[slot]
                        || Platform.OCCUPIED[i] == Platform.OCCUPIED[slot] && Platform.CPUS[i] == here) {
                    slot = i;
                }
            }
            Platform.OCCUPIED[slot]++;
        }
        int cpu = Platform.CPUS[slot];
        long[] one = new long[MASK_WORDS];
        one[cpu >>> 6] = 1L << (cpu & 63);
        try {
            Platform.LIBC.sched_setaffinity(0, MASK_WORDS * Long.BYTES, one);
        } catch (Throwable t) {                          // refused now (a changed cpuset): run unpinned
            release(slot);
            return NONE;
        }
        return new Held(slot);
    }

    /** The processor the calling thread runs on now, or -1 when the platform does not say. */
    private static int currentCpu() {
        try {
            return Platform.LIBC.sched_getcpu();
        } catch (Throwable t) {
            return -1;
        }
    }

    private static void release(int slot) {
        synchronized (Platform.OCCUPIED) {
            Platform.OCCUPIED[slot]--;
        }
    }

    private static final class Held implements Pin {
        private final int slot;
        private final Thread owner = Thread.currentThread();
        private boolean closed;

        Held(int slot) {
            this.slot = slot;
        }

        @Override
        public boolean pinned() {
            return !closed;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (Thread.currentThread() == owner) {
                try {
                    Platform.LIBC.sched_setaffinity(0, MASK_WORDS * Long.BYTES, Platform.ALL.clone());
                } catch (Throwable ignored) {            // the thread ends with the run; only its place matters
                }
            }
            release(slot);
        }
    }
}
