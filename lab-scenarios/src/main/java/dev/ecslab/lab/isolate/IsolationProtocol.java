package dev.ecslab.lab.isolate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.change.Horizon;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.explore.SearchLog;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import java.util.Set;

/**
 * What the lab and its isolated JVM ({@link IsolatedJvmMain}) say to each other: one JSON object per line,
 * a request on the child's standard input, its answer on the child's standard output, strictly in turn. Both
 * ends are the same build of the lab (the parent starts the child on its own class path), so the messages are
 * the lab's own records, written and read by the scenario mapper; nothing here is a public format.
 */
final class IsolationProtocol {
    private static final ObjectWriter ONE_LINE = ScenarioJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    private IsolationProtocol() {
    }

    /** The operations: list the jars' subjects, make one run, replay a free trace's order, measure criterion 6, end. */
    enum Op { DESCRIBE, RUN, RUN_IN_ORDER, MEMORY, CLOSE }

    /**
     * A request; {@code scenario} and {@code spec} for {@link Op#RUN}, and with them the {@code recorded} trace whose
     * order to follow and the executor's recorded jar for {@link Op#RUN_IN_ORDER}; {@code spec} for {@link Op#MEMORY}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(Op op, Scenario scenario, Spec spec, Trace recorded, PluginJar executorJar) {
        Request(Op op, Scenario scenario, Spec spec) {
            this(op, scenario, spec, null, null);
        }
    }

    /**
     * A run's configuration by name: the strategy's label and the promise it is held to, the executor's id, and
     * the rest of {@link LabConfig}; the exploration as its kind and its data.
     */
    record Spec(String strategy, ClaimedClass claimed, int delayFrames, String executor, long seed, int threads,
            long timeoutMillis, String exploration, int depth, List<String> script, List<Integer> prefix, Set<String> sleep,
            int deviations, boolean reduce) {

        static Spec of(LabConfig c) {
            Exploration x = c.exploration();
            String kind;
            int depth = 0;
            List<String> script = List.of();
            List<Integer> prefix = List.of();
            Set<String> sleep = Set.of();
            int deviations = 0;
            boolean reduce = false;
            if (x instanceof Exploration.Random) {
                kind = "random";
            } else if (x instanceof Exploration.Pct p) {
                kind = "pct";
                depth = p.depth();
            } else if (x instanceof Exploration.Script s) {
                kind = "script";
                script = s.choices();
            } else if (x instanceof Exploration.Exhaustive e) {
                kind = "exhaustive";
                prefix = e.prefix();
                sleep = e.sleep();
                deviations = e.deviations();
                reduce = e.reduce();
            } else {
                throw new IllegalArgumentException("an exploration the isolated JVM does not know: " + x);
            }
            return new Spec(c.tracker().label(), c.tracker().claimed(), c.tracker().delayFrames(), c.executor().id(),
                    c.seed(), c.threads(), c.timeout().toMillis(), kind, depth, script, prefix, sleep, deviations, reduce);
        }

        /** The exploration this spec names, writing to {@code log} when it is one schedule of a search. */
        Exploration exploration(SearchLog log) {
            return switch (exploration) {
                case "random" -> Exploration.RANDOM;
                case "pct" -> new Exploration.Pct(depth);
                case "script" -> new Exploration.Script(script);
                case "exhaustive" -> new Exploration.Exhaustive(prefix, sleep, deviations, reduce, log);
                default -> throw new IllegalArgumentException("unknown exploration '" + exploration + "'");
            };
        }
    }

    /** A strategy subject of the jars, as the lab's matrix needs to know it. */
    record StrategyInfo(String id, ChangeFlavor flavor, ClaimedClass claimed, String description, int delayFrames,
            PluginJar jar, Horizon horizon) {
    }

    /** An executor of the jars. */
    record ExecutorInfo(String id, PluginJar jar) {
    }

    /**
     * An answer. {@code badInput}: the jars were refused, in words (the lab says so and exits 2). {@code error}:
     * the lab itself failed in the child (not the code under test, whose failures are crashes in the trace).
     * {@code retire}: the child ends after this answer, because a run left threads behind (it timed out, or a
     * thread was left running), so the next run gets a fresh JVM.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Answer(String badInput, String error, List<StrategyInfo> strategies, List<ExecutorInfo> executors, Trace trace,
            SearchLog.Snapshot log, MemoryBound.Result memory, Boolean retire) {
        static Answer trace(Trace t, SearchLog.Snapshot log, boolean retire) {
            return new Answer(null, null, null, null, t, log, null, retire ? Boolean.TRUE : null);
        }

        static Answer error(String error) {
            return new Answer(null, error, null, null, null, null, null, null);
        }

        boolean retires() {
            return Boolean.TRUE.equals(retire);
        }
    }

    static String write(Object message) {
        try {
            return ONE_LINE.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + message.getClass().getSimpleName(), e);
        }
    }

    static <T> T read(String line, Class<T> type) throws JsonProcessingException {
        return ScenarioJson.MAPPER.readValue(line, type);
    }
}
