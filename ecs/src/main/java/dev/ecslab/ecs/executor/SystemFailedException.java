package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.EcsException;

/**
 * A system threw. The frame ended: the stage's remaining commands were discarded (entities reserved
 * by them were despawned), later stages did not run, and no system is still running. The next frame
 * runs normally.
 */
public final class SystemFailedException extends EcsException {
    private final String system;
    private final String stage;
    private final long frame;

    public SystemFailedException(String system, String stage, long frame, Throwable cause) {
        super("system '" + system + "' (stage '" + stage + "', frame " + frame + ") failed: " + cause, cause);
        this.system = system;
        this.stage = stage;
        this.frame = frame;
    }

    public String system() {
        return system;
    }

    public String stage() {
        return stage;
    }

    public long frame() {
        return frame;
    }
}
