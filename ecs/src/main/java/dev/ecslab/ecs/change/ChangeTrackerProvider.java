package dev.ecslab.ecs.change;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Makes change trackers by id, and says what each strategy claims. Built-in strategies and user
 * strategies are found the same way: {@link ServiceLoader}, through
 * {@code META-INF/services/dev.ecslab.ecs.change.ChangeTrackerProvider} in any jar on the class path,
 * which is how a user puts a proposal of their own beside the built-in ones.
 */
public interface ChangeTrackerProvider {
    /** The id that selects this strategy ({@code generation}, {@code flags}, ...). */
    String id();

    /** The class the strategy's proposal claims for a flavor of detection. */
    ClaimedClass claimedClass(ChangeFlavor flavor);

    /**
     * How late a report may be under this strategy's claim, in frames: {@code 0} means a change must
     * be reported by the detector's first run after it (what {@link ClaimedClass#EXACT} promises);
     * {@code k > 0} means by a run at most {@code k} frames after that first run. The lab applies it to
     * criterion 1. The default is 1 for {@link ClaimedClass#EXACT_DELAYED} (Bevy PR #1471's "exact, but
     * delayed a frame") and 0 otherwise; a provider whose proposal is late by more says so here. The lab
     * refuses a claim longer than any scenario can show (more than 100 001 frames: a scenario runs at most
     * 100 000 frames and 2 quiet ones), under which no report could be too late.
     */
    default int claimedDelayFrames(ChangeFlavor flavor) {
        return claimedClass(flavor) == ClaimedClass.EXACT_DELAYED ? 1 : 0;
    }

    /**
     * Where the claim ends ({@link Horizon}): the longest absence of a reader it covers. The default,
     * {@link Horizon#UNBOUNDED}, claims every absence, however long. The lab gates the claim up to the
     * horizon and reports what happens past it; a strategy that forgets after 64 frames claims
     * {@code Horizon.ofFrames(64)} rather than an "exact" that is not.
     */
    default Horizon claimedHorizon(ChangeFlavor flavor) {
        return Horizon.UNBOUNDED;
    }

    /** Which proposal of Bevy PR #1471 it implements, for reports ("P5: generation counter"). */
    String description();

    /** A fresh tracker for one world. */
    ChangeTracker create();

    /** The ids of the seven built-in strategies, in proposal order. */
    List<String> BUILT_IN = List.of("none", "flags", "double-buffer", "last-tick", "flag-doubling", "generation", "system-data");

    /** The provider with {@code id}, from the context class loader's class path. */
    static ChangeTrackerProvider find(String id) {
        return find(id, Thread.currentThread().getContextClassLoader());
    }

    /**
     * The provider with {@code id} visible to {@code loader} (an external jar's loader, say).
     *
     * @throws IllegalArgumentException naming the known ids when none has {@code id}
     */
    static ChangeTrackerProvider find(String id, ClassLoader loader) {
        List<ChangeTrackerProvider> all = all(loader);
        for (ChangeTrackerProvider p : all) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        List<String> ids = new ArrayList<>();
        all.forEach(p -> ids.add(p.id()));
        throw new IllegalArgumentException("no change-tracking strategy with id '" + id + "'; known: " + ids);
    }

    /** Every provider on the class path: the built-ins first, in proposal order, then the others. */
    static List<ChangeTrackerProvider> all() {
        return all(Thread.currentThread().getContextClassLoader());
    }

    /**
     * Every provider visible to {@code loader}: the built-ins first, then the others by id.
     *
     * @throws dev.ecslab.ecs.input.BadInputException when a provider's id is empty or not a name (a line break,
     *         a control character)
     * @throws IllegalStateException when two providers claim one id (both classes are named, with where
     *         each was loaded from), since which one a world gets would otherwise depend on class-path order
     */
    static List<ChangeTrackerProvider> all(ClassLoader loader) {
        java.util.Map<String, ChangeTrackerProvider> byId = new java.util.TreeMap<>();
        for (ChangeTrackerProvider p : ServiceLoader.load(ChangeTrackerProvider.class, loader)) {
            checkId(p.id(), p);
            ChangeTrackerProvider previous = byId.putIfAbsent(p.id(), p);
            if (previous != null && previous.getClass() != p.getClass()) {
                throw new IllegalStateException("two change-tracking strategies claim the id '" + p.id() + "': "
                        + describe(previous) + " and " + describe(p));
            }
        }
        List<ChangeTrackerProvider> out = new ArrayList<>();
        for (String id : BUILT_IN) {
            if (byId.containsKey(id)) {
                out.add(byId.remove(id));
            }
        }
        out.addAll(byId.values());
        return Collections.unmodifiableList(out);
    }

    /**
     * A plug-in's id is printed in every report: it must be a name ({@link dev.ecslab.ecs.input.InputNames}),
     * so that a jar cannot forge a line of the terminal or of a report.
     */
    private static void checkId(String id, ChangeTrackerProvider p) {
        String problem = id == null || id.isBlank() ? "the id is empty" : dev.ecslab.ecs.input.InputNames.problem(id);
        if (problem != null) {
            throw new dev.ecslab.ecs.input.BadInputException(describe(p), "id()", "the change-tracking strategy's id: " + problem);
        }
    }

    /** A provider's class and where it was loaded from, for an error message. */
    private static String describe(ChangeTrackerProvider p) {
        return dev.ecslab.ecs.ClassOrigin.describe(p.getClass());
    }
}
