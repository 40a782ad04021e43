package dev.ecslab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Promise;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The gate's JUnit XML as CI reads it: it validates against the shape CI reporters have in common
 * ({@code junit-common.xsd}); a test case is named by its check, so a passing and a failing build of one
 * configuration have the same test cases; a failure ends with the replay command and the replay file's
 * absolute path; the suite name has no {@code /}; a class is spelt as {@code --expect} spells it. Each
 * check is also shown to catch a deliberately broken variant.
 */
class JUnitXmlTest {
    /** The gate's output folder, absolute as the gate makes it; its parent is the working directory. */
    private static final Path OUT = Path.of("ecslab-gate-out").toAbsolutePath();

    @Test
    void aPassingAndAFailingBuildHaveTheSameTestsInTheSameOrder() throws Exception {
        GateVerdict pass = HandMadeVerdicts.of("last-tick", ClaimedClass.EXACT_DELAYED, false);
        GateVerdict fail = HandMadeVerdicts.of("last-tick", ClaimedClass.EXACT_DELAYED, true);
        assertThat(pass.passes()).isTrue();
        assertThat(fail.passes()).isFalse();
        assertSameTests(pass, fail, v -> JUnitXml.of(v, OUT));
    }

    @Test
    void aPromiseNoRunJudgedFailsTheGateInEveryFormat() throws Exception {
        // every figure passes, but criteria 1 and 2 were never judged on pausing scenarios, which exact promises
        GateVerdict v = HandMadeVerdicts.of("generation", ClaimedClass.EXACT, false, dev.ecslab.lab.scenario.ScenarioClass.PAUSING);
        assertThat(v.passes()).as("not judged is never a pass").isFalse();
        assertThat(v.checks()).anySatisfy(c -> {
            assertThat(c.gating()).isTrue();
            assertThat(c.status()).isEqualTo(GateVerdict.Status.NOT_JUDGED);
            assertThat(c.holds()).isFalse();
        });
        String xml = JUnitXml.of(v, OUT);
        validate(xml);
        Element suite = parse(xml);
        assertThat(Integer.parseInt(suite.getAttribute("failures"))).isPositive()
                .isEqualTo(suite.getElementsByTagName("failure").getLength());
        assertThat(xml).contains("type=\"not-judged\"");
        assertThat(properties(suite)).containsEntry("verdict", "fail");
        assertThat(GithubAnnotations.of(v, OUT, OUT.getParent())).anyMatch(line -> line.startsWith("::error "));
    }

    /**
     * A claim with a horizon: what the lab found past it is a check of its own, named by the horizon, reported
     * and never gated: a passing test case with the finding, a suite note, a GitHub notice; with nothing past
     * it, the same test case passes empty.
     */
    @Test
    void missesPastAClaimedHorizonAreAPassingCaseWithTheirFindingAndANotice() throws Exception {
        String name = GateVerdict.PAST_HORIZON;
        dev.ecslab.lab.classify.Row missed = dev.ecslab.lab.classify.HandMadeRows.notJudgedWithin("expires-after-64",
                ClaimedClass.EXACT, "serial", 64);
        missed.pastHorizon(new dev.ecslab.lab.classify.Row.PastHorizon(3, 7, "d never reported the change [scenario 'x']"));
        GateVerdict v = HandMadeVerdicts.of(missed, ClaimedClass.EXACT, false, null);
        assertThat(v.passes()).as("past the horizon is not gated").isTrue();
        String xml = JUnitXml.of(v, OUT);
        validate(xml);
        Element suite = parse(xml);
        Element past = testcase(suite, name);
        assertThat(past.getElementsByTagName("failure").getLength()).isZero();
        assertThat(past.getElementsByTagName("system-out").item(0).getTextContent()).startsWith("reported, not gated")
                .contains("a reader away at most 64 frame(s): 7 change(s) missed past the claimed horizon in 3 run(s)")
                .contains("d never reported the change");
        assertThat(properties(suite)).containsValue(name).containsEntry("verdict", "pass");
        assertThat(GithubAnnotations.of(v, OUT, OUT.getParent()))
                .anyMatch(line -> line.startsWith("::notice ") && line.contains("past the claimed horizon"));

        GateVerdict clean = HandMadeVerdicts.of(dev.ecslab.lab.classify.HandMadeRows.notJudgedWithin("expires-after-64",
                ClaimedClass.EXACT, "serial", 64), ClaimedClass.EXACT, false, null);
        assertSameTests(clean, v, x -> JUnitXml.of(x, OUT));
        assertThat(testcase(parse(JUnitXml.of(clean, OUT)), name).hasChildNodes()).isFalse();
        assertThat(GithubAnnotations.of(clean, OUT, OUT.getParent())).noneMatch(line -> line.contains("horizon"));
        assertThat(HandMadeVerdicts.of("generation", ClaimedClass.EXACT, false).checks())
                .as("a claim that covers every absence says so").anyMatch(c -> c.name().equals(name) && c.holds()
                        && c.detail().equals("none: the claim covers every absence"));
    }

