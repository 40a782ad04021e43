package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.engine.IsolatedEngineJars;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine jars a command was given ({@code --engine-jar}): their engines run in child JVMs
 * ({@link IsolatedEngineJars}, the default), or, with {@code --no-isolate}, in the lab's own JVM through a class
 * loader over the jars. A command finds its engines here ({@link #find}) and never needs to know which: ids, messages
 * for bad jars, traces and verdicts are the same either way. Close it when the engines are no longer used.
 */
final class EngineJars implements AutoCloseable {
    private final URLClassLoader loader;
    private final List<EngineSubject> isolated;

    private EngineJars(URLClassLoader loader, List<EngineSubject> isolated) {
        this.loader = loader;
        this.isolated = isolated;
    }

    /**
     * Checks that each jar is a readable file and opens them: in child JVMs when {@code isolate} (nothing of the jars
     * is loaded here), else in a loader of this JVM.
     *
     * @throws BadInputException        naming a jar that is no readable file
     * @throws IllegalArgumentException when an isolated jar is refused (a provider that does not load, throws or hangs
     *                                  stating its contract), with the message the lab gives in its own JVM
     * @throws dev.ecslab.lab.isolate.PluginCrashedException when an isolated jar's code ended its JVM as it loaded
     */
    static EngineJars open(List<File> jars, boolean isolate) throws java.io.IOException {
        List<URL> urls = new ArrayList<>();
        List<Path> paths = new ArrayList<>();
        for (File jar : jars) {
            Path p = jar.toPath();
            if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                throw new BadInputException(p.toString(), "", "--engine-jar: not a readable file");
            }
            paths.add(p);
            urls.add(p.toAbsolutePath().normalize().toUri().toURL());
        }
        if (isolate && !paths.isEmpty()) {
            return new EngineJars(new URLClassLoader(new URL[0], EngineJars.class.getClassLoader()),
                    IsolatedEngineJars.open(paths, EnginesCommand.HELLO));
        }
        return new EngineJars(new URLClassLoader(urls.toArray(URL[]::new), EngineJars.class.getClassLoader()), List.of());
    }

    /** The engines named by {@code ids} (all when empty): {@link EnginesCommand#find}'s, with these jars'. */
    List<EngineSubject> find(List<String> ids, List<String> commands) {
        return EnginesCommand.find(ids, commands, loader, isolated);
    }

    @Override
    public void close() throws java.io.IOException {
        isolated.forEach(EngineSubject::close);
        loader.close();
    }
}
