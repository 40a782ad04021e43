package dev.ecslab.lab.scenario;

/**
 * Component-less entities the world spawns before the scenario's own, so that the scenario's entities
 * get large indices and old generations: what a long-running world gives its entities, at the cost of
 * a few empty spawns. First {@code kept} entities are spawned and live for the whole run (the
 * scenario's entities then get indices from {@code kept} on); then {@code recycled} more are spawned
 * and all of them despawned, {@code generations} times over, so their {@code recycled} slots are free
 * with generation {@code generations} when the setup starts. The allocator reuses a freed slot before
 * it opens a new one, last freed first: the scenario's first {@code recycled} entities take those
 * slots (indices {@code kept + recycled - 1} down to {@code kept}) in their generation
 * {@code generations}, and the rest get indices from {@code kept + recycled} on.
 *
 * <p>Padding entities have no label in the scenario: no edit, watch or state line names them, and
 * nothing changes them, so a correct strategy reports nothing about them (the world tells the tracker
 * of no addition or removal: they have no component). An engine under test, which knows entities only
 * by the labels the lab gives them, gets {@link #keptLabel} and {@link #recycledLabel}; a buggy one may
 * report them, and {@link #names} tells such a report from a made-up label.
 *
 * @param kept        empty entities that live for the whole run, {@code 0 ..} {@link #MAX_KEPT}
 * @param recycled    empty entities spawned and despawned {@code generations} times, {@code 0 ..} {@link #MAX_RECYCLED}
 * @param generations how often the recycled slots are spawned and despawned, {@code 0 ..} {@link #MAX_GENERATIONS}
 *                    (at least 1 when {@code recycled} is)
 */
public record PaddingSpec(int kept, int recycled, int generations) {
    /** The most kept padding entities: indices past 2<sup>20</sup>. */
    public static final int MAX_KEPT = 1 << 20;
    /** The most recycled slots. */
    public static final int MAX_RECYCLED = 1 << 16;
    /** The most generations of a recycled slot. */
    public static final int MAX_GENERATIONS = 1 << 10;
    /** The most spawns and despawns a padding may cost (about 0.1 s). */
    public static final long MAX_OPERATIONS = 4_000_000L;

    /** The prefix of every label {@link #keptLabel} and {@link #recycledLabel} give. */
    public static final String PREFIX = "~pad";
    private static final String KEPT = PREFIX + "-kept";
    private static final String RECYCLED = PREFIX + "-recycled";

    /** The label an engine under test knows kept padding entity {@code index} by: {@code ~pad-kept#index}. */
    public static String keptLabel(int index) {
        return GroupSpec.member(KEPT, index);
    }

    /** The label an engine under test knows recycled slot {@code index} by, in every generation: {@code ~pad-recycled#index}. */
    public static String recycledLabel(int index) {
        return GroupSpec.member(RECYCLED, index);
    }

    /**
     * Whether this padding gives an entity the label {@code label}: {@link #keptLabel} of {@code 0 .. kept - 1} or
     * {@link #recycledLabel} of {@code 0 .. recycled - 1}, written as those write them (no other spelling of the
     * index, no other prefix).
     */
    public boolean names(String label) {
        return label != null && Scenario.isMember(label, java.util.Map.of(KEPT, kept, RECYCLED, recycled));
    }

    /** Spawns and despawns the padding costs. */
    public long operations() {
        return (long) kept + 2L * recycled * generations;
    }

    /** Checks the ranges, naming the field under {@code path}. */
    void validate(String path) {
        if (kept < 0 || kept > MAX_KEPT) {
            throw new ScenarioException(path + ".kept", "must be between 0 and " + MAX_KEPT + ", was " + kept);
        }
        if (recycled < 0 || recycled > MAX_RECYCLED) {
            throw new ScenarioException(path + ".recycled", "must be between 0 and " + MAX_RECYCLED + ", was " + recycled);
        }
        if (generations < 0 || generations > MAX_GENERATIONS) {
            throw new ScenarioException(path + ".generations", "must be between 0 and " + MAX_GENERATIONS + ", was "
                    + generations);
        }
        if ((recycled > 0) != (generations > 0)) {
            throw new ScenarioException(path + ".generations", "recycled slots need at least one generation, and"
                    + " generations need recycled slots (recycled " + recycled + ", generations " + generations + ")");
        }
        if (operations() > MAX_OPERATIONS) {
            throw new ScenarioException(path, "kept + 2 x recycled x generations must be at most " + MAX_OPERATIONS
                    + " spawns and despawns, was " + operations());
        }
    }
}
