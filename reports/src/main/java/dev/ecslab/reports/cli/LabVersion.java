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

    /** The commit the lab was built from ({@code 1a2b3c4d5e6f}, with {@code +local-changes}), or {@code unknown}. */
    public static String commit() {
        return value(properties(), "commit");
    }

    /** The version alone, {@code "0.1.0-SNAPSHOT"}. */
    public static String version() {
        return value(properties(), "version");
    }

    /** {@code "ecslab 0.1.0-SNAPSHOT (commit 1a2b3c4)"}. */
    public static String line() {
        Properties p = properties();
        return "ecslab " + value(p, "version") + " (commit " + value(p, "commit") + ")";
    }

    private static Properties properties() {
        Properties p = new Properties();
        try (InputStream in = LabVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // reported as unknown below
        }
        return p;
    }

    private static String value(Properties p, String key) {
        String v = p.getProperty(key, "").strip();
        return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
    }
}
