package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine path judges: the reference engine is exact on the catalogue and a campaign, every criterion an engine
 * can fail is caught on a broken engine (a mutant per criterion), and a criterion the contract makes meaningless is
 * not applicable, never a pass.
 */
class EngineLabTest {
    static final long SEED = 4242;
    static final int TRIES = 60;
    static final Duration TIMEOUT = Duration.ofSeconds(20);
    static List<Scenario> scenarios;

    @BeforeAll
    static void scenarios() {
        System.out.println("EngineLabTest: campaign seed " + SEED + ", " + TRIES + " tries");
        scenarios = EngineLab.scenarios(Catalogue.all(), TRIES, SEED);
    }

    /** An engine of {@code contract} whose instances {@code make} makes. */
    static EngineSubject subject(EngineContract contract, Supplier<Engine> make) {
        return new EngineSubject(contract, new EngineProvider() {
            @Override
            public EngineContract contract() {
                return contract;
            }

            @Override
            public Engine create() {
                return make.get();
            }
        }, null);
    }

    static EngineLab.Row judge(EngineContract contract, Supplier<Engine> make) {
        EngineSubject subject = subject(contract, make);
        EngineLab.Row row = EngineLab.run(subject, scenarios, SEED, TIMEOUT, null);
        System.out.println(contract.id() + ": " + row.measured().label() + ", ran " + row.ran() + ", skipped " + row.skipped()
                + " " + row.notExpressible());
        row.cells().forEach((c, cell) -> System.out.println("  " + c + ": " + cell.status()
                + (cell.first() == null ? "" : " - " + cell.first().violation() + " (shrunk from " + cell.first().foundIn() + ")")));
        return row;
    }

    static EngineContract named(String id) {
        EngineContract c = ReferenceEngine.CONTRACT;
        return new EngineContract(id, id, "a broken reference engine", c.components(), c.resources(), c.ownWrites(),
                c.equalWritesCount(), c.delayFrames(), c.features());
    }

    @Test
    void theReferenceEngineIsExactWhereItCanBeJudged() {
        EngineLab.Row row = judge(ReferenceEngine.CONTRACT, ReferenceEngine::new);
        assertEquals(MeasuredClass.EXACT, row.measured());
        assertTrue(row.ran() > scenarios.size() / 2, "ran " + row.ran() + " of " + scenarios.size() + ": " + row.notExpressible());
        for (Criterion c : List.of(Criterion.CRASH, Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING, Criterion.PURE_FUNCTION)) {
            assertEquals("pass", row.cells().get(c).status(), c.toString());
        }
        for (Criterion c : List.of(Criterion.ORDERING, Criterion.AMBIGUITY, Criterion.BOUNDED_MEMORY)) {
            assertEquals("n/a", row.cells().get(c).status(), c + " is the lab's own schedule, never the engine's");
        }
    }

    @Test
    void anEngineThatDropsAChangeFailsAtLeastOnce() {
        EngineLab.Row row = judge(named("drops-additions"), () -> new ReferenceEngine() {
            @Override
            public List<String> report(String system, int watch) {
                List<String> out = new ArrayList<>(super.report(system, watch));
                if (declared(system, watch).kind().equals("ADDED") && out.size() > 1) {
                    out.remove(out.size() - 1);            // the last added entity of a busy window is lost
                }
                return out;
            }
        });
        assertTrue(row.cells().get(Criterion.AT_LEAST_ONCE).failed() > 0);
        assertNotNull(row.cells().get(Criterion.AT_LEAST_ONCE).first());
        assertEquals("pass", row.cells().get(Criterion.AT_MOST_ONCE).status());
        assertEquals(MeasuredClass.FLAKY, row.measured());
    }

    @Test
    void anEngineThatReportsTwiceFailsAtMostOnce() {
        EngineLab.Row row = judge(named("reports-twice"), () -> new ReferenceEngine() {
            @Override
            public List<String> report(String system, int watch) {
                List<String> out = new ArrayList<>(super.report(system, watch));
                if (!out.isEmpty() && !declared(system, watch).resource()) {
                    out.add(out.get(0));
                }
                return out;
            }
        });
        assertTrue(row.cells().get(Criterion.AT_MOST_ONCE).failed() > 0);
        assertEquals("pass", row.cells().get(Criterion.AT_LEAST_ONCE).status());
        assertEquals(MeasuredClass.CONSERVATIVE, row.measured());
    }

    @Test
    void anEngineThatForgetsWhatChangedWhileASystemWasPausedFailsCriterionSeven() {
        EngineLab.Row row = judge(named("forgets-while-paused"), () -> new ReferenceEngine() {
            final List<Long> frameStarts = new ArrayList<>();

            @Override
            public void beginRun(String system, long frame) {
                while (frameStarts.size() <= frame) {
                    frameStarts.add(seq);
                }
                super.beginRun(system, frame);
                if (frame >= 2) {                           // a window reaches back one frame at most
                    previousBegin.put(system, Math.max(previousBegin.get(system), frameStarts.get((int) frame - 1)));
                }
            }
        });
        assertTrue(row.cells().get(Criterion.NOT_LOST_WHEN_PAUSED).failed() > 0);
    }

