package dev.ecslab.reports.timeline;

import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.Trace;
import java.util.List;

/** Test support: real counterexamples, produced by running the lab's scenarios, strategies and mutants. */
final class RealCounterexamples {
    static final ClassLoader LOADER = RealCounterexamples.class.getClassLoader();

    private RealCounterexamples() {
    }

    static TrackerSubject strategy(String label) {
        return TrackerSubject.find(label, LOADER);
    }

    static TrackerSubject trackerMutant(String id) {
        return Mutants.trackers().stream().filter(m -> m.subject().id().equals(id)).findFirst().orElseThrow().subject();
    }

    static ExecutorSubject executorMutant(String id) {
        return Mutants.executors().stream().filter(m -> m.subject().id().equals(id)).findFirst().orElseThrow().subject();
    }

    /** The first violation of the run whose finding is of {@code type} (or, for null, that has no finding). */
    static ViolationTrace first(Scenario s, LabConfig config, FindingType type, Criterion criterion) {
        return first(s, config, type, criterion, null);
    }

    /**
     * The first violation of {@code criterion} whose finding is of {@code type} and that belongs to the
     * scenario class {@code cls} (any class for null): how the views 7 and L are found now that they are
     * criterion 1 (and 2) on pausing and looping scenarios.
     */
    static ViolationTrace first(Scenario s, LabConfig config, FindingType type, Criterion criterion, ScenarioClass cls) {
        Trace trace = ScenarioRunner.run(s, config);
        for (Violation v : Judge.judge(s, trace).violations()) {
            boolean kind = type == null ? v.finding() == null : v.finding() != null && v.finding().type() == type;
            if (kind && v.criterion() == criterion && (cls == null || v.classes().contains(cls))) {
                return new ViolationTrace(s, trace, v);
            }
        }
        throw new AssertionError("no " + type + " / " + criterion + (cls == null ? "" : " / " + cls) + " violation in " + s.name() + " under " + config.label());
    }

    /** The first such violation of {@code s} under {@code strategy} and the serial executor, seed 1. */
    static ViolationTrace serial(String strategy, Scenario s, FindingType type, Criterion criterion, ScenarioClass cls) {
        return first(s, new LabConfig(strategy(strategy), ExecutorSubject.of("serial"), 1), type, criterion, cls);
    }

    /** MISSED in a looping stage: {@code flags} loses a removal the world applied after the detector's iteration. */
    static ViolationTrace loopingRemovalWithFlags() {
        return serial("flags", Catalogue.loopingStageRemovals(Target.COMPONENT), FindingType.MISSED, Criterion.AT_LEAST_ONCE,
                ScenarioClass.LOOPING);
    }

    /** MISSED while paused: the mutant that treats every reader as if it ran in the previous frame. */
    static ViolationTrace pausedWithIgnoresPausing() {
        return first(Catalogue.systemPausing(Target.COMPONENT), new LabConfig(trackerMutant("mutant:ignores-pausing"),
                ExecutorSubject.of("serial"), 1), FindingType.MISSED, Criterion.AT_LEAST_ONCE, ScenarioClass.PAUSING);
    }

    /** MISSED: the changer runs after the detector, and {@code flags} clears its flags at frame end. */
    static ViolationTrace missedWithFlags() {
        return first(Catalogue.atLeastOnce(Target.COMPONENT), new LabConfig(strategy("flags"), ExecutorSubject.of("serial"), 1),
                FindingType.MISSED, Criterion.AT_LEAST_ONCE);
    }

    /** REPEATED: the reports-twice mutant answers with the reader's run before last. */
    static ViolationTrace repeatedWithReportsTwice() {
        return first(Catalogue.basic(Target.RESOURCE), new LabConfig(trackerMutant("mutant:reports-twice"),
                ExecutorSubject.of("serial"), 1), FindingType.REPEATED, Criterion.AT_MOST_ONCE);
    }

    /** Ordering: the ignores-one-before executor mutant drops the changer-before-detector edge. */
    static ViolationTrace orderingWithIgnoresOneBefore() {
        return first(Catalogue.basic(Target.COMPONENT), new LabConfig(strategy("generation"),
                executorMutant("mutant:ignores-one-before"), 1), null, Criterion.ORDERING);
    }

    /** LATE: {@code last-tick} reports a frame late, so a change made before the detector in its frame is late. */
    static ViolationTrace lateWithLastTick() {
        return first(Catalogue.basic(Target.COMPONENT), new LabConfig(strategy("last-tick"), ExecutorSubject.of("serial"), 1),
                FindingType.LATE, Criterion.SAME_FRAME);
    }

    /**
     * The README's headline case as the lab finds it: {@code last-tick} misses a change on a regular random
     * scenario once a detector writes the data it watches. The first such miss of the campaign (random
     * scenarios only, so it is the first of its scope and is shrunk), under the serial executor.
     */
    static Counterexample lastTickHeadline() {
        Counterexample x = lastTickCampaign().row("last-tick", "serial").cell(Criterion.AT_LEAST_ONCE).inClass(ScenarioClass.REGULAR).first();
        if (x == null) {
            throw new AssertionError("the campaign found no regular-class miss of last-tick");
        }
        return x;
    }

    private static Matrix lastTickCampaign;

    /**
     * {@code last-tick} under the serial executor on the catalogue and 200 random scenarios, run once for the
     * tests that read it. Two scenarios in three pause, loop or skip frames, so a regular scenario whose
     * detector writes what it watches takes more than a hundred draws to come up.
     */
    static synchronized Matrix lastTickCampaign() {
        if (lastTickCampaign == null) {
            Lab lab = new Lab(LabOptions.defaults().withTries(200).withMemory(false));
            lastTickCampaign = lab.run(List.of(strategy("last-tick")), List.of(ExecutorSubject.of("serial")), List.of());
        }
        return lastTickCampaign;
    }

    /**
     * The headline case built by hand, as the README tells it: the world adds {@code A} to e3 at setup, and
     * detector {@code s5}, which watches {@code Added<A>}, writes {@code A} of e3 in frame 0.
     */
    static Scenario detectorWritesWhatItWatches() {
        return Scenario.builder("detector writes what it watches")
                .entity("e3", dev.ecslab.lab.scenario.Data.A, 1)
                .stage("update", st -> st.system("s5", sys -> sys.watch(dev.ecslab.lab.scenario.Data.A,
                        dev.ecslab.lab.scenario.WatchKind.ADDED).writes(dev.ecslab.lab.scenario.Data.A)))
                .frames(2)
                .set(0, "s5", "e3", dev.ecslab.lab.scenario.Data.A, 2)
                .build();
    }

    /** A counterexample as the report has it: the lab run on {@code flags} under the serial executor. */
    static Counterexample fromTheLab() {
        Lab lab = new Lab(LabOptions.builder().tries(0).catalogueSeeds(List.of(1L)).campaignSeed(1_000L).shrinkAttempts(0).memory(false).build());
        Matrix m = lab.run(List.of(strategy("flags")), List.of(ExecutorSubject.of("serial")),
                List.of(Catalogue.atLeastOnce(Target.COMPONENT)));
        return m.row("flags", "serial").cell(Criterion.AT_LEAST_ONCE).first();
    }
}
