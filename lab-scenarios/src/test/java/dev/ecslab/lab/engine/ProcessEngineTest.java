package dev.ecslab.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reference driver ({@code engines/drivers/reference/driver.mjs}), an in-memory engine with exact change
 * detection in JavaScript, driven over the process protocol through {@link EngineRunner} and judged by {@link Judge}
 * on every catalogue scenario its contract can express: none shows a violation. A violation here is a fault of the
 * lab's process engine, of the runner, or of the protocol, since the driver reports exactly what the oracle expects.
 */
class ProcessEngineTest {
    static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

    /** The repository's root: the first folder up from the working directory that holds {@code engines}. */
    static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("engines/drivers"))) {
            p = p.getParent();
        }
        assertThat(p).as("a folder above the working directory holds engines/drivers").isNotNull();
        return p;
    }

    static List<String> referenceDriver() {
        return List.of("node", root().resolve("engines/drivers/reference/driver.mjs").toString());
    }

    @Test
    void theReferenceDriverPassesEveryScenarioItCanExpress() {
        try (EngineSubject subject = EngineSubject.process(referenceDriver(), null, Duration.ofSeconds(20))) {
            passesEveryScenario(subject);
        }
        HostileDriverTest.assertNoDriverLeft();
    }

    private static void passesEveryScenario(EngineSubject subject) {
        assertThat(subject.id()).isEqualTo("reference-js");
        List<Scenario> all = Catalogue.all();
        List<String> failures = new ArrayList<>();
        int ran = 0;
        for (Scenario s : all) {
            if (!subject.contract().cannotExpress(s).isEmpty()) {
                continue;
            }
            Outcome o = Judge.judge(s, EngineRunner.run(s, subject, 1L, RUN_TIMEOUT));
            ran++;
            o.violations().forEach(v -> failures.add(s.name() + ": " + v));
            assertThat(o.obligations()).as(s.name() + " judged something").isNotEmpty();
        }
        assertThat(failures).isEmpty();
        assertThat(ran).as("scenarios the reference driver ran, of " + all.size()).isGreaterThan(all.size() / 2);
    }
}
