package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.cli.LabMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab run}'s HTML page: self-contained, with the matrix, every counterexample's anchor and every section. */
class ReportPageTest {

    @Test
    void thePageHasTheMatrixAndAnAnchorForEveryCounterexample(@TempDir Path out) throws Exception {
        int code = LabMain.execute("run", "--tries", "3", "--no-memory", "--quiet", "--executor", "serial",
                "--strategy", "flags", "--strategy", "generation", "--mutants", "--out", out.toString());
        assertThat(code).isZero();
        String html = Files.readString(out.resolve("index.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<table class=\"matrix\">")
                .contains("<code>flags</code>").contains("<code>generation</code>")
                .contains("id=\"ambiguities\"").contains("id=\"races\"").contains("id=\"benchmarks\"").contains("id=\"conclusions\"");
        assertThat(html).as("self-contained: no script, no external resource")
                .doesNotContain("<script").doesNotContain("src=\"http").doesNotContain("href=\"http").doesNotContain("<link");

        Set<String> links = all(html, "href=\"#(cx-[0-9]+)\"");
        Set<String> anchors = all(html, "id=\"(cx-[0-9]+)\"");
        assertThat(links).as("failing cells link to counterexamples").isNotEmpty();
        assertThat(anchors).containsAll(links);
        String json = Files.readString(out.resolve("matrix.json"));
        int failures = all(json, "\"(counterexamples/[^\"]+\\.json)\"").size();
        assertThat(anchors.size()).as("one article per counterexample (memory ones have no replay file)")
                .isGreaterThanOrEqualTo(failures);
        assertThat(html).as("replay commands name the files where they are, wherever the lab ran from")
                .contains("./lab replay " + out.toAbsolutePath().normalize().resolve("counterexamples") + "/");
        assertThat(html).as("the seed's six questions").contains("1. Is the theoretical categorization")
                .contains("6. Is there enough divergence");
        assertThat(html).as("a partial run names what it lacks; the mutant executors' rows do not count against generation")
                .contains("Not in this run: none, double-buffer").doesNotContain("generation claims exact but measured");
        assertThat(html).as("the crash column, the classes and the delays").contains("<th title=\"no crash\">X</th>")
                .contains("<table class=\"matrix classes\">").contains("Timeliness of criterion 1")
                .as("--no-memory: 6 is not judged").contains("<td class=\"none\" title=\"no run judged it: not a pass\">not judged</td>")
                .doesNotContain("criteria 1 and 2 on regular scenarios");
        assertThat(html).as("red and amber cells").contains("class=\"fail\"").contains("class=\"warn\"");
    }

    private static Set<String> all(String text, String regex) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
