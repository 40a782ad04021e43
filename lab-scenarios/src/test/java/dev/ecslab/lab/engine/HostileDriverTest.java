package dev.ecslab.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Drivers that break the process protocol, one way each ({@code src/test/resources/engine-drivers}): every one ends
 * in a trace that {@link Judge} judges a crash whose message names the failure, within a bounded time, and leaves
 * no process behind, not even a child the driver started. {@link ProcessEngine#close} from another thread wakes a
 * call that waits for an answer or is blocked writing to a driver that stopped reading. A driver whose contract the
 * lab cannot accept is refused before any run, with the field named.
 */
class HostileDriverTest {
    /** The timeout of a run whose driver hangs: it is what ends the run. */
    static final Duration RUN_TIMEOUT = Duration.ofSeconds(3);
    /**
     * The timeout of a run whose driver fails at once: generous, so that on a loaded machine the failure itself,
     * not the timeout, ends the run; such a run must still end within {@link #BOUND}.
     */
    static final Duration FAIL_FAST_TIMEOUT = Duration.ofSeconds(60);
    static final Duration HELLO_TIMEOUT = Duration.ofSeconds(15);
    /** The hang's timeout, plus the grace periods of closing and a slow machine's start of Node. */
    static final Duration BOUND = RUN_TIMEOUT.plusSeconds(15);
    static final Scenario SCENARIO = Catalogue.basic(Catalogue.Target.COMPONENT);

    static List<String> driver(String file) {
        try {
            return List.of("node", Path.of(HostileDriverTest.class.getResource("/engine-drivers/" + file).toURI()).toString());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static EngineSubject subject(String file) {
        return EngineSubject.process(driver(file), null, HELLO_TIMEOUT);
    }

    /** Runs the scenario on a driver that fails at once; answers the messages of its crash violations. */
    static List<String> crashes(EngineSubject subject) {
        return crashes(subject, FAIL_FAST_TIMEOUT);
    }

    /**
     * Runs the scenario on the driver with the run's {@code timeout}; answers the messages of its crash violations,
     * checked to exist, once the run has ended within {@link #BOUND} and left nothing behind.
     */
    static List<String> crashes(EngineSubject subject, Duration timeout) {
        long start = System.nanoTime();
        Trace trace = EngineRunner.run(SCENARIO, subject, 1L, timeout);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(took).as("the run ends within %s", BOUND).isLessThan(BOUND);
        assertNoDriverLeft();
        List<String> messages = Judge.judge(SCENARIO, trace).violations().stream()
                .filter(v -> v.criterion() == Criterion.CRASH).map(Violation::message).toList();
        assertThat(messages).as("crash violations").isNotEmpty();
        return messages;
    }

    /**
     * No process the test started lives (none of this JVM's descendants, and no {@code sleep 1000} anywhere), and no
     * thread that read a driver.
     */
    static void assertNoDriverLeft() {
        awaitDescendants();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(HostileDriverTest::words))
                .as("processes the test started").isEmpty();
        assertThat(ProcessHandle.allProcesses().filter(HostileDriverTest::isHostileChild).map(HostileDriverTest::words))
                .as("children the hostile drivers started").isEmpty();
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("ecslab-driver-"))).as("threads reading a driver").isEmpty();
    }

    /** Waits, 2 seconds at the most, for this JVM's descendants to end: an ended process may still be reaped. */
    static void awaitDescendants() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        for (ProcessHandle h : ProcessHandle.current().descendants().toList()) {
            long wait = Math.max(1, deadline - System.nanoTime());
            try {
                h.onExit().get(wait, TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    static boolean isHostileChild(ProcessHandle h) {
        ProcessHandle.Info info = h.info();
        return h.isAlive() && info.command().map(c -> c.endsWith("sleep")).orElse(false)
                && info.arguments().map(a -> List.of(a).equals(List.of("1000"))).orElse(false);
    }

    static String words(ProcessHandle h) {
        return h.pid() + " " + h.info().commandLine().orElse("?");
    }

    @Test
    void aDriverThatCrashesAtStartIsRefusedAndItsRunsCrash() {
        assertThatThrownBy(() -> subject("crash-at-start.mjs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hello (request 1)")
                .hasMessageContaining("exited with code 3")
                .hasMessageContaining("the engine library could not be loaded");
        EngineContract known = subject("exit-mid-run.mjs").contract();
        EngineSubject subject = new EngineSubject(known,
                new ProcessEngineProvider(known, driver("crash-at-start.mjs"), null, HELLO_TIMEOUT), null);
        assertThat(crashes(subject)).anySatisfy(m -> assertThat(m).contains("exited with code 3")
                .contains("the engine library could not be loaded"));
    }

    @Test
    void aDriverThatHangsAtItsStartIsEndedByTheHelloTimeoutOrTheRunTimeout() {
        assertThatThrownBy(() -> EngineSubject.process(driver("hang-at-hello.mjs"), null, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hello (request 1)")
                .hasMessageContaining("did not answer within 1000 ms")
                .hasMessageContaining("loading the engine");
        assertNoDriverLeft();
        EngineContract known = subject("exit-mid-run.mjs").contract();
        EngineSubject subject = new EngineSubject(known,
                new ProcessEngineProvider(known, driver("hang-at-hello.mjs"), null, Duration.ofMinutes(5)), null);
        assertThat(crashes(subject, RUN_TIMEOUT)).anySatisfy(m -> assertThat(m).contains("did not end its run within 3 s"))
                .anySatisfy(m -> assertThat(m).contains("hello (request 1)").contains("closed while the lab waited"));
    }

    @Test
    void aDriverThatExitsInARunCrashesWithItsExitCode() {
        assertThat(crashes(subject("exit-mid-run.mjs"))).anySatisfy(m -> assertThat(m).contains("beginRun (request")
                .contains("exited with code 7").contains("segmentation fault in the engine").contains("last exchanged"));
    }

    @Test
    void aDriverThatNeverAnswersIsEndedByTheRunTimeout() {
        assertThat(crashes(subject("hang.mjs"), RUN_TIMEOUT))
                .anySatisfy(m -> assertThat(m).contains("did not end its run within 3 s"))
                .anySatisfy(m -> assertThat(m).contains("report (request").contains("closed while the lab waited")
                        .contains("stuck in report"));
    }

    @Test
    void anAnswerThatIsNotJsonIsQuotedPrintably() {
        assertThat(crashes(subject("not-json.mjs"))).anySatisfy(m -> assertThat(m).contains("open (request 2)")
                .contains("not a JSON object").contains("'this is not json \\u001b[31m at all'"));
    }

    @Test
    void anAnswerWithAnotherIdIsOutOfOrder() {
        assertThat(crashes(subject("wrong-id.mjs"))).anySatisfy(m -> assertThat(m).contains("open (request 2)")
                .contains("answered id 3 to request 2").contains("out of order"));
    }

    @Test
    void endlessOutputIsAFlood() {
        assertThat(crashes(subject("flood-endless.mjs"))).anySatisfy(m -> assertThat(m).contains("open (request 2)")
                .contains("flooded its output").contains("longer than 128 MiB"));
    }

    /** The limit (128 MiB by default, room for the largest world's end state) lowered to 1 MiB for the test. */
    @Test
    void aLineOfTwoMebibytesIsAFloodUnderAOneMebibyteLimit() {
        System.setProperty(ProcessEngine.MAX_LINE_BYTES.property(), String.valueOf(1 << 20));
        try {
            assertThat(crashes(subject("flood-long-line.mjs"))).anySatisfy(m -> assertThat(m).contains("open (request 2)")
                    .contains("flooded its output").contains("longer than 1 MiB"));
        } finally {
            System.clearProperty(ProcessEngine.MAX_LINE_BYTES.property());
        }
    }

    @Test
    void aRefusalCarriesTheDriversErrorText() {
        assertThat(crashes(subject("ok-false.mjs"))).anySatisfy(m -> assertThat(m).contains("open (request 2)")
                .contains("ok:false").contains("out of query slots"));
    }

    @Test
    void aChildThatWouldOutliveTheDriverIsEndedWithIt() {
        List<String> messages = crashes(subject("child-outlives.mjs"), RUN_TIMEOUT);
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("did not end its run within 3 s"));
        Matcher pid = messages.stream().map(Pattern.compile("child pid (\\d+)")::matcher).filter(Matcher::find).findFirst()
                .orElseThrow(() -> new AssertionError("no message quotes the child's pid: " + messages));
        Optional<ProcessHandle> child = ProcessHandle.of(Long.parseLong(pid.group(1)));
        assertThat(child.filter(ProcessHandle::isAlive)).as("the driver's child").isEmpty();
    }

    @Test
    void closeWakesACallBlockedWritingToADriverThatStoppedReading() throws Exception {
        EngineContract known = subject("exit-mid-run.mjs").contract();
        ProcessEngine engine = ProcessEngine.launch(driver("deaf.mjs"), null, HELLO_TIMEOUT, known);
        List<EngineWorld.SystemDecl> systems = new java.util.ArrayList<>();
        for (int i = 0; i < 50_000; i++) {                     // a request of some MiB: far more than a pipe holds
            systems.add(new EngineWorld.SystemDecl("system-" + i, List.of(new EngineWorld.WatchDecl("A", "ADDED", false, false))));
        }
        java.util.concurrent.CompletableFuture<Void> open = java.util.concurrent.CompletableFuture.runAsync(() -> {
            try {
                engine.open(new EngineWorld(systems));
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        assertThatThrownBy(() -> open.get(1, TimeUnit.SECONDS)).as("the call blocks").isInstanceOf(TimeoutException.class);
        long start = System.nanoTime();
        engine.close();
        assertThatThrownBy(() -> open.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasRootCauseInstanceOf(DriverFailure.class).rootCause().hasMessageContaining("open (request 2)")
                .hasMessageContaining("closed");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
        assertNoDriverLeft();
    }

    @Test
    void aContractWithAnUnknownKindIsRefusedNamingTheField() {
        assertThatThrownBy(() -> subject("bad-kind.mjs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field 'components'")
                .hasMessageContaining("SOMETIMES");
        assertNoDriverLeft();
    }

    @Test
    void aContractWithANegativeDelayIsRefusedNamingTheField() {
        assertThatThrownBy(() -> subject("bad-delay.mjs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field 'delayFrames'")
                .hasMessageContaining("-1");
        assertNoDriverLeft();
    }

    @Test
    void aContractWithUnknownSetSemanticsIsRefusedNamingTheField() {
        assertThatThrownBy(() -> subject("bad-sets.mjs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field 'sets'")
                .hasMessageContaining("SOMETIMES")
                .hasMessageContaining("MEMBERSHIP");
        assertNoDriverLeft();
    }

    @Test
    void anotherProtocolVersionIsRefused() {
        assertThatThrownBy(() -> subject("wrong-protocol.mjs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("speaks protocol 2")
                .hasMessageContaining("protocol 1 only");
        assertNoDriverLeft();
    }
}
