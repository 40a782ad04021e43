package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A declared fold of changes is judged exactly, and does not make the checks vacuous: an engine that reports net
 * changes per run or per observer window is exact under that fold and loses changes under every-change semantics;
 * an engine that reports every change breaks a declared fold (it reports changes the fold says never happened); and
 * an engine that drops a net change still fails criterion 1.
 */
class CoalescingTest {
    static final long SEED = 777;
    static final int TRIES = 60;
    static List<Scenario> scenarios;

    @BeforeAll
    static void scenarios() {
        System.out.println("CoalescingTest: campaign seed " + SEED + ", " + TRIES + " tries");
        scenarios = EngineLab.scenarios(Catalogue.all(), TRIES, SEED);
    }

    /** A reference engine that reports the net change per stretch: between any two run starts, or over its own window. */
    static class NetChangeEngine extends ReferenceEngine {
        final boolean perRun;
        final List<Long> runStarts = new ArrayList<>();

        NetChangeEngine(boolean perRun) {
            this.perRun = perRun;
        }

        @Override
        public void beginRun(String system, long frame) {
            super.beginRun(system, frame);
            runStarts.add(seq);
        }

        /** The stretch's net changes, per key: into the flagged keys and the removals. */
        static void settle(Map<String, Boolean> before, Set<String> present, WatchKind kind, Map<String, Boolean> flagged,
                List<String> removals) {
            before.forEach((key, was) -> {
                boolean is = present.contains(key);
                WatchKind net = !was && is ? WatchKind.ADDED : was && !is ? WatchKind.REMOVED : was ? WatchKind.MUTATED : null;
                if (net == WatchKind.REMOVED) {
                    flagged.remove(key);
                    removals.add(key);
                } else if (net != null && (kind == WatchKind.CHANGED || kind == net)) {
                    flagged.put(key, Boolean.TRUE);
                }
            });
            before.clear();
        }

        @Override
        public List<String> report(String system, int watch) {
            EngineWorld.WatchDecl w = declared(system, watch);
            WatchKind kind = WatchKind.valueOf(w.kind());
            long from = previousBegin.getOrDefault(system, 0L);
            long now = currentBegin.get(system);
            List<Long> cuts = new ArrayList<>();
            if (perRun) {
                runStarts.stream().filter(s -> s > from && s < now).forEach(cuts::add);
            }
            cuts.add(now);
            // One walk of the log: presence up to the window, then the window stretch by stretch.
            Set<String> present = new HashSet<>();
            Map<String, Boolean> before = new LinkedHashMap<>();      // keys touched in this stretch: present at its start
            Map<String, Boolean> flagged = new LinkedHashMap<>();
            List<String> removals = new ArrayList<>();
            int cut = 0;
            for (Change c : log) {
                if (c.seq() >= now) {
                    break;
                }
                if (!c.data().equals(w.data()) || w.resource() != (c.entity() == null)) {
                    continue;
                }
                if (c.seq() > from) {
                    while (c.seq() > cuts.get(cut)) {
                        settle(before, present, kind, flagged, removals);
                        cut++;
                    }
                }
                String key = c.entity() == null ? c.data() : c.entity();
                if (c.seq() > from) {
                    before.putIfAbsent(key, present.contains(key));
                }
                if (c.type() == WatchKind.REMOVED) {
                    present.remove(key);
                } else {
                    present.add(key);
                }
            }
            settle(before, present, kind, flagged, removals);
            if (kind == WatchKind.REMOVED) {
                return w.resource() ? (removals.isEmpty() ? List.of() : List.of(w.data())) : removals;
            }
            List<String> out = new ArrayList<>();
            for (String key : flagged.keySet()) {
                if (w.resource() ? resources.containsKey(key)
                        : entities.containsKey(key) && entities.get(key).containsKey(w.data()) && inSet(key, w)) {
                    out.add(key);
                }
            }
            return out;
        }
    }

    static EngineContract contract(String id, EngineContract.Coalescing fold) {
        EngineContract c = ReferenceEngine.CONTRACT;
        return new EngineContract(id, id, "", c.components(), c.resources(), true, c.equalWritesCount(), 0, c.features(), fold);
    }

