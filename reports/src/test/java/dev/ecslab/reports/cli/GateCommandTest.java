package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code lab gate}: exit codes and JUnit XML. It gates what the expected class promises, on every
 * scenario class; a finding the class does not promise is a passing test case with the finding in
 * {@code <system-out>} and {@code <properties>}, never {@code <skipped>}; only a check switched off by
 * an option is skipped.
 */
class GateCommandTest {

    private static CommandOutput gate(Path dir, String... more) {
        String[] base = {"gate", "--tries", "4", "--no-memory", "--quiet", "--executor", "serial",
            "--junit", dir.resolve("junit.xml").toString(), "--out", dir.resolve("out").toString()};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return CommandOutput.run(all);
    }

    private static Element suite(Path dir) throws Exception {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("junit.xml").toFile());
        return d.getDocumentElement();
    }

    private static Element testcase(Element suite, String name) {
        NodeList cases = suite.getElementsByTagName("testcase");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            if (c.getAttribute("name").equals(name)) {
                return c;
            }
            names.add(c.getAttribute("name"));
        }
        throw new AssertionError("no test case '" + name + "' among " + names);
    }

    @Test
    void anExactStrategyPassesEveryPromiseOnEveryScenarioClass(@TempDir Path dir) throws Exception {
        CommandOutput r = gate(dir, "--strategy", "generation");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("expected exact, measured exact: PASS");
        Element suite = suite(dir);
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(suite.getAttribute("skipped")).as("only criterion 6, switched off by --no-memory").isEqualTo("1");
        for (String cls : List.of("regular", "pausing", "looping", "commands", "resources")) {
            for (String c : List.of("1 at least once", "2 at most once")) {
                Element t = testcase(suite, c + " [" + cls + "]");
                assertThat(t.getElementsByTagName("failure").getLength()).as(c + " [" + cls + "]").isZero();
            }
        }
        Element memory = testcase(suite, "6 bounded memory");
        assertThat(((Element) memory.getElementsByTagName("skipped").item(0)).getAttribute("message"))
                .contains("--no-memory");
        assertThat(testcase(suite, "X no crash").getElementsByTagName("failure").getLength()).isZero();
    }

    @Test
    void aFindingTheClassDoesNotPromiseIsAPassingCaseWithTheFindingNeverSkipped(@TempDir Path dir) throws Exception {
        // loses-in-loops drops changes in looping stages (criterion 1) but never reports one twice: it meets
        // "flaky". (reports-twice served here until the scenario space reached tick expiration, where its
        // widened window also loses changes.)
        CommandOutput r = gate(dir, "--strategy", "mutant:loses-in-loops", "--expect", "flaky");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("expected flaky, measured flaky: PASS")
                .contains("reported, not gated").contains("counterexamples");
        Element suite = suite(dir);
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(suite.getAttribute("skipped")).as("reported findings are never skipped").isEqualTo("1");
        Element paused = testcase(suite, "1 at least once [looping]");
        assertThat(paused.getElementsByTagName("failure").getLength()).isZero();
        assertThat(paused.getElementsByTagName("skipped").getLength()).isZero();
        assertThat(paused.getElementsByTagName("system-out").item(0).getTextContent())
                .contains("reported, not gated").contains("never reported")
                .contains("./lab replay " + dir.resolve("out").toAbsolutePath().resolve("counterexamples"));
        java.util.Map<String, String> props = dev.ecslab.reports.gate.JUnitXmlTestAccess.properties(suite);
        String note = props.entrySet().stream().filter(e -> e.getValue().equals("1 at least once [looping]"))
                .map(e -> e.getKey().replace(".check", "")).findFirst().orElseThrow();
        assertThat(props.get(note + ".finding")).contains("never reported");
        assertThat(Path.of(props.get(note + ".replay"))).as("the note's replay file exists, by its absolute path")
                .isAbsolute().exists();
    }

    @Test
    void aLossOnlyInOneScenarioClassFailsAClaimThatPromisesIt(@TempDir Path dir) throws Exception {
        // last-tick claims exact-delayed: on time or a frame late, never lost, never twice. It is that on
        // regular scenarios, but loses changes while paused and repeats them in looping stages.
        CommandOutput own = gate(dir, "--strategy", "last-tick");
        assertThat(own.code()).as(own.out() + own.err()).isEqualTo(1);
        assertThat(own.out()).contains("expected exact-delayed, up to 1 frame(s) late, measured broken: FAIL")
                .contains("regular exact-delayed, pausing flaky").contains("./lab replay");
        Element suite = suite(dir);
        Element paused = testcase(suite, "1 at least once [pausing]");
        Element failure = (Element) paused.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("type")).isEqualTo("criterion");
        assertThat(failure.getTextContent()).contains("never reported").contains("./lab replay "
                + dir.resolve("out").toAbsolutePath().resolve("counterexamples"));
        assertThat(testcase(suite, "1 at least once [regular]").getElementsByTagName("failure").getLength())
                .as("within one frame on regular scenarios, as claimed").isZero();
        try (var files = Files.list(dir.resolve("out").resolve("counterexamples"))) {
            assertThat(files.count()).as("replay files for the failures").isPositive();
        }
    }

    @Test
    void ciSeesTheSameTestsWhetherTheGatePassesOrFailsEachFailureWithAReplayableFile(@TempDir Path dir) throws Exception {
        CommandOutput pass = gate(dir.resolve("pass"), "--strategy", "generation", "--expect", "exact");
        assertThat(pass.code()).as(pass.out() + pass.err()).isZero();
        CommandOutput fail = gate(dir.resolve("fail"), "--strategy", "mutant:late-by-two-frames", "--expect", "exact",
                "--annotations", "github");
        assertThat(fail.code()).as(fail.out() + fail.err()).isEqualTo(1);
        String passXml = Files.readString(dir.resolve("pass").resolve("junit.xml"));
        String failXml = Files.readString(dir.resolve("fail").resolve("junit.xml"));
        dev.ecslab.reports.gate.JUnitXmlTestAccess.validate(passXml);
        dev.ecslab.reports.gate.JUnitXmlTestAccess.validate(failXml);
        Element failing = suite(dir.resolve("fail"));
        assertThat(dev.ecslab.reports.gate.JUnitXmlTestAccess.names(failing)).as("the checks, not their outcomes")
                .isEqualTo(dev.ecslab.reports.gate.JUnitXmlTestAccess.names(suite(dir.resolve("pass"))));
        assertThat(failing.getAttribute("name")).isEqualTo("ecslab.gate.mutant_late-by-two-frames.serial");
        NodeList failures = failing.getElementsByTagName("failure");
        assertThat(failures.getLength()).isPositive();
        int replayable = 0;
        for (int i = 0; i < failures.getLength(); i++) {
            String text = failures.item(i).getTextContent();
            int at = text.indexOf("replay: ./lab replay ");
            if (at >= 0) {
                Path file = Path.of(text.substring(at + "replay: ./lab replay ".length()).strip());
                assertThat(file).isAbsolute().exists();
                replayable++;
            }
        }
        assertThat(replayable).as("failures with a counterexample carry its replay command").isPositive();
        List<String> annotations = fail.out().lines().filter(l -> l.startsWith("::")).toList();
        assertThat(annotations).isNotEmpty().allMatch(l -> l.startsWith("::error ") || l.startsWith("::notice "));
        assertThat(annotations).anyMatch(l -> l.contains("title=ecslab gate mutant%3Alate-by-two-frames / serial%3A 1 timeliness"));
        assertThat(pass.out()).doesNotContain("::error");
    }

    @Test
    void aFlakyClaimIsBrokenByRepeatsInLoopingStages(@TempDir Path dir) throws Exception {
        CommandOutput own = gate(dir, "--strategy", "flags");
        assertThat(own.code()).as(own.out() + own.err()).isEqualTo(1);
        assertThat(own.out()).contains("expected flaky, measured broken: FAIL");
        Element looping = testcase(suite(dir), "2 at most once [looping]");
        assertThat(looping.getElementsByTagName("failure").item(0).getTextContent()).contains("again");
    }

    @Test
    void lateReportsFailAnExactExpectationThroughTimeliness(@TempDir Path dir) throws Exception {
        CommandOutput r = gate(dir, "--strategy", "last-tick", "--expect", "exact");
        assertThat(r.code()).isEqualTo(1);
        Element suite = suite(dir);
        Element timing = testcase(suite, "1 timeliness (allowed: the detector's first run)");
        assertThat(timing.getElementsByTagName("failure").item(0).getTextContent()).containsPattern("\\d+ late \\(max \\d+ run");
        assertThat(testcase(suite, "3 same frame").getElementsByTagName("failure").getLength())
                .as("exact promises same-frame detection").isEqualTo(1);
    }

    @Test
    void badInputIsExitCodeTwoWithTheReason(@TempDir Path dir) {
        CommandOutput unknown = gate(dir, "--strategy", "no-such-strategy");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("no-such-strategy");
        CommandOutput badClass = gate(dir, "--strategy", "flags", "--expect", "perfect");
        assertThat(badClass.code()).isEqualTo(2);
        assertThat(badClass.err()).contains("--expect perfect").contains("exact-delayed");
        CommandOutput mutant = gate(dir, "--strategy", "mutant:reports-twice");
        assertThat(mutant.code()).isEqualTo(2);
        assertThat(mutant.err()).contains("claims no class");
        CommandOutput delayed = gate(dir, "--strategy", "generation", "--expect", "exact", "--delay", "2");
        assertThat(delayed.code()).isEqualTo(2);
        assertThat(delayed.err()).contains("--expect exact allows no delay");
        CommandOutput missingJar = gate(dir, "--strategy", "flags", "--strategy-jar", dir.resolve("none.jar").toString());
        assertThat(missingJar.code()).isEqualTo(2);
        assertThat(missingJar.err()).contains("none.jar");
        assertThat(Files.exists(dir.resolve("junit.xml"))).as("nothing written on bad input").isFalse();
    }

    /**
     * A delay longer than any scenario can show is refused: no report could ever be too late under it, so the gate
     * would pass criterion 1's timing without judging it (it was accepted silently).
     */
    @Test
    void aDelayNoScenarioCanShowIsBadInput(@TempDir Path dir) {
        int tooLong = dev.ecslab.lab.scenario.Scenario.LONGEST_OBSERVABLE_DELAY + 1;
        CommandOutput r = gate(dir, "--strategy", "generation", "--expect", "exact-delayed", "--delay", String.valueOf(tooLong));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("lab gate: strategy 'generation' is allowed a delay of 100002 frames, more than any"
                + " scenario can show (at most 100001: a scenario runs at most 100000 frames and 2 quiet ones)")
                .contains("the delay would judge nothing");
        assertThat(Files.exists(dir.resolve("junit.xml"))).as("nothing written on bad input").isFalse();
    }
}
