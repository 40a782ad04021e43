package dev.ecslab.lab.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Makes the decisions of one controlled run, as its {@link Exploration} says. Called by the
 * {@link Interleaver} for every decision point, those with a single option included (PCT counts them as
 * steps); it returns an index into {@link ChoicePoint#options()}.
 */
abstract class ChoiceSource {
    abstract int decide(ChoicePoint point);

    /** Called once the run is over: a script that was not used up has diverged too. */
    void finish() {
    }

    /**
     * The source for {@code exploration}.
     *
     * @param seed          the run's seed (random and PCT decisions)
     * @param expectedSteps an estimate of the run's number of turns (PCT places its change points in it)
     */
    static ChoiceSource of(Exploration exploration, long seed, int expectedSteps) {
        if (exploration instanceof Exploration.Pct p) {
            return new PctSource(seed, p.depth(), expectedSteps);
        }
        if (exploration instanceof Exploration.Exhaustive e) {
            return new PrefixSource(e);
        }
        if (exploration instanceof Exploration.Script s) {
            return new ScriptSource(s.choices());
        }
        return new RandomSource(seed);
    }

    /** A random walk: each decision uniform among its options. */
    static final class RandomSource extends ChoiceSource {
        private final SplittableRandom random;

        RandomSource(long seed) {
            this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        }

        @Override
        int decide(ChoicePoint point) {
            return point.size() == 1 ? 0 : random.nextInt(point.size());
        }
    }

    /**
     * PCT: random initial priorities (at least {@code depth}), the highest-priority waiting system goes
     * next, and at {@code depth - 1} random turn numbers the one about to go drops to priority {@code j}
     * (the j-th change point), below every initial priority. Picks and acks are random.
     */
    static final class PctSource extends ChoiceSource {
        private final SplittableRandom random;
        private final int depth;
        private final Map<String, Integer> priorities = new HashMap<>();
        private final int[] changePoints;
        private int turns;

        PctSource(long seed, int depth, int expectedSteps) {
            this.random = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
            this.depth = depth;
            this.changePoints = new int[depth - 1];
            for (int j = 0; j < changePoints.length; j++) {
                changePoints[j] = 1 + random.nextInt(Math.max(1, expectedSteps));
            }
        }

        @Override
        int decide(ChoicePoint point) {
            if (point.kind() != ChoicePoint.Kind.TURN) {
                return point.size() == 1 ? 0 : random.nextInt(point.size());
            }
            turns++;
            int chosen = highest(point);
            for (int j = 0; j < changePoints.length; j++) {
                if (changePoints[j] == turns) {
                    priorities.put(point.options().get(chosen), j);
                    chosen = highest(point);
                }
            }
            return chosen;
        }

        private int highest(ChoicePoint point) {
            int best = 0;
            int bestPriority = Integer.MIN_VALUE;
            for (int i = 0; i < point.size(); i++) {
                int p = priorities.computeIfAbsent(point.options().get(i), k -> depth + random.nextInt(1 << 20));
                if (p > bestPriority) {
                    best = i;
                    bestPriority = p;
                }
            }
            return best;
        }
    }

    /**
     * One schedule of the bounded exhaustive search: the prefix's decisions (for points with more than
     * one option), then the given sleep set, and at each later decision the first option that is not
     * asleep and keeps within the bound on deviations (choices other than option 0). After a turn, the sleep set keeps only the systems
     * whose next step is independent of the one taken; any other step wakes everyone. Every decision is
     * written to the {@link SearchLog}.
     */
    static final class PrefixSource extends ChoiceSource {
        private final List<Integer> prefix;
        private final int bound;
        private final SearchLog log;
        private final java.util.Set<String> sleepAfterPrefix;
        private final boolean reduce;
        private java.util.Set<String> sleep = new java.util.HashSet<>();
        private int index;
        private int deviations;

        PrefixSource(Exploration.Exhaustive e) {
            this.prefix = e.prefix();
            this.bound = e.deviations();
            this.log = e.log();
            this.sleepAfterPrefix = e.sleep();
            this.reduce = e.reduce();
            if (prefix.isEmpty()) {
                sleep.addAll(sleepAfterPrefix);
            }
        }

        @Override
        int decide(ChoicePoint point) {
            if (point.size() == 1) {
                afterTaking(point, 0);
                return 0;
            }
            int k = index++;
            java.util.Set<String> asleep = java.util.Set.copyOf(sleep);
            int chosen;
            if (k < prefix.size()) {
                chosen = prefix.get(k);
                if (chosen >= point.size()) {
                    throw new ScheduleDivergedException(k, "the search's prefix asks for option " + chosen + " of "
                            + point.size() + " at " + point.where() + ": the run is not a function of its decisions");
                }
            } else {
                chosen = -1;
                for (int i = 0; i < point.size() && chosen < 0; i++) {
                    if (!asleep.contains(point.options().get(i)) && (i == 0 || deviations < bound)) {
                        chosen = i;
                    }
                }
                if (chosen < 0) {
                    log.blocked = true;                   // every option is asleep: an equivalent schedule was run
                    chosen = 0;
                }
            }
            if (chosen != 0) {
                deviations++;
            }
            log.nodes.add(new SearchLog.Node(point, chosen, k < prefix.size() ? null : asleep));
            afterTaking(point, chosen);
            if (k == prefix.size() - 1) {
                sleep = new java.util.HashSet<>(sleepAfterPrefix);
            }
            return chosen;
        }

        private void afterTaking(ChoicePoint point, int chosen) {
            if (point.kind() != ChoicePoint.Kind.TURN || !reduce) {
                sleep.clear();                            // the executor's own step: it may touch anything
                return;
            }
            String taken = point.footprint(chosen);
            java.util.Set<String> kept = new java.util.HashSet<>();
            for (int i = 0; i < point.size(); i++) {
                String label = point.options().get(i);
                if (i != chosen && sleep.contains(label) && ChoicePoint.independent(point.footprint(i), taken)) {
                    kept.add(label);
                }
            }
            sleep = kept;
        }
    }

    /** The recorded decisions of an earlier run, each checked against what this run offers. */
    static final class ScriptSource extends ChoiceSource {
        private final List<String> script;
        private int index;

        ScriptSource(List<String> script) {
            this.script = new ArrayList<>(script);
        }

        @Override
        int decide(ChoicePoint point) {
            if (point.size() == 1) {
                return 0;
            }
            if (index >= script.size()) {
                throw new ScheduleDivergedException(index, "the recorded schedule ended after " + script.size()
                        + " decisions, but at " + point.where() + " this run has another: " + offered(point));
            }
            String text = script.get(index);
            ChoicePoint.Recorded r = ChoicePoint.Recorded.parse(text);
            if (r == null) {
                throw new ScheduleDivergedException(index, "decision " + index + " of the recorded schedule, '" + text
                        + "', is not a decision (expected a form like 't1/3 s2>s4', 'p0/2' or 'a1/2 s3')");
            }
            String problem = null;
            if (r.kind() != point.kind()) {
                problem = "the record has a " + words(r.kind()) + " here";
            } else if (r.options() != point.size()) {
                problem = "the record had " + r.options() + " options here";
            } else if (r.label() != null && !r.label().equals(point.options().get(r.chosen()))) {
                problem = "the record chose " + r.label() + ", which is not option " + r.chosen() + " now";
            } else if (point.kind() == ChoicePoint.Kind.TURN
                    && !java.util.Objects.equals(r.from(), point.current() == 0 ? point.options().get(0) : null)) {
                problem = "the record's turn came from " + (r.from() == null ? "a finished or waiting system" : r.from());
            }
            if (problem != null) {
                throw new ScheduleDivergedException(index, "the run left its recorded schedule at decision " + index + " ("
                        + point.where() + "): " + problem + " ('" + text + "'), but this run has " + offered(point));
            }
            index++;
            return r.chosen();
        }

        @Override
        void finish() {
            if (index < script.size()) {
                throw new ScheduleDivergedException(index, "the run ended after " + index + " of the recorded schedule's "
                        + script.size() + " decisions; the next recorded one was '" + script.get(index) + "'");
            }
        }

        private static String offered(ChoicePoint point) {
            return "a " + words(point.kind()) + " among " + point.options()
                    + (point.current() == 0 ? " (" + point.options().get(0) + " could go on)" : "");
        }

        private static String words(ChoicePoint.Kind kind) {
            return switch (kind) {
                case TURN -> "turn";
                case PICK -> "choice of the executor";
                case ACK -> "completion to acknowledge";
            };
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName();
    }
}
