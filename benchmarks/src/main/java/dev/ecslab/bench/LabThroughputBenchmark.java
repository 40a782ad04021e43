package dev.ecslab.bench;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The lab's own throughput: scenario runs per second (build the world and schedule, run the frames
 * with the quiet tail, record the trace, judge it), per executor, over a fixed set of 64 campaign
 * scenarios under {@code generation}, cycling through them. The executors run seeded, as the lab
 * runs them, so the dynamic executor includes its seeded delays (0 to 200 µs per system start),
 * which are there to shake interleavings, not to be fast.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LabThroughputBenchmark}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class LabThroughputBenchmark {
    @Param({"serial", "staged", "dynamic"})
    public String executor;

    List<Scenario> scenarios;
    LabConfig config;
    int next;

    @Setup
    public void setup() {
        scenarios = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            scenarios.add(ScenarioGenerator.generate("bench " + i, Choices.seeded(1_000 + i)));
        }
        config = new LabConfig(TrackerSubject.find("generation", getClass().getClassLoader()), ExecutorSubject.of(executor), 1);
    }

    /** One scenario run, judged. */
    @Benchmark
    public Outcome runAndJudge() {
        Scenario s = scenarios.get(next++ & 63);
        Outcome o = Judge.judge(s, ScenarioRunner.run(s, config.withSeed(next)));
        if (!o.passes()) {
            throw new IllegalStateException(s.name() + ": " + o.violations().get(0));
        }
        return o;
    }
}
