package dev.ecslab.ecs.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The "did you mean" suggestion finds typos and stays small whatever the names. */
class NearestNameTest {
    @Test
    void typosSwapsAndCaseAreFound() {
        List<String> fields = List.of("name", "kind", "access", "labels", "sets", "before", "after");
        assertThat(NearestName.among("acess", fields)).contains("access");
        assertThat(NearestName.among("aftre", fields)).contains("after");
        assertThat(NearestName.among("LABELS", fields)).contains("labels");
        assertThat(NearestName.among("colour", fields)).isEmpty();
        assertThat(NearestName.hint("acess", fields)).isEqualTo(" (did you mean \"access\"?)");
        assertThat(NearestName.hint("zzz", fields)).isEmpty();
    }

    @Test
    void theNearestWinsAndTheFirstOfEquals() {
        assertThat(NearestName.among("movment", List.of("moment", "movement"))).contains("moment");
        assertThat(NearestName.among("cat", List.of("bat", "cot"))).contains("bat");
    }

    @Test
    void hugeNamesAreNeitherComparedNorCostly() {
        String huge = "x".repeat(100_000);
        List<String> candidates = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            candidates.add("system_" + i);
        }
        candidates.add(huge);
        candidates.add("y".repeat(10_000_000));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        assertThat(NearestName.among(huge, candidates)).isEmpty();
        assertThat(NearestName.among("system_1234x", candidates)).contains("system_1234");
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // Lower-casing the 20 000 short candidates is the only allocation that grows with the input.
        assertThat(allocated).as("bytes allocated").isLessThan(16L << 20);
    }
}
