package dev.ecslab.reports.ambiguity;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ambiguous pairs of a report gathered into the groups that a SARIF log reports, one result each, so
 * that the log stays within what code scanning accepts (and shows) however many pairs the schedule has.
 *
 * <p>The grouping key is the stage, the datum the pairs conflict on (the first of the data the report
 * names for a pair: a component, {@code resource Name}, or {@code World}) and the kind of finding (its
 * rule: proved, or undecided). So a stage has at most two results per datum its systems touch, whatever
 * the number of systems: 10 000 unordered writers of one component are one result, and 10 000 systems
 * over 100 components and 8 resources at most a few hundred. A pair that conflicts on several data is in
 * the group of the first; each group keeps the report's finer groups (one per whole list of data) as its
 * {@link Conflict}s, so nothing of the report's naming is lost. Every pair is counted in its group, listed
 * or not (the report counts its groups as it walks the stage); the listed ones are attached to theirs.
 * The cause is in the key beside the rule: pairs ambiguous only through a run condition are a group of
 * their own (their fix differs: a set's condition is ordered against the whole set), never sharing a result
 * with the pairs whose systems conflict themselves.
 *
 * @param groups    the groups kept, in the log's order: by stage, then the groups with the most pairs first
 * @param cutGroups the groups left out because a log holds at most {@code maxResults} (the smallest)
 * @param cutPairs  the pairs of those groups
 * @param cutStages the stages those groups are in, in stage order
 * @param listed    how many pairs the kept groups list
 */
record PairGroups(List<Group> groups, int cutGroups, long cutPairs, List<String> cutStages, int listed) {
    /** What makes pairs one result: see the class comment; {@code datum} is empty for the report's other data. */
    record Key(String stage, String datum, boolean undecided, boolean byCondition) {
    }

    /** The pairs of a group that conflict on exactly {@code data}: {@code pairs} of them, the first as listed. */
    record Conflict(List<String> data, long pairs, List<Ambiguity> listed) {
    }

    /**
     * One result's pairs: {@code pairs} in all, the first in report order being {@code firstPair}, by the
     * whole list of data they conflict on ({@code byConflict}, in the report's order).
     */
    record Group(Key key, long pairs, Ambiguity firstPair, List<Conflict> byConflict) {
        /** The listed pairs, conflict by conflict. */
        List<Ambiguity> listed() {
            return byConflict.stream().flatMap(c -> c.listed().stream()).toList();
        }

        /** True when every pair of the group is listed. */
        boolean complete() {
            return byConflict.stream().allMatch(c -> c.listed().size() == c.pairs());
        }

        /** How many of the pairs conflict on more than the group's datum. */
        long alsoOnOtherData() {
            return byConflict.stream().filter(c -> c.data().size() > 1).mapToLong(Conflict::pairs).sum();
        }

        /** The systems named by the first pair and the listed pairs, in order of first appearance. */
        List<String> systems() {
            Set<String> names = new LinkedHashSet<>(List.of(firstPair.first(), firstPair.second()));
            for (Ambiguity a : listed()) {
                names.add(a.first());
                names.add(a.second());
            }
            return List.copyOf(names);
        }
    }

    /** The report's own group of a pair: its stage, its whole list of data, its kind. */
    private record Counted(String stage, List<String> conflicts, boolean undecided, boolean byCondition) {
    }

    /**
     * The groups of {@code r}'s report, with the pairs {@code r} lists (at most {@code maxListed} of them,
     * in the order of {@link ReportedSchedule#groups()}) attached to theirs, and at most {@code maxResults}
     * groups kept: past that, those with the fewest pairs are cut (and counted).
     */
    static PairGroups of(ReportedSchedule r, int maxListed, int maxResults) {
        AmbiguityReport report = r.report();
        Set<Counted> counted = new HashSet<>();
        report.groups().forEach(c -> counted.add(new Counted(c.stage(), c.conflicts(), c.undecided(), byCondition(c))));
        Map<Counted, List<Ambiguity>> listedByCounted = new HashMap<>();
        int listed = 0;
        for (ReportedSchedule.Group g : r.groups()) {
            for (int i = 0; i < g.pairs().size() && listed < maxListed; i++, listed++) {
                Ambiguity a = g.pairs().get(i);
                Counted own = new Counted(a.stage(), a.conflicts(), a.undecided(), a.byCondition());
                // past the report's cap on groups, a pair is counted in its stage's other data
                listedByCounted.computeIfAbsent(counted.contains(own) ? own
                        : new Counted(a.stage(), List.of(), a.undecided(), a.byCondition()), k -> new ArrayList<>()).add(a);
            }
        }
        Map<Key, List<AmbiguityReport.GroupCount>> byKey = new LinkedHashMap<>();
        for (AmbiguityReport.GroupCount c : report.groups()) {
            String datum = c.conflicts().isEmpty() ? "" : c.conflicts().get(0);
            byKey.computeIfAbsent(new Key(c.stage(), datum, c.undecided(), byCondition(c)), k -> new ArrayList<>()).add(c);
        }
        List<Group> all = new ArrayList<>();
        byKey.forEach((key, counts) -> {
            List<Conflict> conflicts = new ArrayList<>();
            long pairs = 0;
            for (AmbiguityReport.GroupCount c : counts) {
                conflicts.add(new Conflict(c.conflicts(), c.pairs(),
                        listedByCounted.getOrDefault(new Counted(c.stage(), c.conflicts(), c.undecided(), byCondition(c)),
                                List.of())));
                pairs += c.pairs();
            }
            // the report orders a stage's groups by their first pairs: the first is the key's first pair
            all.add(new Group(key, pairs, counts.get(0).firstPair(), List.copyOf(conflicts)));
        });
        Map<String, Integer> stageOrder = new HashMap<>();
        all.forEach(g -> stageOrder.putIfAbsent(g.key().stage(), stageOrder.size()));
        Comparator<Group> mostPairsFirst = Comparator.comparingLong(g -> -g.pairs());   // List.sort is stable
        int cutGroups = 0;
        long cutPairs = 0;
        Set<String> cutStages = new HashSet<>();
        if (all.size() > maxResults) {
            all.sort(mostPairsFirst);
            List<Group> cut = all.subList(maxResults, all.size());
            cutGroups = cut.size();
            for (Group g : cut) {
                cutPairs += g.pairs();
                cutStages.add(g.key().stage());
            }
            cut.clear();
        }
        all.sort(Comparator.<Group>comparingInt(g -> stageOrder.get(g.key().stage())).thenComparing(mostPairsFirst));
        List<String> stages = new ArrayList<>(cutStages);
        stages.sort(Comparator.comparingInt(stageOrder::get));
        int keptListed = all.stream().mapToInt(g -> g.listed().size()).sum();
        return new PairGroups(List.copyOf(all), cutGroups, cutPairs, List.copyOf(stages), keptListed);
    }

    /** True when the report's group holds pairs caused by a run condition (the report keeps the two apart). */
    private static boolean byCondition(AmbiguityReport.GroupCount c) {
        return c.firstPair() != null && c.firstPair().byCondition();
    }
}
