package dev.ecslab.ecs.docs.game;

/** A type of the README's schedule example (top-level, so reports print its plain name). */
public record Position(float x, float y) {
}
