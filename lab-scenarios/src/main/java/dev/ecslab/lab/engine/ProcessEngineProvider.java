package dev.ecslab.lab.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * An engine in any language as the lab judges it: a driver command that speaks the process protocol
 * ({@code docs/engine-protocol.md}). Its contract is what the driver answers to {@code hello}; each scenario run gets
 * a fresh driver process ({@link #create}), so no run sees another's world.
 *
 * <p>It promises that each process it starts declares the same contract as the one the lab judges by: a driver
 * whose {@code hello} changes between runs fails the run as a crash instead of being judged by a contract it no
 * longer keeps.
 */
public final class ProcessEngineProvider implements EngineProvider {
    private final EngineContract contract;
    private final List<String> command;
    private final Path workingDir;
    private final Duration helloTimeout;

    /**
     * A driver whose contract is already known (read from an earlier {@link #probe}); nothing is started until
     * {@link #create}.
     *
     * @param workingDir   the directory the driver runs in ({@code null}: the lab's own)
     * @param helloTimeout how long a fresh driver may take to answer {@code hello}
     */
    public ProcessEngineProvider(EngineContract contract, List<String> command, Path workingDir, Duration helloTimeout) {
        this.contract = Objects.requireNonNull(contract, "contract");
        this.command = List.copyOf(command);
        this.workingDir = workingDir;
        this.helloTimeout = Objects.requireNonNull(helloTimeout, "helloTimeout");
        if (this.command.isEmpty()) {
            throw new IllegalArgumentException("an engine driver needs a command");
        }
    }

    /**
     * Starts {@code command} once, asks it {@code hello} for its contract, and ends it.
     *
     * @throws IllegalArgumentException when the driver cannot be started, fails the protocol before it answers, or
     *                                  declares a contract the lab refuses; the message says which, naming the field
     */
    public static ProcessEngineProvider probe(List<String> command, Path workingDir, Duration helloTimeout) {
        EngineContract contract;
        try (ProcessEngine e = ProcessEngine.start(command, workingDir, helloTimeout)) {
            contract = e.contract();
        } catch (IOException e) {
            throw new IllegalArgumentException("the engine driver '" + String.join(" ", command) + "' could not state its"
                    + " contract: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the engine driver stated its contract", e);
        }
        return new ProcessEngineProvider(contract, command, workingDir, helloTimeout);
    }

    @Override
    public EngineContract contract() {
        return contract;
    }

    /** The driver's command, as given. */
    public List<String> command() {
        return command;
    }

    /**
     * A fresh driver process, started and not waited for: its first call asks {@code hello} and fails unless the
     * driver declares this provider's contract. Answering at once lets the lab's run timeout end a driver that hangs
     * at its start.
     *
     * @throws DriverFailure when the command cannot be started
     */
    @Override
    public ProcessEngine create() throws DriverFailure {
        return ProcessEngine.launch(command, workingDir, helloTimeout, contract);
    }
}
