package dev.ecslab.engines.zayes;

import com.simsilica.es.EntityComponent;

/**
 * The lab's components as Zay-ES holds them: immutable, as Zay-ES requires (a change is a new instance given to
 * {@code EntityData.setComponent}, which is what the entity sets hear of), each of its own class because Zay-ES keys
 * components by class, all carrying the lab's {@code int} value so the adapter can read any of them back.
 */
public abstract class IntComponent implements EntityComponent {
    private final int value;

    /** The component with the lab's value {@code value}. */
    protected IntComponent(int value) {
        this.value = value;
    }

    /** The lab's value. */
    public final int value() {
        return value;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + value + ")";
    }
}
