package dev.ecslab.lab.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The lab's packages form no cycle: every arrow (a package's main source naming a type of another lab
 * package, by import or by its full name) points one way, as {@code ecs}'s packages do. A cycle means two
 * concepts can no longer be changed or read apart; the test names the packages of each cycle.
 */
class PackageArrowsTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/ecslab/lab");
    private static final Pattern ARROW = Pattern.compile("dev\\.ecslab\\.lab\\.(\\w+)\\.");

    /** Each lab package and the lab packages its main source names. */
    static Map<String, Set<String>> arrows(Path root) {
        Map<String, Set<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
                Set<String> to = out.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher m = ARROW.matcher(Files.readString(f));
                while (m.find()) {
                    if (!m.group(1).equals(pkg.split("\\.")[0])) {
                        to.add(m.group(1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The strongly connected groups of more than one package (Tarjan's algorithm). */
    static List<Set<String>> cycles(Map<String, Set<String>> g) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String v : g.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, g, index, low, stack, onStack, out, counter);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> g, Map<String, Integer> index, Map<String, Integer> low,
            Deque<String> stack, Set<String> onStack, List<Set<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : g.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, g, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> group = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                group.add(w);
            } while (!w.equals(v));
            if (group.size() > 1) {
                out.add(group);
            }
        }
    }

    @Test
    void theLabsPackagesFormNoCycle() {
        Map<String, Set<String>> g = arrows(SOURCES);
        assertThat(g).as("the lab's packages were found").containsKeys("run", "criteria", "classify", "replay");
        assertThat(cycles(g)).as("package cycles in the lab (arrows: %s)", g).isEmpty();
    }

    @Test
    void aCycleIsFound() {
        Map<String, Set<String>> g = new TreeMap<>(Map.of("run", Set.of("mutant", "trace"), "mutant", Set.of("criteria"),
                "criteria", Set.of("run"), "trace", Set.of()));
        assertThat(cycles(g)).containsExactly(new TreeSet<>(Set.of("run", "mutant", "criteria")));
    }
}
