package dev.ecslab.lab.trace;

import dev.ecslab.lab.scenario.Required;
import dev.ecslab.lab.scenario.Watch;
import java.util.List;

/**
 * What one detector run reported for one watch: entity labels in the order the query yielded them
 * (duplicates kept, so a repeat inside one answer is visible), or for a resource {@code ["R"]} when
 * the filter held and {@code []} when it did not.
 */
public record Detection(@Required int run, @Required Watch watch,
        @Required List<String> reported) {
    public Detection {
        reported = List.copyOf(reported);
    }
}