    @Test
    void theStabilityCheckCatchesANameThatCarriesTheOutcome() {
        GateVerdict pass = HandMadeVerdicts.of("last-tick", ClaimedClass.EXACT_DELAYED, false);
        GateVerdict fail = HandMadeVerdicts.of("last-tick", ClaimedClass.EXACT_DELAYED, true);
        assertThatThrownBy(() -> assertSameTests(pass, fail, v -> JUnitXml.of(outcomeInTheClassName(v), OUT)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("measured");
    }

    @Test
    void everyOutputValidatesAgainstTheCommonJUnitShape() throws Exception {
        for (GateVerdict v : List.of(HandMadeVerdicts.of("generation", ClaimedClass.EXACT, false),
                HandMadeVerdicts.of("generation", ClaimedClass.EXACT, true),
                HandMadeVerdicts.of("flags", ClaimedClass.FLAKY, true))) {
            validate(JUnitXml.of(v, OUT));
        }
    }

    @Test
    void theSchemaCheckCatchesPropertiesInsideATestCase() throws Exception {
        String xml = JUnitXml.of(HandMadeVerdicts.of("flags", ClaimedClass.FLAKY, true), OUT);
        String old = xml.replaceFirst("(<testcase [^>]*>)", "$1\n    <properties><property name=\"finding\" value=\"x\"/>"
                + "</properties>");
        assertThat(old).isNotEqualTo(xml);
        assertThatThrownBy(() -> validate(old)).hasMessageContaining("properties");
    }

    @Test
    void aFailureEndsWithTheReplayCommandAndTheFilesAbsolutePath() throws Exception {
        Element suite = parse(JUnitXml.of(HandMadeVerdicts.of("last-tick", ClaimedClass.EXACT_DELAYED, true), OUT));
        Element lost = testcase(suite, "1 at least once [pausing]");
        Element failure = (Element) lost.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("type")).isEqualTo("criterion");
        assertThat(failure.getTextContent()).contains("missed 100% of A")
                .endsWith("\nreplay: ./lab replay " + OUT.resolve(HandMadeVerdicts.REPLAY));
        Element campaign = testcase(suite, GateVerdict.CAMPAIGN_COMPLETE);
        assertThat(campaign.getElementsByTagName("failure").item(0).getTextContent()).contains("did not finish");
    }

    @Test
    void aFindingIsAPassingCaseWithItsReplayCommandAndSuiteProperties() throws Exception {
        Element suite = parse(JUnitXml.of(HandMadeVerdicts.of("flags", ClaimedClass.FLAKY, true), OUT));
        Element lost = testcase(suite, "1 at least once [pausing]");
        assertThat(lost.getElementsByTagName("failure").getLength()).isZero();
        assertThat(lost.getElementsByTagName("skipped").getLength()).isZero();
        assertThat(lost.getElementsByTagName("system-out").item(0).getTextContent()).startsWith("reported, not gated")
                .endsWith("replay: ./lab replay " + OUT.resolve(HandMadeVerdicts.REPLAY));
        Map<String, String> props = properties(suite);
        assertThat(props).containsEntry("notes", "1").containsEntry("note.1.check", "1 at least once [pausing]")
                .containsEntry("note.1.replay", OUT.resolve(HandMadeVerdicts.REPLAY).toString());
        assertThat(props.get("note.1.finding")).contains("missed 100% of A");
    }

    @Test
    void theSuiteNameHasNoSlashAndClassesHaveOneSpelling() throws Exception {
        Element suite = parse(JUnitXml.of(HandMadeVerdicts.of("flag-doubling/immediate", ClaimedClass.EXACT_DELAYED, true),
                OUT));
        assertThat(suite.getAttribute("name")).isEqualTo("ecslab.gate.flag-doubling_immediate.serial");
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            assertThat(((Element) cases.item(i)).getAttribute("classname")).isEqualTo(suite.getAttribute("name"));
        }
        assertThat(JUnitXml.suiteName("evil.id with space", "ex/ec")).isEqualTo("ecslab.gate.evil_id_with_space.ex_ec");
        Map<String, String> props = properties(suite);
        assertThat(props).containsEntry("expected", "exact-delayed").containsEntry("measured", "flaky")
                .containsEntry("strategy", "flag-doubling/immediate");
        String xml = JUnitXml.of(HandMadeVerdicts.of("last-tick", ClaimedClass.EXACT_DELAYED, true), OUT);
        assertThat(xml).contains("exact-delayed").doesNotContainIgnoringCase("exact_delayed");
    }

