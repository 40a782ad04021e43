package dev.ecslab.lab.trace;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.scenario.Required;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.List;

/**
 * An exception thrown by the code under test, as the lab's guards saw it (a crash is a finding of its
 * own and makes the configuration broken, never a pass and
 * never folded into another criterion).
 *
 * @param source    who threw: {@code strategy} (a call into the change tracker), {@code executor} (a call
 *                  into the executor), {@code engine} (a call into an engine under test), or {@code run} (anything else that ended the run: the ECS, a system
 *                  failure the runner reported, a timeout)
 * @param call      the call that threw, with its arguments in words ({@code test(ADDED) on component #1})
 * @param resource  for an answer: whether it was about a resource; {@code null} for events and runs
 * @param kind      for an answer: the filter asked; {@code null} for events and runs
 * @param exception the exception's class and message
 * @param frames    the top stack frames of the exception, innermost first
 * @param frame     the frame the lab was running ({@code -1} outside frames)
 *
 * <p>The call, the exception and the frames are text from the code under test: they are kept with
 * control characters shown as {@code \\uXXXX}, so printing a crash cannot forge a line.
 */
public record Crash(@Required String source, @Required String call,
        Boolean resource, WatchKind kind, @Required String exception, List<String> frames,
        long frame) {
    public Crash {
        call = BadInputException.printable(call);
        exception = BadInputException.printable(exception);
        // a lambda's class is named by its address, which differs from one JVM to the next: a replayed crash must
        // read the same
        frames = frames == null ? List.of() : frames.stream().map(f -> BadInputException.printable(f)
                .replaceAll("\\$\\$Lambda\\$\\d+/0x[0-9a-f]+", "\\$\\$Lambda")).toList();
    }

    /**
     * The call of a crash that ended the isolated JVM a run was made in (then {@code exception} says how it ended,
     * and {@code frames} holds the JVM's last lines on standard error).
     */
    public static final String ISOLATED_JVM = "the isolated JVM";

    /**
     * How the exception of a crash ends when a thread the code under test started was still running after its run
     * ended (then {@code call} names the thread and {@code frames} is where it ran).
     */
    public static final String LEFT_SPINNING = "(a thread left spinning)";

    /** Whether this is the end of the isolated JVM the run was made in, rather than something thrown. */
    public boolean endedItsJvm() {
        return source.equals("run") && call.equals(ISOLATED_JVM);
    }

    /** Whether this is a thread the code under test left running after its run, rather than something thrown. */
    public boolean leftAThreadRunning() {
        return source.equals("run") && exception.endsWith(LEFT_SPINNING);
    }

    /** The crash in words, with the top frames (for an isolated JVM that ended, its last lines). */
    public String describe() {
        if (leftAThreadRunning()) {
            return call + " was " + exception + (frames.isEmpty() ? "" : ", at " + String.join(" < ", frames));
        }
        if (endedItsJvm()) {
            List<String> last = frames.subList(Math.max(0, frames.size() - 3), frames.size());
            return "the isolated JVM running the code under test " + exception + (frame >= 0 ? " during frame " + frame : "")
                    + (last.isEmpty() ? "" : "; its last lines on standard error: " + String.join(" | ", last));
        }
        return "the " + source + " threw " + exception + " in " + call + (frame >= 0 ? " during frame " + frame : "")
                + (frames.isEmpty() ? "" : ", at " + String.join(" < ", frames));
    }

    @Override
    public String toString() {
        return describe();
    }
}
