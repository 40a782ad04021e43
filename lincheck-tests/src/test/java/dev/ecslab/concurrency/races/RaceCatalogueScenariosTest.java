package dev.ecslab.concurrency.races;

import dev.ecslab.ecs.executor.ExecutorTwins;
import dev.ecslab.ecs.races.CatalogueRecord;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.mutant.FlagsClearedEveryFrame;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The race-bug catalogue's logic bugs (scheduling and change detection), as the lab's catalogue
 * scenarios: each twin (the real tracker or executor with the documented bug put back) runs the
 * scenario under the dynamic executor, with the lab's controlled interleavings, seed after seed
 * until the lab's judge fails it; that is timed {@link CatalogueRecord#runs()} times. The real code
 * ({@code generation} under the real dynamic executor) must pass the same scenario under every seed
 * the slowest catch needed, and at least {@value #REAL_SEEDS}.
 */
class RaceCatalogueScenariosTest {
    /** A twin not caught within this many seeds counts as not caught. */
    static final int MAX_SEEDS = 200;
    static final int REAL_SEEDS = 10;

    private static final ClassLoader LOADER = RaceCatalogueScenariosTest.class.getClassLoader();
    private static final TrackerSubject GENERATION = TrackerSubject.find("generation", LOADER);
    private static final ExecutorSubject DYNAMIC = ExecutorSubject.of("dynamic", LOADER);

    /**
     * The seed of the first run the judge fails with a first violation saying {@code signature} (the
     * bug's own symptom, not some other failure), or -1 when none within {@link #MAX_SEEDS}.
     */
    static long firstFailingSeed(Scenario scenario, TrackerSubject tracker, ExecutorSubject executor, String signature) {
        for (long seed = 1; seed <= MAX_SEEDS; seed++) {
            Outcome o = Judge.judge(scenario, ScenarioRunner.run(scenario, new LabConfig(tracker, executor, seed)));
            if (!o.passes()) {
                return o.violations().get(0).toString().contains(signature) ? seed : -1;
            }
        }
        return -1;
    }

    /** Catches the twin (for the right reason), checks the real code on as many seeds, writes the entry's record. */
    static void check(int entry, String scenarioName, TrackerSubject tracker, ExecutorSubject executor, String twin,
            String signature) {
        Scenario scenario = Catalogue.named(scenarioName);
        long[] slowest = {0};
        List<Long> times = CatalogueRecord.timeToCatch(() -> {
            long seed = firstFailingSeed(scenario, tracker, executor, signature);
            slowest[0] = Math.max(slowest[0], seed);
            return seed > 0;
        });
        long seeds = Math.max(REAL_SEEDS, slowest[0]);
        boolean real = true;
        for (long seed = 1; seed <= seeds && real; seed++) {
            real = Judge.judge(scenario, ScenarioRunner.run(scenario, new LabConfig(GENERATION, DYNAMIC, seed))).passes();
        }
        CatalogueRecord.write(entry, CatalogueRecord.Tool.LAB, twin + " on '" + scenarioName + "'", times, real);
        assertThat(times).as(twin + " must fail '" + scenarioName + "' with '" + signature + "' in every attempt")
                .doesNotContain(-1L);
        assertThat(real).as("generation under the dynamic executor passes '" + scenarioName + "'").isTrue();
    }

    private static ExecutorSubject mutantExecutor(String id) {
        return Mutants.executors().stream().map(Mutants.ExecutorMutant::subject).filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no executor mutant " + id));
    }

    /**
     * One logic entry: its number, the catalogue scenario that catches it, the twin tracker (with the
     * real executor) or the twin executor (with the real tracker), and what the twin's first violation
     * must say.
     */
    record LabEntry(int number, String scenario, TrackerSubject tracker, ExecutorSubject executor, String signature) {
        @Override
        public String toString() {
            return "entry " + number + ": " + (tracker == GENERATION ? executor.id() : tracker.id()) + " on '" + scenario + "'";
        }
    }

    static List<LabEntry> entries() {
        return List.of(
                // Bevy #449/#450: a dependant whose count of unfinished dependencies reaches zero one early
                new LabEntry(5, "Basic [component]", GENERATION, mutantExecutor("mutant:ignores-one-before"), "started before"),
                // Bevy #8029: the parallel walk compares with the world's last frame end, not the system's last run
                new LabEntry(6, "Bevy #8029 parallel iteration [component]", TrackerTwins.subject("twin:row-test-world-tick",
                        "generation whose per-row (parallel) test uses the last frame end's tick",
                        TrackerTwins.RowTestWithFrameEndTick::new), DYNAMIC, "(parallel)"),
                // Bevy #13758: a removal kept one frame is missed by a detector that runs before the remover
                new LabEntry(7, "At Least Once [component]", TrackerTwins.subject("twin:removals-one-frame",
                        "generation dropping removals after one frame end", () -> new TrackerTwins.RemovalsExpire(1)), DYNAMIC,
                        "never reported the change: the world (changer's remove command) removed"),
                // Bevy #16520: double-buffered removals are missed by a looping stage that skips a frame
                new LabEntry(8, "Bevy #13758 looping stage removals [component]", TrackerTwins.subject("twin:removals-two-frames",
                        "generation dropping removals after two frame ends (Bevy's double buffer)",
                        () -> new TrackerTwins.RemovalsExpire(2)), DYNAMIC,
                        "never reported the change: the world (remover's remove command) removed"),
                // Bevy #333: a re-insert marks no mutation
                new LabEntry(9, "Addition Causes Mutation [component]", TrackerTwins.subject("twin:reinsert-no-mutation",
                        "generation marking no mutation on a re-insert", TrackerTwins.ReinsertIsNoMutation::new), DYNAMIC,
                        "(Mutated<A>)"),
                // Bevy #1443: a second insert of a just-added component hides the addition
                new LabEntry(10, "Addition Causes Mutation [component]", TrackerTwins.subject("twin:reinsert-clears-added",
                        "generation whose re-insert clears the added mark", TrackerTwins.ReinsertClearsAdded::new), DYNAMIC,
                        "(Added<A>)"),
                // Bevy #442 (#68, #54): flags cleared every frame miss a change made after the detector ran
                new LabEntry(11, "At Least Once [component]", TrackerTwins.subject("twin:frame-window",
                        "generation whose readers see only changes since the last frame end", FlagsClearedEveryFrame::new),
                        DYNAMIC, "never reported"),
                // Bevy #25378: after an exclusive system the caller's thread stays marked, so the main-thread system
                // chained after it never starts (Bevy's debug assertion; ecslab's stall check is always on)
                new LabEntry(13, "Exclusive and main-thread systems [component]", GENERATION,
                        new ExecutorSubject("twin:exclusive-keeps-caller-thread", ExecutorTwins::exclusiveKeepsCallerThread),
                        "neither ran nor can start (ready {1})"),          // system 1 is the main-thread detector
                // Bevy PR #20202: a resource change kept as an event (two frame ends) is missed by a schedule that
                // does not run for 7 frames
                new LabEntry(15, "Long absences [resource]", TrackerTwins.subject("twin:resource-changes-as-events",
                        "generation reporting a resource change for two frame ends only, as an event",
                        TrackerTwins.ResourceChangesAsEvents::new), DYNAMIC,
                        "never reported the change: changer (run #1) mutated resource R in frame 0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void theTwinFailsTheScenarioAndTheRealCodePassesIt(LabEntry e) {
        String twin = e.tracker() == GENERATION ? e.executor().id() : e.tracker().id() + ": " + e.tracker().description();
        check(e.number(), e.scenario(), e.tracker(), e.executor(), twin, e.signature());
    }
}
