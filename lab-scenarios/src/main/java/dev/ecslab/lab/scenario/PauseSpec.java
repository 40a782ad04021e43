package dev.ecslab.lab.scenario;


import java.util.Objects;

/**
 * A pause set: a run criterion whose answer per frame is a pattern of {@code 1} (runs) and {@code 0}
 * (paused), repeated when the scenario has more frames than the pattern. The runner's quiet tail
 * frames always run, so a paused detector gets a chance to report.
 */
public record PauseSpec(@Required String set, @Required String pattern) {
    public PauseSpec {
        Objects.requireNonNull(set, "set");
        Objects.requireNonNull(pattern, "pattern");
    }

    public boolean runs(int frame) {
        return pattern.isEmpty() || pattern.charAt(frame % pattern.length()) == '1';
    }
}
