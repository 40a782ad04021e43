package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.ComponentRegistrationException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How the values of one component class are taken apart into one primitive array per field, and
 * put back together: the access code of {@link ColumnarColumn}.
 *
 * <p><b>Which classes.</b> A record whose components are all primitive; or a final class whose
 * instance fields (its own and its superclasses') are all primitive and not final, with either a
 * no-argument constructor or one whose parameters are those fields' types in declaration order
 * (superclass fields first). A class is refused with a message naming the first field that does
 * not fit, so a wrong {@code @Columnar} fails at registration, not on a later read.
 *
 * <p><b>Why method handles.</b> The two handles here ({@link #load} and {@link #store}) are built
 * once per class from {@code java.lang.invoke} combinators: the canonical constructor (or the
 * constructor and the field setters) fed by array element getters, and the accessors fed into array
 * element setters. They need no dependency, no build step in the user's project and no
 * {@code Unsafe}, and they work for any class ecslab can look up, including classes of strategy
 * jars loaded by another class loader. A compile-time annotation processor would be faster on this
 * path but needs every component's project to run it; hidden classes made with a bytecode library
 * need a full-privilege lookup in the component's own module, which a jar on another loader does
 * not grant. The price of handles is one non-inlined call per {@code get} or {@code set} of a whole
 * value; the hot path does not pay it, because the field arrays of a chunk index the primitive
 * arrays directly.
 *
 * <p>A layout is immutable and shared by every world (one per class, cached).
 */
public final class ColumnarLayout {
    private static final ClassValue<Object> CACHE = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            try {
                return new ColumnarLayout(type);
            } catch (ComponentRegistrationException e) {
                return e.getMessage();
            }
        }
    };

    private final Class<?> type;
    private final String[] names;
    private final Class<?>[] fieldTypes;
    /** {@code (Object[] arrays, int row) -> Object}: a new value from row {@code row}. */
    private final MethodHandle load;
    /** {@code (Object value, Object[] arrays, int row) -> void}: the value's fields into row {@code row}. */
    private final MethodHandle store;

    private ColumnarLayout(Class<?> type) {
        this.type = type;
        MethodHandles.Lookup lookup = lookupFor(type);
        List<String> fieldNames = new ArrayList<>();
        List<Class<?>> types = new ArrayList<>();
        List<MethodHandle> readers = new ArrayList<>();
        MethodHandle construct;
        List<MethodHandle> writers = new ArrayList<>();
        try {
            if (type.isRecord()) {
                RecordComponent[] rc = type.getRecordComponents();
                for (RecordComponent c : rc) {
                    requirePrimitive(type, c.getName(), c.getType());
                    fieldNames.add(c.getName());
                    types.add(c.getType());
                    readers.add(lookup.unreflect(c.getAccessor()));
                }
                construct = lookup.findConstructor(type, MethodType.methodType(void.class, types.toArray(new Class<?>[0])));
            } else {
                if (!Modifier.isFinal(type.getModifiers()) || type.isInterface() || type.isArray() || type.isPrimitive()
                        || Modifier.isAbstract(type.getModifiers()) || type.isEnum()) {
                    throw refused(type, "it is neither a record nor a final class");
                }
                for (Field f : instanceFields(type)) {
                    requirePrimitive(type, f.getName(), f.getType());
                    if (Modifier.isFinal(f.getModifiers())) {
                        throw refused(type, "field '" + f.getName() + "' is final; a columnar class must be a record, or "
                                + "a final class whose fields can be stored back");
                    }
                    fieldNames.add(f.getName());
                    types.add(f.getType());
                    readers.add(lookup.unreflectGetter(f));
                    writers.add(lookup.unreflectSetter(f));
                }
                construct = constructorFor(type, lookup, types);
            }
        } catch (IllegalAccessException e) {
            throw refused(type, "ecslab cannot access its constructor or fields (" + e.getMessage()
                    + "); make them public or open the package to ecslab");
        } catch (NoSuchMethodException e) {
            throw refused(type, "it has no accessible canonical constructor");
        }
        this.names = fieldNames.toArray(new String[0]);
        this.fieldTypes = types.toArray(new Class<?>[0]);
        this.load = buildLoad(construct, writers);
        this.store = buildStore(readers);
    }

    /**
     * The layout of {@code type}.
     *
     * @throws ComponentRegistrationException if {@code type} cannot be stored in columns; the message
     *     names the field or rule that excludes it
     */
    public static ColumnarLayout of(Class<?> type) {
        Object v = CACHE.get(type);
        if (v instanceof ColumnarLayout layout) {
            return layout;
        }
        throw new ComponentRegistrationException((String) v);
    }

    /** Whether {@code type} can be stored in columns. */
    public static boolean eligible(Class<?> type) {
        return CACHE.get(type) instanceof ColumnarLayout;
    }

    /** Why {@code type} cannot be stored in columns, or {@code null} if it can. */
    public static String whyNot(Class<?> type) {
        return CACHE.get(type) instanceof String s ? s : null;
    }

    public Class<?> type() {
        return type;
    }

    public int fieldCount() {
        return names.length;
    }

    public String fieldName(int field) {
        return names[field];
    }

    /** The primitive type of field {@code field} (e.g. {@code float.class}). */
    public Class<?> fieldType(int field) {
        return fieldTypes[field];
    }

    /** The index of the field called {@code name}, or {@code -1}. */
    public int fieldIndex(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** The field names, in storage order, for messages. */
    public List<String> fieldNames() {
        return List.of(names);
    }

    /** A new primitive array per field, each of {@code capacity} elements. */
    Object[] newArrays(int capacity) {
        Object[] arrays = new Object[names.length];
        for (int f = 0; f < arrays.length; f++) {
            arrays[f] = java.lang.reflect.Array.newInstance(fieldTypes[f], capacity);
        }
        return arrays;
    }

    Object load(Object[] arrays, int row) {
        try {
            return (Object) load.invokeExact(arrays, row);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("constructing a " + type.getName() + " from its columns failed", t);
        }
    }

    void store(Object value, Object[] arrays, int row) {
        try {
            store.invokeExact(value, arrays, row);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("reading the fields of a " + type.getName() + " failed", t);
        }
    }

    // ------------------------------------------------------------------ building the handles

    private static MethodHandles.Lookup lookupFor(Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException | SecurityException e) {
            return MethodHandles.publicLookup();
        }
    }

    private static List<Field> instanceFields(Class<?> type) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
        }
        List<Field> fields = new ArrayList<>();
        for (Class<?> c : chain) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    /**
     * The no-argument constructor if there is one (the fields are all stored right after, so no
     * constructor logic sees a value it might refuse), else the one taking the fields in order.
     */
    private static MethodHandle constructorFor(Class<?> type, MethodHandles.Lookup lookup, List<Class<?>> types)
            throws IllegalAccessException {
        Class<?>[] params = types.toArray(new Class<?>[0]);
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (c.getParameterCount() == 0) {
                return lookup.unreflectConstructor(c);
            }
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (Arrays.equals(c.getParameterTypes(), params)) {
                return lookup.unreflectConstructor(c);
            }
        }
        throw refused(type, "it has neither a no-argument constructor nor one taking its fields "
                + types.stream().map(Class::getName).toList() + " in order");
    }

    private static void requirePrimitive(Class<?> type, String field, Class<?> fieldType) {
        if (!fieldType.isPrimitive()) {
            throw refused(type, "field '" + field + "' has type " + fieldType.getTypeName()
                    + "; a columnar component holds only primitive fields");
        }
    }

    private static ComponentRegistrationException refused(Class<?> type, String why) {
        return new ComponentRegistrationException("component " + type.getName() + " cannot be stored in columns: " + why);
    }

    /** {@code (Object[] arrays, int row) -> fieldType}: element {@code row} of array {@code field}. */
    private static MethodHandle elementReader(int field, Class<?> fieldType) {
        return MethodHandles.filterArguments(MethodHandles.arrayElementGetter(fieldType.arrayType()), 0, arrayOf(field, fieldType));
    }

    /** {@code (Object[] arrays, int row, fieldType v) -> void}: stores {@code v} at element {@code row}. */
    private static MethodHandle elementWriter(int field, Class<?> fieldType) {
        return MethodHandles.filterArguments(MethodHandles.arrayElementSetter(fieldType.arrayType()), 0, arrayOf(field, fieldType));
    }

    /** {@code (Object[] arrays) -> fieldType[]}: the primitive array of field {@code field}. */
    private static MethodHandle arrayOf(int field, Class<?> fieldType) {
        return MethodHandles.insertArguments(MethodHandles.arrayElementGetter(Object[].class), 1, field)
                .asType(MethodType.methodType(fieldType.arrayType(), Object[].class));
    }

    /** Feeds every parameter of {@code target} from the arrays: {@code (Object[], int) -> R}. */
    private MethodHandle fromArrays(MethodHandle target) {
        int n = target.type().parameterCount();
        MethodHandle h = target;
        for (int i = n - 1; i >= 0; i--) {
            h = MethodHandles.collectArguments(h, i, elementReader(i, target.type().parameterType(i)));
        }
        int[] reorder = new int[2 * n];
        for (int i = 0; i < n; i++) {
            reorder[2 * i] = 0;
            reorder[2 * i + 1] = 1;
        }
        return MethodHandles.permuteArguments(h, MethodType.methodType(h.type().returnType(), Object[].class, int.class), reorder);
    }

    private MethodHandle buildLoad(MethodHandle construct, List<MethodHandle> setters) {
        MethodHandle make = fromArrays(construct).asType(MethodType.methodType(Object.class, Object[].class, int.class));
        if (setters.isEmpty()) {
            return make;
        }
        // A class: construct, then store every field from its column, so the value is exactly the
        // stored one whatever the constructor did with its arguments.
        MethodHandle setAll = MethodHandles.empty(MethodType.methodType(void.class, Object.class, Object[].class, int.class));
        for (int f = 0; f < setters.size(); f++) {
            MethodHandle set = setters.get(f).asType(MethodType.methodType(void.class, Object.class, fieldTypes[f]));
            MethodHandle one = MethodHandles.collectArguments(set, 1, elementReader(f, fieldTypes[f]));
            setAll = MethodHandles.foldArguments(setAll, one);
        }
        MethodHandle returnFirst = MethodHandles.dropArguments(MethodHandles.identity(Object.class), 1, Object[].class, int.class);
        MethodHandle fillThenReturn = MethodHandles.foldArguments(returnFirst, setAll);
        return MethodHandles.foldArguments(fillThenReturn, make);
    }

    private MethodHandle buildStore(List<MethodHandle> readers) {
        MethodType storeType = MethodType.methodType(void.class, Object.class, Object[].class, int.class);
        MethodHandle all = MethodHandles.empty(storeType);
        for (int f = 0; f < readers.size(); f++) {
            MethodHandle read = readers.get(f).asType(MethodType.methodType(fieldTypes[f], Object.class));
            MethodHandle write = MethodHandles.filterArguments(elementWriter(f, fieldTypes[f]), 2, read);   // (Object[], int, Object)
            MethodHandle one = MethodHandles.permuteArguments(write, storeType, 1, 2, 0);
            all = MethodHandles.foldArguments(all, one);
        }
        return all;
    }
}
