package dev.ecslab.reports.cli;

import dev.ecslab.lab.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps {@code lab replay} from "reproducing" another configuration's failure: a counterexample file is
 * named by the lab for the configuration it was found under ({@code 007-flags-serial-1.json}) and lies in a
 * report folder whose manifest lists it. A file whose name names another configuration than the one its
 * trace records, or that its report folder does not list (a leftover of an earlier run), is refused. A
 * file the user renamed or moved out of a report folder is not checked.
 */
final class ReplayFileCheck {
    private static final Pattern COUNTEREXAMPLE = Pattern.compile("\\d{3,}-(.+)\\.json");
    private static final Set<String> FLAVORS = Set.of("DEFAULT", "IMMEDIATE");

    private ReplayFileCheck() {
    }

    /** Why {@code file} cannot be trusted to replay what it claims, or null. */
    static String mismatch(Path file, Trace.Config config) {
        if (config == null || config.strategy() == null || config.executor() == null || config.flavor() == null) {
            return "the trace does not say which strategy, flavor and executor it was recorded with";
        }
        if (!FLAVORS.contains(config.flavor())) {
            return "the trace records an unknown flavor '" + config.flavor() + "' (expected default or immediate)";
        }
        Path folder = file.getParent();
        if (folder == null || folder.getParent() == null) {
            return null;
        }
        String name = file.getFileName().toString();
        String kind = folder.getFileName().toString();
        Matcher m = COUNTEREXAMPLE.matcher(name);
        if (kind.equals("counterexamples") && m.matches()) {
            String label = config.flavor().equals("IMMEDIATE") ? config.strategy() + "/immediate" : config.strategy();
            String expected = MatrixReport.slug(label) + "-" + MatrixReport.slug(config.executor()) + "-";
            if (!m.group(1).startsWith(expected)) {
                return "its name says it is a counterexample of another configuration than the one its trace records ("
                        + label + " under " + config.executor() + "); it may be a leftover of an earlier run";
            }
        }
        Path manifest = folder.getParent().resolve(StagedReport.MANIFEST);
        if ((kind.equals("counterexamples") || kind.equals("witnesses")) && Files.isRegularFile(manifest)) {
            try {
                if (!StagedReport.previous(folder.getParent()).contains(kind + "/" + name)) {
                    return "it is not part of the report in " + folder.getParent() + " (a leftover of an earlier run, or a"
                            + " file put there by hand); copy it elsewhere to replay it anyway";
                }
            } catch (IOException e) {
                return null;                                   // an unreadable manifest proves nothing
            }
        }
        return null;
    }
}
