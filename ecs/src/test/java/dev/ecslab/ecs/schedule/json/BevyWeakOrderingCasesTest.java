package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.CompiledStage;
import java.io.StringReader;
import java.util.BitSet;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Bevy's weak-ordering tests (Bevy PR #25128: {@code chain_weak_*}, {@code before_weak_*}, {@code after_weak_*},
 * {@code weak_*} in {@code crates/bevy_ecs/src/schedule/schedule.rs}) as schedule JSON, each asserting the
 * dependency edges Bevy's built schedule has ({@code total_dependencies}: the edges left after the transitive
 * reduction), here named: {@code "a->b"}.
 *
 * <p>Bevy's fixtures: {@code Res<Resource1>} reads resource {@code R1}, {@code ResMut} writes it, a system
 * with {@code Commands} is {@code "deferred"}, {@code &mut World} is {@code EXCLUSIVE}, {@code run_if(|_: Res<R1>|)}
 * is a {@code runIf} reading {@code R1}, {@code (a, b).chain_weak()} is a set listing its members with
 * {@code "chainWeak"}, {@code configure_sets(A.before_weak(B))} is {@code "beforeWeak"} on set {@code A}.
 *
 * <p><b>Where ecslab differs by design.</b> Bevy inserts sync points ({@code ApplyDeferred}) after systems
 * with deferred effects, and counts their edges; ecslab inserts none (the end of a stage is one), so where
 * Bevy has {@code with_commands -> ApplyDeferred -> read} (2 edges) the case asserts {@code with_commands->read},
 * the order the sync point serves. In {@code weak_edge_after_ignore_deferred_edge_gets_bubbled_sync_point} Bevy's
 * bubbled sync point also keeps {@code read_other} before {@code resource_exists}, which do not conflict; ecslab
 * keeps the edge that matters, from the deferred {@code insert_resource} to {@code resource_exists}, and leaves
 * the two readers unordered. {@code chain_ignore_deferred} is a strong chain here (ecslab never adds sync points).
 */
class BevyWeakOrderingCasesTest {
    private static final String READ = "{\"readResources\": [\"R1\"]}";
    private static final String WRITE = "{\"writeResources\": [\"R1\"]}";

    private static String sys(String name, String access) {
        return "{\"name\": \"" + name + "\", \"access\": " + access + "}";
    }

    private static String sys(String name, String access, String more) {
        return "{\"name\": \"" + name + "\", \"access\": " + access + ", " + more + "}";
    }

    private static CompiledSchedule compile(String sets, String... systems) {
        String json = "{\"sets\": [" + sets + "], \"stages\": [{\"name\": \"update\", \"systems\": [" + String.join(", ", systems)
                + "]}]}";
        return ScheduleJson.read(new StringReader(json), "weak-case.json").compile();
    }

    /** The edges of the stage's transitive reduction, as "a->b": what Bevy counts in total_dependencies. */
    private static Set<String> edges(CompiledSchedule compiled) {
        CompiledStage st = compiled.stages().get(0);
        Set<String> out = new TreeSet<>();
        for (int u = 0; u < st.size(); u++) {
            BitSet succ = st.graph().successors(u);
            for (int v = succ.nextSetBit(0); v >= 0; v = succ.nextSetBit(v + 1)) {
                boolean redundant = false;
                for (int w = succ.nextSetBit(0); w >= 0 && !redundant; w = succ.nextSetBit(w + 1)) {
                    redundant = w != v && st.reach(w).get(v);
                }
                if (!redundant) {
                    out.add(st.system(u).name() + "->" + st.system(v).name());
                }
            }
        }
        return out;
    }

    private static Set<String> edges(String sets, String... systems) {
        return edges(compile(sets, systems));
    }

    private static String chain(String name, boolean weak, String... members) {
        return "{\"name\": \"" + name + "\", \"members\": [\"" + String.join("\", \"", members) + "\"], \""
                + (weak ? "chainWeak" : "chain") + "\": true}";
    }

