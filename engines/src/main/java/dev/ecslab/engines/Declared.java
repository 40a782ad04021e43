package dev.ecslab.engines;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The watches of each system an engine adapter was opened with, by system name and index, as the lab declares them
 * in {@code Engine.open}. A lookup of a system or watch that was never declared throws with both named: the lab
 * turns that into a crash of the engine, never into an empty answer.
 *
 * @param <W> what the adapter keeps per watch
 */
public final class Declared<W> {
    private final Map<String, List<W>> watches = new HashMap<>();

    /** Declares {@code system} with its watches in order; a second declaration of one name is refused. */
    public void declare(String system, List<W> ofSystem) {
        if (watches.putIfAbsent(system, List.copyOf(ofSystem)) != null) {
            throw new IllegalArgumentException("system " + system + " is declared twice");
        }
    }

    /** Watch {@code index} of {@code system}. */
    public W watch(String system, int index) {
        List<W> list = watches.get(system);
        if (list == null) {
            throw new IllegalArgumentException("no system " + system + " was declared");
        }
        if (index < 0 || index >= list.size()) {
            throw new IllegalArgumentException("system " + system + " has no watch " + index + " (it has " + list.size() + ")");
        }
        return list.get(index);
    }

    /** Every declared watch, of every system. */
    public List<W> all() {
        return watches.values().stream().flatMap(List::stream).toList();
    }

    /** Forgets every declaration. */
    public void clear() {
        watches.clear();
    }
}
