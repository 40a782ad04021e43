package dev.ecslab.lab.run;

import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.Detection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What one body run recorded: the lab's own evidence of the run. */
final class BodyRun {
    final String system;
    final String stage;
    final long frame;
    final int iteration;
    final long start;
    final String thread;
    final boolean callerThread;
    volatile long finish = Long.MAX_VALUE;
    volatile String failure;
    // Synchronized: after a timeout the lab reads them while the abandoned body may still write.
    final List<Object[]> direct = Collections.synchronizedList(new ArrayList<>());     // Data, label, ChangeType
    final List<Edit> commands = Collections.synchronizedList(new ArrayList<>());
    final List<Detection> detections = Collections.synchronizedList(new ArrayList<>());
    boolean applied;

    BodyRun(String system, String stage, long frame, int iteration, long start, String thread, boolean callerThread) {
        this.system = system;
        this.stage = stage;
        this.frame = frame;
        this.iteration = iteration;
        this.start = start;
        this.thread = thread;
        this.callerThread = callerThread;
    }
}
