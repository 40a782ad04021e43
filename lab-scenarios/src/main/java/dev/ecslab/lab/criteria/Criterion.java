package dev.ecslab.lab.criteria;

/**
 * The lab's criteria ({@code docs/lab.md}, "The question and the criteria"), in the order of the
 * matrix's columns. {@link #CRASH} comes first: an exception from the code under test is a finding of
 * its own and makes a configuration broken. Criteria 1 and 2 are judged on every scenario class and
 * shown per class; {@link #NOT_LOST_WHEN_PAUSED} (7) is criterion 1 on the pausing class and
 * {@link #LOOPING} (L) criteria 1 and 2 on the looping class, kept as columns because Bevy PR #1471
 * names them.
 */
public enum Criterion {
    CRASH("X", "no crash"),
    AT_LEAST_ONCE("1", "at least once"),
    AT_MOST_ONCE("2", "at most once"),
    SAME_FRAME("3", "same frame"),
    BOUNDED_MEMORY("6", "bounded memory"),
    NOT_LOST_WHEN_PAUSED("7", "not lost when paused"),
    PURE_FUNCTION("8", "frame is a pure function"),
    LOOPING("L", "looping stages"),
    ORDERING("O", "ordering"),
    AMBIGUITY("A", "ambiguity detection");

    private final String code;
    private final String title;

    Criterion(String code, String title) {
        this.code = code;
        this.title = title;
    }

    public String code() {
        return code;
    }

    public String title() {
        return title;
    }

    /** True for the columns that are views of criteria 1 and 2 on one scenario class (7 and L). */
    public boolean isClassView() {
        return this == NOT_LOST_WHEN_PAUSED || this == LOOPING;
    }

    @Override
    public String toString() {
        return code + " " + title;
    }
}
