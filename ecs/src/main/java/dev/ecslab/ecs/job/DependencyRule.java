package dev.ecslab.ecs.job;

import dev.ecslab.ecs.query.Access;

/**
 * Decides whether a job must wait for an earlier, unfinished one. The rule is Arch.Scheduled's: a
 * reader waits for earlier writers of what it reads, a writer waits for earlier readers and writers of
 * what it writes, and readers of the same data run together; with {@code With}/{@code Without}
 * disjointness, which is exactly {@link Access#conflictsWith}. Package-private so that the tests can
 * keep deliberately broken rules (mutants) that prove the checks can fail.
 */
@FunctionalInterface
interface DependencyRule {
    DependencyRule CONFLICTS = (earlier, later) -> later.conflictsWith(earlier);

    boolean mustWait(Access earlier, Access later);
}
