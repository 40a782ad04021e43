package dev.ecslab.ecs.input;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The "did you mean" of an error message: the known name nearest to a misspelt one, if it is close
 * enough to be a likely typo.
 *
 * <p>Contract: bounded in time and memory whatever the input. Names longer than
 * {@link #MAX_COMPARED_LENGTH} characters are never compared (no suggestion); a candidate is compared
 * only if its length is within the allowed distance of the typed name's; the distance (optimal string
 * alignment: insertions, deletions, substitutions and swaps of two neighbours, case ignored) is computed
 * with three rows of at most {@value #MAX_COMPARED_LENGTH} + 1 ints and stops as soon as a row exceeds
 * the allowed distance. The allowed distance is {@code max(1, min(3, length / 3))} of the candidate, and
 * a candidate that shares nothing with the typed name ({@code "A"} for {@code "Z"}) is no typo; the
 * nearest wins, the first of equals.
 */
public final class NearestName {
    /** Longer names are not compared: a typo of a 100 000-character name helps nobody. */
    public static final int MAX_COMPARED_LENGTH = 64;

    private NearestName() {
    }

    /** The candidate {@code typed} is most likely a typo of, if any. */
    public static Optional<String> among(String typed, Collection<String> candidates) {
        if (typed == null || typed.length() > MAX_COMPARED_LENGTH) {
            return Optional.empty();
        }
        String a = typed.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        int[][] rows = new int[3][MAX_COMPARED_LENGTH + 2];
        for (String c : candidates) {
            if (c == null || c.length() > MAX_COMPARED_LENGTH) {
                continue;
            }
            int allowed = Math.min(Math.max(1, Math.min(3, c.length() / 3)), bestDistance - 1);
            if (allowed < 0 || Math.abs(c.length() - a.length()) > allowed) {
                continue;
            }
            String b = c.toLowerCase(Locale.ROOT);          // may change the length (a dotted capital I)
            if (a.length() > MAX_COMPARED_LENGTH || b.length() > MAX_COMPARED_LENGTH) {
                continue;
            }
            int d = distance(a, b, allowed, rows);
            if (d <= allowed && d < Math.max(a.length(), b.length())) {      // not a whole replacement ("Z" for "A")
                best = c;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** {@code " (did you mean "x"?)"} when there is a likely candidate, else {@code ""}. */
    public static String hint(String typed, Collection<String> candidates) {
        return among(typed, candidates).map(n -> " (did you mean \"" + BadInputException.printable(n) + "\"?)").orElse("");
    }

    /** The distance between {@code a} and {@code b}, or {@code limit + 1} once it is known to exceed {@code limit}. */
    private static int distance(String a, String b, int limit, int[][] rows) {
        int n = b.length();
        int[] before = rows[0];
        int[] previous = rows[1];
        int[] current = rows[2];
        for (int j = 0; j <= n; j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            int rowMin = i;
            char ca = a.charAt(i - 1);
            for (int j = 1; j <= n; j++) {
                char cb = b.charAt(j - 1);
                int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + (ca == cb ? 0 : 1));
                if (i > 1 && j > 1 && ca == b.charAt(j - 2) && a.charAt(i - 2) == cb) {
                    d = Math.min(d, before[j - 2] + 1);
                }
                current[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin > limit) {
                return limit + 1;
            }
            int[] recycled = before;
            before = previous;
            previous = current;
            current = recycled;
        }
        return previous[n];
    }
}
