package dev.ecslab.ecs.docs.game;

/** A type of the README's schedule example (top-level, so reports print its plain name). */
public record Velocity(float dx, float dy) {
}
