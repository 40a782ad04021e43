package dev.ecslab.reports.gate;

import dev.ecslab.reports.text.SafeText;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The gate's verdict as JUnit XML in the shape every CI test reporter reads (Jenkins, GitLab, GitHub
 * actions that read Surefire's files): one {@code <testsuite>} per configuration, one {@code <testcase>}
 * per check, and nothing the common schema does not allow (no properties inside a test case).
 * <ul>
 *   <li>a test case is named by what it checks (criterion and scenario class, or the class promised),
 *       never by its outcome, so a dashboard follows one test across builds ({@link GateVerdict.Check});
 *       the suite name and every {@code classname} are {@code ecslab.gate.STRATEGY.EXECUTOR} with every
 *       character but letters, digits, {@code -} and {@code _} written {@code _}
 *       ({@code flag-doubling/immediate} is {@code flag-doubling_immediate}), so no reporter splits it;</li>
 *   <li>a gated check that fails, or that no run judged, is a {@code <failure>} whose text ends with the
 *       command that replays its counterexample, with the replay file's absolute path;</li>
 *   <li>a check that is reported but not gated and found something is a <em>passing</em> test case with
 *       the finding and its replay command in its {@code <system-out>}, and in the suite's properties
 *       ({@code note.N.check}, {@code note.N.finding}, {@code note.N.replay}), never {@code <skipped>},
 *       which dashboards hide;</li>
 *   <li>only a check switched off by an option ({@code --no-memory}) is {@code <skipped>}, with the
 *       reason.</li>
 * </ul>
 */
public final class JUnitXml {
    private JUnitXml() {
    }

    /**
     * The XML of {@code v}, whose replay files are relative to {@code folder} (the gate's output folder, where
     * the files are once the report is in place).
     */
    public static String of(GateVerdict v, Path folder) {
        long failures = v.checks().stream().filter(c -> !c.holds()).count();
        long skipped = v.checks().stream().filter(c -> c.status() == GateVerdict.Status.NOT_RUN).count();
        String suite = suiteName(v.strategy(), v.executor());
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%d\">%n",
                attr(suite), v.checks().size(), failures, skipped, v.seconds()));
        b.append("  <properties>\n");
        property(b, "strategy", v.strategy());
        property(b, "executor", v.executor());
        property(b, "expected", GateVerdict.name(v.expected()));
        property(b, "allowedDelayFrames", Integer.toString(v.allowedDelayFrames()));
        property(b, "measured", GateVerdict.name(v.measured()));
        property(b, "verdict", v.passes() ? "pass" : "fail");
        property(b, "scenarios", Integer.toString(v.scenarios()));
        int note = 0;
        for (GateVerdict.Check c : v.checks()) {
            if (c.gating() || c.status() == GateVerdict.Status.PASS || c.status() == GateVerdict.Status.NOT_RUN) {
                continue;
            }
            note++;
            property(b, "note." + note + ".check", c.name());
            property(b, "note." + note + ".finding", finding(c));
            if (!c.replayFile().isEmpty()) {
                property(b, "note." + note + ".replay", replayPath(folder, c.replayFile()));
            }
        }
        property(b, "notes", Integer.toString(note));
        b.append("  </properties>\n");
        for (GateVerdict.Check c : v.checks()) {
            b.append("  <testcase classname=\"").append(attr(suite)).append("\" name=\"").append(attr(c.name())).append('"');
            if (c.status() == GateVerdict.Status.PASS) {
                b.append("/>\n");
                continue;
            }
            b.append(">\n");
            String first = c.detail().lines().findFirst().orElse("");
            if (!c.holds()) {                  // the same predicate as the failure count above
                String type = c.status() == GateVerdict.Status.NOT_JUDGED ? "not-judged" : "criterion";
                b.append("    <failure message=\"").append(attr(first)).append("\" type=\"").append(type).append("\">")
                        .append(text(c.detail() + replayLine(folder, v, c))).append("</failure>\n");
            } else if (c.status() == GateVerdict.Status.NOT_RUN) {
                b.append("    <skipped message=\"").append(attr(first)).append("\"/>\n");
            } else {
                b.append("    <system-out>").append(text("reported, not gated (the expected class does not promise it): "
                        + c.detail() + replayLine(folder, v, c))).append("</system-out>\n");
            }
            b.append("  </testcase>\n");
        }
        b.append("</testsuite>\n");
        return b.toString();
    }

    /**
     * The XML a gate writes before its campaign starts, so that a gate that never finishes (Ctrl-C, an internal
     * error, a kill) leaves an error in CI, never the previous build's passing tests: one test case, the
     * campaign, with an {@code <error>}. The finished gate replaces it.
     */
    public static String unfinished(String strategy, String executor) {
        String suite = suiteName(strategy, executor);
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<testsuite name=\"" + attr(suite) + "\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\">\n"
                + "  <testcase classname=\"" + attr(suite) + "\" name=\"" + attr(GateVerdict.CAMPAIGN_COMPLETE) + "\">\n"
                + "    <error message=\"the gate did not finish\" type=\"unfinished\">the gate was stopped or failed before"
                + " its verdict; this file was written when it started</error>\n"
                + "  </testcase>\n</testsuite>\n";
    }

    /**
     * {@code ecslab.gate.STRATEGY.EXECUTOR}, each id with every character but ASCII letters, digits,
     * {@code -} and {@code _} replaced by {@code _} (a {@code /} or a {@code .} would make reporters see
     * packages that are not there).
     */
    public static String suiteName(String strategy, String executor) {
        return "ecslab.gate." + safe(strategy) + "." + safe(executor);
    }

    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    /** A non-gated finding in one line, as the suite's properties carry it. */
    private static String finding(GateVerdict.Check c) {
        return (c.status() == GateVerdict.Status.NOT_JUDGED ? "not judged: " : "") + c.detail().lines().findFirst().orElse("");
    }

    /** The absolute path of a replay file named relative to the output folder. */
    static String replayPath(Path folder, String relative) {
        return folder.toAbsolutePath().normalize().resolve(relative).toString();
    }

    /** {@code "\nreplay: ./lab replay /abs/path"} and the verdict's replay options, or nothing without a replay file. */
    static String replayLine(Path folder, GateVerdict v, GateVerdict.Check c) {
        return c.replayFile().isEmpty() ? "" : "\nreplay: ./lab replay " + replayPath(folder, c.replayFile()) + v.replayArgs();
    }

    private static void property(StringBuilder b, String name, String value) {
        b.append("    <property name=\"").append(attr(name)).append("\" value=\"").append(attr(value)).append("\"/>\n");
    }

    static String text(String s) {
        return SafeText.xmlText(s);
    }

    static String attr(String s) {
        return SafeText.xmlAttribute(s);
    }
}
