package dev.ecslab.ecs;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs one jqwik property (of a mutant check class) through the engine and returns what made it fail. */
public final class JqwikFailures {
    private JqwikFailures() {
    }

    /** The failures of {@code checks#methodWithSignature}: one entry per failed property. */
    public static List<Throwable> of(Class<?> checks, String methodWithSignature) {
        return EngineTestKit.engine("jqwik")
                .selectors(selectMethod(checks.getName() + "#" + methodWithSignature))
                .configurationParameter("jqwik.database", "target/.jqwik-database")
                .execute()
                .testEvents().failed().list().stream()
                .map(e -> e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow())
                .toList();
    }
}
