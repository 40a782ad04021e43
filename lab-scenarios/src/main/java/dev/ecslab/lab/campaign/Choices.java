package dev.ecslab.lab.campaign;

import java.util.SplittableRandom;

/**
 * The source of every decision the {@link ScenarioGenerator} makes: a sequence of non-negative ints,
 * drawn from a seeded random source or replayed from a list (past its end, every draw is 0). The
 * generator maps 0 to the simplest choice everywhere (fewest systems, no optional role, no pause), so
 * shrinking the sequence (shorter, smaller values, as jqwik does with a list) shrinks the scenario.
 * This is the Hypothesis design: one generator serves seeded campaigns and shrinking tests alike.
 */
public final class Choices {
    private final SplittableRandom random;
    private final int[] fixed;
    private int size;

    private Choices(SplittableRandom random, int[] fixed) {
        this.random = random;
        this.fixed = fixed;
    }

    /** Random choices from {@code seed}. */
    public static Choices seeded(long seed) {
        return new Choices(new SplittableRandom(seed), null);
    }

    /** Replays {@code values}, then zeros. */
    public static Choices of(int... values) {
        return new Choices(null, values.clone());
    }

    private int next() {
        int v;
        if (fixed != null) {
            v = size < fixed.length ? Math.max(0, fixed[size]) : 0;
        } else {
            v = random.nextInt(1 << 16);
        }
        size++;
        return v;
    }

    /** A value in {@code [0, n)}; 0 is the simplest. */
    public int below(int n) {
        int v = next();                 // drawn even when n is 1, so later draws keep their places
        return n <= 1 ? 0 : v % n;
    }

    /** How many values have been drawn so far (a replayed list shorter than this was padded with zeros). */
    public int drawn() {
        return size;
    }

    /** True with about {@code percent} % probability; a draw of 0 gives {@code false}. */
    public boolean maybe(int percent) {
        return next() % 100 >= 100 - percent;
    }

}
