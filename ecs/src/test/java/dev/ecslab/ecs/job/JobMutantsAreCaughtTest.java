package dev.ecslab.ecs.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.JqwikFailures;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Proves the job properties can fail, and for each mutant's own reason: run through jqwik on each mutant,
 * each property must fail once, with the failure its broken rule makes. A rule that lets two jobs run at once
 * is caught by the overlap of exactly the kind of pair it lets through (or by the wrong values the overlap
 * leaves); the rule that serializes everything, by two readers that never meet.
 */
class JobMutantsAreCaughtTest {
    /** "conflicting jobs overlapped: job K ...(rR wW ...) started (at T) before job J ...(rR wW ...) ended (at T)". */
    static final Pattern OVERLAP = Pattern.compile("conflicting jobs overlapped: job \\d+ (?:scheduled|parallel)\\(r(\\d+) w(\\d+)"
            + " f\\d+(?: b\\d+)?\\) started \\(at \\d+\\) before job \\d+ (?:scheduled|parallel)\\(r(\\d+) w(\\d+) f\\d+(?: b\\d+)?\\)"
            + " ended \\(at \\d+\\)");
    /** The values a data race leaves: the world differs from running the jobs one by one. */
    static final Pattern NOT_SERIALIZABLE = Pattern.compile(
            "not serializable: \\S+ has \\S+ but running the jobs one by one in scheduling order gives \\S+");

    /** A later job (reads, writes) and the earlier one it overlapped, from an overlap message. */
    record Pair(int laterReads, int laterWrites, int earlierReads, int earlierWrites) {
        static Pair of(Matcher m) {
            return new Pair(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)));
        }
    }

    static Throwable onlyFailure(String method) {
        List<Throwable> failures = JqwikFailures.of(JobMutantChecks.class, method);
        assertThat(failures).as("the property must fail on mutant %s", method).hasSize(1);
        System.out.println("JobMutantsAreCaughtTest: " + method + " failed: " + failures.get(0).getMessage());
        return failures.get(0);
    }

    /** The failure is an overlap of a pair that {@code letThrough} says the mutant's rule lets run at once, or its values. */
    static void overlapOrItsValues(Throwable failure, java.util.function.Predicate<Pair> letThrough, String kind) {
        assertThat(failure).isExactlyInstanceOf(AssertionError.class);
        String message = failure.getMessage();
        Matcher overlap = OVERLAP.matcher(message);
        if (overlap.matches()) {
            assertThat(letThrough.test(Pair.of(overlap))).as("the overlapping pair is %s: %s", kind, message).isTrue();
        } else {
            assertThat(message).as("an overlap of %s, or the wrong values it leaves", kind).matches(NOT_SERIALIZABLE);
        }
    }

    @Test
    void aReaderThatDoesNotWaitForAnEarlierWriterIsCaught() {
        overlapOrItsValues(onlyFailure("ignoringReaderAfterWriter(dev.ecslab.ecs.job.JobSteps)"),
                p -> (p.laterReads() & p.earlierWrites()) != 0 && (p.laterWrites() & (p.earlierReads() | p.earlierWrites())) == 0,
                "a reader of what an earlier job writes, writing nothing it touches");
    }

    @Test
    void writersThatOverlapAreCaught() {
        overlapOrItsValues(onlyFailure("lettingWritersOverlap(dev.ecslab.ecs.job.JobSteps)"),
                p -> (p.laterWrites() & p.earlierWrites()) != 0 && (p.laterReads() & p.earlierWrites()) == 0
                        && (p.laterWrites() & p.earlierReads()) == 0,
                "two writers of one component, neither reading what the other writes");
    }

    @Test
    void aSchedulerThatSerializesEverythingIsCaught() {
        Throwable failure = onlyFailure("serializingEverything(int, int, boolean, boolean)");
        assertThat(failure).isExactlyInstanceOf(AssertionFailedError.class);
        assertThat(failure.getMessage()).isEqualToNormalizingNewlines("[the two readers met] \nExpecting value to be true but was false");
    }
}
