package dev.ecslab.ecs.world;

import dev.ecslab.ecs.EcsException;

/**
 * A system touched data its declared access does not cover. Executors run systems in parallel on
 * the strength of their declarations, so an undeclared touch is a data race waiting to happen; the
 * world view refuses it before reading or writing anything. The message names the system, the data
 * and whether it was a read or a write.
 */
public final class AccessViolationException extends EcsException {
    private final String system;
    private final String data;
    private final boolean write;

    public AccessViolationException(String system, String data, boolean write, String detail) {
        super("system '" + system + "' " + (write ? "wrote " : "read ") + data + " without declaring it: " + detail);
        this.system = system;
        this.data = data;
        this.write = write;
    }

    /** The system that touched the data. */
    public String system() {
        return system;
    }

    /** The component or resource name. */
    public String data() {
        return data;
    }

    public boolean isWrite() {
        return write;
    }
}
