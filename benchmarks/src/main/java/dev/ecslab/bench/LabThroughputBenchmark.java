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
 * scenarios under {@code generation}, cycling through them. Runs are controlled, as the lab runs them:
 * one thread makes progress at a time and every decision comes from the seed (no sleeps).
 *
 * <p>{@code space}: {@code all} takes the first 64 scenarios of the generator, whose worlds reach 10⁴
 * entities (bulk spawns, groups crossing the summaries' blocks and groups); {@code small} takes the first
 * 64 whose worlds never hold more than 12 entities, the size of every world the generator made before
 * the scenario space grew, so that figures can be compared with earlier ones like for like.
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

    @Param({"all", "small"})
    public String space;

    List<Scenario> scenarios;
    LabConfig config;
    int next;

    @Setup
    public void setup() {
        scenarios = new ArrayList<>();
        for (int i = 0; scenarios.size() < 64; i++) {
            Scenario s = ScenarioGenerator.generate("bench " + i, Choices.seeded(1_000 + i));
            if (space.equals("all") || mostEntities(s) <= 12) {
                scenarios.add(s);
            }
        }
        config = new LabConfig(TrackerSubject.find("generation", getClass().getClassLoader()), ExecutorSubject.of(executor), 1);
    }

    /** An upper bound of the entities alive at once: the initial world, its groups, and every spawn. */
    static int mostEntities(Scenario s) {
        int n = s.entities().size();
        for (var g : s.groups()) {
            n += g.count();
        }
        for (var e : s.edits()) {
            if (e.op() == dev.ecslab.lab.scenario.EditOp.SPAWN) {
                n += Math.max(1, e.count());
            }
        }
        return n;
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
