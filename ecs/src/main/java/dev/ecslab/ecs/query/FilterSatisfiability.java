package dev.ecslab.ecs.query;

import dev.ecslab.ecs.input.InputLimit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides whether some set of components satisfies a filter, exactly, for filters too large for
 * {@link Dnf}: whether two queries can touch a common archetype is the satisfiability of the
 * conjunction of their filters, a propositional formula over "has component c".
 *
 * <p><b>Why a solver.</b> The normal form grows exponentially: ten {@code Or}s of two terms under an
 * {@code And} already need 1 024 clauses. Treating such a filter as "matches anything" keeps the
 * executor safe but makes the ambiguity report name pairs that cannot conflict. This class searches for
 * a satisfying component set instead (DPLL: three-valued evaluation under a partial assignment, so a
 * branch dies as soon as the formula is false, unit propagation over the top-level conjunction, and
 * branching on a variable of the first undecided operand). Real filters are decided in a few hundred
 * steps.
 *
 * <p><b>Contract.</b> {@link #decide} answers {@link Result#SATISFIABLE} or {@link Result#UNSATISFIABLE}
 * only when it has proved it; when the search needs more than {@link #MAX_STEPS} node evaluations (a
 * formula built to be hard, say) it answers {@link Result#UNDECIDED}, and callers must say so (the
 * ambiguity report lists such pairs as undecided; the executor treats them as conflicting). Stateless
 * and thread-safe.
 */
public final class FilterSatisfiability {
    /**
     * How many node evaluations one decision may take: 2 000 000 unless {@code ecslab.limit.filterSteps}
     * says otherwise. Past it the answer is {@link Result#UNDECIDED}.
     */
    public static final InputLimit MAX_STEPS = new InputLimit("ecslab.limit.filterSteps", 2_000_000, "steps");

    /** The answer: proved satisfiable, proved unsatisfiable, or not decided within the step budget. */
    public enum Result { SATISFIABLE, UNSATISFIABLE, UNDECIDED }

    private static final byte LIT = 0;
    private static final byte NOT = 1;
    private static final byte AND = 2;
    private static final byte OR = 3;
    private static final byte XOR = 4;
    private static final byte FALSE = 0;
    private static final byte TRUE = 1;
    private static final byte UNKNOWN = 2;

    private FilterSatisfiability() {
    }

    /** Whether some component set matches {@code filter}, within {@link #MAX_STEPS}. */
    public static Result decide(ArchetypeFilter filter) {
        return decide(filter, MAX_STEPS.value());
    }

    /** Whether some component set matches {@code filter}, within {@code maxSteps} node evaluations. */
    public static Result decide(ArchetypeFilter filter, long maxSteps) {
        Search s = new Search(filter, maxSteps);
        try {
            return s.solve() ? Result.SATISFIABLE : Result.UNSATISFIABLE;
        } catch (OutOfSteps e) {
            return Result.UNDECIDED;
        }
    }

    private static final class OutOfSteps extends RuntimeException {
        OutOfSteps() {
            super(null, null, false, false);
        }
    }

    /** One search: the filter flattened into arrays, the partial assignment and its trail. */
    private static final class Search {
        private byte[] kind = new byte[16];
        private int[] arg = new int[16];        // LIT: the variable; NOT: the operand; AND/OR/XOR: first child slot
        private int[] count = new int[16];      // AND/OR: number of children; XOR: 2
        private int nodes;
        private int[] children = new int[16];
        private int childCount;
        private final Map<Integer, Integer> variables = new HashMap<>();
        private final byte[] value;
        private final int[] trail;
        private int trailSize;
        private final int root;
        private final long maxSteps;
        private long steps;

        Search(ArchetypeFilter filter, long maxSteps) {
            this.maxSteps = maxSteps;
            this.root = add(filter);
            this.value = new byte[variables.size()];
            java.util.Arrays.fill(value, UNKNOWN);
            this.trail = new int[variables.size()];
        }

        private int add(ArchetypeFilter f) {
            if (f instanceof ArchetypeFilter.Has h) {
                int v = variables.computeIfAbsent(h.componentId(), k -> variables.size());
                return node(LIT, v, 0);
            } else if (f instanceof ArchetypeFilter.Not n) {
                int operand = add(n.operand());
                return node(NOT, operand, 1);
            } else if (f instanceof ArchetypeFilter.And a) {
                return group(AND, flatten(a.operands(), true));
            } else if (f instanceof ArchetypeFilter.Or o) {
                return group(OR, flatten(o.operands(), false));
            } else {
                ArchetypeFilter.Xor x = (ArchetypeFilter.Xor) f;
                return group(XOR, List.of(x.left(), x.right()));
            }
        }

        /** Nested Ands in an And (Ors in an Or) become one level, so unit propagation sees their literals. */
        private static List<ArchetypeFilter> flatten(List<ArchetypeFilter> operands, boolean and) {
            List<ArchetypeFilter> out = new ArrayList<>();
            for (ArchetypeFilter f : operands) {
                if (and && f instanceof ArchetypeFilter.And inner) {
                    out.addAll(flatten(inner.operands(), true));
                } else if (!and && f instanceof ArchetypeFilter.Or inner) {
                    out.addAll(flatten(inner.operands(), false));
                } else {
                    out.add(f);
                }
            }
            return out;
        }

        private int group(byte k, List<ArchetypeFilter> operands) {
            int[] ids = new int[operands.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = add(operands.get(i));
            }
            int first = childCount;
            for (int id : ids) {
                if (childCount == children.length) {
                    children = java.util.Arrays.copyOf(children, childCount * 2);
                }
                children[childCount++] = id;
            }
            return node(k, first, ids.length);
        }

        private int node(byte k, int a, int c) {
            if (nodes == kind.length) {
                kind = java.util.Arrays.copyOf(kind, nodes * 2);
                arg = java.util.Arrays.copyOf(arg, nodes * 2);
                count = java.util.Arrays.copyOf(count, nodes * 2);
            }
            kind[nodes] = k;
            arg[nodes] = a;
            count[nodes] = c;
            return nodes++;
        }

        /** Three-valued evaluation under the current partial assignment. */
        private byte eval(int n) {
            if (++steps > maxSteps) {
                throw new OutOfSteps();
            }
            switch (kind[n]) {
                case LIT:
                    return value[arg[n]];
                case NOT: {
                    byte v = eval(arg[n]);
                    return v == UNKNOWN ? UNKNOWN : (byte) (1 - v);
                }
                case AND: {
                    byte out = TRUE;
                    for (int i = arg[n], end = arg[n] + count[n]; i < end; i++) {
                        byte v = eval(children[i]);
                        if (v == FALSE) {
                            return FALSE;
                        }
                        if (v == UNKNOWN) {
                            out = UNKNOWN;
                        }
                    }
                    return out;
                }
                case OR: {
                    byte out = FALSE;
                    for (int i = arg[n], end = arg[n] + count[n]; i < end; i++) {
                        byte v = eval(children[i]);
                        if (v == TRUE) {
                            return TRUE;
                        }
                        if (v == UNKNOWN) {
                            out = UNKNOWN;
                        }
                    }
                    return out;
                }
                default: {
                    byte l = eval(children[arg[n]]);
                    if (l == UNKNOWN) {
                        return UNKNOWN;
                    }
                    byte r = eval(children[arg[n] + 1]);
                    return r == UNKNOWN ? UNKNOWN : (byte) (l ^ r);
                }
            }
        }

        boolean solve() {
            byte v = eval(root);
            if (v != UNKNOWN) {
                return v == TRUE;
            }
            int mark = trailSize;
            if (!propagate()) {
                undo(mark);
                return false;
            }
            v = eval(root);
            if (v != UNKNOWN) {
                undo(mark);
                return v == TRUE;
            }
            int var = branchVariable(root);
            for (byte choice : new byte[] {TRUE, FALSE}) {
                assign(var, choice);
                if (solve()) {
                    undo(mark);
                    return true;
                }
                undo(trailSize - 1);
            }
            undo(mark);
            return false;
        }

        /**
         * Unit propagation over the root's conjunction: an operand that is a literal (or its negation)
         * and still open forces that literal. Repeats until nothing is forced; false on a conflict.
         */
        private boolean propagate() {
            if (kind[root] != AND) {
                return true;
            }
            boolean forced = true;
            while (forced) {
                forced = false;
                for (int i = arg[root], end = arg[root] + count[root]; i < end; i++) {
                    int c = children[i];
                    boolean positive = true;
                    if (kind[c] == NOT && kind[arg[c]] == LIT) {
                        positive = false;
                        c = arg[c];
                    }
                    if (kind[c] != LIT) {
                        continue;
                    }
                    byte want = positive ? TRUE : FALSE;
                    byte has = value[arg[c]];
                    if (has == UNKNOWN) {
                        assign(arg[c], want);
                        forced = true;
                    } else if (has != want) {
                        return false;
                    }
                }
            }
            return true;
        }

        /** An open variable of the first open operand, depth first: it decides part of the formula soonest. */
        private int branchVariable(int n) {
            while (true) {
                switch (kind[n]) {
                    case LIT:
                        return arg[n];
                    case NOT:
                        n = arg[n];
                        break;
                    default:
                        int next = -1;
                        for (int i = arg[n], end = arg[n] + count[n]; i < end; i++) {
                            if (eval(children[i]) == UNKNOWN) {
                                next = children[i];
                                break;
                            }
                        }
                        n = next;       // an open node has an open operand
                }
            }
        }

        private void assign(int var, byte v) {
            value[var] = v;
            trail[trailSize++] = var;
        }

        private void undo(int mark) {
            while (trailSize > mark) {
                value[trail[--trailSize]] = UNKNOWN;
            }
        }
    }
}
