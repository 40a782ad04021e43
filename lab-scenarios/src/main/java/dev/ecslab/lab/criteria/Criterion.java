package dev.ecslab.lab.criteria;

/**
 * The criteria of DESIGN §5, in the order of the matrix's columns. Criteria 1, 2 and 3 are judged on
 * regular scenarios (every system runs once per frame), 7 on pausing ones, and looping stages form
 * a column of their own ({@link #LOOPING}: misses and repeats there).
 */
public enum Criterion {
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

    @Override
    public String toString() {
        return code + " " + title;
    }
}
