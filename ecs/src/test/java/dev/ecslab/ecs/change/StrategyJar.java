package dev.ecslab.ecs.change;

import dev.ecslab.ecs.ProviderJar;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Test support, shared with the lab's tests through the ecs test jar: builds a user's strategy jar
 * at test time. One provider class (the generation counter under another id, claiming exact) is
 * compiled with the JDK's compiler against ecslab's classes and packed with its
 * {@code META-INF/services} entry, as a user would ship a proposal.
 */
public final class StrategyJar {
    private static final String PROVIDER = """
            package ext;

            import dev.ecslab.ecs.change.*;

            public final class %s implements ChangeTrackerProvider {
                public String id() { return "%s"; }
                public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                public String description() { return "a user's proposal: the generation counter, repackaged"; }
                public ChangeTracker create() { return new GenerationTracker(); }
            }
            """;

    private StrategyJar() {
    }

    /** Builds {@code dir.jar} holding provider {@code ext.className} with strategy id {@code id}. */
    public static Path build(Path dir, String className, String id) throws IOException {
        return ProviderJar.build(dir, ChangeTrackerProvider.class, className, PROVIDER.formatted(className, id));
    }
}
