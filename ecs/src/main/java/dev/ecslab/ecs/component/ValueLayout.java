package dev.ecslab.ecs.component;

/**
 * How a component type's values are laid out in its columns, orthogonal to {@link StorageKind}
 * (which says whether the columns are archetype tables or a sparse set).
 */
public enum ValueLayout {
    /** One reference per row to the value object the caller stored; {@code get} returns that object. */
    REFERENCES,
    /**
     * One primitive array per field of a record (or final class) of primitives; {@code get} builds a
     * copy, writes go through the write handles or the field arrays. What a Rust or C# engine does
     * with value types, so loops over one field cost what they cost there.
     */
    COLUMNAR;

    /** The message of every refusal of in-place mutation ({@code getMut}) of a columnar component. */
    public static String copiesRefusal(String component) {
        return "component " + component + " is stored in columns, so a value read from it is a copy and "
                + "changing it in place would be lost; write it with set, update or modify (which stores "
                + "the value back), or through its fields (row.setFloat, chunk.writeFloats and their siblings)";
    }
}
