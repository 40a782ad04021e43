package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.ecs.input.NearestName;
import dev.ecslab.ecs.json.JsonTree.Arr;
import dev.ecslab.ecs.json.JsonTree.Bool;
import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.json.JsonTree.Pos;
import dev.ecslab.ecs.json.JsonTree.Str;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * Typed values of a schedule file's tree: each method returns the value of the expected type and form
 * or throws a {@link ScheduleJsonException} at that value (its line, column and path) saying what was
 * expected and what was found. The base of the schedule's readers ({@link ScheduleReader},
 * {@link AccessReader}), so that each of them reads like the format it reads.
 */
abstract class ValueReader {
    final String source;

    ValueReader(String source) {
        this.source = source;
    }


    final Obj object(Node n, String what) {
        if (n instanceof Obj o) {
            return o;
        }
        throw wrongType(n, "an object (" + what + ")");
    }

    final Arr array(Node n) {
        if (n instanceof Arr a) {
            return a;
        }
        throw wrongType(n, "an array");
    }

    final boolean bool(Node n) {
        if (n instanceof Bool b) {
            return b.value();
        }
        throw wrongType(n, "a boolean (true or false)");
    }

    final String name(Node n, String what) {
        if (!(n instanceof Str s)) {
            throw wrongType(n, "a string (" + what + ")");
        }
        if (s.value().isBlank()) {
            throw error(n, "a " + what + " must not be blank");
        }
        String problem = InputNames.problem(s.value());
        if (problem != null) {
            throw error(n, "a " + what + ": " + problem);
        }
        return s.value();
    }

    final String[] names(Node n, String what) {
        return array(n).items().stream().map(i -> name(i, what)).toArray(String[]::new);
    }

    final int positiveInt(Node n) {
        if (n instanceof Num num && num.integer() != null && num.integer().signum() > 0
                && num.integer().compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) <= 0) {
            return num.integer().intValue();
        }
        if (n instanceof Num num) {
            throw error(n, "expected a positive integer of at most " + Integer.MAX_VALUE + ", found " + num.text());
        }
        throw wrongType(n, "a positive integer");
    }

    final <E extends Enum<E>> E enumValue(Node n, Class<E> type, String what) {
        String s = name(n, what);
        E[] values = type.getEnumConstants();
        for (E e : values) {
            if (e.name().equals(s)) {
                return e;
            }
        }
        List<String> options = Arrays.stream(values).map(Enum::name).toList();
        throw error(n, "unknown " + what + " " + InputNames.shown(s) + "; expected one of " + String.join(", ", options)
                + suggestion(s, options));
    }

    final Node required(Obj o, String key, String what) {
        for (Member m : o.members()) {
            if (m.key().equals(key)) {
                return m.value();
            }
        }
        throw error(o, what + " needs a \"" + key + "\" (missing field \"" + key + "\")");
    }


    final ScheduleJsonException error(Node n, String problem) {
        return error(n.pos(), n.path(), problem);
    }

    final ScheduleJsonException error(Pos pos, String path, String problem) {
        return new ScheduleJsonException(source, pos.line(), pos.column(), path, problem);
    }

    final ScheduleJsonException wrongType(Node n, String expected) {
        String found = n instanceof Str s ? "the string " + InputNames.shown(s.value())
                : n instanceof Num num ? "the number " + (num.text().length() > InputNames.SHOWN
                        ? num.text().substring(0, InputNames.SHOWN) + "... (" + num.text().length() + " characters)"
                        : num.text())
                : n instanceof Bool b ? b.value() + "" : n.kind();
        return error(n, "expected " + expected + ", found " + found);
    }

    final ScheduleJsonException unknownField(Member m, List<String> known) {
        return error(m.keyPos(), m.value().path(), "unknown field " + InputNames.shown(m.key()) + "; expected one of "
                + String.join(", ", known) + suggestion(m.key(), known));
    }

    /** " (did you mean "x"?)" when a candidate is a likely typo of {@code s}, else "". */
    static String suggestion(String s, List<String> candidates) {
        return NearestName.hint(s, candidates);
    }
}
