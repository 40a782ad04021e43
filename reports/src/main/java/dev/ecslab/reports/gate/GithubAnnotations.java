package dev.ecslab.reports.gate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The gate's verdict as GitHub Actions workflow commands ({@code lab gate --annotations github}), so that
 * a check that fails shows as an annotation on the workflow run, with its replay command:
 * <pre>::error file=reports/out/gate/counterexamples/001-….json,title=ecslab gate last-tick / dynamic: 1 at least once [pausing]::18 run(s) failed; …</pre>
 * <ul>
 *   <li>a gated check that fails or that no run judged is an {@code ::error}; a finding the expected class
 *       does not promise is a {@code ::notice}; passing and switched-off checks give nothing;</li>
 *   <li>{@code file} is the counterexample's replay file, relative to the working directory when it lies
 *       below it (GitHub resolves it against the workspace), else absolute; a check without one has no
 *       {@code file};</li>
 *   <li>every value is escaped as GitHub's toolkit escapes it: in the message {@code %}, CR and LF as
 *       {@code %25}, {@code %0D}, {@code %0A}; in a property also {@code :} and {@code ,} as {@code %3A} and
 *       {@code %2C}. So a name or a message cannot end the command early or start another one.</li>
 * </ul>
 */
public final class GithubAnnotations {
    private GithubAnnotations() {
    }

    /**
     * One workflow command per check that did not pass, in the verdict's order.
     *
     * @param folder           the gate's output folder, which the replay files are relative to
     * @param workingDirectory the directory the gate was started in
     */
    public static List<String> of(GateVerdict v, Path folder, Path workingDirectory) {
        List<String> out = new ArrayList<>();
        Path cwd = workingDirectory.toAbsolutePath().normalize();
        for (GateVerdict.Check c : v.checks()) {
            if (c.holds() && (c.status() == GateVerdict.Status.PASS || c.status() == GateVerdict.Status.NOT_RUN)) {
                continue;
            }
            String level = c.holds() ? "notice" : "error";
            List<String> properties = new ArrayList<>();
            if (!c.replayFile().isEmpty()) {
                Path file = folder.toAbsolutePath().normalize().resolve(c.replayFile());
                properties.add("file=" + property((file.startsWith(cwd) ? cwd.relativize(file) : file).toString()));
            }
            properties.add("title=" + property("ecslab gate " + v.strategy() + " / " + v.executor() + ": " + c.name()));
            String message = (!c.holds() ? "" : "reported, not gated (the expected class does not promise it): ")
                    + c.detail() + JUnitXml.replayLine(folder, v, c);
            out.add("::" + level + " " + String.join(",", properties) + "::" + data(message));
        }
        return out;
    }

    /** A command's message: {@code %}, CR and LF escaped. */
    static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A property's value: as {@link #data}, and {@code :} and {@code ,} too. */
    static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }
}
