package dev.ecslab.lab.explore;

import java.util.List;

/**
 * One decision of a controlled run.
 *
 * @param kind    {@link Kind#TURN}: which waiting system (or the executor) takes the next step;
 *                {@link Kind#PICK}: one of the executor's own choices; {@link Kind#ACK}: which finished
 *                system the executor learns of first
 * @param options the options in their defined order: for a turn, the system that just yielded first (when
 *                it can go on), then the other waiting systems by index, then {@code executor}; for a pick,
 *                the option numbers; for an ack, the finished systems by index
 * @param current for a turn, 0 when the first option is the system that just yielded and can go on (so
 *                choosing another is a preemption), else -1
 * @param where   the frame, stage and iteration, for messages
 * @param footprints for a turn, what each option's next step touches: {@link #GLOBAL} (a start or a finish:
 *                tick assignment, the tracker's run bookkeeping, detection; or the executor's own step),
 *                {@link #LOCAL} (issuing a command into the system's own buffer) or the name of the data it
 *                writes; two steps of different systems are independent when neither is global and they
 *                write different data (the exhaustive search does not try both orders of independent steps).
 *                Empty for picks and acks
 */
public record ChoicePoint(Kind kind, List<String> options, int current, String where, List<String> footprints) {
    /** A step that depends on every other step. */
    public static final String GLOBAL = "*";
    /** A step that touches nothing another system can see. */
    public static final String LOCAL = "";

    public enum Kind {
        TURN('t'), PICK('p'), ACK('a');

        final char code;

        Kind(char code) {
            this.code = code;
        }

        static Kind of(char code) {
            for (Kind k : values()) {
                if (k.code == code) {
                    return k;
                }
            }
            return null;
        }
    }

    public ChoicePoint {
        options = List.copyOf(options);
        footprints = footprints == null ? List.of() : List.copyOf(footprints);
    }

    ChoicePoint(Kind kind, List<String> options, int current, String where) {
        this(kind, options, current, where, List.of());
    }

    /** What option {@code i}'s next step touches ({@link #GLOBAL} when unknown). */
    String footprint(int i) {
        return i < footprints.size() ? footprints.get(i) : GLOBAL;
    }

    /** True when the next steps of options {@code i} and {@code j} commute. */
    static boolean independent(String a, String b) {
        return !GLOBAL.equals(a) && !GLOBAL.equals(b) && (a.isEmpty() || b.isEmpty() || !a.equals(b));
    }

    public int size() {
        return options.size();
    }

    /** How this decision is written in a trace: {@code t1/3 s2>s4}, {@code p0/2}, {@code a1/2 s3}. */
    String encode(int chosen) {
        StringBuilder b = new StringBuilder().append(kind.code).append(chosen).append('/').append(size());
        if (kind != Kind.PICK) {
            b.append(' ');
            if (kind == Kind.TURN) {
                b.append(current == 0 ? options.get(0) : "").append('>');
            }
            b.append(options.get(chosen));
        }
        return b.toString();
    }

    /** True when choosing {@code chosen} switches away from a system that could have gone on. */
    boolean preempts(int chosen) {
        return kind == Kind.TURN && current == 0 && chosen != 0;
    }

    /** A recorded decision, parsed. */
    record Recorded(Kind kind, int chosen, int options, String from, String label) {
        /** Parses {@code t1/3 s2>s4}; null when the text is not a decision. */
        static Recorded parse(String text) {
            try {
                Kind kind = Kind.of(text.charAt(0));
                int slash = text.indexOf('/');
                int space = text.indexOf(' ');
                int chosen = Integer.parseInt(text.substring(1, slash));
                int options = Integer.parseInt(text.substring(slash + 1, space < 0 ? text.length() : space));
                String from = null;
                String label = null;
                if (space >= 0) {
                    String rest = text.substring(space + 1);
                    int arrow = rest.indexOf('>');
                    if (kind == Kind.TURN && arrow >= 0) {
                        from = rest.substring(0, arrow).isEmpty() ? null : rest.substring(0, arrow);
                        label = rest.substring(arrow + 1);
                    } else {
                        label = rest;
                    }
                }
                return kind == null || chosen < 0 || chosen >= options ? null : new Recorded(kind, chosen, options, from, label);
            } catch (RuntimeException e) {
                return null;
            }
        }

        boolean preemption() {
            return kind == Kind.TURN && from != null && chosen != 0;
        }
    }
}
