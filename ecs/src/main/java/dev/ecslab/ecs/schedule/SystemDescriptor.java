package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.AccessSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything a schedule knows about one system: its unique name, kind, declared access, labels, sets,
 * ordering constraints and ambiguity exemptions, and how to make its body.
 *
 * <p>Constraint targets ({@code before}, {@code after}, {@code ambiguousWith}) are names that resolve
 * to every system with that name, label or set. The access is either typed ({@link AccessSpec},
 * resolved against the world at compile time) or already resolved ({@link Access} with ids, for
 * schedules read from JSON). A descriptor without a body can be compiled and analysed but not run.
 *
 * <p>Immutable; build with {@link #builder(String)}.
 */
public final class SystemDescriptor {
    private final String name;
    private final SystemKind kind;
    private final AccessSpec accessSpec;
    private final Access resolvedAccess;
    private final Set<String> labels;
    private final Set<String> sets;
    private final List<String> before;
    private final List<String> after;
    private final List<String> ambiguousWith;
    private final boolean ambiguousWithAll;
    private final SystemSetup setup;
    private final List<String> beforeWeak;
    private final List<String> afterWeak;
    private final String type;
    private final List<RunCondition> conditions;
    private final boolean deferred;

    private SystemDescriptor(Builder b) {
        this.name = b.name;
        this.kind = b.kind;
        this.accessSpec = b.accessSpec;
        this.resolvedAccess = b.resolvedAccess;
        this.labels = Collections.unmodifiableSet(new LinkedHashSet<>(b.labels));
        this.sets = Collections.unmodifiableSet(new LinkedHashSet<>(b.sets));
        this.before = List.copyOf(b.before);
        this.after = List.copyOf(b.after);
        this.ambiguousWith = List.copyOf(b.ambiguousWith);
        this.ambiguousWithAll = b.ambiguousWithAll;
        this.setup = b.setup;
        this.beforeWeak = List.copyOf(b.beforeWeak);
        this.afterWeak = List.copyOf(b.afterWeak);
        this.type = b.type;
        this.conditions = List.copyOf(b.conditions);
        this.deferred = b.deferred;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** A normal system with a typed access and a body. */
    public static SystemDescriptor of(String name, AccessSpec access, SystemBody body) {
        return builder(name).access(access).run(body).build();
    }

    /** An exclusive system: whole-world access, runs alone, its body may use {@link SystemContext#exclusiveWorld()}. */
    public static SystemDescriptor exclusive(String name, SystemBody body) {
        return builder(name).kind(SystemKind.EXCLUSIVE).run(body).build();
    }

    /** An explicit sync point: applies the commands of the systems of its stage that ran before it. */
    public static SystemDescriptor syncPoint(String name) {
        return builder(name).kind(SystemKind.SYNC_POINT).build();
    }

    public String name() {
        return name;
    }

    public SystemKind kind() {
        return kind;
    }

    /** The typed access, or {@code null} when the access was given already resolved. */
    public AccessSpec accessSpec() {
        return accessSpec;
    }

    /** The resolved access, or {@code null} when the access is typed. */
    public Access resolvedAccess() {
        return resolvedAccess;
    }

    public Set<String> labels() {
        return labels;
    }

    public Set<String> sets() {
        return sets;
    }

    public List<String> before() {
        return before;
    }

    public List<String> after() {
        return after;
    }

    public List<String> ambiguousWith() {
        return ambiguousWith;
    }

    public boolean ambiguousWithAll() {
        return ambiguousWithAll;
    }

    /**
     * Weak "runs before" targets (Bevy's {@code before_weak}): an order kept only towards the targets'
     * systems whose access conflicts with this one, derived through the closure of every constraint as
     * Bevy's {@code resolve_weak_edges} does, so it never serialises systems that could run in parallel.
     */
    public List<String> beforeWeak() {
        return beforeWeak;
    }

    /** Weak "runs after" targets; see {@link #beforeWeak()}. */
    public List<String> afterWeak() {
        return afterWeak;
    }

    /**
     * The system's type (Bevy's system function), or null: every system of one type answers to the type's
     * name, as Bevy's {@code SystemTypeSet}. Ordering against, or declaring ambiguity with, a type that
     * has several instances in a schedule is an error, as in Bevy.
     */
    public String type() {
        return type;
    }

    /**
     * The system's own run conditions, with what they read ({@link RunCondition}): each is analysed as a
     * reader that runs just before the system. The conditions of the system's sets apply as well.
     */
    public List<RunCondition> conditions() {
        return conditions;
    }

    /**
     * True when the system has deferred effects (commands applied at the next sync point: Bevy's
     * {@code Commands}, the {@code deferred} flag of its schedule export). For weak ordering such a system,
     * as the earlier of a pair, conflicts with every system, as in Bevy: a weak order after it is kept, so
     * what it defers is applied before the later system runs wherever a sync point falls between them.
     */
    public boolean deferred() {
        return deferred;
    }

    /** How to make the body, or {@code null} for an analysis-only descriptor. */
    public SystemSetup setup() {
        return setup;
    }

    /** True when {@code target} names this system, one of its labels or one of its sets. */
    public boolean answersTo(String target) {
        return name.equals(target) || labels.contains(target) || sets.contains(target);
    }

    @Override
    public String toString() {
        return name;
    }

    /** Collects a system's settings. */
    public static final class Builder {
        private final String name;
        private SystemKind kind = SystemKind.NORMAL;
        private AccessSpec accessSpec;
        private Access resolvedAccess;
        private final List<String> labels = new ArrayList<>();
        private final List<String> sets = new ArrayList<>();
        private final List<String> before = new ArrayList<>();
        private final List<String> after = new ArrayList<>();
        private final List<String> ambiguousWith = new ArrayList<>();
        private boolean ambiguousWithAll;
        private SystemSetup setup;
        private final List<String> beforeWeak = new ArrayList<>();
        private final List<String> afterWeak = new ArrayList<>();
        private String type;
        private final List<RunCondition> conditions = new ArrayList<>();
        private boolean deferred;

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "system name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a system name must not be blank");
            }
        }

        public Builder kind(SystemKind kind) {
            this.kind = Objects.requireNonNull(kind, "kind");
            return this;
        }

        /** Must run on the thread that called the executor. */
        public Builder mainThread() {
            return kind(SystemKind.MAIN_THREAD);
        }

        public Builder exclusive() {
            return kind(SystemKind.EXCLUSIVE);
        }

        public Builder access(AccessSpec access) {
            this.accessSpec = Objects.requireNonNull(access, "access");
            this.resolvedAccess = null;
            return this;
        }

        /** An access already in ids (JSON schedules, tools). */
        public Builder access(Access access) {
            this.resolvedAccess = Objects.requireNonNull(access, "access");
            this.accessSpec = null;
            return this;
        }

        public Builder label(String... names) {
            labels.addAll(List.of(names));
            return this;
        }

        public Builder inSet(String... names) {
            sets.addAll(List.of(names));
            return this;
        }

        /** Runs before every system named, labelled or in a set called {@code target}. */
        public Builder before(String... targets) {
            before.addAll(List.of(targets));
            return this;
        }

        /** Runs after every system named, labelled or in a set called {@code target}. */
        public Builder after(String... targets) {
            after.addAll(List.of(targets));
            return this;
        }

        /** Exempts pairs with the named systems, labels or sets from ambiguity reports. */
        public Builder ambiguousWith(String... targets) {
            ambiguousWith.addAll(List.of(targets));
            return this;
        }

        /** Runs before the targets' systems whose access conflicts with this one (see {@link #beforeWeak()}). */
        public Builder beforeWeak(String... targets) {
            beforeWeak.addAll(List.of(targets));
            return this;
        }

        /** Runs after the targets' systems whose access conflicts with this one. */
        public Builder afterWeak(String... targets) {
            afterWeak.addAll(List.of(targets));
            return this;
        }

        /** The system's type: constraints naming it target every instance (see {@link SystemDescriptor#type()}). */
        public Builder type(String typeName) {
            this.type = Objects.requireNonNull(typeName, "type");
            return this;
        }

        /** Run conditions of this system, with what they read (see {@link SystemDescriptor#conditions()}). */
        public Builder runIf(RunCondition... conditions) {
            for (RunCondition c : conditions) {
                this.conditions.add(Objects.requireNonNull(c, "condition"));
            }
            return this;
        }

        /** The system has deferred effects (see {@link SystemDescriptor#deferred()}). */
        public Builder deferred() {
            this.deferred = true;
            return this;
        }

        /** Exempts every pair this system is in from ambiguity reports. */
        public Builder ambiguousWithAll() {
            ambiguousWithAll = true;
            return this;
        }

        /** The body, the same object for every run. */
        public Builder run(SystemBody body) {
            Objects.requireNonNull(body, "body");
            this.setup = view -> body;
            return this;
        }

        /** A body made once per binding to a world, typically to build its queries. */
        public Builder setup(SystemSetup setup) {
            this.setup = Objects.requireNonNull(setup, "setup");
            return this;
        }

        public SystemDescriptor build() {
            if (kind == SystemKind.SYNC_POINT && setup == null) {
                setup = view -> SystemBody.EMPTY;
            }
            return new SystemDescriptor(this);
        }
    }
}
