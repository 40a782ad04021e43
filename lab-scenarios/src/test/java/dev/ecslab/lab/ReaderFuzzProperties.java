package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Fuzzes the three readers of user input (schedules, scenarios, replay files, the last with its
 * consistency check and then the judge) with mutated valid files: bit flips, truncation, duplicated
 * and removed spans, huge numbers, deep nesting, bytes that are not UTF-8, hostile strings, and the
 * mutations that keep the JSON valid but make it wrong (another small number, another of the file's
 * strings: a run id, a frame, a system name in the wrong place). Each input
 * must give a valid result or a {@link BadInputException} (for a schedule, also the compiler's
 * {@link ScheduleBuildException}, which the command line maps to exit 2 as well), never another
 * exception; the message is one line without Java names; each input is handled within a generous time
 * bound and allocates a bounded number of bytes. jqwik prints the seed of every run; the statistics
 * show the share of each mutation and of accepted and rejected inputs, and coverage checks make sure
 * both outcomes and every mutation happen often enough for the property to mean something.
 */
class ReaderFuzzProperties {
    enum Reader { SCHEDULE, SCENARIO, REPLAY }

    enum Mutation { NONE, FLIP, TRUNCATE, DUPLICATE, REMOVE, HUGE_NUMBER, OTHER_NUMBER, OTHER_STRING, DEEP, NOT_UTF8, HOSTILE_STRING }

    record Input(Reader reader, Mutation mutation, double at, int length, int depth, long seed) {
    }

    private static byte[] schedule;
    private static byte[] scenario;
    private static byte[] replay;
    private static FuzzWorker worker;

