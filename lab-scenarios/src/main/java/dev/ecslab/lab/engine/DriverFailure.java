package dev.ecslab.lab.engine;

import java.io.IOException;

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

    DriverFailure(String message) {
        super(message);
    }

    DriverFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
