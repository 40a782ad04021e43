package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** The generated schedules are what they say: valid files, with the pair counts of their shapes. */
class ScaleSchedulesTest {
    @Test
    void theWritersShapeHasEveryPair() {
        AmbiguityReport r = ScheduleJson.read(new StringReader(ScaleSchedules.writers(100)), "w.json").ambiguities();
        assertThat(r.total()).isEqualTo(100L * 99 / 2);
    }

    @Test
    void theSystemsShapeIsDeterministicAndHasFilteredApartPairs() {
        String a = ScaleSchedules.systems(500, 100, 42);
        assertThat(ScaleSchedules.systems(500, 100, 42)).isEqualTo(a);
        AmbiguityReport r = ScheduleJson.read(new StringReader(a), "s.json").ambiguities();
        assertThat(r.total()).isPositive().isLessThan(500L * 499 / 2);
        assertThat(a).contains("\"without\"", "\"with\"", "\"after\"", "\"writeResources\"");
    }

    @Test
    void theConditionsShapeAddsPairsCausedByConditionsToTheSameSystems() {
        String plain = ScaleSchedules.systems(200, 100, 42);
        String with = ScaleSchedules.withConditions(plain, 43);
        AmbiguityReport p = ScheduleJson.read(new StringReader(plain), "s.json").ambiguities();
        AmbiguityReport c = ScheduleJson.read(new StringReader(with), "c.json").ambiguities();
        assertThat(c.pairs()).anySatisfy(a -> assertThat(a.byCondition()).isTrue());
        assertThat(c.pairs().stream().filter(a -> !a.byCondition()).count()).as("the systems' own pairs are the same")
                .isEqualTo(p.total());
        assertThat(c.total()).isGreaterThan(p.total()).as("every pair listed").isEqualTo(c.size());
    }
}
