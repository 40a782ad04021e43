package dev.ecslab.engines.zayes;

import com.simsilica.es.EntityComponent;

/**
 * The lab's components as Zay-ES holds them: immutable, each of its own class (Zay-ES keys components by class), all
 * carrying the lab's {@code int} value so the adapter can read any of them back.
 */
public interface IntComponent extends EntityComponent {
    /** The lab's value. */
    int value();
}
