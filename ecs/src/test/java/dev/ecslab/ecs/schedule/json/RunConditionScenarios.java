package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.CompiledSystem;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random one-stage schedules with run conditions, for the condition properties: systems that read and
 * write three resources and two components (some queries filtered), own conditions and the conditions of
 * two sets, and forward {@code before} edges; the oracle judges every pair by the resolved accesses alone
 * ({@code Access.conflictsWith}), with reachability by depth-first search, never by the compiler's bit rows.
 */
final class RunConditionScenarios {
    private RunConditionScenarios() {
    }

    /** One system: resources read and written (bits over R0..R2), a query or none, its conditions, its sets, edges. */
    record Sys(int resRead, int resWrite, int query, int ownCondition, int sets, int before) {
    }

    /** A schedule: its systems and the resources each set's condition reads (0: the set has no condition). */
    record Stage(List<Sys> systems, int set0Reads, int set1Reads) {
    }

    static Arbitrary<Stage> stages() {
        Arbitrary<Sys> sys = Combinators.combine(Arbitraries.integers().between(0, 7), Arbitraries.integers().between(0, 7)
                .map(w -> w & 5), Arbitraries.integers().between(0, 8),
                Arbitraries.integers().between(0, 31).map(c -> c < 16 ? c : 0), Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 255))
                .as(Sys::new);
        return Combinators.combine(sys.list().ofMinSize(2).ofMaxSize(7), Arbitraries.integers().between(0, 7),
                Arbitraries.integers().between(0, 7)).as(Stage::new);
    }

    private static String names(String prefix, int bits) {
        List<String> out = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            if ((bits & (1 << b)) != 0) {
                out.add("\"" + prefix + b + "\"");
            }
        }
        return "[" + String.join(", ", out) + "]";
    }

    /** A query by number: 0 none; 1-4 read/write A or B; 5-6 write A with/without C; 7 read every component; 8 write A. */
    private static String query(int q) {
        return switch (q) {
            case 1 -> "{\"read\": [\"A\"]}";
            case 2 -> "{\"write\": [\"A\"]}";
            case 3 -> "{\"read\": [\"B\"]}";
            case 4 -> "{\"write\": [\"B\"]}";
            case 5 -> "{\"write\": [\"A\"], \"filter\": {\"with\": \"C\"}}";
            case 6 -> "{\"write\": [\"A\"], \"filter\": {\"without\": \"C\"}}";
            case 7 -> "{\"readAll\": true}";
            case 8 -> "{\"read\": [\"A\"], \"filter\": {\"without\": \"C\"}}";
            default -> null;
        };
    }

    /** A condition's access from 4 bits: bits 0-2 resources read, bit 3 a read of A. */
    private static String conditionAccess(int c) {
        return "{\"readResources\": " + names("R", c & 7) + ((c & 8) != 0 ? ", \"queries\": [{\"read\": [\"A\"]}]" : "") + "}";
    }

    /** The schedule as JSON; {@code withConditions} false drops every condition (the condition-blind twin). */
    static String json(Stage stage, boolean withConditions) {
        StringBuilder sb = new StringBuilder("{\"sets\": [");
        for (int k = 0; k < 2; k++) {
            int reads = k == 0 ? stage.set0Reads() : stage.set1Reads();
            sb.append(k > 0 ? ", " : "").append("{\"name\": \"S").append(k).append('"');
            if (withConditions && reads != 0) {
                sb.append(", \"runIf\": [{\"name\": \"s").append(k).append("_ready\", \"access\": ").append(conditionAccess(reads))
                        .append("}]");
            }
            sb.append('}');
        }
        sb.append("], \"stages\": [{\"name\": \"update\", \"systems\": [");
        List<Sys> ss = stage.systems();
        for (int i = 0; i < ss.size(); i++) {
            Sys s = ss.get(i);
            sb.append(i > 0 ? ",\n" : "\n").append("{\"name\": \"s").append(i).append("\", \"access\": {\"readResources\": ")
                    .append(names("R", s.resRead() & ~s.resWrite())).append(", \"writeResources\": ").append(names("R", s.resWrite()));
            if (query(s.query()) != null) {
                sb.append(", \"queries\": [").append(query(s.query())).append(']');
            }
            sb.append('}');
            if (withConditions && s.ownCondition() != 0) {
                sb.append(", \"runIf\": [{\"name\": \"c").append(i).append("\", \"access\": ").append(conditionAccess(s.ownCondition()))
                        .append("}]");
            }
            List<String> sets = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                if ((s.sets() & (1 << k)) != 0) {
                    sets.add("\"S" + k + "\"");
                }
            }
            sb.append(", \"sets\": [").append(String.join(", ", sets)).append(']');
            List<String> before = new ArrayList<>();
            for (int j = i + 1; j < ss.size(); j++) {
                if ((s.before() & (1 << (j - i - 1))) != 0 && (s.before() >>> 5) % 3 == 0) {
                    before.add("\"s" + j + "\"");
                }
            }
            sb.append(", \"before\": [").append(String.join(", ", before)).append("]}");
        }
        return sb.append("]}]}").toString();
    }

    static CompiledSchedule compile(Stage stage, boolean withConditions) {
        return ScheduleJson.read(new StringReader(json(stage, withConditions)), "conditions.json").compile();
    }

    /** The detector's answer: "si|sj|A" for a pair on the systems' own access, "si|sj|C" for a pair by a condition. */
    static Set<String> detector(Stage stage, boolean withConditions) {
        Set<String> out = new TreeSet<>();
        for (Ambiguity a : compile(stage, withConditions).ambiguities().pairs()) {
            out.add(a.first() + "|" + a.second() + "|" + (a.byCondition() ? "C" : "A"));
        }
        return out;
    }

    /** The oracle's answer, from the resolved accesses and conditions of the compiled systems and a DFS. */
    static Set<String> oracle(Stage stage) {
        CompiledStage st = compile(stage, true).stages().get(0);
        int n = st.size();
        BitSet[] reach = new BitSet[n];
        for (int i = n - 1; i >= 0; i--) {
            reach[i] = new BitSet();
            BitSet out = st.graph().successors(i);
            for (int j = out.nextSetBit(0); j >= 0; j = out.nextSetBit(j + 1)) {
                reach[i].set(j);
                reach[i].or(reach[j]);
            }
        }
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (reach[i].get(j) || reach[j].get(i)) {
                    continue;
                }
                CompiledSystem a = st.system(i);
                CompiledSystem b = st.system(j);
                if (a.access().conflictsWith(b.access())) {
                    out.add(a.name() + "|" + b.name() + "|A");
                } else if (conditionsConflict(a, b) || conditionsConflict(b, a)) {
                    out.add(a.name() + "|" + b.name() + "|C");
                }
            }
        }
        return out;
    }

    private static boolean conditionsConflict(CompiledSystem reader, CompiledSystem writer) {
        return reader.conditions().stream().anyMatch(c -> c.access().conflictsWith(writer.access()));
    }

    static boolean hasEdges(Stage stage) {
        return stage.systems().stream().anyMatch(s -> (s.before() >>> 5) % 3 == 0 && (s.before() & 31) != 0);
    }
}
