package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.change.Horizon;
import dev.ecslab.lab.trace.PluginJar;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A change-tracking strategy under test, with the filter flavor its detectors use: what a row of the
 * matrix stands for. A strategy with two flavors (flag-doubling's Changed and JustChanged) gives two
 * subjects, classified apart (each filter keeps its own promise). Built-in, external (from a jar) and
 * mutant strategies are all subjects; the lab treats them alike.
 *
 * @param id      the strategy id the world is built with
 * @param claimed the class the proposal claims for this flavor ({@code null} for a mutant: it claims
 *                nothing, the lab must simply kill it, and is judged as if it claimed exactness)
 * @param delayFrames how many frames late a report may be under the claim (0: at the detector's first
 *                run after the change), what criterion 1 applies; at most
 *                {@link dev.ecslab.lab.scenario.Scenario#LONGEST_OBSERVABLE_DELAY}, as a longer one judges nothing; see
 *                {@link ChangeTrackerProvider#claimedDelayFrames}
 * @param jar     the plug-in jar the strategy came from, recorded in every trace it produces; {@code null}
 *                for a built-in strategy or a mutant
 * @param horizon where the claim ends ({@link ChangeTrackerProvider#claimedHorizon}): the oracle holds the
 *                strategy to its claim for readers whose absence lies within, and only reports what happens past it
 */
public record TrackerSubject(String id, ChangeFlavor flavor, ClaimedClass claimed, String description,
        Supplier<ChangeTracker> factory, int delayFrames, PluginJar jar, Horizon horizon) {
    public TrackerSubject {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(flavor, "flavor");
        Objects.requireNonNull(factory, "factory");
        if (delayFrames < 0) {
            throw new IllegalArgumentException("strategy '" + id + "' claims a negative delay: " + delayFrames);
        }
        if (delayFrames > dev.ecslab.lab.scenario.Scenario.LONGEST_OBSERVABLE_DELAY) {
            throw new IllegalArgumentException("strategy '" + id + "' is allowed a delay of " + delayFrames + " frames, more"
                    + " than any scenario can show (at most " + dev.ecslab.lab.scenario.Scenario.LONGEST_OBSERVABLE_DELAY
                    + ": a scenario runs at most " + dev.ecslab.lab.scenario.Scenario.MAX_FRAMES + " frames and "
                    + dev.ecslab.lab.scenario.Scenario.QUIET_FRAMES + " quiet ones); no report could be too late, so the"
                    + " delay would judge nothing");
        }
        horizon = horizon == null ? Horizon.UNBOUNDED : horizon;
    }

    /** A subject whose claim covers every absence. */
    public TrackerSubject(String id, ChangeFlavor flavor, ClaimedClass claimed, String description,
            Supplier<ChangeTracker> factory, int delayFrames, PluginJar jar) {
        this(id, flavor, claimed, description, factory, delayFrames, jar, Horizon.UNBOUNDED);
    }

    /**
     * A subject that comes from no jar (a built-in strategy or a mutant), whose allowed delay follows
     * its claim: one frame for exact-delayed, none otherwise.
     */
    public TrackerSubject(String id, ChangeFlavor flavor, ClaimedClass claimed, String description,
            Supplier<ChangeTracker> factory) {
        this(id, flavor, claimed, description, factory, claimed == ClaimedClass.EXACT_DELAYED ? 1 : 0, null);
    }

    /**
     * The same strategy held to another promise: the class {@code claimed} and {@code delayFrames} frames of
     * allowed delay (a gate's {@code --expect}/{@code --delay}; a replay judged under the delay its trace
     * recorded). Returns this subject when the promise is already that one.
     */
    public TrackerSubject heldTo(ClaimedClass claimed, int delayFrames) {
        if (claimed == this.claimed && delayFrames == this.delayFrames) {
            return this;
        }
        return new TrackerSubject(id, flavor, claimed, description, factory, delayFrames, jar, horizon);
    }

    /** The row label: the id, and the flavor when it is not the default. */
    public String label() {
        return flavor == ChangeFlavor.IMMEDIATE ? id + "/immediate" : id;
    }

    /**
     * Subjects for one provider: one per flavor that claims something different, each carrying the jar
     * the provider's class was loaded from (none for ecslab's own).
     */
    public static List<TrackerSubject> of(ChangeTrackerProvider p) {
        PluginJar jar = PluginJar.of(PluginJar.STRATEGY, p.getClass()).orElse(null);
        List<TrackerSubject> out = new ArrayList<>();
        out.add(new TrackerSubject(p.id(), ChangeFlavor.DEFAULT, p.claimedClass(ChangeFlavor.DEFAULT), p.description(),
                p::create, p.claimedDelayFrames(ChangeFlavor.DEFAULT), jar, p.claimedHorizon(ChangeFlavor.DEFAULT)));
        if (p.claimedClass(ChangeFlavor.IMMEDIATE) != p.claimedClass(ChangeFlavor.DEFAULT)
                || p.claimedDelayFrames(ChangeFlavor.IMMEDIATE) != p.claimedDelayFrames(ChangeFlavor.DEFAULT)
                || !p.claimedHorizon(ChangeFlavor.IMMEDIATE).equals(p.claimedHorizon(ChangeFlavor.DEFAULT))) {
            out.add(new TrackerSubject(p.id(), ChangeFlavor.IMMEDIATE, p.claimedClass(ChangeFlavor.IMMEDIATE),
                    p.description() + " (immediate flavor)", p::create, p.claimedDelayFrames(ChangeFlavor.IMMEDIATE), jar,
                    p.claimedHorizon(ChangeFlavor.IMMEDIATE)));
        }
        return out;
    }

    /** Every strategy the loader sees (the seven built-ins first), each flavor apart. */
    public static List<TrackerSubject> all(ClassLoader loader) {
        List<TrackerSubject> out = new ArrayList<>();
        for (ChangeTrackerProvider p : ChangeTrackerProvider.all(loader)) {
            out.addAll(of(p));
        }
        return out;
    }

    /** One subject by label ({@code flag-doubling/immediate} selects the flavor). */
    public static TrackerSubject find(String label, ClassLoader loader) {
        List<String> known = new ArrayList<>();
        for (TrackerSubject s : all(loader)) {
            if (s.label().equals(label)) {
                return s;
            }
            known.add(s.label());
        }
        throw new IllegalArgumentException("no change-tracking strategy '" + label + "'; known: " + known);
    }
}
