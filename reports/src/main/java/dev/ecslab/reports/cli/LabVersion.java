package dev.ecslab.reports.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code lab --version}: the version and the commit the lab was built from, embedded at build time
 * ({@code version.properties}, filled in by Maven). A build without git (a source tarball) says
 * "commit unknown" rather than nothing.
 */
public final class LabVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {line()};
    }

    /** {@code "ecslab 0.1.0-SNAPSHOT (commit 1a2b3c4)"}. */
    public static String line() {
        Properties p = new Properties();
        try (InputStream in = LabVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // reported as unknown below
        }
        String version = value(p, "version");
        String commit = value(p, "commit");
        return "ecslab " + version + " (commit " + commit + ")";
    }

    private static String value(Properties p, String key) {
        String v = p.getProperty(key, "").strip();
        return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
    }
}
