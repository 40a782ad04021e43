package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.executor.ExecutorProvider;
import dev.ecslab.lab.trace.PluginJar;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The plug-in jars a user gave for one command ({@code --strategy-jar} and {@code --executor-jar}),
 * checked, and one class loader over all of them. Opening checks every jar up front, so a bad jar is
 * an error naming the option and the jar, never a stack trace in the middle of a campaign: it must be
 * a file, a readable jar, list providers of its kind in {@code META-INF/services}, and at least one of
 * those providers must load from it. Error messages use the command line's option names.
 *
 * <p>Close it when the strategies and executors it loaded are no longer used (it closes the loader).
 */
public final class PluginJars implements AutoCloseable {
    private final List<Path> strategyJars;
    private final List<Path> executorJars;
    private final ClassLoader loader;

    private PluginJars(List<Path> strategyJars, List<Path> executorJars, ClassLoader loader) {
        this.strategyJars = List.copyOf(strategyJars);
        this.executorJars = List.copyOf(executorJars);
        this.loader = loader;
    }

    /**
     * The jars as files only, none of their code loaded: the lab's own loader, for a command whose plug-ins run in
     * another JVM ({@link RunHost}) and that needs only the jars' paths (a replay checks their SHA-256 here).
     */
    public static PluginJars unloaded(List<Path> strategyJars, List<Path> executorJars) {
        return new PluginJars(strategyJars, executorJars, PluginJars.class.getClassLoader());
    }

    /** No jars: the loader that loaded the lab, which sees the built-ins (and the class path's plug-ins). */
    public static PluginJars none() {
        return new PluginJars(List.of(), List.of(), PluginJars.class.getClassLoader());
    }

    /**
     * Checks the jars and opens one loader over them (the lab's loader when there are none).
     *
     * @throws IllegalArgumentException naming the option and the first bad jar, and what is wrong with it
     * @throws IllegalStateException    when two providers claim one id (both are named)
     */
    public static PluginJars open(List<Path> strategyJars, List<Path> executorJars) {
        if (strategyJars.isEmpty() && executorJars.isEmpty()) {
            return none();
        }
        for (Path jar : strategyJars) {
            checkFile(PluginJar.STRATEGY, jar);
        }
        for (Path jar : executorJars) {
            checkFile(PluginJar.EXECUTOR, jar);
        }
        Set<URL> urls = new LinkedHashSet<>();
        for (Path jar : concat(strategyJars, executorJars)) {
            try {
                urls.add(jar.toAbsolutePath().normalize().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("jar " + jar + ": " + e.getMessage(), e);
            }
        }
        URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), PluginJars.class.getClassLoader());
        PluginJars out = new PluginJars(strategyJars, executorJars, loader);
        try {
            out.checkProviders(PluginJar.STRATEGY);
            out.checkProviders(PluginJar.EXECUTOR);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        return out;
    }

    /** The command-line option that gives jars of {@code role}: {@code --strategy-jar} or {@code --executor-jar}. */
    public static String option(String role) {
        return "--" + role + "-jar";
    }

    /** The loader that sees the built-ins and every given jar. */
    public ClassLoader loader() {
        return loader;
    }

    public List<Path> strategyJars() {
        return strategyJars;
    }

    public List<Path> executorJars() {
        return executorJars;
    }

    /** The jars given for {@code role} ({@link PluginJar#STRATEGY} or {@link PluginJar#EXECUTOR}). */
    public List<Path> jars(String role) {
        return PluginJar.STRATEGY.equals(role) ? strategyJars : executorJars;
    }