    @Test
    void anEngineOneRunLateFailsSameFrame() {
        EngineLab.Row row = judge(named("one-run-late"), () -> new ReferenceEngine() {
            final Map<String, List<String>> held = new java.util.HashMap<>();

            @Override
            public List<String> report(String system, int watch) {
                List<String> now = super.report(system, watch);
                List<String> before = held.put(system + "/" + watch, now);
                return before == null ? List.of() : before;
            }
        });
        assertTrue(row.cells().get(Criterion.SAME_FRAME).failed() > 0);
    }

    @Test
    void anEngineThatAnswersNoListCrashes() {
        EngineLab.Row row = judge(named("answers-null"), () -> new ReferenceEngine() {
            @Override
            public List<String> report(String system, int watch) {
                List<String> out = super.report(system, watch);
                return out.isEmpty() ? null : out;                 // "nothing" as no answer at all
            }
        });
        assertTrue(row.cells().get(Criterion.CRASH).failed() > 0, "a null answer is a crash, never an empty report");
        assertEquals(MeasuredClass.BROKEN, row.measured());
    }

    /** Equal writes that are no change: an engine that still reports them fails criterion 2, one that does not is exact. */
    @Test
    void equalWritesThatAreNoChangeAreJudgedByTheContract() {
        EngineContract c = ReferenceEngine.CONTRACT;
        EngineContract comparing = new EngineContract("compares-values", "compares-values", "", c.components(), c.resources(),
                c.ownWrites(), false, 0, c.features());
        EngineLab.Row counts = judge(comparing, ReferenceEngine::new);       // logs every write, equal or not
        assertTrue(counts.cells().get(Criterion.AT_MOST_ONCE).failed() > 0, "an equal write reported as a change");
        EngineLab.Row compares = judge(comparing, () -> new ReferenceEngine() {
            @Override
            public void write(String entity, String component, int value) {
                Integer old = entities.get(entity).get(component);
                if (old == null || old != value) {
                    super.write(entity, component, value);
                }
            }

            @Override
            public void writeResource(String resource, int value) {
                Integer old = resources.get(resource);
                if (old == null || old != value) {
                    super.writeResource(resource, value);
                }
            }

            @Override
            public void insert(String entity, String component, int value) {
                Integer old = entities.get(entity).get(component);
                if (old == null || old != value) {
                    super.insert(entity, component, value);
                }
            }

            @Override
            public void insertResource(String resource, int value) {
                Integer old = resources.get(resource);
                if (old == null || old != value) {
                    super.insertResource(resource, value);
                }
            }
        });
        assertEquals(MeasuredClass.EXACT, compares.measured());
    }

    @Test
    void anEngineThatThrowsCrashesAndIsBroken() {
        EngineLab.Row row = judge(named("throws-on-despawn"), () -> new ReferenceEngine() {
            @Override
            public void despawn(String entity) {
                throw new IllegalStateException("cannot despawn " + entity);
            }
        });
        assertTrue(row.cells().get(Criterion.CRASH).failed() > 0);
        assertTrue(row.cells().get(Criterion.CRASH).first().violation().contains("cannot despawn"),
                row.cells().get(Criterion.CRASH).first().violation());
        assertEquals(MeasuredClass.BROKEN, row.measured());
    }

    @Test
    void anEngineWhoseStateIsWrongFailsThePureFunction() {
        EngineLab.Row row = judge(named("loses-a-value"), () -> new ReferenceEngine() {
            @Override
            public EngineState state() {
                Map<String, Map<String, Integer>> copy = new java.util.TreeMap<>(entities);
                copy.keySet().stream().findFirst().ifPresent(copy::remove);
                return new EngineState(copy, resources);
            }
        });
        assertTrue(row.cells().get(Criterion.PURE_FUNCTION).failed() > 0);
        assertEquals(MeasuredClass.BROKEN, row.measured());
    }

    @Test
    void anEngineThatCannotExpressAFeatureIsNotJudgedOnIt() {
        EngineContract c = ReferenceEngine.CONTRACT;
        EngineContract basic = new EngineContract("basic", "basic", "", EnumSet.allOf(WatchKind.class), Set0.NONE, false, true,
                0, EnumSet.of(EngineContract.Feature.COMMANDS, EngineContract.Feature.LOOPS, EngineContract.Feature.LATE_WATCHES,
                        EngineContract.Feature.BIG_WORLDS));
        EngineLab.Row row = judge(basic, ReferenceEngine::new);
        assertTrue(row.skipped() > 0 && row.ran() > 0, row.notExpressible().toString());
        assertEquals("n/a", row.cells().get(Criterion.NOT_LOST_WHEN_PAUSED).status());
        assertEquals("pass", row.cells().get(Criterion.LOOPING).status());
        assertTrue(row.notExpressible().containsKey("it pauses systems"), row.notExpressible().toString());
        assertEquals(c.components().size(), 4);
    }

    /** No resource filter. */
    static final class Set0 {
        static final java.util.Set<WatchKind> NONE = EnumSet.noneOf(WatchKind.class);
    }
}
