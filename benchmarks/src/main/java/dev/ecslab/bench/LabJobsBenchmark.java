package dev.ecslab.bench;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A whole lab campaign under {@code --jobs 1} and {@code --jobs N}, side by side: how much of the machine the
 * lab uses. One shot is one campaign, the catalogue searched (6 schedules per scenario and configuration at
 * most) and 120 random scenarios, criterion 6 off:
 * <ul>
 *   <li>{@code gate}: one configuration ({@code generation} under {@code dynamic}), as {@code lab gate} runs it:
 *       parallel only across scenarios;</li>
 *   <li>{@code matrix}: four strategies (two of them failing, so first failures are shrunk) under {@code serial}
 *       and {@code dynamic}, as {@code lab run} runs them: parallel across scenarios and rows.</li>
 * </ul>
 * The scenario runs of a shot are counted (through the lab's progress) and printed at the end of the fork, so
 * runs per second follow from the time per shot. The matrices of every job count are equal
 * ({@code ParallelLabTest}); this measures only the time.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LabJobsBenchmark}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx2g"})
@Warmup(iterations = 5)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class LabJobsBenchmark {
    @Param({"1", "2"})
    public int jobs;

    @Param({"gate", "matrix"})
    public String workload;

    List<TrackerSubject> trackers;
    List<ExecutorSubject> executors;
    final AtomicLong runs = new AtomicLong();
    long shots;

    @Setup(Level.Trial)
    public void setup() {
        ClassLoader loader = getClass().getClassLoader();
        trackers = new ArrayList<>();
        executors = new ArrayList<>();
        if (workload.equals("gate")) {
            trackers.add(TrackerSubject.find("generation", loader));
            executors.add(ExecutorSubject.of("dynamic"));
        } else {
            for (String t : List.of("flags", "last-tick", "generation", "system-data")) {
                trackers.add(TrackerSubject.find(t, loader));
            }
            executors.add(ExecutorSubject.of("serial"));
            executors.add(ExecutorSubject.of("dynamic"));
        }
    }

    @Benchmark
    public Matrix campaign() {
        long[] last = {0};
        Matrix m = new Lab(LabOptions.defaults().withTries(120).withMemory(false).withCatalogueSearch(1, 6)
                .withProgress((done, total, what) -> last[0] = Math.max(last[0], done)))
                .withJobs(jobs).run(trackers, executors, Catalogue.all());
        runs.addAndGet(last[0]);
        shots++;
        return m;
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.printf("%n[LabJobsBenchmark] workload=%s jobs=%d: %d scenario runs planned per shot (a catalogue"
                + " scenario counted at its search budget; the shrinker's runs not counted)%n", workload, jobs, shots == 0 ? 0 : runs.get() / shots);
    }
}
