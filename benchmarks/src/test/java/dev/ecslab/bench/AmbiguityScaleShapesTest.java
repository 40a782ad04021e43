package dev.ecslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** The benchmark's generated schedules are what it says: valid files, with the pair counts of their shapes. */
class AmbiguityScaleShapesTest {
    @Test
    void theWritersShapeHasEveryPair() {
        AmbiguityReport r = ScheduleJson.read(new StringReader(AmbiguityScaleBenchmark.writers(100)), "w.json").ambiguities();
        assertThat(r.total()).isEqualTo(100L * 99 / 2);
    }

    @Test
    void theSystemsShapeIsDeterministicAndHasFilteredApartPairs() {
        String a = AmbiguityScaleBenchmark.systems(500, 100, 42);
        assertThat(AmbiguityScaleBenchmark.systems(500, 100, 42)).isEqualTo(a);
        AmbiguityReport r = ScheduleJson.read(new StringReader(a), "s.json").ambiguities();
        assertThat(r.total()).isPositive().isLessThan(500L * 499 / 2);
        assertThat(a).contains("\"without\"", "\"with\"", "\"after\"", "\"writeResources\"");
    }

    @Test
    void theConditionsShapeAddsPairsCausedByConditionsToTheSameSystems() {
        String plain = AmbiguityScaleBenchmark.systems(200, 100, 42);
        String with = AmbiguityScaleBenchmark.withConditions(plain, 43);
        AmbiguityReport p = ScheduleJson.read(new StringReader(plain), "s.json").ambiguities();
        AmbiguityReport c = ScheduleJson.read(new StringReader(with), "c.json").ambiguities();
        assertThat(c.pairs()).anySatisfy(a -> assertThat(a.byCondition()).isTrue());
        assertThat(c.pairs().stream().filter(a -> !a.byCondition()).count()).as("the systems' own pairs are the same")
                .isEqualTo(p.total());
        assertThat(c.total()).isGreaterThan(p.total()).as("every pair listed").isEqualTo(c.size());
    }
}
