package dev.ecslab.lab.engine;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What an engine promises about change detection, as data the report prints: which changes it reports, for what,
 * when, and which scenario features it can express. The lab runs only the scenarios an engine can express
 * ({@link #cannotExpress}), judges only the criteria the contract makes meaningful ({@link #applies}; the others
 * are shown as not applicable, never as a pass), and its oracle follows the declared semantics.
 *
 * @param id          the engine's id on the command line ({@code artemis-odb})
 * @param name        its name and version in words ({@code artemis-odb 2.3.0})
 * @param source      where each promise comes from: the engine's documentation or code, cited
 * @param components  the filters it answers for components ({@link dev.ecslab.lab.scenario.WatchKind}: {@code ADDED},
 *                    {@code MUTATED}, {@code CHANGED}, {@code REMOVED}); at least one
 * @param resources   the filters it answers for resources (none: it has no resource change detection)
 * @param ownWrites   whether a system is told of its own changes at its next run (Bevy: no; an entity
 *                    subscription that does not know who made a change: yes); judged only on {@code MUTATED} and
 *                    {@code CHANGED} watches
 * @param equalWritesCount whether a write of an equal value is a change (Bevy's {@code DerefMut}: yes; an engine
 *                    that compares values: no)
 * @param delayFrames when a change is reported: 0 at the observer's next run after it; k within k frames of that
 *                    run (an engine that publishes changes at a frame boundary declares 1)
 * @param features    the scenario features it can express
 * @param coalescing  whether it reports every change or the net change over a stretch of time ({@link Coalescing})
 * @param sets        how it answers a watch over a set of components ({@link SetSemantics}); meaningful only with
 *                    {@link Feature#SETS}
 */
public record EngineContract(String id, String name, String source, Set<WatchKind> components, Set<WatchKind> resources,
        boolean ownWrites, boolean equalWritesCount, int delayFrames, Set<Feature> features, Coalescing coalescing,
        SetSemantics sets) {

    /**
     * What a watch over a set of components ({@code A} with {@code With<B>}) reports. The oracle derives what is owed
     * from the lab's record of changes by the declared semantics, so either is judged exactly.
     */
    public enum SetSemantics {
        /**
         * A {@code With} filter asked when the watch runs (Bevy's {@code Query<Entity, (Added<A>, With<B>)>}, koota's
         * {@code world.query(Added(A), B)}): the changes of {@code A} of the entities that hold every component of the
         * set at that moment; an entity outside the set then is not reported, and that run spends its window.
         */
        FILTER("a watch over a set reports the changes of its component for the entities in the set when it runs"),
        /**
         * Membership of the set (Zay-ES's {@code EntitySet} of several types, artemis-odb's subscription to
         * {@code Aspect.all(A, B)}): {@code ADDED} is an entity entering the set (gaining its last missing component),
         * {@code MUTATED} a change of any component of the set while the entity is in it, {@code CHANGED} either.
         */
        MEMBERSHIP("a watch over a set reports entities entering the set and changes of any of its components within it");

        private final String words;

        SetSemantics(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** A contract whose watches over sets, if it has any, are {@code With} filters ({@link SetSemantics#FILTER}). */
    public EngineContract(String id, String name, String source, Set<WatchKind> components, Set<WatchKind> resources,
            boolean ownWrites, boolean equalWritesCount, int delayFrames, Set<Feature> features, Coalescing coalescing) {
        this(id, name, source, components, resources, ownWrites, equalWritesCount, delayFrames, features, coalescing,
                SetSemantics.FILTER);
    }

    /**
     * How an engine folds several changes of one entity's component (or one resource) into what it reports. Many
     * engines report a net difference instead of each change: an add then a remove before the next check cancel
     * out, a remove then a re-add is a change. The lab's oracle folds the changes the same way before it judges
     * ({@code DetectionOracle}), so a declared fold is judged exactly, not counted as lost changes.
     */
    public enum Coalescing {
        /** Every addition, mutation and removal is a change of its own (Bevy's ticks, an event log). */
        EVERY_CHANGE("every change is reported"),
        /**
         * The net difference between the starts of two consecutive system runs, whichever systems they are (an engine
         * that applies each system's edits as one batch and diffs compositions, as artemis-odb's subscriptions do).
         */
        PER_RUN("the net change between two system runs is reported"),
        /**
         * The net difference over the observer's own window, between its previous run and this one (a set that is
         * diffed when the observer asks, as Zay-ES's {@code EntitySet.applyChanges} is): present before and after
         * with a change in between is a mutation, absent before and after is nothing.
         */
        PER_WINDOW("the net change since the observer's previous run is reported");

        private final String words;

        Coalescing(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** A contract whose engine reports every change ({@link Coalescing#EVERY_CHANGE}). */
    public EngineContract(String id, String name, String source, Set<WatchKind> components, Set<WatchKind> resources,
            boolean ownWrites, boolean equalWritesCount, int delayFrames, Set<Feature> features) {
        this(id, name, source, components, resources, ownWrites, equalWritesCount, delayFrames, features, Coalescing.EVERY_CHANGE);
    }

    /** A scenario feature an engine may be unable to express. */
    public enum Feature {
        /** Resources (world-wide singletons) that systems write and that setup and commands insert and remove. */
        RESOURCES("resources"),
        /** Structural changes applied between system runs: spawn, despawn, insert and remove of components. */
        COMMANDS("structural changes"),
        /** Systems that skip frames (run criteria) and must still see what changed while they did not run. */
        PAUSES("paused systems"),
        /** A stage that runs its systems several times in one frame. */
        LOOPS("looping stages"),
        /** Worlds of thousands of entities (bulk groups) and recycled entity slots. */
        BIG_WORLDS("big worlds"),
        /**
         * Watches that join after frame 0 or leave before the end, or whose query is built inside a run
         * ({@link Engine#openWatch}); a joining watch still owes what changed since its system's previous run.
         */
        LATE_WATCHES("watches that join or leave"),
        /**
         * Watches over sets of components ({@link EngineWorld.WatchDecl#with()}): {@code Changed<A>} with
         * {@code With<B>}, where an entity is reported only if it holds every component of the set when the watch
         * runs. The set is asked at each run: an entity outside it then is not reported, and that run's window is
         * spent (a later run reports only what changed after it).
         */
        SETS("watches over sets of components");

        private final String words;

        Feature(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** The most frames of delay a contract may declare. */
    public static final int MAX_DELAY_FRAMES = 64;

    public EngineContract {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        source = source == null ? "" : source;
        components = components == null || components.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(components));
        resources = resources == null || resources.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(resources));
        features = features == null || features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
        coalescing = coalescing == null ? Coalescing.EVERY_CHANGE : coalescing;
        sets = sets == null ? SetSemantics.FILTER : sets;
        if (!id.matches("[a-z0-9][a-z0-9.-]{0,63}")) {
            throw new IllegalArgumentException("an engine id is 1 to 64 of a-z, 0-9, '.' and '-', starting with a letter or"
                    + " digit; was '" + id + "'");
        }
        if (components.isEmpty()) {
            throw new IllegalArgumentException("engine " + id + " declares no component filter: the lab could judge nothing");
        }
        if (delayFrames < 0 || delayFrames > MAX_DELAY_FRAMES) {
            throw new IllegalArgumentException("engine " + id + " declares a delay of " + delayFrames + " frames; a contract"
                    + " declares 0 to " + MAX_DELAY_FRAMES);
        }
        if (!resources.isEmpty() && !features.contains(Feature.RESOURCES)) {
            throw new IllegalArgumentException("engine " + id + " declares resource filters " + resources + " without the"
                    + " RESOURCES feature");
        }
    }

    /**
     * Whether criterion {@code c} is meaningful for this engine. Ordering, ambiguity and bounded memory are not: the
     * lab schedules the engine's systems itself and cannot read its memory. Same frame only for an engine that
     * promises the next run; 7 and L only where it expresses pauses and loops.
     */
    public boolean applies(Criterion c) {
        return switch (c) {
            case CRASH, AT_LEAST_ONCE, AT_MOST_ONCE, PURE_FUNCTION -> true;
            case SAME_FRAME -> delayFrames == 0;
            case NOT_LOST_WHEN_PAUSED -> features.contains(Feature.PAUSES);
            case LOOPING -> features.contains(Feature.LOOPS);
            case ORDERING, AMBIGUITY, BOUNDED_MEMORY -> false;
        };
    }

    /** Why the engine cannot run {@code s}, one reason per missing feature or filter; empty when it can. */
    public List<String> cannotExpress(Scenario s) {
        List<String> out = new ArrayList<>();
        boolean resourcesUsed = !s.resources().isEmpty()
                || s.edits().stream().anyMatch(e -> e.data() != null && e.data().isResource());
        if (resourcesUsed && !features.contains(Feature.RESOURCES)) {
            out.add("it uses resources");
        }
        if (s.edits().stream().anyMatch(e -> e.op().isCommand()) && !features.contains(Feature.COMMANDS)) {
            out.add("it makes structural changes");
        }
        if (!s.pauses().isEmpty() && s.systems().stream().anyMatch(x -> x.pauseSet() != null) && !features.contains(Feature.PAUSES)) {
            out.add("it pauses systems");
        }
        boolean loops = s.stages().stream().anyMatch(st -> st.iterations() > 1 || st.stepsPerFrame() != null);
        if (loops && !features.contains(Feature.LOOPS)) {
            out.add("it has a looping stage");
        }
        if ((!s.groups().isEmpty() || s.padding() != null
                || s.edits().stream().anyMatch(e -> e.isBulk())) && !features.contains(Feature.BIG_WORLDS)) {
            out.add("it has a big world");
        }
        for (SystemSpec sys : s.systems()) {
            for (Watch w : sys.watches()) {
                Set<WatchKind> answered = w.data().isResource() ? resources : components;
                if (!answered.contains(w.kind())) {
                    out.add("it watches " + w.kind() + " of " + (w.data().isResource() ? "resource " : "component ") + w.data());
                }
                if (w.overSet() && !features.contains(Feature.SETS)) {
                    out.add("it watches a set of components (" + w.kind() + " of " + w.data() + " With " + w.with() + ")");
                }
                if ((w.windowed() || w.builtInRun()) && !features.contains(Feature.LATE_WATCHES)) {
                    out.add("a watch joins, leaves or is built in a run");
                }
            }
        }
        return out.stream().distinct().toList();
    }

    /** The contract in words, one line per promise, as the report prints it. */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        out.add("reports for components: " + words(components));
        out.add("reports for resources: " + (resources.isEmpty() ? "nothing" : words(resources)));
        out.add("a system " + (ownWrites ? "is" : "is not") + " told of its own changes");
        out.add("a write of an equal value " + (equalWritesCount ? "is" : "is not") + " a change");
        out.add(coalescing.words());
        if (features.contains(Feature.SETS)) {
            out.add(sets.words());
        }
        out.add(delayFrames == 0 ? "a change is reported by the observer's next run"
                : "a change is reported within " + delayFrames + " frame(s) of the observer's next run");
        out.add("expresses: " + (features.isEmpty() ? "only the basic scenarios"
                : String.join(", ", EnumSet.copyOf(features).stream().map(Feature::words).toList())));
        return out;
    }

    private static String words(Set<WatchKind> kinds) {
        return String.join(", ", EnumSet.copyOf(kinds).stream().map(k -> k.name().toLowerCase()).toList());
    }
}
