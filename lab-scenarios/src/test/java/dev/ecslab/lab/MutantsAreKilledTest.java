package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs the lab on every mutant and asserts it is killed by the criteria it breaks, for the reason it
 * breaks them: each killing cell must FAIL (not merely "not pass": a cell nobody judged does not kill
 * anything) with a counterexample whose words contain the mutant's signature. Kill rate 100 %.
 * Tracker mutants run under all three executors: in the default build each under one, in turn, and the
 * rest of the sweep in the long profile ({@code mvn verify -Plong}); executor mutants under the exact
 * {@code generation} strategy with several seeds (they need an interleaving to show). The false-pass
 * mutants, which an earlier judge measured exact, must also be measured not exact.
 */
class MutantsAreKilledTest {
    static final ClassLoader LOADER = MutantsAreKilledTest.class.getClassLoader();

    /** True when {@code cell} failed and one of its counterexamples says {@code signature}. */
    static boolean killed(Cell cell, String signature) {
        if (!cell.fails()) {
            return false;
        }
        List<Counterexample> all = new ArrayList<>(cell.failures().values());
        cell.classes().values().forEach(t -> {
            if (t.first() != null) {
                all.add(t.first());
            }
        });
        return all.stream().anyMatch(x -> x.message().contains(signature));
    }

    static final List<String> EXECUTORS = List.of("serial", "staged", "dynamic");

    /**
     * The default build's share of the sweep: every mutant under one executor, taken in turn so that each
     * executor judges a third of them; a mutant that errs only when runs overlap never gets serial.
     */
    static String executorInTurn(int index, Mutants.TrackerMutant mutant) {
        String e = EXECUTORS.get(index % EXECUTORS.size());
        return mutant.needsOverlap() && e.equals("serial") ? (index % 2 == 0 ? "staged" : "dynamic") : e;
    }

