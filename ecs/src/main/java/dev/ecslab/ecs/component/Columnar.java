package dev.ecslab.ecs.component;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a component class is stored in columns, one primitive array per field
 * ({@link ValueLayout#COLUMNAR}), in every world that sees it. The class must be a record of
 * primitives (or a final class of mutable primitive fields); a class that is not is refused with a
 * message naming the field, when the world first needs its storage.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Columnar {
}