    @BeforeContainer
    static void seeds() throws IOException {
        schedule = SCHEDULE.getBytes(StandardCharsets.UTF_8);
        Scenario s = Catalogue.atLeastOnce(Target.COMPONENT);
        scenario = ScenarioJson.write(Catalogue.ambiguousOrdering(Target.RESOURCE)).getBytes(StandardCharsets.UTF_8);
        worker = new FuzzWorker("reader-fuzz");
        Path file = worker.folder().resolve("seed-replay.json");
        Replay.save(file, s, ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("flags",
                ReaderFuzzProperties.class.getClassLoader()), ExecutorSubject.of("serial"), 3)));
        replay = Files.readAllBytes(file);
        // The seeds themselves are valid: a mutation, not the seed, makes an input bad.
        ScheduleJson.read(worker.write("seed-schedule.json", schedule)).ambiguities();
        ScenarioJson.read(worker.write("seed-scenario.json", scenario));
        Replay.load(file);
    }

    @AfterContainer
    static void stop() throws IOException {
        worker.close();
    }

    @Provide
    Arbitrary<Input> inputs() {
        return Combinators.combine(Arbitraries.of(Reader.class), mutations(Mutation.class),
                Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(1, 4000),
                Arbitraries.integers().between(2, 200_000), Arbitraries.longs())
                .as(Input::new);
    }

    /**
     * Collects the input's mutation and outcome (accepted, or rejected when {@code error} is set), and checks
     * that each mutation is in at least 2 % of the inputs, valid results in 3 % and errors in half.
     */
    static <M extends Enum<M>> void collect(M mutation, RuntimeException error) {
        Statistics.label("mutation").collect(mutation);
        Statistics.label("outcome").collect(error == null ? "accepted" : "rejected");
        Statistics.label("outcome").coverage(c -> {
            c.check("accepted").percentage(p -> p >= 3);
            c.check("rejected").percentage(p -> p >= 50);
        });
        Statistics.label("mutation").coverage(c -> {
            for (M m : mutation.getDeclaringClass().getEnumConstants()) {
                c.check(m).percentage(p -> p >= 2);
            }
        });
    }

    /** A mutation: the first (none) in 1 input of 21, enough to see valid inputs pass; each other alike. */
    static <M extends Enum<M>> Arbitrary<M> mutations(Class<M> type) {
        M[] all = type.getEnumConstants();
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(1, Arbitraries.just(all[0])),
                net.jqwik.api.Tuple.of(20, Arbitraries.of(Arrays.copyOfRange(all, 1, all.length))));
    }

    @Property(tries = 2000, edgeCases = EdgeCasesMode.NONE)
    void aReaderGivesAValidResultOrOneLineOfBadInput(@ForAll("inputs") Input in) throws Exception {
        byte[] seed = switch (in.reader()) {
            case SCHEDULE -> schedule;
            case SCENARIO -> scenario;
            case REPLAY -> replay;
        };
        Path file = worker.write("input.json", mutate(seed, in));
        RuntimeException error = worker.read(in, () -> read(in.reader(), file));
        if (error != null) {
            FuzzWorker.assertOneLineOfWords(error.getMessage());
            if (error instanceof BadInputException bad) {
                assertThat(bad.source()).isEqualTo(file.toString());
            }
        }

        Statistics.label("reader").collect(in.reader());
        collect(in.mutation(), error);
        Statistics.label("reader").coverage(c -> {
            for (Reader r : Reader.values()) {
                c.check(r).percentage(p -> p >= 20);
            }
        });
    }

    /** What reading gave: null (a valid result) or the bad-input error. */
    private static RuntimeException read(Reader reader, Path file) {
        RuntimeException error = null;
        try {
            switch (reader) {
                case SCHEDULE -> {
                    var loaded = ScheduleJson.read(file);
                    try {
                        loaded.ambiguities();
                    } catch (ScheduleBuildException rule) {
                        error = rule;                       // a cycle, an unknown target, ...: exit 2 as well
                    }
                }
                case SCENARIO -> ScenarioJson.read(file);
                case REPLAY -> {
                    Replay.Saved saved = Replay.load(file);
                    Judge.judge(saved.scenario(), saved.trace());   // a checked trace never trips the oracle
                }
            }
        } catch (BadInputException e) {
            error = e;
        }
        return error;
    }

    /** {@code seed} with the input's mutation applied. */
    static byte[] mutate(byte[] seed, Input in) {
        Random random = new Random(in.seed());
        int at = (int) Math.min(seed.length - 1, Math.floor(in.at() * seed.length));
        int length = Math.min(in.length(), seed.length - at);
        return switch (in.mutation()) {
            case NONE -> seed;
            case FLIP -> {
                byte[] out = seed.clone();
                for (int i = 0; i < 1 + in.length() % 8; i++) {
                    int p = (at + random.nextInt(Math.max(1, Math.min(seed.length, 64)))) % seed.length;
                    out[p] ^= (byte) (1 << random.nextInt(8));
                }
                yield out;
            }
            case TRUNCATE -> Arrays.copyOf(seed, at);
            case DUPLICATE -> splice(seed, at, 0, Arrays.copyOfRange(seed, at, at + length));
            case REMOVE -> splice(seed, at, length, new byte[0]);
            case HUGE_NUMBER -> {
                int digit = indexOfDigit(seed, at);
                String[] huge = {"9".repeat(in.length()), "-" + "9".repeat(20), "1e999999999", "0." + "0".repeat(in.length()) + "1",
                        "2147483648", "-1", "9223372036854775808"};
                yield digit < 0 ? seed : splice(seed, digit, 1, huge[random.nextInt(huge.length)].getBytes(StandardCharsets.UTF_8));
            }
            case OTHER_NUMBER -> {
                int digit = indexOfDigit(seed, at);
                int end = digit;
                while (end >= 0 && end < seed.length && seed[end] >= '0' && seed[end] <= '9') {
                    end++;
                }
                String other = Integer.toString(random.nextInt(42) - 1);
                yield digit < 0 ? seed : splice(seed, digit, end - digit, other.getBytes(StandardCharsets.UTF_8));
            }
            case OTHER_STRING -> {
                int[] target = string(seed, indexOf(seed, (byte) '"', at));
                int[] source = string(seed, indexOf(seed, (byte) '"', random.nextInt(seed.length)));
                yield target == null || source == null ? seed : splice(seed, target[0], target[1] - target[0],
                        Arrays.copyOfRange(seed, source[0], source[1]));
            }
            case DEEP -> {
                int value = indexOf(seed, (byte) ':', at);
                String open = random.nextBoolean() ? "[" : "{\"a\":";
                String close = open.equals("[") ? "]" : "}";
                String nest = open.repeat(in.depth()) + "1" + close.repeat(random.nextBoolean() ? in.depth() : 0);
                yield value < 0 ? seed : splice(seed, value + 1, 0, nest.getBytes(StandardCharsets.UTF_8));
            }
            case NOT_UTF8 -> {
                byte[][] bad = {{(byte) 0xFF}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0x80}, {(byte) 0xE2, (byte) 0x82},
                        {(byte) 0xED, (byte) 0xA0, (byte) 0x80}};
                yield splice(seed, at, 0, bad[random.nextInt(bad.length)]);
            }
            case HOSTILE_STRING -> {
                int quote = indexOf(seed, (byte) '"', at);
                String[] hostile = {"\\n-- FAIL forged\\n", "\\u0000", "\\u001b[2J", "\\u202e", "x".repeat(in.length() * 50),
                        "\\ud800", "|`<script>", ""};
                yield quote < 0 ? seed : splice(seed, quote + 1, 0, hostile[random.nextInt(hostile.length)]
                        .getBytes(StandardCharsets.UTF_8));
            }
        };
    }

    private static byte[] splice(byte[] seed, int at, int remove, byte[] insert) {
        byte[] out = new byte[seed.length - remove + insert.length];
        System.arraycopy(seed, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(seed, at + remove, out, at + insert.length, seed.length - at - remove);
        return out;
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** The span {@code [start, end)} of the string (quotes included) that starts at {@code quote}, or null. */
    private static int[] string(byte[] bytes, int quote) {
        if (quote < 0) {
            return null;
        }
        for (int i = quote + 1; i < bytes.length; i++) {
            if (bytes[i] == '\\') {
                i++;
            } else if (bytes[i] == '"') {
                return new int[] {quote, i + 1};
            }
        }
        return null;
    }

    private static int indexOfDigit(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] >= '0' && bytes[i] <= '9') {
                return i;
            }
        }
        return -1;
    }

    /** A schedule of another engine with every feature of the format: sets, filters, kinds, exemptions. */
    private static final String SCHEDULE = """
            {
              "ordering": "EXPLICIT",
              "ambiguity": "WARN",
              "ignoreAmbiguitiesOn": ["DebugStats"],
              "sets": [{"name": "physics", "criterion": "fixed_timestep"}, {"name": "input"}],
              "stages": [
                {"name": "pre_update", "systems": [
                  {"name": "read_input", "sets": ["input"], "before": ["player_control"],
                   "access": {"writeResources": ["Input"]}},
                  {"name": "tick_time", "access": {"writeResources": ["Time", "DebugStats"]}},
                  {"name": "debug_clock", "ambiguousWithAll": true, "access": {"writeResources": ["Time"]}}
                ]},
                {"name": "update", "systems": [
                  {"name": "player_control",
                   "access": {"queries": [{"write": ["Velocity"], "filter": {"with": "Player"}}], "readResources": ["Input"]}},
                  {"name": "enemy_ai",
                   "access": {"queries": [{"read": ["Transform"], "write": ["Velocity"], "filter": {"without": "Player"}}]}},
                  {"name": "movement", "sets": ["physics"], "after": ["player_control", "enemy_ai"],
                   "access": {"queries": [{"read": ["Velocity"], "write": ["Transform"]}], "readResources": ["Time"]}},
                  {"name": "collisions", "sets": ["physics"], "after": ["movement"],
                   "access": {"queries": [{"write": ["Transform"],
                      "filter": {"and": [{"with": "Collider"}, {"not": {"with": "Sleeping"}}]}}]}},
                  {"name": "update_hud", "ambiguousWith": ["physics"],
                   "access": {"queries": [{"read": ["Transform", "Health"],
                      "filter": {"xor": [{"with": "Player"}, {"with": "Enemy"}]}}, {"write": ["HudText"]}]}}
                ]},
                {"name": "post_update", "systems": [
                  {"name": "extract", "kind": "MAIN_THREAD", "access": {"queries": [{"read": ["Transform"]}]}},
                  {"name": "apply_commands", "kind": "SYNC_POINT", "after": ["extract"]},
                  {"name": "frame_stats", "access": {"readsAllComponents": true, "writeResources": ["DebugStats"]}}
                ]}
              ]
            }
            """;
}