    static EngineLab.Row judge(EngineContract contract, Supplier<Engine> make) {
        EngineSubject subject = new EngineSubject(contract, new EngineProvider() {
            @Override
            public EngineContract contract() {
                return contract;
            }

            @Override
            public Engine create() {
                return make.get();
            }
        }, null);
        EngineLab.Row row = EngineLab.run(subject, scenarios, SEED, Duration.ofSeconds(20), null);
        System.out.println(contract.id() + " (" + contract.coalescing() + "): " + row.measured().label() + ", ran " + row.ran());
        row.cells().forEach((c, cell) -> System.out.println("  " + c + ": " + cell.status()
                + (cell.first() == null ? "" : " - " + cell.first().violation())));
        return row;
    }

    static void exact(EngineLab.Row row) {
        assertEquals(MeasuredClass.EXACT, row.measured());
        for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING)) {
            assertEquals("pass", row.cells().get(c).status(), c.toString());
            assertTrue(row.cells().get(c).judged() > 5, c + " judged by " + row.cells().get(c).judged() + " runs");
        }
    }

    @Test
    void anEngineThatReportsTheNetChangePerWindowIsExactUnderThatFoldOnly() {
        exact(judge(contract("net-per-window", EngineContract.Coalescing.PER_WINDOW), () -> new NetChangeEngine(false)));
        EngineLab.Row strict = judge(contract("net-per-window", EngineContract.Coalescing.EVERY_CHANGE), () -> new NetChangeEngine(false));
        assertTrue(strict.cells().get(Criterion.AT_LEAST_ONCE).failed() > 0, "every-change semantics see the lost changes");
    }

    @Test
    void anEngineThatReportsTheNetChangePerRunIsExactUnderThatFoldOnly() {
        exact(judge(contract("net-per-run", EngineContract.Coalescing.PER_RUN), () -> new NetChangeEngine(true)));
        EngineLab.Row strict = judge(contract("net-per-run", EngineContract.Coalescing.EVERY_CHANGE), () -> new NetChangeEngine(true));
        assertTrue(strict.cells().get(Criterion.AT_LEAST_ONCE).failed() > 0, "every-change semantics see the lost changes");
        EngineLab.Row window = judge(contract("net-per-run", EngineContract.Coalescing.PER_WINDOW), () -> new NetChangeEngine(true));
        assertTrue(window.cells().get(Criterion.AT_MOST_ONCE).failed() + window.cells().get(Criterion.AT_LEAST_ONCE).failed() > 0,
                "the two folds differ, and the lab tells them apart");
    }

    @Test
    void anEngineThatReportsEveryChangeBreaksADeclaredFold() {
        EngineLab.Row row = judge(contract("every-change-as-net", EngineContract.Coalescing.PER_WINDOW), () -> new ReferenceEngine() {
            @Override
            public List<String> report(String system, int watch) {
                return super.report(system, watch);
            }

            @Override
            protected void changed(String entity, String data, WatchKind type) {
                log.add(new Change(++seq, entity, data, type, null));     // no author: own changes reported too
            }
        });
        assertTrue(row.cells().get(Criterion.AT_MOST_ONCE).failed() > 0,
                "a removal the window's fold cancelled is reported: criterion 2");
    }

    @Test
    void anEngineThatDropsANetChangeStillFailsAtLeastOnce() {
        EngineLab.Row row = judge(contract("drops-net-removals", EngineContract.Coalescing.PER_WINDOW), () -> new NetChangeEngine(false) {
            final Set<String> withheld = new HashSet<>();

            @Override
            public List<String> report(String system, int watch) {
                List<String> out = new ArrayList<>(super.report(system, watch));
                if (declared(system, watch).kind().equals("REMOVED") && !out.isEmpty() && withheld.add(system + out.get(0))) {
                    out.remove(0);                                  // the first removal of each entity is lost
                }
                return out;
            }
        });
        assertTrue(row.cells().get(Criterion.AT_LEAST_ONCE).failed() > 0);
    }
}
