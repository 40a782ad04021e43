package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.query.FilterSatisfiability;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Every ambiguous pair of a schedule, in a deterministic order: by stage, then by the insertion
 * index of the first system, then of the second.
 *
 * <p>A schedule of thousands of systems can have hundreds of millions of ambiguous pairs (20 000
 * unordered writers of one component have 199 990 000), so the report <em>lists</em> at most
 * {@link #MAX_LISTED} pairs, kept compactly (indices plus shared name lists; {@link #pairs()} creates
 * each {@link Ambiguity} only when it is read), and <em>counts</em> the rest: {@link #total()} is every
 * ambiguous pair, {@link #omitted()} those not listed, summarised by stage and by the data they
 * conflict on ({@link #omittedByStage()}, {@link #omittedByConflict()}), and every pair is counted in its
 * group ({@link #groups()}: one stage, one conflict, one kind), with the first pair of each. So the
 * report's memory is bounded whatever the schedule, and nothing is lost silently: {@link #format()}
 * says how many pairs it leaves out and where they are. Immutable.
 */
public final class AmbiguityReport {
    /**
     * How many pairs a report lists: 10 000 unless {@code ecslab.limit.listedAmbiguities} says otherwise;
     * the others are counted and summarised.
     */
    public static final InputLimit MAX_LISTED = new InputLimit("ecslab.limit.listedAmbiguities", 10_000, "pairs");
    /** How many distinct conflicts the summary of omitted pairs names; the rest are counted together. */
    static final int SUMMARISED_CONFLICTS = 20;
    /** How many distinct conflict lists the builder counts separately; pairs on others are counted together. */
    private static final int DISTINCT_CONFLICTS_COUNTED = 1000;
    /**
     * How many groups ({@link #groups()}) a report keeps; past them, the pairs of each further group are
     * counted in one group of their stage and kind whose conflict list is empty ("other data").
     */
    static final int GROUPS_COUNTED = 100_000;

    private final int size;
    private final String[] stageOf;
    private final String[] first;
    private final String[] second;
    private final List<String>[] conflicts;
    private final boolean[] undecided;
    private final Ambiguity.Cause[] causes;
    private final long total;
    private final long undecidedTotal;
    private final Map<String, Long> omittedByStage;
    private final Map<List<String>, Long> omittedByConflict;
    private final Summary summary;
    private final List<GroupCount> groups;

    /** How many systems and data items the summary names, most frequent first. */
    public static final int SUMMARISED = 10;

    /** A system and how many ambiguous pairs it is in. */
    public record SystemCount(String stage, String system, long pairs) {
    }

    /**
     * Every pair, listed or not, counted: per stage (in stage order), per data item (a pair on two items
     * counts for each; the {@value #SUMMARISED} most frequent, then alphabetical), per conflict (the data
     * list of a pair, most frequent first, at most {@value #SUMMARISED_CONFLICTS}, the rest under the empty
     * list), and the {@value #SUMMARISED} systems in the most pairs.
     */
    public record Summary(Map<String, Long> pairsByStage, Map<String, Long> pairsByData,
            Map<List<String>, Long> pairsByConflict, List<SystemCount> busiestSystems) {
        public Summary {
            pairsByStage = Collections.unmodifiableMap(new LinkedHashMap<>(pairsByStage));
            pairsByData = Collections.unmodifiableMap(new LinkedHashMap<>(pairsByData));
            pairsByConflict = Collections.unmodifiableMap(new LinkedHashMap<>(pairsByConflict));
            busiestSystems = List.copyOf(busiestSystems);
        }
    }

    /**
     * Every ambiguous pair of one stage that conflicts on the same data ({@code conflicts}) and is of the same
     * kind (proved, or {@code undecided}), listed or not: {@code pairs} of them, the first in report order
     * being {@code firstPair}. The group whose conflict list is empty holds the pairs of the groups past
     * {@link #GROUPS_COUNTED} (its first pair names its own data).
     */
    public record GroupCount(String stage, List<String> conflicts, boolean undecided, long pairs, Ambiguity firstPair) {
        public GroupCount {
            conflicts = List.copyOf(conflicts);
        }
    }

    /** A report of exactly these pairs, all listed. */
    public AmbiguityReport(List<Ambiguity> pairs) {
        this.size = pairs.size();
        this.stageOf = new String[size];
        this.first = new String[size];
        this.second = new String[size];
        this.conflicts = newLists(size);
        this.undecided = new boolean[size];
        this.causes = new Ambiguity.Cause[size];
        long u = 0;
        for (int i = 0; i < size; i++) {
            Ambiguity a = pairs.get(i);
            stageOf[i] = a.stage();
            first[i] = a.first();
            second[i] = a.second();
            conflicts[i] = a.conflicts();
            undecided[i] = a.undecided();
            causes[i] = a.cause();
            u += a.undecided() ? 1 : 0;
        }
        this.total = size;
        this.undecidedTotal = u;
        this.omittedByStage = Map.of();
        this.omittedByConflict = Map.of();
        Builder b = new Builder();
        String stage = null;
        Map<String, Integer> index = new LinkedHashMap<>();
        // a conflict list by whether a run condition causes its pairs: the two are counted in groups apart
        Map<List<Object>, Integer> ids = new LinkedHashMap<>();
        List<List<String>> lists = new ArrayList<>();
        for (Ambiguity a : pairs) {
            if (!a.stage().equals(stage)) {
                if (stage != null) {
                    b.endStage(List.copyOf(index.keySet()), List.copyOf(lists));
                }
                stage = a.stage();
                index.clear();
                ids.clear();
                lists.clear();
                b.beginStage(stage, 2 * pairs.size());
            }
            int i = index.computeIfAbsent(a.first(), k -> index.size());
            int j = index.computeIfAbsent(a.second(), k -> index.size());
            int id = ids.computeIfAbsent(List.of(a.conflicts(), a.byCondition()), k -> {
                lists.add(a.conflicts());
                return lists.size() - 1;
            });
            b.count(i, j, id, a.undecided(), a.cause());
        }
        if (stage != null) {
            b.endStage(List.copyOf(index.keySet()), List.copyOf(lists));
        }
        this.summary = b.summary();
        this.groups = b.groups();
    }

    private AmbiguityReport(int size, String[] stageOf, String[] first, String[] second, List<String>[] conflicts,
            boolean[] undecided, Ambiguity.Cause[] causes, long total, long undecidedTotal, Map<String, Long> omittedByStage,
            Map<List<String>, Long> omittedByConflict, Summary summary, List<GroupCount> groups) {
        this.size = size;
        this.stageOf = stageOf;
        this.first = first;
        this.second = second;
        this.conflicts = conflicts;
        this.undecided = undecided;
        this.causes = causes;
        this.total = total;
        this.undecidedTotal = undecidedTotal;
        this.omittedByStage = Collections.unmodifiableMap(new LinkedHashMap<>(omittedByStage));
        this.omittedByConflict = Collections.unmodifiableMap(new LinkedHashMap<>(omittedByConflict));
        this.summary = summary;
        this.groups = List.copyOf(groups);
    }

    /** Every pair counted by stage, data, conflict and system (see {@link Summary}). */
    public Summary summary() {
        return summary;
    }

    /**
     * Every pair, listed or not, in its group of one stage, one conflict and one kind (see {@link GroupCount}):
     * in stage order, then in the order of their first pairs; the pairs of all groups add up to {@link #total()}.
     */
    public List<GroupCount> groups() {
        return groups;
    }

    @SuppressWarnings("unchecked")
    private static List<String>[] newLists(int n) {
        return new List[n];
    }

    /** The listed pairs (at most {@link #MAX_LISTED}, the first in report order), each created on access. */
    public List<Ambiguity> pairs() {
        return new AbstractList<>() {
            @Override
            public Ambiguity get(int i) {
                Objects.checkIndex(i, size);
                return new Ambiguity(stageOf[i], first[i], second[i], conflicts[i], undecided[i], causes[i]);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    /** True when the schedule has no ambiguous pair at all. */
    public boolean isEmpty() {
        return total == 0;
    }

    /** How many pairs are listed ({@link #pairs()}); {@link #total()} counts them all. */
    public int size() {
        return size;
    }

    /** Every ambiguous pair of the schedule, listed or not. */
    public long total() {
        return total;
    }

    /**
     * Of {@link #total()}, the pairs whose conflict is not proved: their filters were not decided within
     * the solver's budget ({@link Ambiguity#undecided()}). Zero for every schedule whose filters are small
     * enough for their normal form, and for nearly every other.
     */
    public long undecided() {
        return undecidedTotal;
    }

    /** The ambiguous pairs that are counted but not listed. */
    public long omitted() {
        return total - size;
    }

    /** The omitted pairs per stage, in stage order. */
    public Map<String, Long> omittedByStage() {
        return omittedByStage;
    }

    /**
     * The omitted pairs per conflict (the data named as in {@link Ambiguity#conflicts()}), most frequent
     * first; at most {@value #SUMMARISED_CONFLICTS} conflicts are named, the others are counted under
     * the empty list.
     */
    public Map<List<String>, Long> omittedByConflict() {
        return omittedByConflict;
    }

    /** The pair of these two systems, in either order, if it is ambiguous and listed. */
    public Optional<Ambiguity> find(String a, String b) {
        for (int i = 0; i < size; i++) {
            if ((first[i].equals(a) && second[i].equals(b)) || (first[i].equals(b) && second[i].equals(a))) {
                return Optional.of(pairs().get(i));
            }
        }
        return Optional.empty();
    }

    /** The human-readable report, as build errors and warnings print it. */
    public String format() {
        if (total == 0) {
            return "No ambiguous system pairs.";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(total).append(total == 1 ? " pair of systems with conflicting data access has"
                : " pairs of systems with conflicting data access have").append(" no order between them")
                .append(size < total ? " (the first " + size + " are listed):\n" : ":\n");
        String stage = null;
        for (int i = 0; i < size; i++) {
            if (!stageOf[i].equals(stage)) {
                stage = stageOf[i];
                sb.append("stage ").append(stage).append(":\n");
            }
            sb.append("  -- ").append(first[i]).append(" and ").append(second[i])
                    .append(causes[i] != null ? "\n     " + causes[i].describe() + " reads what the other writes: "
                            : undecided[i] ? "\n     may conflict on (undecided: their filters were too large to compare): "
                            : "\n     conflict on: ").append(String.join(", ", conflicts[i])).append('\n');
        }
        if (undecidedTotal > 0) {
            sb.append(undecidedTotal).append(" of these pair(s) are undecided: whether their filters can match one entity"
                    + " was not decided within ").append(FilterSatisfiability.MAX_STEPS.value())
                    .append(" solver steps (set with -D").append(FilterSatisfiability.MAX_STEPS.property())
                    .append("=N); they are reported so that nothing is passed unchecked\n");
        }
        if (size < total) {
            sb.append("... and ").append(omitted()).append(" more pair(s), counted but not listed (a report lists at most ")
                    .append(size).append(" pairs; set with -D").append(MAX_LISTED.property()).append("=N):\n");
            List<String> byStage = new ArrayList<>();
            omittedByStage.forEach((s, n) -> byStage.add("stage " + s + ": " + n));
            sb.append("     by stage: ").append(String.join("; ", byStage)).append('\n');
            List<String> byConflict = new ArrayList<>();
            omittedByConflict.forEach((c, n) -> byConflict.add((c.isEmpty() ? "other data" : String.join(", ", c)) + ": " + n));
            sb.append("     by conflict: ").append(String.join("; ", byConflict)).append('\n');
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AmbiguityReport other) || other.size != size || other.total != total
                || other.undecidedTotal != undecidedTotal) {
            return false;
        }
        return Arrays.equals(stageOf, 0, size, other.stageOf, 0, size) && Arrays.equals(first, 0, size, other.first, 0, size)
                && Arrays.equals(second, 0, size, other.second, 0, size)
                && Arrays.equals(conflicts, 0, size, other.conflicts, 0, size)
                && Arrays.equals(undecided, 0, size, other.undecided, 0, size)
                && Arrays.equals(causes, 0, size, other.causes, 0, size)
                && omittedByStage.equals(other.omittedByStage) && omittedByConflict.equals(other.omittedByConflict);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(total) + (size == 0 ? 0 : first[0].hashCode());
    }

    @Override
    public String toString() {
        return "AmbiguityReport[" + total + " pairs" + (size < total ? ", " + size + " listed" : "") + "]";
    }

    /**
     * Collects pairs without allocating per pair; the compiler's path. Past {@link #MAX_LISTED} pairs it
     * only counts, per stage and per conflict (conflict lists are interned by the compiler, so the
     * counts are keyed by a handful of lists).
     */
    static final class Builder {
        private final int listed = MAX_LISTED.intValue();
        private int size;
        private String[] stageOf = new String[64];
        private String[] first = new String[64];
        private String[] second = new String[64];
        private List<String>[] conflicts = newLists(64);
        private boolean[] undecided = new boolean[64];
        private Ambiguity.Cause[] causes = new Ambiguity.Cause[64];
        private long total;
        private long undecidedTotal;
        /** Omitted pairs per stage (in stage order) and per conflict list (by identity: the compiler interns them). */
        private final Map<String, long[]> omittedByStage = new LinkedHashMap<>();
        private String lastStage;
        private long[] lastStageCount;
        /** For the summary: pairs per system of the current stage, per stage, per conflict list (by identity). */
        private long[] perSystem = new long[0];
        private String currentStage;
        private long stagePairs;
        private final Map<String, Long> pairsByStage = new LinkedHashMap<>();
        private final Map<List<String>, long[]> pairsByConflict = new LinkedHashMap<>();
        private long pairsElsewhere;
        /**
         * Per group of the current stage, at {@code 2 * conflict id + (undecided ? 1 : 0)} (ids from the
         * compiler's interned lists): its pairs, the systems of its first pair (by insertion index), and when
         * its first pair came (groups seen before it in the stage), which orders the groups as their pairs.
         */
        private long[] perGroup = new long[32];
        private int[] groupFirst = new int[32];
        private int[] groupSecond = new int[32];
        private int[] groupSeen = new int[32];
        /** Per group, the run condition that causes its first pair (null: the systems' own access). */
        private Ambiguity.Cause[] groupCause = new Ambiguity.Cause[32];
        private int groupsSeen;
        private final List<SystemCount> busiest = new ArrayList<>();
        private final List<GroupCount> groups = new ArrayList<>();
        /** The group of other data of the stage being ended, per kind, once {@link #GROUPS_COUNTED} is reached. */
        private final GroupCount[] otherData = new GroupCount[2];

        /** Starts counting the pairs of a stage of {@code systems} systems (by insertion index). */
        void beginStage(String stage, int systems) {
            currentStage = stage;
            stagePairs = 0;
            perSystem = new long[systems];
            Arrays.fill(perGroup, 0);
            groupsSeen = 0;
        }

        /** Ends the stage begun last: its systems, by insertion index, enter the busiest systems. */
        void endStage(List<String> names, List<List<String>> conflictLists) {
            for (int id = 0; 2 * id < perGroup.length && id < conflictLists.size(); id++) {
                if (perGroup[2 * id] + perGroup[2 * id + 1] > 0) {
                    countConflict(conflictLists.get(id), perGroup[2 * id] + perGroup[2 * id + 1]);
                }
            }
            endGroups(names, conflictLists);
            if (stagePairs > 0) {
                pairsByStage.merge(currentStage, stagePairs, Long::sum);
            }
            for (int i = 0; i < perSystem.length && i < names.size(); i++) {
                if (perSystem[i] > 0) {
                    busiest.add(new SystemCount(currentStage, names.get(i), perSystem[i]));
                }
            }
            busiest.sort((x, y) -> x.pairs() != y.pairs() ? Long.compare(y.pairs(), x.pairs()) : 0);
            if (busiest.size() > SUMMARISED) {
                busiest.subList(SUMMARISED, busiest.size()).clear();
            }
        }

        /**
         * The stage's groups, in the order their first pairs were counted (the report's order on the compiler's
         * path), join {@link #groups} (past {@link #GROUPS_COUNTED}, as other data).
         */
        private void endGroups(List<String> names, List<List<String>> conflictLists) {
            List<Integer> found = new ArrayList<>();
            for (int g = 0; g < perGroup.length && g / 2 < conflictLists.size(); g++) {
                if (perGroup[g] > 0) {
                    found.add(g);
                }
            }
            found.sort((x, y) -> Integer.compare(groupSeen[x], groupSeen[y]));
            Arrays.fill(otherData, null);
            for (int g : found) {
                boolean notProved = g % 2 == 1;
                List<String> on = conflictLists.get(g / 2);
                Ambiguity firstPair = new Ambiguity(currentStage, names.get(groupFirst[g]), names.get(groupSecond[g]), on,
                        notProved, groupCause[g]);
                int kind = notProved ? 1 : 0;
                if (groups.size() < GROUPS_COUNTED) {
                    groups.add(new GroupCount(currentStage, on, notProved, perGroup[g], firstPair));
                } else if (otherData[kind] == null) {
                    otherData[kind] = new GroupCount(currentStage, List.of(), notProved, perGroup[g], firstPair);
                } else {
                    GroupCount o = otherData[kind];
                    otherData[kind] = new GroupCount(currentStage, List.of(), notProved, o.pairs() + perGroup[g], o.firstPair());
                }
            }
            for (GroupCount o : otherData) {
                if (o != null) {
                    groups.add(o);
                }
            }
        }

        List<GroupCount> groups() {
            return groups;
        }

        /**
         * Counts one pair of systems {@code i} and {@code j} of the current stage, conflicting on list
         * {@code conflictId}, undecided or not.
         */
        void count(int i, int j, int conflictId, boolean notProved, Ambiguity.Cause cause) {
            perSystem[i]++;
            perSystem[j]++;
            stagePairs++;
            countInGroup(i, j, conflictId, notProved, cause);
        }

        private void countInGroup(int i, int j, int conflictId, boolean notProved, Ambiguity.Cause cause) {
            int g = 2 * conflictId + (notProved ? 1 : 0);
            if (g >= perGroup.length) {
                int capacity = Math.max(g + 2, perGroup.length * 2);
                perGroup = Arrays.copyOf(perGroup, capacity);
                groupFirst = Arrays.copyOf(groupFirst, capacity);
                groupSecond = Arrays.copyOf(groupSecond, capacity);
                groupSeen = Arrays.copyOf(groupSeen, capacity);
                groupCause = Arrays.copyOf(groupCause, capacity);
            }
            if (perGroup[g]++ == 0) {
                groupFirst[g] = i;
                groupSecond[g] = j;
                groupCause[g] = cause;
                groupSeen[g] = groupsSeen++;
            }
        }

        private void countConflict(List<String> on, long pairs) {
            long[] count = pairsByConflict.get(on);
            if (count == null && pairsByConflict.size() < DISTINCT_CONFLICTS_COUNTED) {
                count = new long[1];
                pairsByConflict.put(on, count);
            }
            if (count != null) {
                count[0] += pairs;
            } else {
                pairsElsewhere += pairs;
            }
        }

        Summary summary() {
            Map<List<String>, Long> byConflict = new LinkedHashMap<>();
            pairsByConflict.forEach((on, n) -> byConflict.merge(List.copyOf(on), n[0], Long::sum));
            Map<String, Long> byData = new java.util.HashMap<>();
            byConflict.forEach((on, n) -> on.forEach(d -> byData.merge(d, n, Long::sum)));
            List<Map.Entry<String, Long>> data = new ArrayList<>(byData.entrySet());
            data.sort((x, y) -> !x.getValue().equals(y.getValue()) ? Long.compare(y.getValue(), x.getValue())
                    : x.getKey().compareTo(y.getKey()));
            Map<String, Long> topData = new LinkedHashMap<>();
            data.stream().limit(SUMMARISED).forEach(e -> topData.put(e.getKey(), e.getValue()));
            return new Summary(pairsByStage, topData, summarise(byConflict, pairsElsewhere), busiest);
        }

        /** True when no more pairs are listed: from here on they are only counted. */
        boolean listingFull() {
            return size >= listed;
        }

        /**
         * Counts one omitted pair of row {@code i} (the other system {@code j}, its conflict list, undecided
         * or not); {@link #countOmittedRow} adds the row's totals. The bulk path of the compiler once the
         * listing is full.
         */
        void countOmitted(int i, int j, int conflictId, boolean notProved, Ambiguity.Cause cause) {
            perSystem[j]++;
            countInGroup(i, j, conflictId, notProved, cause);
        }

        /** Adds the totals of row {@code i}'s omitted pairs counted with {@link #countOmitted}. */
        void countOmittedRow(int i, long pairs, long notProved) {
            if (pairs == 0) {
                return;
            }
            perSystem[i] += pairs;
            stagePairs += pairs;
            total += pairs;
            undecidedTotal += notProved;
            if (currentStage != lastStage) {
                lastStage = currentStage;
                lastStageCount = omittedByStage.computeIfAbsent(currentStage, k -> new long[1]);
            }
            lastStageCount[0] += pairs;
        }

        /** Adds the pair of systems {@code i} and {@code j} (insertion indices of the stage begun last). */
        void add(String stage, int i, int j, String a, String b, List<String> on, int conflictId, boolean notProved,
                Ambiguity.Cause cause) {
            count(i, j, conflictId, notProved, cause);
            add(stage, a, b, on, notProved, cause);
        }

        private void add(String stage, String a, String b, List<String> on, boolean notProved, Ambiguity.Cause cause) {
            total++;
            if (notProved) {
                undecidedTotal++;
            }
            if (size >= listed) {
                if (stage != lastStage) {
                    lastStage = stage;
                    lastStageCount = omittedByStage.computeIfAbsent(stage, k -> new long[1]);
                }
                lastStageCount[0]++;
                return;                         // its conflict is counted by count(); build() subtracts the listed

            }
            if (size == first.length) {
                int capacity = size * 2;
                stageOf = Arrays.copyOf(stageOf, capacity);
                first = Arrays.copyOf(first, capacity);
                second = Arrays.copyOf(second, capacity);
                conflicts = Arrays.copyOf(conflicts, capacity);
                undecided = Arrays.copyOf(undecided, capacity);
                causes = Arrays.copyOf(causes, capacity);
            }
            undecided[size] = notProved;
            causes[size] = cause;
            stageOf[size] = stage;
            first[size] = a;
            second[size] = b;
            conflicts[size] = List.copyOf(on);
            size++;
        }

        AmbiguityReport build() {
            Map<String, Long> byStage = new LinkedHashMap<>();
            omittedByStage.forEach((stage, n) -> byStage.merge(stage, n[0], Long::sum));
            // omitted per conflict = every pair per conflict (counted by count()) minus the listed ones
            Map<List<String>, long[]> omitted = new LinkedHashMap<>();
            pairsByConflict.forEach((on, n) -> omitted.computeIfAbsent(List.copyOf(on), k -> new long[1])[0] += n[0]);
            long elsewhere = pairsElsewhere;
            for (int i = 0; i < size; i++) {
                long[] n = omitted.get(conflicts[i]);
                if (n != null) {
                    n[0]--;
                } else {
                    elsewhere--;
                }
            }
            Map<List<String>, Long> byConflict = new LinkedHashMap<>();
            omitted.forEach((on, n) -> {
                if (n[0] > 0) {
                    byConflict.merge(List.copyOf(on), n[0], Long::sum);
                }
            });
            return new AmbiguityReport(size, Arrays.copyOf(stageOf, size), Arrays.copyOf(first, size),
                    Arrays.copyOf(second, size), Arrays.copyOf(conflicts, size), Arrays.copyOf(undecided, size),
                    Arrays.copyOf(causes, size), total,
                    undecidedTotal, byStage, summarise(byConflict, Math.max(0, elsewhere)), summary(), groups);
        }

        /** The most frequent conflicts first, at most {@link #SUMMARISED_CONFLICTS}, the rest under the empty list. */
        private static Map<List<String>, Long> summarise(Map<List<String>, Long> counts, long elsewhere) {
            List<Map.Entry<List<String>, Long>> entries = new ArrayList<>(counts.entrySet());
            entries.sort((x, y) -> x.getValue().equals(y.getValue())
                    ? String.join(", ", x.getKey()).compareTo(String.join(", ", y.getKey()))
                    : Long.compare(y.getValue(), x.getValue()));
            Map<List<String>, Long> out = new LinkedHashMap<>();
            long other = elsewhere;
            for (int i = 0; i < entries.size(); i++) {
                if (i < SUMMARISED_CONFLICTS && !entries.get(i).getKey().isEmpty()) {
                    out.put(entries.get(i).getKey(), entries.get(i).getValue());
                } else {
                    other += entries.get(i).getValue();
                }
            }
            if (other > 0) {
                out.put(List.of(), other);
            }
            return out;
        }
    }
}
