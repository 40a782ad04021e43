package dev.ecslab.lab.isolate;

/**
 * The code under test ended or stalled its isolated JVM before any run could be made (while its providers were
 * loaded): a crash of the code under test, which a gate reports as a failure, never as bad input.
 */
public final class PluginCrashedException extends RuntimeException {
    public PluginCrashedException(String message) {
        super(message);
    }
}
