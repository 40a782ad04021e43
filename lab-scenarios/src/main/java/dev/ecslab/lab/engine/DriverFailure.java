package dev.ecslab.lab.engine;

import java.io.IOException;
import java.util.List;

/**
 * An engine driver broke the process protocol ({@code docs/engine-protocol.md}) or ended: it exited, answered
 * something that is not an answer, answered out of order, refused a request, flooded its output or was closed while
 * the lab waited. Thrown from the {@link Engine} method whose request failed, so the lab records a crash of the
 * engine (criterion X), never a pass.
 *
 * <p>Its message is made to be read alone in a report: it names the request (op and id) and what went wrong, and
 * ends with the last lines the lab and the driver exchanged and the last lines of the driver's standard error.
 */
public final class DriverFailure extends IOException {
    private static final long serialVersionUID = 1L;
    /** The driver's exit status when it had ended; {@code null} while it ran. */
    private final Integer exitStatus;
    /** Its last lines on standard error. */
    private final transient List<String> stderr;
    /** Its answer, when it answered {@code ok:false}; else {@code null}. */
    private transient com.fasterxml.jackson.databind.JsonNode refusal;
    private boolean closedByTheLab;

    DriverFailure(String message) {
        this(message, null, List.of());
    }

    DriverFailure(String message, Integer exitStatus, List<String> stderr) {
        super(message);
        this.exitStatus = exitStatus;
        this.stderr = List.copyOf(stderr);
    }

    /** The driver's exit status, when it had ended as the request failed; {@code null} while it ran. */
    Integer exitStatus() {
        return exitStatus;
    }

    /** The driver's last lines on standard error when the request failed. */
    List<String> stderr() {
        return stderr;
    }

    /** The driver's {@code ok:false} answer; {@code null} when the request failed otherwise. */
    com.fasterxml.jackson.databind.JsonNode refusal() {
        return refusal;
    }

    /** Whether the lab closed the engine before or while this request waited (a run it abandoned), not the driver. */
    boolean closedByTheLab() {
        return closedByTheLab;
    }

    DriverFailure byTheLab() {
        this.closedByTheLab = true;
        return this;
    }

    DriverFailure refusedWith(com.fasterxml.jackson.databind.JsonNode answer) {
        this.refusal = answer;
        return this;
    }

    DriverFailure(String message, Throwable cause) {
        super(message, cause);
        this.exitStatus = null;
        this.stderr = List.of();
    }
}
