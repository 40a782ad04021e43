package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** {@code lab gate}: exit codes and JUnit XML on a known exact strategy and a known flaky one. */
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

    @Test
    void anExactStrategyPassesItsClaim(@TempDir Path dir) throws Exception {
        CommandOutput r = gate(dir, "--strategy", "generation");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("expected exact, measured exact: PASS");
        Element suite = suite(dir);
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(Integer.parseInt(suite.getAttribute("tests"))).isGreaterThanOrEqualTo(4);
        assertThat(suite.getElementsByTagName("failure").getLength()).isZero();
    }

    @Test
    void aFlakyStrategyMeetsItsOwnClaimButNotExact(@TempDir Path dir) throws Exception {
        CommandOutput own = gate(dir, "--strategy", "flags");
        assertThat(own.code()).as(own.out() + own.err()).isZero();
        assertThat(own.out()).contains("expected flaky, measured flaky: PASS");
        Element ownSuite = suite(dir);
        assertThat(ownSuite.getAttribute("failures")).isEqualTo("0");
        assertThat(Integer.parseInt(ownSuite.getAttribute("skipped"))).as("criterion 1 fails, reported, not gated")
                .isPositive();

        CommandOutput exact = gate(dir, "--strategy", "flags", "--expect", "exact");
        assertThat(exact.code()).isEqualTo(1);
        assertThat(exact.out()).contains("FAIL").contains("./lab replay");
        Element suite = suite(dir);
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        Element failure = (Element) suite.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).contains("at least once fails");
        assertThat(((Element) failure.getParentNode()).getAttribute("name")).contains("expected exact, measured flaky");
        try (var files = Files.list(dir.resolve("out").resolve("counterexamples"))) {
            assertThat(files.count()).as("replay files for the failures").isPositive();
        }
    }

    @Test
    void badInputIsExitCodeTwoWithTheReason(@TempDir Path dir) {
        CommandOutput unknown = gate(dir, "--strategy", "no-such-strategy");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("no-such-strategy");
        CommandOutput badClass = gate(dir, "--strategy", "flags", "--expect", "perfect");
        assertThat(badClass.code()).isEqualTo(2);
        assertThat(badClass.err()).contains("--expect perfect");
        CommandOutput mutant = gate(dir, "--strategy", "mutant:reports-twice");
        assertThat(mutant.code()).isEqualTo(2);
        assertThat(mutant.err()).contains("claims no class");
        CommandOutput missingJar = gate(dir, "--strategy", "flags", "--strategy-jar", dir.resolve("none.jar").toString());
        assertThat(missingJar.code()).isEqualTo(2);
        assertThat(missingJar.err()).contains("none.jar");
        assertThat(Files.exists(dir.resolve("junit.xml"))).as("nothing written on bad input").isFalse();
    }
}
