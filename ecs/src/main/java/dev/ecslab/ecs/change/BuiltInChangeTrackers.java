package dev.ecslab.ecs.change;

/**
 * The seven built-in strategies (proposals 0 to 6 of Bevy's change-detection PR #1471) as
 * {@link ChangeTrackerProvider}s, registered in {@code META-INF/services}. Each states the class its
 * proposal claims; the lab measures the class it has.
 */
public final class BuiltInChangeTrackers {
    private BuiltInChangeTrackers() {
    }

    /** P0: no change detection. */
    public static final class None implements ChangeTrackerProvider {
        /** Public and without arguments, as {@link java.util.ServiceLoader} requires of a provider. */
        public None() {
        }

        public String id() {
            return "none";
        }

        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return ClaimedClass.CONSERVATIVE;
        }

        public String description() {
            return "P0: everything is reported as changed";
        }

        public ChangeTracker create() {
            return new NoTracker();
        }
    }

    /** P1: flags cleared at the end of each frame. */
    public static final class Flags implements ChangeTrackerProvider {
        /** Public and without arguments, as {@link java.util.ServiceLoader} requires of a provider. */
        public Flags() {
        }

        public String id() {
            return "flags";
        }

        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return ClaimedClass.FLAKY;
        }

        public String description() {
            return "P1: added/mutated flags, cleared at frame end";
        }

        public ChangeTracker create() {
            return new FlagTracker(FlagTracker.Mode.FLAGS);
        }
    }

    /** P2: the current or the previous frame's flags. */
    public static final class DoubleBuffer implements ChangeTrackerProvider {
        /** Public and without arguments, as {@link java.util.ServiceLoader} requires of a provider. */
        public DoubleBuffer() {
        }

        public String id() {
            return "double-buffer";
        }

        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return ClaimedClass.CONSERVATIVE;
        }

        public String description() {
            return "P2: flags kept two frames, current or previous";
        }

        public ChangeTracker create() {
            return new FlagTracker(FlagTracker.Mode.DOUBLE_BUFFER);
        }
    }

    /** P3: the previous frame's flags only. */
    public static final class LastTick implements ChangeTrackerProvider {
        /** Public and without arguments, as {@link java.util.ServiceLoader} requires of a provider. */
        public LastTick() {
        }

        public String id() {
            return "last-tick";
        }

        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return ClaimedClass.EXACT_DELAYED;
        }

        public String description() {
            return "P3: double buffer, previous frame only";
        }

        public ChangeTracker create() {
            return new FlagTracker(FlagTracker.Mode.LAST_TICK);
        }
    }

    /** P4: JustChanged (P1) and Changed (P3) side by side. */
    public static final class FlagDoubling implements ChangeTrackerProvider {
        /** Public and without arguments, as {@link java.util.ServiceLoader} requires of a provider. */
        public FlagDoubling() {
        }

        public String id() {
            return "flag-doubling";
        }

        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return flavor == ChangeFlavor.IMMEDIATE ? ClaimedClass.FLAKY : ClaimedClass.EXACT_DELAYED;
        }

        public String description() {
            return "P4: JustChanged (flaky) and Changed (exact, a frame late)";
        }

        public ChangeTracker create() {
            return new FlagTracker(FlagTracker.Mode.FLAG_DOUBLING);
        }
    }

    /** P5: the generation counter (Bevy's choice). */
    public static final class Generation implements ChangeTrackerProvider {
        /** Public and without arguments, as {@link java.util.ServiceLoader} requires of a provider. */
        public Generation() {
        }

        public String id() {
            return "generation";
        }

        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return ClaimedClass.EXACT;
        }

        /**
         * Exact for every absence but one kind: removals are kept until every reader has seen them, within a
         * bound of at least 1 024 per component, of which a drop keeps the newer half; a reader away while more
         * than 512 removals of one component happen may miss some ({@link GenerationTracker}).
         */
        @Override
        public Horizon claimedHorizon(ChangeFlavor flavor) {
            return Horizon.ofRemovals(GenerationTracker.REMOVALS_ALWAYS_KEPT);
        }

        public String description() {
            return "P5: global tick per system run, added and changed ticks per component, last-run tick per system";
        }

        public ChangeTracker create() {
            return new GenerationTracker();
        }
    }

    /** P6: per system, which writers' changes it has seen. */
    public static final class SystemData implements ChangeTrackerProvider {
        /** Public and without arguments, as {@link java.util.ServiceLoader} requires of a provider. */
        public SystemData() {
        }

        public String id() {
            return "system-data";
        }

        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return ClaimedClass.EXACT;
        }

        public String description() {
            return "P6: per system, the writers' runs it has already seen";
        }

        public ChangeTracker create() {
            return new SystemDataTracker();
        }
    }
}
