package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.json.JsonInputException;
import dev.ecslab.ecs.json.JsonTree;
import dev.ecslab.ecs.json.RonTree;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import dev.ecslab.ecs.schedule.json.BevyScheduleData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * Fuzzes the RON reader the way {@link ReaderFuzzProperties} fuzzes the JSON readers: Bevy's
 * {@code app_data.ron} (the hand-written fixture of the ecs tests) mutated with that class's byte
 * mutations (flips, truncation, spans duplicated or removed, huge and other numbers, other strings, deep
 * nesting, bytes that are not UTF-8, hostile strings) and with RON's own (a token of RON's syntax put
 * anywhere: an unclosed comment or raw string, an extension header, an escape, a byte string; a newtype
 * {@code (0)} rewritten as a tuple, a bare number or a unit; a struct or variant name put before a
 * parenthesis), read through {@code lab ambiguities --from bevy}'s reader and analysed; and generated RON
 * texts of every form the reader knows, which must parse, and the same with RON tokens put in at random
 * places, parsed alone. Each input gives a result or a bad-input error (for a schedule, also
 * the compiler's {@link ScheduleBuildException}), never another exception; an error of the RON or JSON
 * reader names a line and a column; the message is one line; each input is handled within a generous time
 * bound and a bounded number of allocated bytes. jqwik prints the seed of every run; the statistics show
 * the share of each mutation and token, and of accepted and rejected inputs, and coverage checks make sure
 * each happens often enough for the property to mean something. The bounds are {@link FuzzWorker}'s.
 */
class RonReaderFuzzProperties {
    private static final Pattern NEWTYPE = Pattern.compile("\\((\\d+)\\)");
    private static final Pattern VARIANT = Pattern.compile("\\b(System|SystemSet|Components|World)\\b");

    /** ReaderFuzzProperties' byte mutations by their names, then RON's own. */
    enum Mutation { NONE, FLIP, TRUNCATE, DUPLICATE, REMOVE, HUGE_NUMBER, OTHER_NUMBER, OTHER_STRING, DEEP, NOT_UTF8,
        HOSTILE_STRING, RON_TOKEN, NEWTYPE, NAME }

    record Input(Mutation mutation, double at, int length, int depth, long seed) {
    }

    /** Tokens of RON's syntax, the pieces of the random texts and of the RON_TOKEN mutation. */
    static final List<String> TOKENS = List.of("(", ")", "[", "]", "{", "}", ",", ":", " ", "\n", "\r\n", "name", "System",
            "Some(", "None", "true", "r#type", "AppData", "ScheduleData", "0", "-12", "0x1F", "255u8", "1.5e-3", "inf", "\"a\"",
            "\"\\u{1F600}\"", "\"\\xC3\\xA9\"", "\"\\q\"", "\"open", "r#\"raw\"#", "r##\"open", "'c'", "'", "b\"bytes\"",
            "// line\n", "/* block */", "/* /* nested", "*/", "/", "#![enable(implicit_some)]", "#![enable(", "@", "\u2028",
            "\uFEFF", "\\");

    private static byte[] seed;
    private static FuzzWorker worker;

    @BeforeContainer
    static void seeds() throws IOException {
        seed = Files.readAllBytes(Path.of("..", "ecs", "src", "test", "resources", "schedules", "bevy-app-data.ron"));
        worker = new FuzzWorker("ron-fuzz");
        // The seed itself is valid: a mutation, not the seed, makes an input bad.
        assertThat(BevyScheduleData.read(worker.write("seed.ron", seed)).loaded().ambiguities().total()).isEqualTo(4);
    }

    @AfterContainer
    static void stop() throws IOException {
        worker.close();
    }

    @Provide
    Arbitrary<Input> inputs() {
        return Combinators.combine(ReaderFuzzProperties.mutations(Mutation.class), Arbitraries.doubles().between(0, 1),
                Arbitraries.integers().between(1, 4000), Arbitraries.integers().between(2, 200_000), Arbitraries.longs())
                .as(Input::new);
    }

    @Property(tries = 1500, edgeCases = EdgeCasesMode.NONE)
    void aMutatedAppDataRonGivesAValidResultOrOneLineOfBadInputWithItsPlace(@ForAll("inputs") Input in) throws Exception {
        Path file = worker.write("app_data.ron", mutate(in));
        RuntimeException error = worker.read(in, () -> {
            try {
                var loaded = BevyScheduleData.read(file).loaded();
                try {
                    loaded.ambiguities();
                } catch (ScheduleBuildException rule) {
                    return rule;                        // a cycle, ...: exit 2 as well
                }
                return null;
            } catch (BadInputException e) {
                return e;
            }
        });
        if (error != null) {
            assertOneLineWithPlace(error, in);
            if (error instanceof BadInputException bad) {
                assertThat(bad.source()).isEqualTo(file.toString());
            }
        }
        ReaderFuzzProperties.collect(in.mutation(), error);
    }

    /** The valid RON text {@link #validRon} makes from {@code seed}, with {@code inserts} tokens put in at random places. */
    record TokenText(long seed, int inserts) {
    }

    @Provide
    Arbitrary<TokenText> tokenTexts() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(0, 3)).as(TokenText::new);
    }

    @Property(tries = 1500, edgeCases = EdgeCasesMode.NONE)
    void aValidRonTextParsesAndWithTokensPutInParsesOrFailsWithItsPlace(@ForAll("tokenTexts") TokenText t) throws Exception {
        Random random = new Random(t.seed());
        StringBuilder text = new StringBuilder();
        validRon(random, 0, text);
        List<String> inserted = new ArrayList<>();
        for (int i = 0; i < t.inserts(); i++) {
            String token = TOKENS.get(random.nextInt(TOKENS.size()));
            text.insert(random.nextInt(text.length() + 1), token);
            inserted.add(token);
        }
        String in = t + ": " + text;
        RuntimeException error = worker.read(in, () -> {
            try {
                RonTree.parse(text.toString(), "tokens.ron", JsonTree.MAX_VALUES);
                return null;
            } catch (JsonInputException e) {
                return e;
            }
        });
        if (t.inserts() == 0) {
            assertThat(error).as("the valid text %s", text).isNull();
        } else if (error != null) {
            assertOneLineWithPlace(error, in);
        }
        inserted.forEach(token -> Statistics.label("token").collect(token));
        Statistics.label("outcome").collect(error == null ? "parsed" : "refused");
        Statistics.label("outcome").coverage(c -> {
            c.check("parsed").percentage(p -> p >= 20);
            c.check("refused").percentage(p -> p >= 20);
        });
        Statistics.label("token").coverage(c -> {
            for (String token : TOKENS) {
                c.check(token).percentage(p -> p >= 0.5);       // of the tokens put in; each is about 2 %
            }
        });
    }

    /** Appends a valid RON value to {@code out}: every form the reader knows, nested a few levels. */
    static void validRon(Random r, int depth, StringBuilder out) {
        String[] space = {"", " ", "\n    ", " /* c */ ", " // c\n"};
        String gap = space[r.nextInt(space.length)];
        switch (r.nextInt(depth >= 3 ? 5 : 10)) {
            case 0 -> out.append(new String[] {"0", "-42i64", "0x1F", "0o17", "0b101", "1_000", "255u8"}[r.nextInt(7)]);
            case 1 -> out.append(new String[] {"\"a\"", "\"\\u{1F600} \\xC3\\xA9\"", "\"q\\\"\\'\\n\"", "r#\"raw \"x\"\"#", "'c'",
                    "'\\''"}[r.nextInt(6)]);
            case 2 -> out.append(new String[] {"1.5", "-0.25e-3", "2f32", ".5", "inf", "NaN"}[r.nextInt(6)]);
            case 3 -> out.append(new String[] {"true", "false", "None", "World", "r#type", "()", "AppData"}[r.nextInt(7)]);
            case 4 -> out.append("\"game::system\"");
            case 5 -> {
                out.append(r.nextBoolean() ? "(" : "ScheduleData(").append(gap).append("a: ");
                validRon(r, depth + 1, out);
                out.append(",").append(gap).append("r#b: ");
                validRon(r, depth + 1, out);
                out.append(r.nextBoolean() ? "," : "").append(gap).append(")");
            }
            case 6 -> {
                out.append("[").append(gap);
                for (int i = r.nextInt(3); i > 0; i--) {
                    validRon(r, depth + 1, out);
                    out.append(",").append(gap);
                }
                out.append("]");
            }
            case 7 -> {
                out.append("(");
                validRon(r, depth + 1, out);
                if (r.nextBoolean()) {
                    out.append(",").append(gap);
                    validRon(r, depth + 1, out);
                }
                out.append(")");
            }
            case 8 -> {
                out.append(new String[] {"System(", "Some(", "V(", "SystemSet ("}[r.nextInt(4)]);
                validRon(r, depth + 1, out);
                out.append(")");
            }
            default -> {
                out.append("{").append(gap).append("\"k\": ");
                validRon(r, depth + 1, out);
                out.append(", 3: ");
                validRon(r, depth + 1, out);
                out.append(", false: ").append(gap);
                validRon(r, depth + 1, out);
                out.append("}");
            }
        }
    }

    private static void assertOneLineWithPlace(RuntimeException error, Object in) {
        String message = error.getMessage();
        FuzzWorker.assertOneLineOfWords(message);
        if (error instanceof JsonInputException e) {
            assertThat(e.line()).as("the line of %s (%s)", message, in).isPositive();
            assertThat(e.column()).as("the column of %s (%s)", message, in).isPositive();
        }
    }

    /** The seed with the input's mutation applied. */
    static byte[] mutate(Input in) {
        Random random = new Random(in.seed());
        int at = (int) Math.min(seed.length - 1, Math.floor(in.at() * seed.length));
        String text = new String(seed, StandardCharsets.UTF_8);
        return switch (in.mutation()) {
            case RON_TOKEN -> {
                String token = TOKENS.get(random.nextInt(TOKENS.size()));
                yield (text.substring(0, at) + token + text.substring(at)).getBytes(StandardCharsets.UTF_8);
            }
            case NEWTYPE -> {
                // (0) is SystemSetIndex(0): as a one-element tuple, a bare number, a unit, a newtype in a newtype
                String[] forms = {"($1,)", "$1", "()", "(($1))", "( $1 /* c */ )"};
                yield replaceOne(text, NEWTYPE, forms[random.nextInt(forms.length)], at);
            }
            case NAME -> {
                // a variant renamed or doubled, or a name put before a struct's '('
                String[] variants = {"Unknown", "Some", "r#System", "None", "$1($1)", "$1()", "$1 ", "World", "AppData"};
                String[] structs = {"AppData(", "ScheduleData(", "SystemSetIndex(", "Unknown(", "Some(", "None(", "World ("};
                yield random.nextBoolean() ? replaceOne(text, VARIANT, variants[random.nextInt(variants.length)], at)
                        : replaceOne(text, Pattern.compile("\\((?=\\n)"), structs[random.nextInt(structs.length)], at);
            }
            default -> ReaderFuzzProperties.mutate(seed, new ReaderFuzzProperties.Input(ReaderFuzzProperties.Reader.SCHEDULE,
                    ReaderFuzzProperties.Mutation.valueOf(in.mutation().name()), in.at(), in.length(), in.depth(), in.seed()));
        };
    }

    /** {@code text} with the first match of {@code pattern} from {@code at} (or from the start) replaced. */
    private static byte[] replaceOne(String text, Pattern pattern, String replacement, int at) {
        Matcher m = pattern.matcher(text);
        if (!m.find(Math.min(at, text.length())) && !m.find(0)) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        StringBuilder out = new StringBuilder();
        m.appendReplacement(out, replacement);
        return out.append(text, m.end(), text.length()).toString().getBytes(StandardCharsets.UTF_8);
    }
}
