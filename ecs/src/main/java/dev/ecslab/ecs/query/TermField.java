package dev.ecslab.ecs.query;

import dev.ecslab.ecs.storage.ColumnarLayout;

/**
 * One primitive field of a columnar component term ({@link Term#field}): the handle that the field
 * accessors of {@link QueryRow} ({@code getFloat}, {@code setFloat}, ...) and the field arrays of
 * {@link QueryChunk} ({@code readFloats}, {@code writeFloats}, ...) take. Resolved once, by name,
 * when the query is set up, so the loops that use it do no lookup.
 *
 * <p>A field belongs to its term and so to the term's query. Asking for it with an accessor of
 * another primitive type is an error that names both types.
 */
public final class TermField {
    final Term<?> term;
    final int field;
    final Class<?> type;
    private final String name;

    TermField(Term<?> term, ColumnarLayout layout, int field) {
        this.term = term;
        this.field = field;
        this.type = layout.fieldType(field);
        this.name = layout.fieldName(field);
    }

    /** The term this field belongs to. */
    public Term<?> term() {
        return term;
    }

    /** The field's name in its record or class. */
    public String name() {
        return name;
    }

    /** The field's primitive type, e.g. {@code float.class}. */
    public Class<?> type() {
        return type;
    }

    /** Two handles are equal when they name the same field of the same term. */
    @Override
    public boolean equals(Object o) {
        return o instanceof TermField f && f.term == term && f.field == field;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(term) * 31 + field;
    }

    @Override
    public String toString() {
        return term + "." + name + " (" + type.getName() + ")";
    }
}
