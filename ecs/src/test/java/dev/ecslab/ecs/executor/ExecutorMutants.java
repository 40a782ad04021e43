package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.graph.DiGraph;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.SystemKind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Deliberately broken executors, each a real subclass of a real executor with one decision made
 * wrong. The executor property must catch every one ({@link ExecutorMutantsAreCaughtTest}).
 */
final class ExecutorMutants {
    private ExecutorMutants() {
    }

    /** The first unordered conflicting pair of normal systems in a stage, or null. */
    static int[] firstRacyPair(CompiledStage stage, boolean requireUnordered) {
        for (int i = 0; i < stage.size(); i++) {
            if (stage.system(i).kind() != SystemKind.NORMAL) {
                continue;
            }
            for (int j = stage.conflicts(i).nextSetBit(i + 1); j >= 0; j = stage.conflicts(i).nextSetBit(j + 1)) {
                if (stage.system(j).kind() == SystemKind.NORMAL && (!requireUnordered || !stage.ordered(i, j))) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    /** A dynamic executor that ignores one conflict: the first unordered conflicting pair may overlap. */
    static final class IgnoresOneConflict extends DynamicExecutor {
        IgnoresOneConflict(ExecutorOptions options) {
            super(options);
        }

        @Override
        protected boolean conflictsWithRunning(CompiledStage stage, int system, BitSet running) {
            int[] pair = firstRacyPair(stage, true);
            if (pair != null && (system == pair[0] || system == pair[1])) {
                BitSet others = (BitSet) running.clone();
                others.clear(system == pair[0] ? pair[1] : pair[0]);
                return super.conflictsWithRunning(stage, system, others);
            }
            return super.conflictsWithRunning(stage, system, running);
        }
    }

    /** A dynamic executor that ignores one {@code before}: the stage's first edge is dropped. */
    static final class IgnoresOneBefore extends DynamicExecutor {
        IgnoresOneBefore(ExecutorOptions options) {
            super(options);
        }

        @Override
        protected DiGraph graph(CompiledStage stage) {
            DiGraph real = stage.graph();
            DiGraph copy = new DiGraph(real.nodeCount());
            boolean dropped = false;
            for (int v = 0; v < real.nodeCount(); v++) {
                BitSet next = real.successors(v);
                for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                    if (!dropped) {
                        dropped = true;
                        continue;
                    }
                    copy.addEdge(v, s);
                }
            }
            return copy;
        }
    }

    /** A staged executor that puts two conflicting systems into one batch. */
    static final class MergesConflictingBatch extends StagedExecutor {
        MergesConflictingBatch(ExecutorOptions options) {
            super(options);
        }

        @Override
        protected int[][] batches(CompiledStage stage, int[] order) {
            int[][] real = super.batches(stage, order);
            int[] pair = firstRacyPair(stage, false);
            if (pair == null) {
                return real;
            }
            List<List<Integer>> batches = new ArrayList<>();
            int batchOfFirst = -1;
            for (int b = 0; b < real.length; b++) {
                List<Integer> members = new ArrayList<>();
                for (int v : real[b]) {
                    if (v == pair[0]) {
                        batchOfFirst = b;
                    }
                    if (v != pair[1]) {
                        members.add(v);
                    }
                }
                batches.add(members);
            }
            batches.get(batchOfFirst).add(pair[1]);
            return batches.stream().filter(l -> !l.isEmpty()).map(l -> l.stream().mapToInt(Integer::intValue).toArray())
                    .toArray(int[][]::new);
        }
    }
}