    /** Every mutant is killed for its reason under its executor in turn (the rest of the sweep is the long test). */
    @Test
    void everyTrackerMutantIsKilledForItsReason() {
        List<Mutants.TrackerMutant> all = Mutants.trackers();
        Map<Mutants.TrackerMutant, List<String>> plan = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            plan.put(all.get(i), List.of(executorInTurn(i, all.get(i))));
        }
        assertThat(plan.values().stream().flatMap(List::stream).distinct()).as("executors in turn").hasSize(EXECUTORS.size());
        assertThat(sweep(plan)).isEqualTo(all.size());
    }

    /**
     * The rest of the sweep: every mutant under each executor the default build did not give it. A mutant
     * that errs only when runs overlap must pass serial (which proves that what kills it is the overlap).
     */
    @Test
    @Tag("long")
    void everyTrackerMutantIsKilledForItsReasonUnderEveryOtherExecutor() {
        List<Mutants.TrackerMutant> all = Mutants.trackers();
        Map<Mutants.TrackerMutant, List<String>> plan = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            String inTurn = executorInTurn(i, all.get(i));
            plan.put(all.get(i), EXECUTORS.stream().filter(e -> !e.equals(inTurn)).toList());
        }
        assertThat(sweep(plan)).isEqualTo(all.size() * (EXECUTORS.size() - 1));
    }

    /**
     * Runs each mutant under the executors {@code plan} gives it and asserts each kill; returns the number
     * of (mutant, executor) pairs checked. Criterion 6 (10 000 frames per strategy, and judging that run
     * once per executor) runs only for the mutants it must kill: for the others it costs minutes and kills
     * nothing. The catalogue's exhaustive search of schedules runs for the mutants that err only when runs
     * overlap (it finds an overlap whatever the machine's load); the others err in any schedule, and run the
     * catalogue under its two seeds. Shrinking is not what this checks (ShrinkRecordTest does): a kill is
     * judged on the counterexample as found, and shrinking those of big worlds (tables of 4 600 rows, stages
     * of 130 systems) took most of the module's time.
     */
    static int sweep(Map<Mutants.TrackerMutant, List<String>> plan) {
        int checked = 0;
        LabOptions options = LabOptions.defaults().withTries(40).withShrinkAttempts(0);
        for (String e : EXECUTORS) {
            List<TrackerSubject> leaking = new ArrayList<>();
            List<TrackerSubject> overlapping = new ArrayList<>();
            List<TrackerSubject> others = new ArrayList<>();
            plan.forEach((m, executors) -> {
                if (executors.contains(e)) {
                    (m.killedBy().contains(Criterion.BOUNDED_MEMORY) ? leaking : m.needsOverlap() ? overlapping : others)
                            .add(m.subject());
                }
            });
            Map<TrackerSubject, Matrix> matrices = new java.util.HashMap<>();
            run(leaking, e, options.withMemory(true), matrices);
            run(overlapping, e, options.withMemory(false), matrices);
            run(others, e, options.withMemory(false).withCatalogueSearch(0, 1), matrices);
            for (var entry : plan.entrySet()) {
                Mutants.TrackerMutant mutant = entry.getKey();
                if (!entry.getValue().contains(e)) {
                    continue;
                }
                assertKilled(mutant, matrices.get(mutant.subject()).row(mutant.subject().label(), e), e);
                checked++;
            }
        }
        return checked;
    }

    /** Runs {@code subjects} under {@code executor} (if any) and files the matrix under each of them. */
    private static void run(List<TrackerSubject> subjects, String executor, LabOptions options,
            Map<TrackerSubject, Matrix> into) {
        if (subjects.isEmpty()) {
            return;
        }
        Matrix m = new Lab(options).run(subjects, List.of(ExecutorSubject.of(executor)), Catalogue.all());
        System.out.println("MutantsAreKilledTest: " + executor + ": " + subjects.size() + " mutant(s), campaign seed "
                + m.campaignSeed() + ", catalogue seeds " + m.catalogueSeeds());
        subjects.forEach(x -> into.put(x, m));
    }

    static void assertKilled(Mutants.TrackerMutant mutant, Row r, String e) {
        if (mutant.needsOverlap() && e.equals("serial")) {
            // No system run overlaps another under the serial executor: the criteria that kill the mutant
            // elsewhere must pass there, which proves that what kills it is the overlap. (It is not exact
            // under serial: a query built inside a run starts the world's announcement inside that run,
            // and a "running system" field takes the announcement for the reader, which then reports a row
            // twice: criterion 2, not the window it loses beside an overlapping run.)
            for (Criterion c : mutant.killedBy()) {
                assertThat(r.cell(c).fails()).as(mutant.subject().id() + " / serial " + c + ": "
                        + r.cell(c).failures().values()).isFalse();
            }
            return;
        }
        for (Criterion c : mutant.killedBy()) {
            Cell cell = r.cell(c);
            System.out.println("MutantsAreKilledTest: " + mutant.subject().id() + " / " + e + " " + c + ": "
                    + cell.status() + (cell.first() == null ? "" : " by " + cell.first().oneLine()));
            assertThat(killed(cell, mutant.signature()))
                    .as(mutant.subject().id() + " / " + e + " must fail " + c + " saying '" + mutant.signature() + "'; "
                            + cell.status() + ": " + cell.failures().values())
                    .isTrue();
        }
        if (mutant.falsePass() || mutant.killedBy().contains(Criterion.AT_LEAST_ONCE)
                || mutant.killedBy().contains(Criterion.AT_MOST_ONCE)) {
            assertThat(r.measured()).as(mutant.subject().id() + " / " + e + " measured").isNotEqualTo(MeasuredClass.EXACT)
                    .isNotEqualTo(MeasuredClass.NOT_JUDGED);
        }
    }

    @Test
    void everyExecutorMutantIsKilledForItsReason() {
        TrackerSubject generation = TrackerSubject.find("generation", LOADER);
        List<ExecutorSubject> executors = new ArrayList<>();
        Mutants.executors().forEach(x -> executors.add(x.subject()));
        // Controlled runs: the catalogue's exhaustive search runs every unordered pair both ways, so an
        // overlap is found whatever the machine's load; 60 random scenarios on top.
        LabOptions o = LabOptions.defaults().withTries(60).withMemory(false);
        Matrix m = new Lab(o).run(List.of(generation), executors, Catalogue.all());
        for (Mutants.ExecutorMutant mutant : Mutants.executors()) {
            Row r = m.row("generation", mutant.subject().id());
            for (Criterion c : mutant.killedBy()) {
                Cell cell = r.cell(c);
                System.out.println("MutantsAreKilledTest: " + mutant.subject().id() + " " + c + ": " + cell.status()
                        + (cell.first() == null ? "" : " by " + cell.first().oneLine()));
                assertThat(killed(cell, mutant.signature()))
                        .as(mutant.subject().id() + " must fail " + c + " saying '" + mutant.signature() + "': "
                                + cell.failures().values())
                        .isTrue();
            }
        }
    }
}
