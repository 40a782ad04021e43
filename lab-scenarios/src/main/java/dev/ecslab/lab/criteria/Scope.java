package dev.ecslab.lab.criteria;

import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;

/**
 * Which results a detection verdict is about: components or resources, and which filter. The matrix
 * keeps these apart, so "fails at-least-once for resource Removed only" is visible.
 */
public record Scope(boolean resource, WatchKind kind) implements Comparable<Scope> {
    public static Scope of(Watch w) {
        return new Scope(w.data().isResource(), w.kind());
    }

    @Override
    public int compareTo(Scope o) {
        return resource != o.resource ? Boolean.compare(resource, o.resource) : kind.compareTo(o.kind);
    }

    @Override
    public String toString() {
        String k = kind.name().charAt(0) + kind.name().substring(1).toLowerCase();
        return (resource ? "resource " : "component ") + k;
    }
}
