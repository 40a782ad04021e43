package dev.ecslab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.ClaimedClass;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code lab gate --annotations github}: one workflow command per check that did not pass, escaped as
 * GitHub's toolkit escapes (so no name or message ends a command early or starts another), read back here
 * as the runner reads it. The round-trip check is shown to catch an escaper that forgets a character.
 */
class GithubAnnotationsTest {
    /** The checkout the runner works in, and the gate's output folder inside it (absolute, as the gate makes it). */
    private static final Path CHECKOUT = Path.of("ci-checkout").toAbsolutePath();
    private static final Path OUT = CHECKOUT.resolve(Path.of("reports", "out", "gate"));

    @Test
    void messagesAndPropertiesAreEscapedAsGithubDoes() {
        assertThat(GithubAnnotations.data("100% done\r\nnext: a, b")).isEqualTo("100%25 done%0D%0Anext: a, b");
        assertThat(GithubAnnotations.property("100% done\r\nnext: a, b")).isEqualTo("100%25 done%0D%0Anext%3A a%2C b");
        assertThat(GithubAnnotations.property("%3A")).as("an escape in the input is escaped, not kept").isEqualTo("%253A");
    }

    @Test
    void aFailingCheckIsAnErrorOnItsReplayFileAndAFindingANotice() {
        GateVerdict fail = HandMadeVerdicts.of("last-tick", ClaimedClass.EXACT_DELAYED, true);
        List<String> lines = GithubAnnotations.of(fail, OUT, CHECKOUT);
        assertThat(lines).as("the class, the lost change, the campaign cut short").hasSize(3);
        assertThat(parse(lines.get(0), GithubAnnotationsTest::unescape).get("title"))
                .isEqualTo("ecslab gate last-tick / serial: class: exact-delayed, up to 1 frame(s) late");
        Map<String, String> lost = parse(lines.get(1), GithubAnnotationsTest::unescape);
        assertThat(lost).containsEntry("level", "error")
                .containsEntry("file", "reports/out/gate/" + HandMadeVerdicts.REPLAY)
                .containsEntry("title", "ecslab gate last-tick / serial: 1 at least once [pausing]");
        assertThat(lost.get("message")).contains(HandMadeVerdicts.MESSAGE)
                .endsWith("\nreplay: ./lab replay " + OUT.resolve(HandMadeVerdicts.REPLAY));
        assertThat(lines.get(1)).doesNotContain("\n").doesNotContain("\r");
        Map<String, String> campaign = parse(lines.get(2), GithubAnnotationsTest::unescape);
        assertThat(campaign).containsEntry("level", "error").doesNotContainKey("file");
        assertThat(campaign.get("title")).endsWith(": campaign complete");

        GateVerdict flaky = HandMadeVerdicts.of("flags", ClaimedClass.FLAKY, true);
        List<String> notes = GithubAnnotations.of(flaky, OUT, Path.of("/elsewhere"));
        Map<String, String> note = parse(notes.get(0), GithubAnnotationsTest::unescape);
        assertThat(note).containsEntry("level", "notice").containsEntry("file", OUT.resolve(HandMadeVerdicts.REPLAY).toString());
        assertThat(note.get("message")).startsWith("reported, not gated");
        assertThat(GithubAnnotations.of(HandMadeVerdicts.of("generation", ClaimedClass.EXACT, false), OUT, OUT))
                .as("a passing gate annotates nothing").isEmpty();
    }

    @Test
    void hostileNamesSurviveTheRoundTrip() {
        GateVerdict v = HandMadeVerdicts.of("evil,name:with%", ClaimedClass.EXACT, true);
        for (String line : GithubAnnotations.of(v, OUT, OUT)) {
            assertRoundTrip(line, GithubAnnotationsTest::unescape);
        }
    }

    @Test
    void theRoundTripCheckCatchesAnEscaperThatForgetsTheComma() {
        GateVerdict v = HandMadeVerdicts.of("evil,name:with%", ClaimedClass.EXACT, true);
        String line = GithubAnnotations.of(v, OUT, OUT).get(0);
        String broken = line.replace("%2C", ",");                      // what an escaper without ',' writes
        assertThatThrownBy(() -> assertRoundTrip(broken, GithubAnnotationsTest::unescape)).isInstanceOf(AssertionError.class);
    }

    // ------------------------------------------------------------------ the runner's side

    /** The check: the command reads back to a title naming the whole strategy and a single-line command. */
    private static void assertRoundTrip(String line, UnaryOperator<String> unescape) {
        assertThat(line).doesNotContain("\n").doesNotContain("\r");
        Map<String, String> read = parse(line, unescape);
        assertThat(read.get("title")).startsWith("ecslab gate evil,name:with% / serial: ");
        assertThat(read.keySet()).contains("level", "title", "message").isSubsetOf("level", "file", "title", "message");
    }

    /**
     * A workflow command as the runner splits it: {@code ::LEVEL PROPS::MESSAGE}, the properties on {@code ,},
     * each at its first {@code =}; then every value unescaped.
     */
    private static Map<String, String> parse(String line, UnaryOperator<String> unescape) {
        assertThat(line).startsWith("::");
        int end = line.indexOf("::", 2);
        String head = line.substring(2, end);
        Map<String, String> out = new LinkedHashMap<>();
        int space = head.indexOf(' ');
        out.put("level", space < 0 ? head : head.substring(0, space));
        if (space >= 0) {
            for (String p : head.substring(space + 1).split(",")) {
                int eq = p.indexOf('=');
                assertThat(eq).as("a property without '=': " + p).isPositive();
                out.put(p.substring(0, eq), unescape.apply(p.substring(eq + 1)));
            }
        }
        out.put("message", unescape.apply(line.substring(end + 2)));
        return out;
    }

    private static String unescape(String s) {
        return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%");
    }
}
