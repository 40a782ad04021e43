package dev.ecslab.reports.gate;

import java.util.Locale;

/**
 * The gate's verdict as JUnit XML (the Ant/Surefire "testsuite" format that Jenkins, GitLab and GitHub
 * test reporters read): one test suite per configuration, one test case per check. A failing gating
 * check is a {@code <failure>}; a failing check that is reported but not gated is {@code <skipped>} with
 * the reason, so CI shows it without failing the build.
 */
public final class JUnitXml {
    private JUnitXml() {
    }

    public static String of(GateVerdict v) {
        long failures = v.checks().stream().filter(c -> c.gating() && !c.passes()).count();
        long skipped = v.checks().stream().filter(c -> !c.gating() && !c.passes()).count();
        String suite = "ecslab.gate." + v.strategy() + "." + v.executor();
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%d\">%n",
                attr(suite), v.checks().size(), failures, skipped, v.seconds()));
        b.append("  <properties>\n");
        property(b, "strategy", v.strategy());
        property(b, "executor", v.executor());
        property(b, "expected", GateVerdict.name(v.expected()));
        property(b, "measured", v.measured().name().toLowerCase());
        property(b, "scenarios", Integer.toString(v.scenarios()));
        b.append("  </properties>\n");
        for (GateVerdict.Check c : v.checks()) {
            b.append("  <testcase classname=\"").append(attr(suite)).append("\" name=\"").append(attr(c.name())).append('"');
            if (c.passes()) {
                b.append("/>\n");
                continue;
            }
            b.append(">\n");
            String first = c.detail().lines().findFirst().orElse("failed");
            if (c.gating()) {
                b.append("    <failure message=\"").append(attr(first)).append("\" type=\"criterion\">")
                        .append(text(c.detail())).append("</failure>\n");
            } else {
                b.append("    <skipped message=\"").append(attr("not gated: " + first)).append("\"/>\n");
            }
            b.append("  </testcase>\n");
        }
        b.append("</testsuite>\n");
        return b.toString();
    }

    private static void property(StringBuilder b, String name, String value) {
        b.append("    <property name=\"").append(attr(name)).append("\" value=\"").append(attr(value)).append("\"/>\n");
    }

    static String text(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                default -> {
                    if (cp == '\n' || cp == '\t' || cp >= 0x20 && cp != 0xFFFE && cp != 0xFFFF) {
                        b.appendCodePoint(cp);
                    }
                }
            }
        });
        return b.toString();
    }

    static String attr(String s) {
        return text(s).replace("\"", "&quot;").replace("\n", "&#10;");
    }
}
