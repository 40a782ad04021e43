package dev.ecslab.lab;

import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/** Test support: the lab's structural shrinking after jqwik's, keeping the same criterion and scope. */
final class Counterexamples {
    private Counterexamples() {
    }

    /**
     * Shrinks under a few neighbouring seeds: in a controlled run, removing even an idle system shifts every
     * later random decision, so a failure that needs a particular interleaving may need another seed to show
     * in the smaller scenario.
     */
    static Scenario shrink(Scenario failing, LabConfig config, Violation v) {
        SHRINKS.incrementAndGet();
        return new Shrinker(candidate -> {
            for (long k = 0; k < SEEDS; k++) {
                if (Judge.judge(candidate, ScenarioRunner.run(candidate, config.withSeed(config.seed() + k))).violations()
                        .stream().anyMatch(x -> x.criterion() == v.criterion() && Objects.equals(x.scope(), v.scope()))) {
                    return true;
                }
            }
            return false;
        }, 300).shrink(failing);
    }

    /** How many times the lab's shrinking ran in this JVM (a test checks that jqwik's failure shrinks once). */
    static final AtomicInteger SHRINKS = new AtomicInteger();

    /** Seeds tried per shrinking candidate. */
    static final int SEEDS = 4;

    /**
     * A property's failure whose message, with the lab's shrinking, is computed the first time it is asked
     * for. jqwik shrinks a failing sample by running the property again and again; computing the lab's
     * shrink (up to 300 candidates × {@link #SEEDS} runs) inside every failing attempt multiplied the two
     * shrinkers and could run for hours on a large scenario. jqwik reads the messages of two failures when
     * it reports: its smallest sample's and the original sample's (its "Original Error"). The smallest
     * sample's failure is the last one created, so only that one shrinks; the original says where to look.
     */
    static final class ShrinkingFailure extends AssertionError {
        private static final AtomicLong CREATED = new AtomicLong();
        private final long id = CREATED.incrementAndGet();
        private final String headline;
        private final transient Supplier<String> message;
        private String computed;

        ShrinkingFailure(String headline, Supplier<String> message) {
            super(headline);
            this.headline = headline;
            this.message = message;
        }

        @Override
        public synchronized String getMessage() {
            if (computed == null) {
                computed = id == CREATED.get() ? message.get()
                        : headline + "\n(an earlier, larger sample: the lab's shrunk scenario is in the failure of jqwik's smallest sample)";
            }
            return computed;
        }
    }
}