    @Test
    void chainWeakAddsNoEdgesForNonConflictingSystems() {
        assertThat(edges(chain("strict", false, "read1", "read2", "read3"), sys("read1", READ), sys("read2", READ),
                sys("read3", READ))).containsExactly("read1->read2", "read2->read3");
        assertThat(edges(chain("weak", true, "read1", "read2", "read3"), sys("read1", READ), sys("read2", READ),
                sys("read3", READ))).isEmpty();
    }

    @Test
    void chainWeakOrdersConflictingSystemsWithFinishEdge() {
        assertThat(edges(chain("w", true, "write1", "write2"), sys("write1", WRITE), sys("write2", WRITE)))
                .containsExactly("write1->write2");
    }

    @Test
    void chainWeakKeepsFinishDependencyForDeferred() {
        // Bevy: with_commands -> ApplyDeferred -> reader (2 edges); ecslab inserts no sync point
        assertThat(edges(chain("w", true, "insert", "reader"), sys("insert", "{}", "\"deferred\": true"), sys("reader", READ)))
                .containsExactly("insert->reader");
    }

    @Test
    void chainWeakKeepsFinishDependencyForExclusive() {
        assertThat(edges(chain("w", true, "read1", "exclusive", "read2"), sys("read1", READ),
                "{\"name\": \"exclusive\", \"kind\": \"EXCLUSIVE\"}", sys("read2", READ)))
                .containsExactly("exclusive->read2", "read1->exclusive");
    }

    @Test
    void chainWeakBetweenNonConflictingSetsAddsNoEdges() {
        assertThat(edges("{\"name\": \"AB\", \"members\": [\"A\", \"B\"], \"chainWeak\": true}",
                sys("read1", READ, "\"sets\": [\"A\"]"), sys("read2", READ, "\"sets\": [\"B\"]"))).isEmpty();
    }

    @Test
    void chainWeakBetweenSetsFansOutConflictEdges() {
        assertThat(edges("{\"name\": \"AB\", \"members\": [\"A\", \"B\"], \"chainWeak\": true}",
                sys("write1", WRITE, "\"sets\": [\"A\"]"), sys("write2", WRITE, "\"sets\": [\"A\"]"),
                sys("write3", WRITE, "\"sets\": [\"B\"]"), sys("write4", WRITE, "\"sets\": [\"B\"]")))
                .containsExactly("write1->write3", "write1->write4", "write2->write3", "write2->write4");
    }

    @Test
    void beforeWeakBetweenNonConflictingSetsAddsNoEdges() {
        assertThat(edges("{\"name\": \"A\", \"beforeWeak\": [\"B\"]}", sys("read1", READ, "\"sets\": [\"A\"]"),
                sys("read2", READ, "\"sets\": [\"B\"]"))).isEmpty();
    }

    @Test
    void afterWeakOrdersConflictingSetsWithFinishEdge() {
        assertThat(edges("{\"name\": \"B\", \"afterWeak\": [\"A\"]}", sys("write1", WRITE, "\"sets\": [\"A\"]"),
                sys("write2", WRITE, "\"sets\": [\"B\"]"))).containsExactly("write1->write2");
    }

    @Test
    void beforeWeakKeepsFinishDependencyForDeferred() {
        assertThat(edges("{\"name\": \"A\", \"beforeWeak\": [\"B\"]}", sys("with_commands", "{}", "\"deferred\": true, \"sets\": [\"A\"]"),
                sys("read2", READ, "\"sets\": [\"B\"]"))).containsExactly("with_commands->read2");
    }

    @Test
    void beforeWeakOrdersConflictingSystems() {
        // both write Order: every order the executors may take has record1 first
        CompiledSchedule c = compile("{\"name\": \"A\", \"beforeWeak\": [\"B\"]}",
                sys("record2", "{\"writeResources\": [\"Order\"]}", "\"sets\": [\"B\"]"),
                sys("record1", "{\"writeResources\": [\"Order\"]}", "\"sets\": [\"A\"]"));
        assertThat(c.stages().get(0).reach(1).get(0)).as("record1 before record2").isTrue();
        assertThat(c.ambiguities().total()).isZero();
    }

