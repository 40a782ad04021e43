package dev.ecslab.reports.gate;

import dev.ecslab.reports.text.SafeText;
import java.util.Locale;

/**
 * The gate's verdict as JUnit XML (the Ant/Surefire "testsuite" format that Jenkins, GitLab and GitHub
 * test reporters read): one test suite per configuration, one test case per check.
 * <ul>
 *   <li>a gated check that fails, or that no run judged, is a {@code <failure>};</li>
 *   <li>a check that is reported but not gated and found something is a <em>passing</em> test case
 *       with the finding in its {@code <system-out>} and in {@code <properties>} ({@code finding},
 *       {@code replay}), never {@code <skipped>}, which dashboards hide;</li>
 *   <li>only a check switched off by an option ({@code --no-memory}) is {@code <skipped>}, with the
 *       reason.</li>
 * </ul>
 */
public final class JUnitXml {
    private JUnitXml() {
    }

    public static String of(GateVerdict v) {
        long failures = v.checks().stream().filter(c -> !c.holds()).count();
        long skipped = v.checks().stream().filter(c -> c.status() == GateVerdict.Status.NOT_RUN).count();
        String suite = "ecslab.gate." + v.strategy() + "." + v.executor();
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%d\">%n",
                attr(suite), v.checks().size(), failures, skipped, v.seconds()));
        b.append("  <properties>\n");
        property(b, "strategy", v.strategy());
        property(b, "executor", v.executor());
        property(b, "expected", GateVerdict.name(v.expected()));
        property(b, "allowedDelayFrames", Integer.toString(v.allowedDelayFrames()));
        property(b, "measured", v.measured().label());
        property(b, "verdict", v.passes() ? "pass" : "fail");
        property(b, "scenarios", Integer.toString(v.scenarios()));
        property(b, "notes", Integer.toString(v.notes().size()));
        for (int i = 0; i < v.notes().size(); i++) {
            property(b, "note." + (i + 1) + ".replay", v.notes().get(i));
        }
        b.append("  </properties>\n");
        for (GateVerdict.Check c : v.checks()) {
            b.append("  <testcase classname=\"").append(attr(suite)).append("\" name=\"").append(attr(c.name())).append('"');
            String first = c.detail().lines().findFirst().orElse("");
            if (c.status() == GateVerdict.Status.PASS) {
                b.append("/>\n");
                continue;
            }
            b.append(">\n");
            if (c.gating()) {
                String type = c.status() == GateVerdict.Status.NOT_JUDGED ? "not-judged" : "criterion";
                b.append("    <failure message=\"").append(attr(first)).append("\" type=\"").append(type).append("\">")
                        .append(text(c.detail() + (c.replayFile().isEmpty() ? "" : "\nreplay: ./lab replay " + c.replayFile())))
                        .append("</failure>\n");
            } else if (c.status() == GateVerdict.Status.NOT_RUN) {
                b.append("    <skipped message=\"").append(attr(first)).append("\"/>\n");
            } else {
                b.append("    <properties>\n");
                property(b, "gated", "false", "      ");
                property(b, "finding", (c.status() == GateVerdict.Status.NOT_JUDGED ? "not judged: " : "") + first, "      ");
                if (!c.replayFile().isEmpty()) {
                    property(b, "replay", c.replayFile(), "      ");
                }
                b.append("    </properties>\n");
                b.append("    <system-out>").append(text("reported, not gated (the expected class does not promise it): "
                        + c.detail() + (c.replayFile().isEmpty() ? "" : "\nreplay: ./lab replay " + c.replayFile())))
                        .append("</system-out>\n");
            }
            b.append("  </testcase>\n");
        }
        b.append("</testsuite>\n");
        return b.toString();
    }

    private static void property(StringBuilder b, String name, String value) {
        property(b, name, value, "    ");
    }

    private static void property(StringBuilder b, String name, String value, String indent) {
        b.append(indent).append("<property name=\"").append(attr(name)).append("\" value=\"").append(attr(value))
                .append("\"/>\n");
    }

    static String text(String s) {
        return SafeText.xmlText(s);
    }

    static String attr(String s) {
        return SafeText.xmlAttribute(s);
    }
}
