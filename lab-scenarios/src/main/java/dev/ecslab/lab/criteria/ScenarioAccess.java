package dev.ecslab.lab.criteria;

import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Conflicts and orderings computed from the scenario's data alone, without the ECS's access or
 * schedule code: the independent oracle for the ordering and ambiguity criteria.
 *
 * <p>Two systems conflict when one writes data the other reads or writes, unless both touch it
 * through queries whose filters exclude each other ({@code With<B>} against {@code Without<B>}, or a
 * {@code Without<A>} on a query that needs {@code A}). Watches read without filters; writes use the
 * system's filters. Commands never conflict: they are applied at sync points.
 */
public final class ScenarioAccess {
    private ScenarioAccess() {
    }

    public static boolean conflicts(SystemSpec a, SystemSpec b) {
        return !conflictsOn(a, b).isEmpty();
    }

    /** The data two systems conflict on, sorted. */
    public static List<Data> conflictsOn(SystemSpec a, SystemSpec b) {
        List<Data> out = new ArrayList<>();
        for (Data d : Data.values()) {
            boolean aw = a.writes().contains(d);
            boolean bw = b.writes().contains(d);
            boolean ar = aw || a.reads().contains(d);
            boolean br = bw || b.reads().contains(d);
            if (!(aw && br) && !(bw && ar)) {
                continue;
            }
            if (d.isResource() || !disjoint(d, a, aw, b, bw)) {
                out.add(d);
            }
        }
        return out;
    }

    private static boolean disjoint(Data d, SystemSpec a, boolean aFiltered, SystemSpec b, boolean bFiltered) {
        Set<Data> aWith = aFiltered ? a.with() : Set.of();
        Set<Data> aWithout = aFiltered ? a.without() : Set.of();
        Set<Data> bWith = bFiltered ? b.with() : Set.of();
        Set<Data> bWithout = bFiltered ? b.without() : Set.of();
        return aWithout.contains(d) || bWithout.contains(d) || !Collections.disjoint(aWith, bWithout)
                || !Collections.disjoint(aWithout, bWith);
    }

    /** For one stage: {@code ordered[i][j]} when a chain of before/after constraints leads from i to j. */
    public static boolean[][] orderedClosure(StageSpec stage) {
        List<SystemSpec> systems = stage.systems();
        int n = systems.size();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(systems.get(i).name(), i);
        }
        boolean[][] reach = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            for (String t : systems.get(i).before()) {
                reach[i][index.get(t)] = true;
            }
            for (String t : systems.get(i).after()) {
                reach[index.get(t)][i] = true;
            }
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (reach[i][k]) {
                    for (int j = 0; j < n; j++) {
                        reach[i][j] |= reach[k][j];
                    }
                }
            }
        }
        return reach;
    }

    /**
     * The ambiguous pairs of the scenario as {@code "stage: a | b"} (names sorted within a pair):
     * conflicting, not ordered either way, and not exempted by {@code ambiguousWith}.
     */
    public static Set<String> ambiguousPairs(Scenario scenario) {
        Set<String> out = new TreeSet<>();
        for (StageSpec st : scenario.stages()) {
            boolean[][] reach = orderedClosure(st);
            List<SystemSpec> s = st.systems();
            for (int i = 0; i < s.size(); i++) {
                for (int j = i + 1; j < s.size(); j++) {
                    SystemSpec a = s.get(i);
                    SystemSpec b = s.get(j);
                    if (reach[i][j] || reach[j][i] || a.ambiguousWith().contains(b.name())
                            || b.ambiguousWith().contains(a.name()) || !conflicts(a, b)) {
                        continue;
                    }
                    out.add(pair(st.name(), a.name(), b.name()));
                }
            }
        }
        return out;
    }

    static String pair(String stage, String a, String b) {
        return a.compareTo(b) < 0 ? stage + ": " + a + " | " + b : stage + ": " + b + " | " + a;
    }
}
