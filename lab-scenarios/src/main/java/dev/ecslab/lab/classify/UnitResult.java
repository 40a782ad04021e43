package dev.ecslab.lab.classify;

import dev.ecslab.lab.explore.Coverage;
import java.util.List;

/**
 * What one unit of a row produced: a catalogue scenario's runs (with its coverage) or a campaign scenario's
 * run, or nothing when the time budget ran out before it started.
 *
 * @param ambiguity criterion A's lines for the unit's scenario (computed once per scenario, with the first row)
 */
record UnitResult(boolean ran, List<Judged> runs, Coverage coverage, List<String> ambiguity) {
    static final UnitResult NOT_RUN = new UnitResult(false, List.of(), null, List.of());
}