    @Override
    public void close() {
        if (loader instanceof URLClassLoader u && loader != PluginJars.class.getClassLoader()) {
            try {
                u.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static List<Path> concat(List<Path> a, List<Path> b) {
        List<Path> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static String service(String role) {
        return (PluginJar.STRATEGY.equals(role) ? ChangeTrackerProvider.class : ExecutorProvider.class).getName();
    }

    private static String kind(String role) {
        return PluginJar.STRATEGY.equals(role) ? "change-tracking strategy" : "executor";
    }

    /** A file, a readable zip, with a services entry that lists at least one class. */
    private static void checkFile(String role, Path jar) {
        String what = option(role) + " " + jar;
        if (!Files.exists(jar)) {
            throw new IllegalArgumentException(what + ": no such file");
        }
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(what + ": not a file");
        }
        List<String> listed;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            listed = listed(zip, service(role));
        } catch (IOException e) {
            throw new IllegalArgumentException(what + ": not a readable jar (" + e.getMessage() + ")", e);
        }
        if (listed == null) {
            throw new IllegalArgumentException(what + " provides no " + kind(role) + ": it has no META-INF/services/"
                    + service(role) + " entry");
        }
        if (listed.isEmpty()) {
            throw new IllegalArgumentException(what + " provides no " + kind(role) + ": its META-INF/services/"
                    + service(role) + " lists no class");
        }
    }

    /** The classes a jar's services entry lists; {@code null} when it has no such entry. */
    private static List<String> listed(ZipFile zip, String service) throws IOException {
        ZipEntry entry = zip.getEntry("META-INF/services/" + service);
        if (entry == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(zip.getInputStream(entry), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int hash = line.indexOf('#');
                String name = (hash >= 0 ? line.substring(0, hash) : line).trim();
                if (!name.isEmpty()) {
                    out.add(name);
                }
            }
        }
        return out;
    }

    /**
     * How long a role's plug-in providers may take to load and describe themselves ({@code id()}, the claims,
     * {@code description()}): this runs before any run's timeout applies, so a provider that spins there would
     * otherwise hang the lab with no output.
     */
    public static final dev.ecslab.ecs.input.InputLimit DESCRIBE_SECONDS =
            new dev.ecslab.ecs.input.InputLimit("ecslab.limit.pluginDescribeSeconds", 60, "seconds");

    /** Every provider of {@code role} loads, and every given jar of that role has one loaded from it. */
    private void checkProviders(String role) {
        List<Path> jars = jars(role);
        List<Class<?>> providers = bounded(role, () -> loadProviders(role));
        for (Path jar : jars) {
            Path want = jar.toAbsolutePath().normalize();
            boolean found = providers.stream().map(PluginJar::jarOf).anyMatch(j -> j.equals(Optional.of(want)));
            if (!found) {
                throw new IllegalArgumentException(option(role) + " " + jar + " provides no " + kind(role)
                        + ": none of the classes its META-INF/services/" + service(role) + " lists was loaded from it"
                        + " (does another given jar hold classes of the same names?)");
            }
        }
    }

    /** The classes of {@code role}'s providers, each asked what the lab reads of it; plug-in failures named. */
    private List<Class<?>> loadProviders(String role) {
        List<Class<?>> providers = new ArrayList<>();
        try {
            if (PluginJar.STRATEGY.equals(role)) {
                for (ChangeTrackerProvider p : ChangeTrackerProvider.all(loader)) {
                    providers.add(p.getClass());
                    try {
                        describes(p);
                    } catch (RuntimeException | LinkageError e) {
                        throw new IllegalArgumentException(option(role) + " " + PluginJar.jarOf(p.getClass()).orElseThrow()
                                + ": its " + kind(role) + " " + p.getClass().getName() + " failed to describe itself: " + e, e);
                    }
                }
            } else {
                ExecutorProvider.all(loader).forEach(p -> providers.add(p.getClass()));
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException(culprits(role, e) + ": cannot load its " + kind(role) + ": "
                    + e.getMessage(), e);
        } catch (dev.ecslab.ecs.input.BadInputException | IllegalArgumentException e) {
            throw e;
        } catch (IllegalStateException e) {
            if (String.valueOf(e.getMessage()).startsWith("two ")) {
                throw e;                            // two providers claim one id: the lab's own message names both
            }
            throw new IllegalArgumentException(culprits(role, e) + ": its " + kind(role) + " failed to give its id: " + e, e);
        } catch (RuntimeException | LinkageError e) {
            // A provider that throws in id() (or in claimedClass(), claimedDelayFrames() or description(), above): its
            // jar is named, as for one that cannot be instantiated, rather than the lab blaming itself (exit 70).
            throw new IllegalArgumentException(culprits(role, e) + ": its " + kind(role) + " failed to give its id: " + e, e);
        }
        return providers;
    }

    /**
     * {@code call} on a thread of its own, for at most {@link #DESCRIBE_SECONDS}: past that, the thread is
     * stopped (as a stuck run's are) and the role's jars are bad input, named.
     */
    private <T> T bounded(String role, java.util.concurrent.Callable<T> call) {
        java.util.concurrent.FutureTask<T> task = new java.util.concurrent.FutureTask<>(call);
        Thread thread = new Thread(task, "lab-plugin-describe");
        thread.setDaemon(true);
        thread.start();
        long seconds = DESCRIBE_SECONDS.value();
        try {
            return task.get(seconds, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            thread.interrupt();
            try {
                thread.join(1_000);
                if (thread.isAlive()) {
                    Thread.class.getMethod("stop").invoke(thread);
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            } catch (ReflectiveOperationException | RuntimeException refused) {
                // a daemon: it ends with the JVM
            }
            List<String> names = new ArrayList<>();
            jars(role).forEach(j -> names.add(j.toString()));
            throw new IllegalArgumentException(option(role) + " " + String.join(", ", names) + ": its " + kind(role)
                    + " did not load and describe itself (id(), claimedClass(), claimedDelayFrames(), description())"
                    + " within " + seconds + " s: the lab cannot judge a plug-in that hangs there ("
                    + DESCRIBE_SECONDS.property() + " gives it longer)");
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading the plug-ins of " + option(role), e);
        }
    }

    /**
     * Asks a strategy provider from a given jar everything the lab reads of it before a campaign (the lab's own
     * providers are not asked), so that one that throws there is bad input naming its jar.
     */
    private static void describes(ChangeTrackerProvider p) {
        if (PluginJar.jarOf(p.getClass()).isEmpty() || p.getClass().getClassLoader() == PluginJars.class.getClassLoader()) {
            return;
        }
        for (dev.ecslab.ecs.change.ChangeFlavor f : dev.ecslab.ecs.change.ChangeFlavor.values()) {
            p.claimedClass(f);
            p.claimedDelayFrames(f);
        }
        p.description();
    }

    /** The jars whose services entry lists a class the error names (every given jar if none does). */
    private String culprits(String role, Throwable e) {
        String message = String.valueOf(e.getMessage());
        List<String> named = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (String r : List.of(PluginJar.STRATEGY, PluginJar.EXECUTOR)) {
            for (Path jar : jars(r)) {
                all.add(option(r) + " " + jar);
                try (ZipFile zip = new ZipFile(jar.toFile())) {
                    List<String> listed = listed(zip, service(role));
                    if (listed != null && listed.stream().anyMatch(message::contains)) {
                        named.add(option(r) + " " + jar);
                    }
                } catch (IOException ignored) {
                    // checked readable before; the error's own message still says what failed
                }
            }
        }
        return String.join(", ", named.isEmpty() ? all : named);
    }
}
