package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.schedule.ShouldRun;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A random schedule as plain data, so jqwik can shrink it and print it. Component masks range over
 * {@code A, B, C} (tables) and {@code S} (sparse set); resource masks over {@code R0, R1}.
 *
 * @param insertionOrder compile with {@code INSERTION_ORDER} instead of {@code EXPLICIT}
 * @param sets           per set, one run-criterion pattern per frame parity: answer {@code k} of a
 *                       pattern is given in iteration {@code k} (the last one afterwards)
 */
public record ScheduleSpec(List<List<SysSpec>> stages, List<List<List<ShouldRun>>> sets, boolean insertionOrder, int frames) {

    /**
     * @param kind     0 normal, 1 main-thread, 2 exclusive, 3 sync point
     * @param with     component index of a {@code With} filter, or -1
     * @param without  component index of a {@code Without} filter, or -1
     * @param set      index into {@link ScheduleSpec#sets}, or -1
     * @param before   insertion indices (in the same stage) this system runs before; only later ones
     * @param commands whether the system also issues commands (spawn an entity with A)
     */
    record SysSpec(int kind, int reads, int writes, int with, int without, int resReads, int resWrites, int set,
            List<Integer> before, boolean commands) {
        @Override
        public String toString() {
            String k = switch (kind) {
                case 1 -> "main ";
                case 2 -> "excl ";
                case 3 -> "sync ";
                default -> "";
            };
            return k + "r" + mask(reads, "ABCS") + " w" + mask(writes, "ABCS")
                    + (with >= 0 ? " with" + "ABCS".charAt(with) : "") + (without >= 0 ? " without" + "ABCS".charAt(without) : "")
                    + (resReads != 0 ? " rr" + mask(resReads, "01") : "") + (resWrites != 0 ? " rw" + mask(resWrites, "01") : "")
                    + (set >= 0 ? " set" + set : "") + (before.isEmpty() ? "" : " before" + before) + (commands ? " cmd" : "");
        }

        private static String mask(int m, String names) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < names.length(); i++) {
                if ((m & (1 << i)) != 0) {
                    sb.append(names.charAt(i));
                }
            }
            return sb.length() == 0 ? "-" : sb.toString();
        }
    }

    @Override
    public String toString() {
        return "Schedule(" + (insertionOrder ? "INSERTION_ORDER" : "EXPLICIT") + ", frames " + frames + ", sets " + sets
                + ", stages " + stages.stream().map(s -> s.toString()).collect(Collectors.joining(" | ")) + ")";
    }
}
