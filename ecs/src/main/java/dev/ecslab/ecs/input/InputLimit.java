package dev.ecslab.ecs.input;

import java.util.Locale;
import java.util.Objects;

/**
 * One bound on what a file read from outside may ask of ecslab (its size, how deep its JSON nests, how
 * many systems or frames it describes), so that a small hostile file cannot take gigabytes or minutes.
 *
 * <p>Contract: every limit has a stated default and can be changed with the system property
 * {@link #property()} (a positive whole number, for example {@code -Decslab.limit.fileBytes=67108864};
 * the command line can set it too); {@link #value()} reads it at each call. A limit that is hit names
 * itself: {@link #exceeded} builds a {@link BadInputException} that says what the input asked for, the
 * limit, and the property that changes it.
 *
 * @param property     the system property that overrides the default
 * @param defaultValue the default, positive
 * @param unit         what is counted, plural ({@code "bytes"}, {@code "systems"})
 */
public record InputLimit(String property, long defaultValue, String unit) {
    public InputLimit {
        Objects.requireNonNull(property, "property");
        Objects.requireNonNull(unit, "unit");
        if (defaultValue < 1) {
            throw new IllegalArgumentException("a limit's default must be positive, was " + defaultValue);
        }
    }

    /**
     * The limit now: the system property when it is set, else the default.
     *
     * @throws BadInputException when the property is set to something other than a positive whole number
     */
    public long value() {
        String set = System.getProperty(property);
        if (set == null || set.isBlank()) {
            return defaultValue;
        }
        try {
            long v = Long.parseLong(set.trim());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new BadInputException("system property " + property, "",
                "expected a positive whole number (" + unit + "), found \"" + set + "\"");
    }

    /** {@link #value()} as an int, saturated at {@link Integer#MAX_VALUE}. */
    public int intValue() {
        return (int) Math.min(Integer.MAX_VALUE, value());
    }

    /**
     * The error for an input that asks for more than this limit allows.
     *
     * @param asked what the input asked for, in words ({@code "the replay file asks for 100000 frames x 8
     *              iterations (800000 stage runs)"})
     */
    public BadInputException exceeded(String source, String location, String asked) {
        return new BadInputException(source, location, problem(asked));
    }

    /** What {@link #exceeded} says, for readers whose errors are a subclass of {@link BadInputException}. */
    public String problem(String asked) {
        return asked + "; the limit is " + words(value()) + " " + unit + " (set with -D" + property + "=N)";
    }

    /**
     * Checks {@code actual} against the limit.
     *
     * @throws BadInputException from {@link #exceeded} when {@code actual} is above the limit
     */
    public void check(long actual, String source, String location, String asked) {
        if (actual > value()) {
            throw exceeded(source, location, asked);
        }
    }

    /** Plain digits (easy to copy into the property), and the size in MiB for a whole number of MiB. */
    private String words(long v) {
        if (unit.equals("bytes") && v >= (1L << 20) && v % (1L << 20) == 0) {
            return String.format(Locale.ROOT, "%d (%d MiB)", v, v >> 20);
        }
        return Long.toString(v);
    }
}
