package dev.ecslab.reports.cli;

import dev.ecslab.lab.isolate.IsolatedPlugins;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.TrackerSubject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The strategies and executors a command may name: the built-ins, the mutants, and those of the plug-in jars it
 * was given, which run in child JVMs ({@link IsolatedPlugins}, the default) or, with {@code --no-isolate}, in the
 * lab's own JVM ({@link PluginJars}). A command finds its subjects here and never needs to know which.
 */
final class PluginSubjects implements AutoCloseable {
    private final PluginJars inProcess;
    private final IsolatedPlugins isolated;

    private final PluginJars files;

    private PluginSubjects(PluginJars inProcess, IsolatedPlugins isolated, PluginJars files) {
        this.inProcess = inProcess;
        this.isolated = isolated;
        this.files = files;
    }

    /**
     * Opens the jars: in child JVMs when {@code isolate} and there are any, else in this JVM.
     *
     * @throws IllegalArgumentException naming the bad jar and what is wrong with it
     * @throws IllegalStateException    when two providers claim one id
     * @throws dev.ecslab.lab.isolate.PluginCrashedException when an isolated jar's code ended its JVM as it loaded
     */
    static PluginSubjects open(List<Path> strategyJars, List<Path> executorJars, boolean isolate) {
        if (isolate && !(strategyJars.isEmpty() && executorJars.isEmpty())) {
            return new PluginSubjects(PluginJars.none(), IsolatedPlugins.open(strategyJars, executorJars),
                    PluginJars.unloaded(strategyJars, executorJars));
        }
        PluginJars jars = PluginJars.open(strategyJars, executorJars);
        return new PluginSubjects(jars, null, jars);
    }

    /** The jars as given (their files; loaded here only without isolation), for their SHA-256. */
    PluginJars files() {
        return files;
    }

    /** Whether the jars' code runs in child JVMs. */
    boolean isolated() {
        return isolated != null;
    }

    /** A strategy by label: a mutant, one of the jars', or a built-in. */
    TrackerSubject strategy(String label) {
        if (isolated != null) {
            for (TrackerSubject s : isolated.strategies()) {
                if (s.label().equals(label)) {
                    return s;
                }
            }
        }
        try {
            return LabMain.trackerSubject(label, inProcess.loader());
        } catch (IllegalArgumentException e) {
            if (isolated == null) {
                throw e;
            }
            // the message the lab gives when the jars are in its JVM: every label, the jars' among them
            throw new IllegalArgumentException("no change-tracking strategy '" + label + "'; known: "
                    + strategies().stream().map(TrackerSubject::label).toList());
        }
    }

    /** An executor by id: a mutant, one of the jars', or a built-in. */
    ExecutorSubject executor(String id) {
        if (isolated != null) {
            for (ExecutorSubject e : isolated.executors()) {
                if (e.id().equals(id)) {
                    return e;
                }
            }
        }
        try {
            return LabMain.executorSubject(id, inProcess.loader());
        } catch (IllegalArgumentException e) {
            if (isolated == null) {
                throw e;
            }
            throw new IllegalArgumentException("no executor with id '" + id + "'; known: "
                    + String.join(", ", executors().stream().map(ExecutorSubject::id).toList()));
        }
    }

    /** Every strategy: the built-ins first, then the jars'. */
    List<TrackerSubject> strategies() {
        List<TrackerSubject> out = new ArrayList<>(TrackerSubject.all(inProcess.loader()));
        if (isolated != null) {
            out.addAll(isolated.strategies());
        }
        return out;
    }

    /** Every executor: the built-ins first, then the jars'. */
    List<ExecutorSubject> executors() {
        List<ExecutorSubject> out = new ArrayList<>(ExecutorSubject.all(inProcess.loader()));
        if (isolated != null) {
            out.addAll(isolated.executors());
        }
        return out;
    }

    @Override
    public void close() {
        if (isolated != null) {
            isolated.close();
            isolated.crashReports().forEach(r -> System.err.println("lab: an isolated JVM that crashed in native code"
                    + " wrote its crash report: " + r));
        }
        inProcess.close();
    }
}
