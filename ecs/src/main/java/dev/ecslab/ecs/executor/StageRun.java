package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.schedule.CompiledStage;
import java.util.BitSet;

/**
 * One iteration of one stage, as the runner hands it to an {@link Executor}: the planned stage, the
 * systems that run this time (their run criteria said so), and the means to run one of them.
 */
public interface StageRun {
    CompiledStage stage();

    /** Systems that run in this iteration. The others complete as no-ops once their predecessors have. */
    BitSet active();

    /**
     * Runs system {@code i} on the calling thread: observer events, the body, and recording the
     * outcome. Never throws for a failing body, nor when the change tracker throws as the run starts or
     * finishes (that is the run's failure too); returns the failure (or {@code null}) so the executor
     * can stop starting systems.
     */
    Throwable runSystem(int i);

    /** True once some system of this iteration failed: start nothing more, let running ones finish. */
    boolean failed();

    /** The thread that called the runner: main-thread and exclusive systems must run on it. */
    Thread callerThread();

    /** The frame number (for seeded choices that must differ per frame). */
    long frame();

    /** The iteration of the stage in this frame. */
    int iteration();
}
