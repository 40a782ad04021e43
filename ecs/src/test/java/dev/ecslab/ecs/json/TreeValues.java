package dev.ecslab.ecs.json;

import dev.ecslab.ecs.json.JsonTree.Arr;
import dev.ecslab.ecs.json.JsonTree.Bool;
import dev.ecslab.ecs.json.JsonTree.Member;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.json.JsonTree.Str;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tree's values without their places, so that the tree of a RON text can be compared with the tree of
 * the JSON text of the same data: objects become maps in field order, arrays lists, numbers
 * {@link BigDecimal} without trailing zeros ({@code 1.0e5} equals {@code 1e5}), {@code null} null.
 */
public final class TreeValues {
    private TreeValues() {
    }

    public static Object of(Node n) {
        if (n instanceof Obj o) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (Member m : o.members()) {
                map.put(m.key(), of(m.value()));
            }
            return map;
        }
        if (n instanceof Arr a) {
            List<Object> list = new ArrayList<>();
            a.items().forEach(i -> list.add(of(i)));
            return list;
        }
        if (n instanceof Str s) {
            return s.value();
        }
        if (n instanceof Num num) {
            return new BigDecimal(num.text()).stripTrailingZeros();
        }
        if (n instanceof Bool b) {
            return b.value();
        }
        return null;
    }

    /** The values of a JSON text. */
    public static Object ofJson(String json) {
        return of(JsonTree.parse(json, "expected.json", JsonTree.MAX_VALUES));
    }
}
