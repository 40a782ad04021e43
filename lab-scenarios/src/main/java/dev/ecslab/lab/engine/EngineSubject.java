package dev.ecslab.lab.engine;

import dev.ecslab.lab.trace.DriverFingerprint;
import dev.ecslab.lab.trace.PluginJar;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * An engine under test as the lab holds it: its contract, how to make an instance, and the jar it came from (none
 * for one on the lab's class path or a process engine), or for a process engine the fingerprint of its driver.
 *
 * <p>It is {@link AutoCloseable} because a provider may keep something between runs (a {@link ProcessEngineProvider}
 * keeps an idle driver process): {@link #close} releases it, and the lab calls it once it has finished with the
 * engine. Closing a subject whose provider holds nothing does nothing.
 */
public record EngineSubject(EngineContract contract, EngineProvider provider, PluginJar jar) implements AutoCloseable {
    public EngineSubject {
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(provider, "provider");
    }

    /** The engine's id. */
    public String id() {
        return contract.id();
    }

    /** A fresh instance. */
    public Engine create() throws Exception {
        return provider.create();
    }

    /**
     * Releases what the provider keeps between runs when it is {@link AutoCloseable} (a process engine's idle driver
     * process is ended); a failure to close is not thrown, since the runs' verdicts are already made. Idempotent for
     * the lab's own providers.
     */
    @Override
    public void close() {
        if (provider instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                // nothing is judged by a close
            }
        }
    }

    /**
     * An engine in any language, driven over the process protocol ({@code docs/engine-protocol.md}): {@code command}
     * is started once in {@code workingDir} to state its contract, and afresh for each run, or reused across runs when
     * the driver declares itself reusable ({@link ProcessEngineProvider}). Close the subject when done.
     *
     * @param helloTimeout how long the driver may take to answer {@code hello}
     * @throws IllegalArgumentException when the driver cannot state its contract, or states one the lab refuses
     */
    public static EngineSubject process(List<String> command, java.nio.file.Path workingDir, java.time.Duration helloTimeout) {
        return process(command, workingDir, helloTimeout, List.of());
    }

    /**
     * As {@link #process(List, java.nio.file.Path, java.time.Duration)}, for a driver whose engine also depends on
     * {@code dependencies} (a shipped Node.js driver's {@code package-lock.json}): its {@link #driver()} covers them.
     */
    public static EngineSubject process(List<String> command, java.nio.file.Path workingDir, java.time.Duration helloTimeout,
            List<java.nio.file.Path> dependencies) {
        ProcessEngineProvider p = ProcessEngineProvider.probe(command, workingDir, helloTimeout, dependencies);
        return new EngineSubject(p.contract(), p, null);
    }

    /**
     * The fingerprint of the driver when the engine is driven as a process (its command and the SHA-256 of its files,
     * which a trace records so that a replay can insist on the same driver); null for an engine in the lab's process.
     */
    public DriverFingerprint driver() {
        return provider instanceof ProcessEngineProvider p ? p.driver() : null;
    }

    /**
     * Every engine whose provider {@code loader} finds, in id order; a provider that fails to load, or to state its
     * contract within {@link dev.ecslab.lab.run.PluginJars#DESCRIBE_SECONDS} (this runs before any run's timeout
     * applies), is named.
     */
    public static List<EngineSubject> all(ClassLoader loader) {
        java.util.concurrent.FutureTask<List<EngineSubject>> task = new java.util.concurrent.FutureTask<>(() -> load(loader));
        Thread thread = new Thread(task, "ecslab-engine-providers");
        thread.setDaemon(true);
        thread.start();
        long seconds = dev.ecslab.lab.run.PluginJars.DESCRIBE_SECONDS.value();
        try {
            return task.get(seconds, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            thread.interrupt();
            throw new IllegalArgumentException("the engine providers did not load and state their contracts within " + seconds
                    + " s: the lab cannot judge an engine that hangs there ("
                    + dev.ecslab.lab.run.PluginJars.DESCRIBE_SECONDS.property() + " gives it longer)");
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the engine providers were loaded", e);
        }
    }

    private static List<EngineSubject> load(ClassLoader loader) {
        List<EngineSubject> out = new ArrayList<>();
        ServiceLoader<EngineProvider> found = ServiceLoader.load(EngineProvider.class, loader);
        for (var it = found.iterator(); it.hasNext();) {
            EngineProvider p;
            try {
                p = it.next();
            } catch (java.util.ServiceConfigurationError e) {
                throw new IllegalArgumentException("an engine provider could not be loaded: " + e.getMessage(), e);
            }
            EngineContract c;
            try {
                c = p.contract();
            } catch (RuntimeException | LinkageError e) {
                throw new IllegalArgumentException("engine provider " + p.getClass().getName() + " failed to state its contract: "
                        + e, e);
            }
            if (c == null) {
                throw new IllegalArgumentException("engine provider " + p.getClass().getName() + " states no contract");
            }
            out.add(new EngineSubject(c, p, givenJar(p.getClass(), loader)));
        }
        out.sort(java.util.Comparator.comparing(EngineSubject::id));
        for (int i = 1; i < out.size(); i++) {
            if (out.get(i).id().equals(out.get(i - 1).id())) {
                throw new IllegalArgumentException("two engine providers declare the id '" + out.get(i).id() + "': "
                        + out.get(i - 1).provider().getClass().getName() + " and " + out.get(i).provider().getClass().getName());
            }
        }
        return out;
    }

    /**
     * The jar {@code type} came from when it is one the user gave ({@code loader}'s own jars, as {@code --engine-jar}
     * makes them), with its SHA-256, so a replay can insist on the same build; null for an engine on the lab's class
     * path.
     */
    static PluginJar givenJar(Class<?> type, ClassLoader loader) {
        if (!(loader instanceof java.net.URLClassLoader given)) {
            return null;
        }
        java.util.Optional<java.nio.file.Path> jar = PluginJar.jarOf(type);
        if (jar.isEmpty()) {
            return null;
        }
        for (java.net.URL url : given.getURLs()) {
            try {
                if (java.nio.file.Path.of(url.toURI()).toAbsolutePath().normalize().equals(jar.get().toAbsolutePath().normalize())) {
                    return new PluginJar(PluginJar.ENGINE, jar.get().getFileName().toString(), PluginJar.sha256(jar.get()));
                }
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                // not a file URL: not a jar the user gave
            }
        }
        return null;
    }

    /** The engine {@code id} among {@link #all}; an unknown id is refused with the known ones listed. */
    public static EngineSubject find(String id, ClassLoader loader) {
        List<EngineSubject> all = all(loader);
        for (EngineSubject s : all) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no engine '" + id + "'; known: "
                + (all.isEmpty() ? "none" : String.join(", ", all.stream().map(EngineSubject::id).toList())));
    }
}
