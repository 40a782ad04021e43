package dev.ecslab.lab;

import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

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
     * A property's failure that carries, unevaluated, the message with the lab's shrinking. jqwik shrinks a
     * failing sample by running the property again and again; computing the lab's shrink (up to 300
     * candidates × {@link #SEEDS} runs) inside every failing attempt multiplied the two shrinkers and could
     * run for hours on a large scenario. So the failure's own message is only its headline, and
     * {@link ShrinkOnReport} computes the shrunk message once, for the failure jqwik reports (its smallest
     * sample's), which it reads from jqwik's result rather than guessing which failure came last.
     */
    static final class ShrinkingFailure extends AssertionError {
        private final transient Supplier<String> message;

        ShrinkingFailure(String headline, Supplier<String> message) {
            super(headline);
            this.message = message;
        }

        /** The failure jqwik reports: the headline with the lab's shrunk scenario, this one as its cause. */
        AssertionError withShrink() {
            return new AssertionError(message.get(), this);
        }
    }

    /**
     * Replaces the failure of the sample jqwik reports (after its own shrinking) with the same failure
     * plus the lab's shrink. A property that throws {@link ShrinkingFailure} must carry this hook, or its
     * report holds only headlines.
     */
    static final class ShrinkOnReport implements AroundPropertyHook {
        /** Added on a class, it must reach the class's properties (jqwik applies a hook to its element only by default). */
        @Override
        public PropagationMode propagateTo() {
            return PropagationMode.ALL_DESCENDANTS;
        }

        @Override
        public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
            PropertyExecutionResult result = property.execute();
            if (result.status() == PropertyExecutionResult.Status.FAILED
                    && result.throwable().orElse(null) instanceof ShrinkingFailure failure) {
                return result.mapToFailed(failure.withShrink());
            }
            return result;
        }
    }
}