    @Test
    void chainWeakOrdersConflictingSystems() {
        CompiledSchedule c = compile(chain("w", true, "record1", "record2"), sys("record2", "{\"writeResources\": [\"Order\"]}"),
                sys("record1", "{\"writeResources\": [\"Order\"]}"));
        assertThat(c.stages().get(0).reach(1).get(0)).as("record1 before record2").isTrue();
    }

    @Test
    void chainWeakMaterializesTransitiveConflictEdge() {
        CompiledSchedule c = compile(chain("w", true, "write1", "read", "write3"), sys("write1", WRITE),
                sys("read", "{\"readResources\": [\"R2\"]}"), sys("write3", WRITE));
        assertThat(edges(c)).containsExactly("write1->write3");
        assertThat(c.ambiguities().total()).as("the ordered pair is no ambiguity").isZero();
    }

    @Test
    void weakChainLeavesExplicitStrictEdgeIntact() {
        assertThat(edges("{\"name\": \"ABC\", \"members\": [\"A\", \"B\", \"C\"], \"chainWeak\": true},"
                        + " {\"name\": \"C\", \"after\": [\"A\"]}",
                sys("read1", READ, "\"sets\": [\"A\"]"), sys("read2", READ, "\"sets\": [\"B\"]"),
                sys("read3", READ, "\"sets\": [\"C\"]"))).containsExactly("read1->read3");
    }

    @Test
    void weakOrderingKeepsEdgeSharedWithStrictOrdering() {
        assertThat(edges("{\"name\": \"AB\", \"members\": [\"A\", \"B\"], \"chainWeak\": true}, {\"name\": \"B\", \"after\": [\"A\"]}",
                sys("read1", READ, "\"sets\": [\"A\"]"), sys("read2", READ, "\"sets\": [\"B\"]"))).containsExactly("read1->read2");
    }

    @Test
    void strictChainAfterWeakGroupWaitsForWholeGroup() {
        assertThat(edges(chain("group", true, "read1", "read2", "read3") + ", " + chain("outer", false, "group", "read4"),
                sys("read1", READ), sys("read2", READ), sys("read3", READ), sys("read4", READ)))
                .containsExactly("read1->read4", "read2->read4", "read3->read4");
    }

    private static final String CONDITION = "\"runIf\": [{\"name\": \"reads_r1\", \"access\": " + READ + "}]";

    @Test
    void chainWeakOrdersWriterBeforeSystemWithConflictingCondition() {
        assertThat(edges(chain("w", true, "write", "noop"), sys("write", WRITE), sys("noop", "{}", CONDITION)))
                .containsExactly("write->noop");
    }

    @Test
    void chainWeakOrdersSystemWithConflictingConditionBeforeWriter() {
        assertThat(edges(chain("w", true, "noop", "write"), sys("noop", "{}", CONDITION), sys("write", WRITE)))
                .containsExactly("noop->write");
    }

    @Test
    void chainWeakOrdersWriterBeforeSetWithConflictingCondition() {
        assertThat(edges("{\"name\": \"AB\", \"members\": [\"A\", \"B\"], \"chainWeak\": true}, {\"name\": \"B\", " + CONDITION + "}",
                sys("write", WRITE, "\"sets\": [\"A\"]"), sys("noop", "{}", "\"sets\": [\"B\"]"))).containsExactly("write->noop");
    }

    @Test
    void weakSetOrderingWithIgnoreDeferredAddsNoSyncPoint() {
        // Bevy: 2 systems, 1 edge (the deferred system's weak edge is kept, ignore_deferred keeps the sync point out)
        assertThat(edges("{\"name\": \"AB\", \"members\": [\"A\", \"B\"], \"chainWeak\": true}, {\"name\": \"A\", \"before\": [\"B\"]}",
                sys("insert_resource", "{}", "\"deferred\": true, \"sets\": [\"A\"]"),
                sys("resource_does_not_exist", READ, "\"sets\": [\"B\"]"))).containsExactly("insert_resource->resource_does_not_exist");
    }

