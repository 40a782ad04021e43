package dev.ecslab.reports.verdict;

import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every counterexample of a matrix once, with every place that shows it. One {@link Counterexample}
 * object can sit in several places: the first failure of a cell's scope is also the first of each
 * scenario class it touched (the class tallies of criteria 1 and 2), and a class tally may hold a
 * counterexample that is in no cell's {@link Cell#failures()} (a later failure, the first in its
 * class). The report writes each object's replay file and article once and links all its places to it.
 *
 * <p>Contract: objects are told apart by identity (a record's equality would compare whole traces);
 * entries come in matrix order (row, then criterion in column order, then the cell's scopes, then its
 * classes), so an object's first place is a cell's scope whenever it is one.
 */
public final class MatrixCounterexamples {
    /**
     * Where a counterexample is shown: a row's cell and scope ({@code scenarioClass} null), or a row's
     * cell on one scenario class ({@code scope} then the counterexample's own).
     */
    public record Place(Row row, Criterion criterion, Scope scope, ScenarioClass scenarioClass) {
        /** True for the first counterexample of a scenario class, rather than of a cell's scope. */
        public boolean isClass() {
            return scenarioClass != null;
        }

        /** {@code "1 at least once [component Added]"} or {@code "1 at least once on pausing scenarios"}. */
        public String what() {
            return criterion + (isClass() ? " on " + scenarioClass.title() + " scenarios"
                    : scope == null ? "" : " [" + scope + "]");
        }

        /** {@code "flags / serial, 1 at least once on pausing scenarios"}. */
        public String describe() {
            return row.strategy() + " / " + row.executor() + ", " + what();
        }
    }

    /** One counterexample and its places, the first being where it was found first in matrix order. */
    public record Entry(Counterexample counterexample, List<Place> places) {
        public Entry {
            places = List.copyOf(places);
        }

        public Place first() {
            return places.get(0);
        }

        /**
         * The places after the first, in words, the classes of one criterion together:
         * {@code "1 at least once on regular, pausing scenarios; 7 not lost when paused [component Added]"},
         * or {@code ""} when it has one place.
         */
        public String alsoShownAt() {
            Map<Object, List<String>> groups = new java.util.LinkedHashMap<>();   // a criterion's classes, or a place
            for (Place p : places.subList(1, places.size())) {
                if (p.isClass()) {
                    groups.computeIfAbsent(p.criterion(), k -> new ArrayList<>()).add(p.scenarioClass().title());
                } else {
                    groups.put(p, List.of());
                }
            }
            List<String> out = new ArrayList<>();
            groups.forEach((key, classes) -> out.add(key instanceof Place p ? p.what()
                    : key + " on " + String.join(", ", classes) + " scenarios"));
            return String.join("; ", out);
        }

        /** True when it is the first counterexample of some cell (the one a FAIL link opens first). */
        public boolean firstOfACell() {
            return places.stream().anyMatch(p -> !p.isClass() && p.row().cell(p.criterion()).first() == counterexample);
        }
    }

    private final List<Entry> entries;
    private final Map<Counterexample, Entry> byObject;

    private MatrixCounterexamples(List<Entry> entries, Map<Counterexample, Entry> byObject) {
        this.entries = entries;
        this.byObject = byObject;
    }

    public static MatrixCounterexamples of(Matrix m) {
        Map<Counterexample, List<Place>> places = new IdentityHashMap<>();
        List<Counterexample> order = new ArrayList<>();
        for (Row r : m.rows()) {
            for (Criterion c : Criterion.values()) {
                Cell cell = r.cell(c);
                cell.failures().forEach((scope, x) -> add(places, order, x, new Place(r, c, scope, null)));
                for (ScenarioClass cls : VerdictWords.CLASSES) {
                    Counterexample x = cell.inClass(cls).first();
                    if (x != null) {
                        add(places, order, x, new Place(r, c, x.scope(), cls));
                    }
                }
            }
        }
        List<Entry> entries = new ArrayList<>();
        Map<Counterexample, Entry> byObject = new IdentityHashMap<>();
        for (Counterexample x : order) {
            Entry e = new Entry(x, places.get(x));
            entries.add(e);
            byObject.put(x, e);
        }
        return new MatrixCounterexamples(Collections.unmodifiableList(entries), byObject);
    }

    private static void add(Map<Counterexample, List<Place>> places, List<Counterexample> order, Counterexample x, Place p) {
        List<Place> list = places.get(x);
        if (list == null) {
            list = new ArrayList<>();
            places.put(x, list);
            order.add(x);
        }
        list.add(p);
    }

    /** Every distinct counterexample, in matrix order. */
    public List<Entry> entries() {
        return entries;
    }

    /** The entry of a counterexample of this matrix, or {@code null}. */
    public Entry of(Counterexample x) {
        return byObject.get(x);
    }
}
