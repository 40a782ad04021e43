package dev.ecslab.ecs.component;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares the storage kind of a component class where it is defined, so every world that sees the
 * type picks the same kind without explicit registration. Unannotated types use {@link StorageKind#TABLE}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ComponentStorage {
    StorageKind value();
}
