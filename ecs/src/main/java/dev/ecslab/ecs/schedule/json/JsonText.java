package dev.ecslab.ecs.schedule.json;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.List;
import java.util.Map;

/**
 * Renders a plain value model (maps with string keys in insertion order, lists, strings, booleans,
 * integers) as indented JSON: a value that fits in {@link #WIDTH} columns stays on one line, a larger
 * object or array puts one member per line. Deterministic, so written schedules diff well.
 */
final class JsonText {
    static final int WIDTH = 100;

    private JsonText() {
    }

    static String render(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 0, 0, true);
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, Object v, int indent, int column, boolean root) {
        String flat = flat(v);
        boolean container = v instanceof Map<?, ?> m ? !m.isEmpty() : v instanceof List<?> l && !l.isEmpty();
        if (!container || (!root && column + flat.length() <= WIDTH)) {
            sb.append(flat);
            return;
        }
        if (v instanceof Map<?, ?> map) {
            sb.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                pad(sb, indent + 2);
                String key = quote((String) e.getKey()) + ": ";
                sb.append(key);
                write(sb, e.getValue(), indent + 2, indent + 2 + key.length() + 1, false);
                sb.append(++i < map.size() ? ",\n" : "\n");
            }
            pad(sb, indent);
            sb.append('}');
        } else {
            List<?> list = (List<?>) v;
            sb.append("[\n");
            for (int i = 0; i < list.size(); i++) {
                pad(sb, indent + 2);
                write(sb, list.get(i), indent + 2, indent + 2 + 1, false);
                sb.append(i + 1 < list.size() ? ",\n" : "\n");
            }
            pad(sb, indent);
            sb.append(']');
        }
    }

    private static String flat(Object v) {
        if (v instanceof Map<?, ?> map) {
            StringBuilder sb = new StringBuilder("{");
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (sb.length() > 1) {
                    sb.append(", ");
                }
                sb.append(quote((String) e.getKey())).append(": ").append(flat(e.getValue()));
            }
            return sb.append('}').toString();
        } else if (v instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (Object o : list) {
                if (sb.length() > 1) {
                    sb.append(", ");
                }
                sb.append(flat(o));
            }
            return sb.append(']').toString();
        } else if (v instanceof String s) {
            return quote(s);
        } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
            return v.toString();
        }
        throw new IllegalArgumentException("not a JSON model value: " + v);
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        JsonStringEncoder.getInstance().quoteAsString(s, sb);
        return sb.append('"').toString();
    }

    private static void pad(StringBuilder sb, int n) {
        sb.append(" ".repeat(n));
    }
}
