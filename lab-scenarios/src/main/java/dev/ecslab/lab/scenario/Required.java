package dev.ecslab.lab.scenario;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A field a scenario or replay file must give, with a value: reading a file where it is absent or
 * {@code null} is an error naming the field ("missing field \"startSeq\""), never a silent default such
 * as 0. Fields without it may be left out and take the default their record documents.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.FIELD, ElementType.METHOD})
@JacksonAnnotationsInside
@JsonProperty(required = true)
@JsonSetter(nulls = Nulls.FAIL)
public @interface Required {
}
