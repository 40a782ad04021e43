package dev.ecslab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.executor.StageRun;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.scenario.Scenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A controlled run's threads share one processor from the second run of its subject on, when its executor hands
 * systems to other threads; a free run's threads never do, nor those of an executor that runs every system on
 * the run's own thread. The evidence is the kernel's (each thread's {@code Cpus_allowed_list}), not the
 * pinning's own account of itself. Linux only: elsewhere nothing is pinned, and nothing here is judged.
 */
class ProcessorPinningTest {
    private static final TrackerSubject GENERATION = TrackerSubject.find("generation",
            ProcessorPinningTest.class.getClassLoader());
    private final Scenario scenario = Catalogue.all().get(0);

    @BeforeEach
    void onLinuxWithSeveralProcessors() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "not Linux: pinning is off");
        assumeTrue(allowed().size() > 1, "one processor: nothing to pin to");
        assertThat(ProcessorPinning.why()).as("pinning is on where the kernel offers affinity").isNull();
    }

    /** The current thread's processors, as the kernel lists them ("0-1" is [0, 1]). */
    static List<Integer> allowed() {
        try {
            String line = Files.readAllLines(Path.of("/proc/thread-self/status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow();
            List<Integer> cpus = new java.util.ArrayList<>();
            for (String part : line.substring(line.indexOf(':') + 1).trim().split(",")) {
                String[] range = part.split("-");
                int from = Integer.parseInt(range[0]);
                int to = range.length == 1 ? from : Integer.parseInt(range[1]);
                for (int c = from; c <= to; c++) {
                    cpus.add(c);
                }
            }
            return cpus;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code inner}, recording the processors of the thread that calls {@code execute} (the run's thread). */
    static final class Recording implements Executor {
        final Executor inner;
        final List<List<Integer>> seen;
        final List<Integer> createdOn = allowed();

        Recording(Executor inner, List<List<Integer>> seen) {
            this.inner = inner;
            this.seen = seen;
        }

        @Override
        public String id() {
            return inner.id();
        }

        @Override
        public void execute(StageRun run) {
            seen.add(allowed());
            inner.execute(run);
        }

        @Override
        public boolean controlled() {
            return inner.controlled();
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    private static Function<ExecutorOptions, Executor> free(List<List<Integer>> seen) {
        // the dynamic executor built without the control: it runs on thread timing, its workers in parallel
        return o -> new Recording(new DynamicExecutor(new ExecutorOptions(o.seed(), 2, o.inlineThresholdNanos())), seen);
    }

    @Test
    void aPinnedThreadsChildrenAreBornPinnedAndClosingThePinFreesTheThread() throws Exception {
        int all = allowed().size();
        List<Integer> child = new CopyOnWriteArrayList<>();
        try (ProcessorPinning.Pin pin = ProcessorPinning.pinCurrentThread()) {
            assertThat(pin.pinned()).isTrue();
            assertThat(allowed()).hasSize(1);
            Thread t = new Thread(() -> child.addAll(allowed()));
            t.start();
            t.join();
        }
        assertThat(child).as("a thread made by a pinned thread").hasSize(1);
        assertThat(allowed()).as("after the pin is closed").hasSize(all);
    }

    @Test
    void concurrentPinsGoToDifferentProcessors() {
        try (ProcessorPinning.Pin first = ProcessorPinning.pinCurrentThread()) {
            List<Integer> one = allowed();
            List<Integer> other = new CopyOnWriteArrayList<>();
            Thread t = new Thread(() -> {
                try (ProcessorPinning.Pin second = ProcessorPinning.pinCurrentThread()) {
                    other.addAll(allowed());
                }
            });
            t.start();
            join(t);
            assertThat(other).hasSize(1).doesNotContainAnyElementsOf(one);
        }
    }

    @Test
    void aControlledSubjectsRunsArePinnedOnceItWasSeenControlled() {
        List<List<Integer>> seen = new CopyOnWriteArrayList<>();
        ExecutorSubject controlled = new ExecutorSubject("pinning-controlled-" + System.nanoTime(),
                o -> new Recording(new DynamicExecutor(o), seen));
        LabConfig config = new LabConfig(GENERATION, controlled, 1, 2);
        ScenarioRunner.run(scenario, config);
        int firstRun = seen.size();
        ScenarioRunner.run(scenario, config.withSeed(2));
        assertThat(firstRun).isPositive();
        assertThat(seen.subList(0, firstRun)).as("the first run: not yet known to be controlled")
                .allSatisfy(cpus -> assertThat(cpus).hasSizeGreaterThan(1));
        assertThat(seen.subList(firstRun, seen.size())).as("later runs").isNotEmpty()
                .allSatisfy(cpus -> assertThat(cpus).hasSize(1));
    }

    /** Three runs of the subject whose executors {@code make} makes: none of them ever ran pinned. */
    private void neverPinned(String id, java.util.function.BiFunction<ExecutorOptions, List<List<Integer>>, Executor> make) {
        List<List<Integer>> seen = new CopyOnWriteArrayList<>();
        LabConfig config = new LabConfig(GENERATION, new ExecutorSubject(id + "-" + System.nanoTime(),
                o -> make.apply(o, seen)), 1, 2);
        for (int seed = 1; seed <= 3; seed++) {
            ScenarioRunner.run(scenario, config.withSeed(seed));
        }
        assertThat(seen).isNotEmpty().allSatisfy(cpus -> assertThat(cpus).hasSizeGreaterThan(1));
    }

    @Test
    void aControlledExecutorThatRunsEverythingOnItsOwnThreadIsNeverPinned() {
        neverPinned("pinning-serial", (o, seen) -> new Recording(new SerialExecutor(o), seen));
    }

    @Test
    void aFreeRunIsNeverPinned() {
        neverPinned("pinning-free", (o, seen) -> free(seen).apply(o));
    }

    @Test
    void aSubjectThatTurnsFreeIsMadeAgainUnpinned() {
        List<List<Integer>> seen = new CopyOnWriteArrayList<>();
        List<Recording> made = new CopyOnWriteArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        // controlled in its first run, free when made for the second: only then can it be made on a pinned thread
        ExecutorSubject turning = new ExecutorSubject("pinning-turning-" + System.nanoTime(), o -> {
            Recording r = (Recording) (calls.incrementAndGet() == 2 ? free(seen).apply(o)
                    : new Recording(new DynamicExecutor(o), seen));
            made.add(r);
            return r;
        });
        LabConfig config = new LabConfig(GENERATION, turning, 1, 2);
        ScenarioRunner.run(scenario, config);
        seen.clear();
        ScenarioRunner.run(scenario, config.withSeed(2));
        assertThat(made).hasSize(3);
        assertThat(made.get(1).createdOn).as("the free one was made on the pinned run thread").hasSize(1);
        assertThat(made.get(2).createdOn).as("made again, unpinned").hasSizeGreaterThan(1);
        assertThat(seen).as("what ran: the executor made again").isNotEmpty()
                .allSatisfy(cpus -> assertThat(cpus).hasSizeGreaterThan(1));
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
