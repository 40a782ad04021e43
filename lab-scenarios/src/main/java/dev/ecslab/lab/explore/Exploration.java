package dev.ecslab.lab.explore;

import java.util.List;

/**
 * How a controlled run makes its decisions (who takes the next step, the executor's choices, which
 * completion the executor learns of first). Every kind is a function of the seed and what is given here,
 * never of thread timing, so every run replays.
 *
 * <ul>
 *   <li>{@link Random}: every decision uniformly at random from the seed. A random walk: good at short
 *       races, weak at deep ones.</li>
 *   <li>{@link Pct}: probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010). Each system gets
 *       a random priority, the highest-priority waiting one always goes next, and at {@code depth - 1}
 *       random steps the running one drops to the lowest priority. A bug that needs {@code d} ordering
 *       constraints is found by one run with probability at least {@code 1 / (n k^(d-1))} for n systems and
 *       k steps.</li>
 *   <li>{@link Exhaustive}: one schedule of a bounded exhaustive search: the given prefix of decisions,
 *       then always the first option (continue the system that just yielded, else the lowest-numbered
 *       waiting one), with at most {@code deviations} choices other than the first (a preemption is one).
 *       {@link ExhaustiveSearch} enumerates the prefixes.</li>
 *   <li>{@link Script}: the recorded decisions of an earlier run, each checked against what this run
 *       offers ({@link ScheduleDivergedException} says where they part).</li>
 * </ul>
 */
public sealed interface Exploration {
    /** A short description for traces and reports. */
    String describe();

    record Random() implements Exploration {
        @Override
        public String describe() {
            return "random";
        }
    }

    record Pct(int depth) implements Exploration {
        public Pct {
            if (depth < 1) {
                throw new IllegalArgumentException("PCT depth must be at least 1, got " + depth);
            }
        }

        @Override
        public String describe() {
            return "pct depth " + depth;
        }
    }

    /**
     * One schedule of {@link ExhaustiveSearch}: {@code prefix} forces the first decisions (those with more
     * than one option); after them the {@code sleep} set (systems whose next step needs no trying now: an
     * equivalent schedule was or will be explored) applies, and each later decision takes the first option
     * that is not asleep and keeps within {@code deviations}. The decisions are written to {@code log}.
     * Without {@code reduce} every step counts as dependent on every other (nothing is put to sleep).
     */
    record Exhaustive(List<Integer> prefix, java.util.Set<String> sleep, int deviations, boolean reduce, SearchLog log)
            implements Exploration {
        public Exhaustive {
            prefix = List.copyOf(prefix);
            sleep = java.util.Set.copyOf(sleep);
            if (deviations < 0) {
                throw new IllegalArgumentException("deviations must be >= 0, got " + deviations);
            }
        }

        public Exhaustive(List<Integer> prefix, int deviations) {
            this(prefix, java.util.Set.of(), deviations, true, new SearchLog());
        }

        @Override
        public String describe() {
            return "exhaustive, at most " + deviations + " deviation(s)";
        }
    }

    record Script(List<String> choices) implements Exploration {
        public Script {
            choices = List.copyOf(choices);
        }

        @Override
        public String describe() {
            return "replay";
        }
    }

    Exploration RANDOM = new Random();
}
