/**
 * ecslab's entity component system, and the boundary of what it promises: every package exported
 * to all is the public API (listed by {@code PublicApiTest}); {@code dev.ecslab.ecs.internal}, the
 * engine's seams, is exported only to the modules of the lab, the benchmarks and the concurrency
 * tests, which drive worlds from outside this module.
 *
 * <p>Those modules run on the class path today and have no module declaration yet; the names here
 * are the ones they take when they get one (each its root package): {@code dev.ecslab.lab}
 * (lab-scenarios), {@code dev.ecslab.bench} (benchmarks), {@code dev.ecslab.stress} (jcstress-tests)
 * and {@code dev.ecslab.concurrency} (lincheck-tests). javac warns that a qualified export names a
 * module it cannot see; "module" is suppressed for that warning alone, so the names can stand
 * before the modules exist.
 */
@SuppressWarnings("module")
module dev.ecslab.ecs {
    // The one JSON reader (dev.ecslab.ecs.json.JsonTree) is built on Jackson's streaming parser, and
    // JsonSyntaxWords.problem takes Jackson's JsonProcessingException: a module that reads this one reads
    // Jackson's core too, so that it can name that type.
    requires transitive com.fasterxml.jackson.core;

    exports dev.ecslab.ecs;
    exports dev.ecslab.ecs.change;
    exports dev.ecslab.ecs.command;
    exports dev.ecslab.ecs.component;
    exports dev.ecslab.ecs.entity;
    exports dev.ecslab.ecs.executor;
    exports dev.ecslab.ecs.graph;
    exports dev.ecslab.ecs.input;
    exports dev.ecslab.ecs.job;
    exports dev.ecslab.ecs.json;
    exports dev.ecslab.ecs.query;
    exports dev.ecslab.ecs.schedule;
    exports dev.ecslab.ecs.schedule.json;
    exports dev.ecslab.ecs.storage;
    exports dev.ecslab.ecs.world;

    exports dev.ecslab.ecs.internal to
            dev.ecslab.lab,
            dev.ecslab.bench,
            dev.ecslab.stress,
            dev.ecslab.concurrency;

    // Strategies and executors of other jars are found through ServiceLoader; the built-in strategies
    // are found the same way (META-INF/services says the same for the class path).
    uses dev.ecslab.ecs.change.ChangeTrackerProvider;
    uses dev.ecslab.ecs.executor.ExecutorProvider;

    provides dev.ecslab.ecs.change.ChangeTrackerProvider with
            dev.ecslab.ecs.change.BuiltInChangeTrackers.None,
            dev.ecslab.ecs.change.BuiltInChangeTrackers.Flags,
            dev.ecslab.ecs.change.BuiltInChangeTrackers.DoubleBuffer,
            dev.ecslab.ecs.change.BuiltInChangeTrackers.LastTick,
            dev.ecslab.ecs.change.BuiltInChangeTrackers.FlagDoubling,
            dev.ecslab.ecs.change.BuiltInChangeTrackers.Generation,
            dev.ecslab.ecs.change.BuiltInChangeTrackers.SystemData;
}