    // ------------------------------------------------------------------ the checks

    /**
     * The check: both verdicts' XML has the same suite and the same test cases, in the same order, so a
     * dashboard follows each test from a passing build to a failing one.
     */
    static void assertSameTests(GateVerdict a, GateVerdict b, Function<GateVerdict, String> xml) throws Exception {
        Element first = parse(xml.apply(a));
        Element second = parse(xml.apply(b));
        assertThat(second.getAttribute("name")).isEqualTo(first.getAttribute("name"));
        List<String> names = names(first);
        assertThat(names).isNotEmpty();
        assertThat(names(second)).as("the test cases of a failing build").isEqualTo(names);
    }

    /** The broken variant: the class check named as the gate named it before, with the measured class. */
    private static GateVerdict outcomeInTheClassName(GateVerdict v) {
        List<GateVerdict.Check> checks = new ArrayList<>();
        for (GateVerdict.Check c : v.checks()) {
            checks.add(!c.name().startsWith("class:") ? c : new GateVerdict.Check("class: expected "
                    + new Promise(v.expected(), v.allowedDelayFrames()).describe() + ", measured " + v.measured().label(),
                    c.gating(), c.status(), c.detail(), c.replayFile()));
        }
        return new GateVerdict(v.strategy(), v.executor(), v.expected(), v.allowedDelayFrames(), v.measured(), checks,
                v.scenarios(), v.seconds(), v.notes());
    }

    /** Validates against {@code junit-common.xsd}. */
    static void validate(String xml) throws Exception {
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        var schema = factory.newSchema(new StreamSource(JUnitXmlTest.class.getResource("junit-common.xsd").toString()));
        schema.newValidator().validate(new StreamSource(new StringReader(xml)));
    }

    // ------------------------------------------------------------------ helpers

    static Element parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
    }

    static List<String> names(Element suite) {
        List<String> out = new ArrayList<>();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            out.add(((Element) cases.item(i)).getAttribute("name"));
        }
        return out;
    }

    static Element testcase(Element suite, String name) {
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            if (c.getAttribute("name").equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no test case '" + name + "' among " + names(suite));
    }

    static Map<String, String> properties(Element suite) {
        Map<String, String> out = new LinkedHashMap<>();
        NodeList props = suite.getElementsByTagName("property");
        for (int i = 0; i < props.getLength(); i++) {
            Element p = (Element) props.item(i);
            out.put(p.getAttribute("name"), p.getAttribute("value"));
        }
        return out;
    }
}
