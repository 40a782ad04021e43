package dev.ecslab.engines.artemis;

import com.artemis.Component;

/**
 * The lab's component value as artemis-odb holds it: a mutable {@code int} field, as artemis components are plain
 * mutable objects. A write changes the field in place and artemis tracks nothing about it, which is why the
 * artemis contract answers no mutation filter. Public with a public no-argument constructor in each subclass,
 * because artemis instantiates components by reflection.
 */
public abstract class IntComponent extends Component {
    /** The lab's value. */
    public int value;
}
