package dev.ecslab.lab.isolate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.isolate.IsolationProtocol.Answer;
import dev.ecslab.lab.isolate.IsolationProtocol.Op;
import dev.ecslab.lab.isolate.IsolationProtocol.Request;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's side of an isolated JVM, against stand-in children (small shell programs) that end, stall or babble
 * in each way a real child can: every way ends in {@link IsolatedJvm.Ended} saying how, within its limit, with the
 * child's last words, and with no process left; the JVM's own lines before an answer are not taken for a failure.
 */
class IsolatedJvmTest {
    @TempDir
    Path dir;

    private IsolatedJvm child(String script) {
        return IsolatedJvm.start(new IsolatedJvmCommand(List.of("sh", "-c", script), dir.resolve("hs_err_pid%p.log")));
    }

    private static final Request DESCRIBE = new Request(Op.DESCRIBE, null, null);

    @Test
    void aChildThatNeverAnswersIsEndedAtTheLimitAndSaidToHaveTimedOut() {
        IsolatedJvm c = child("echo started >&2; cat > /dev/null");
        long start = System.nanoTime();
        assertThatThrownBy(() -> c.ask(DESCRIBE, Duration.ofSeconds(1))).isInstanceOfSatisfying(IsolatedJvm.Ended.class, e -> {
            assertThat(e.timedOut()).isTrue();
            assertThat(e.getMessage()).contains("did not answer within 1 s");
        });
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertNoProcessLeft(c);
    }

    @Test
    void aChildThatExitsIsSaidToHaveEndedWithItsStatusAndLastWords() {
        IsolatedJvm c = child("read x; echo 'last words' >&2; exit 7");
        assertThatThrownBy(() -> c.ask(DESCRIBE, Duration.ofSeconds(30))).isInstanceOfSatisfying(IsolatedJvm.Ended.class, e -> {
            assertThat(e.timedOut()).isFalse();
            assertThat(e.getMessage()).contains("ended with status 7").contains("System.exit or Runtime.halt");
            assertThat(e.lines()).contains("last words");
        });
        assertNoProcessLeft(c);
    }

    @Test
    void aChildThatRanOutOfMemoryIsSaidToHave() {
        IsolatedJvm c = child("read x; echo 'Terminating due to java.lang.OutOfMemoryError: Java heap space' >&2; exit 3");
        assertThatThrownBy(() -> c.ask(DESCRIBE, Duration.ofSeconds(30))).isInstanceOfSatisfying(IsolatedJvm.Ended.class,
                e -> assertThat(e.getMessage()).contains("ran out of memory").contains("Java heap space"));
    }

    @Test
    void aChildKilledByASignalIsSaidToHaveBeen() {
        IsolatedJvm c = child("read x; kill -9 $$");
        assertThatThrownBy(() -> c.ask(DESCRIBE, Duration.ofSeconds(30))).isInstanceOfSatisfying(IsolatedJvm.Ended.class,
                e -> assertThat(e.getMessage()).contains("was killed by signal 9"));
    }

    @Test
    void aBrokenAnswerFromAChildThatGoesOnEndsIt() {
        IsolatedJvm c = child("read x; echo '{not an answer'; cat > /dev/null");
        assertThatThrownBy(() -> c.ask(DESCRIBE, Duration.ofSeconds(30))).isInstanceOfSatisfying(IsolatedJvm.Ended.class,
                e -> assertThat(e.getMessage()).contains("what is not the lab's answer ('{not an answer')"));
        assertNoProcessLeft(c);
    }

    @Test
    void theJvmsOwnLinesBeforeAnAnswerAreKeptAndTheAnswerIsTaken() throws Exception {
        IsolatedJvm c = child("read x; echo '[0.4s][info][jfr] Started recording 1.'; echo '{\"retire\":true}'; cat > /dev/null");
        Answer a = c.ask(DESCRIBE, Duration.ofSeconds(30));
        assertThat(a.retires()).isTrue();
        c.end();
        assertNoProcessLeft(c);
    }

    @Test
    void onlyTheLastLinesOfAChattyChildAreKept() {
        IsolatedJvm c = child("read x; i=0; while [ $i -lt 500 ]; do echo \"line $i\" >&2; i=$((i+1)); done; exit 1");
        assertThatThrownBy(() -> c.ask(DESCRIBE, Duration.ofSeconds(30))).isInstanceOfSatisfying(IsolatedJvm.Ended.class, e -> {
            assertThat(e.lines()).hasSize(IsolatedJvm.TAIL).endsWith("line 499");
        });
    }

    private static void assertNoProcessLeft(IsolatedJvm c) {
        assertThat(c.alive()).as("the child process is still running").isFalse();
    }
}
