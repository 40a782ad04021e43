package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * A stage and its systems. {@code iterations} above 1 makes it a looping stage (a run criterion that
 * answers "check again", like Bevy's fixed-timestep stage running several times in one frame).
 *
 * <p><b>Fixed steps.</b> {@code stepsPerFrame}, when present, is how many times the stage runs in each
 * frame, one digit 0 to 8 per frame, repeated when the scenario has more frames than digits: the shape of
 * a fixed-timestep schedule, which runs as many steps as time has accumulated (none in a short frame,
 * several after a long one). A frame of 0 steps runs none of the stage's systems. {@code iterations} is
 * then the most steps of any frame (at least 1); the quiet tail frames run that many.
 */
public record StageSpec(@Required String name, int iterations, List<SystemSpec> systems,
        @JsonInclude(JsonInclude.Include.NON_NULL) String stepsPerFrame) {
    public StageSpec {
        Objects.requireNonNull(name, "a stage needs a name");
        if (stepsPerFrame != null) {
            int most = 1;
            for (int i = 0; i < stepsPerFrame.length(); i++) {
                char d = stepsPerFrame.charAt(i);
                if (d >= '0' && d <= '8') {
                    most = Math.max(most, d - '0');
                }
            }
            iterations = most;                                    // validation refuses a digit outside 0 to 8
        }
        iterations = iterations == 0 ? 1 : iterations;            // omitted in JSON: one iteration
        systems = systems == null ? List.of() : List.copyOf(systems);
    }

    public StageSpec(String name, int iterations, List<SystemSpec> systems) {
        this(name, iterations, systems, null);
    }

    /** A stage of fixed steps: {@code steps} digits, one per frame, repeated. */
    public static StageSpec fixedSteps(String name, String steps, List<SystemSpec> systems) {
        return new StageSpec(name, 1, systems, steps);
    }

    /** The same stage with other systems (its steps kept). */
    public StageSpec withSystems(List<SystemSpec> newSystems) {
        return new StageSpec(name, iterations, newSystems, stepsPerFrame);
    }

    /** The same systems looping {@code n} times in every frame (no fixed steps). */
    public StageSpec withIterations(int n) {
        return new StageSpec(name, n, systems, null);
    }

    /** Whether the stage's count of runs changes from frame to frame. */
    @JsonIgnore
    public boolean stepped() {
        return stepsPerFrame != null;
    }

    /** Whether some frame of a scenario of {@code frames} frames has no step of this stage (never outside fixed steps). */
    public boolean skipsAFrame(int frames) {
        for (int f = 0; f < frames && stepsPerFrame != null; f++) {
            if (iterationsIn(f, frames) == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many times the stage runs in {@code frame} of a scenario of {@code frames} frames: its steps'
     * digit for the frame, or {@code iterations} in every frame of a stage without steps and in the quiet tail.
     */
    public int iterationsIn(long frame, int frames) {
        if (stepsPerFrame == null || stepsPerFrame.isEmpty() || frame >= frames) {   // "" is refused by validation
            return iterations;
        }
        return stepsPerFrame.charAt((int) (frame % stepsPerFrame.length())) - '0';
    }
}