    @Test
    void weakEdgeAfterIgnoreDeferredEdgeGetsBubbledSyncPoint() {
        // Bevy: insert_resource -> read_other -> ApplyDeferred -> resource_exists (3 edges, through its sync point);
        // ecslab: the deferred insert_resource is kept before resource_exists, the readers stay unordered
        assertThat(edges(chain("g", false, "insert_resource", "read_other") + ", " + chain("w", true, "g", "resource_exists"),
                sys("insert_resource", "{}", "\"deferred\": true"), sys("read_other", "{\"readResources\": [\"R2\"]}"),
                sys("resource_exists", READ))).containsExactly("insert_resource->read_other", "insert_resource->resource_exists");
    }

    @Test
    void chainIgnoreDeferredAroundWeakGroupFansOutWithoutSyncPoint() {
        assertThat(edges(chain("weak_group", true, "read1", "read2") + ", " + chain("outer", false, "weak_group", "with_commands", "read3"),
                sys("read1", READ), sys("read2", READ), sys("with_commands", "{}", "\"deferred\": true"), sys("read3", READ)))
                .containsExactly("read1->with_commands", "read2->with_commands", "with_commands->read3");
    }

    @Test
    void chainWeakBetweenIgnoreDeferredGroupsDropsEdgeBetweenThem() {
        // only the earlier system of a pair counts for deferred effects: with_commands, the later, keeps no weak edge
        assertThat(edges(chain("g1", false, "read1", "read2") + ", " + chain("g2", false, "with_commands", "read3") + ", "
                        + chain("w", true, "g1", "g2"),
                sys("read1", READ), sys("read2", READ), sys("with_commands", "{}", "\"deferred\": true"), sys("read3", READ)))
                .containsExactly("read1->read2", "with_commands->read3");
    }

    @Test
    void ignoreDeferredStillSyncsBeforeExclusiveSystemInWeakChain() {
        // Bevy: insert_resource -> ApplyDeferred -> exclusive -> read (3 edges); the weak edge into read is kept
        // because an exclusive system conflicts with everything
        assertThat(edges(chain("g", false, "insert_resource", "exclusive") + ", " + chain("w", true, "g", "read"),
                sys("insert_resource", "{}", "\"deferred\": true"), "{\"name\": \"exclusive\", \"kind\": \"EXCLUSIVE\"}",
                sys("read", READ))).containsExactly("exclusive->read", "insert_resource->exclusive");
    }

    @Test
    void weakOrderingOrdersByTheBorrowRulesEvenOnDataIgnoredForAmbiguity() {
        // Bevy resolves weak edges with access compatibility; allow_ambiguous_* only silences the report
        String json = "{\"ignoreAmbiguitiesOnResources\": [\"R1\"], \"sets\": [" + chain("w", true, "write1", "write2")
                + "], \"stages\": [{\"name\": \"update\", \"systems\": [" + sys("write1", WRITE) + ", " + sys("write2", WRITE) + "]}]}";
        assertThat(edges(ScheduleJson.read(new StringReader(json), "ignored.json").compile())).containsExactly("write1->write2");
    }

    /**
     * The cases above can fail: a weak ordering blind to deferred effects and to run conditions (the same
     * schedules with {@code "deferred"} and {@code "runIf"} dropped, as such an analysis sees them) gives other
     * edges than Bevy's on every case that depends on them.
     */
    @Test
    void aWeakOrderingBlindToDeferredEffectsAndConditionsGivesOtherEdges() {
        assertThat(edges(chain("w", true, "insert", "reader"), sys("insert", "{}"), sys("reader", READ))).isEmpty();
        assertThat(edges(chain("w", true, "write", "noop"), sys("write", WRITE), sys("noop", "{}"))).isEmpty();
        assertThat(edges("{\"name\": \"AB\", \"members\": [\"A\", \"B\"], \"chainWeak\": true}, {\"name\": \"B\"}",
                sys("write", WRITE, "\"sets\": [\"A\"]"), sys("noop", "{}", "\"sets\": [\"B\"]"))).isEmpty();
        assertThat(edges(chain("g", false, "insert_resource", "read_other") + ", " + chain("w", true, "g", "resource_exists"),
                sys("insert_resource", "{}"), sys("read_other", "{\"readResources\": [\"R2\"]}"), sys("resource_exists", READ)))
                .containsExactly("insert_resource->read_other");
    }
}
