package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * The thread on which the reader fuzzers read each input, so that an input that hangs fails its try
 * instead of the build: each read must end within {@link #SECONDS} and allocate less than
 * {@link #ALLOCATED} bytes, and may throw nothing (the read returns the error it expects); an error
 * message must be one line without Java names. The inputs are written to a temporary folder of the
 * worker's own, deleted when it is closed.
 */
final class FuzzWorker implements AutoCloseable {
    /** Per input: generous, for a loaded 2-core machine ("does not hang", not a timing). */
    static final long SECONDS = 10;
    /** Per input: bytes allocated while reading (the inputs are at most a few hundred KB). */
    static final long ALLOCATED = 512L << 20;
    // A backtick may be the input's own character, quoted; Jackson's backticked names are caught by the package pattern.
    private static final Pattern JAVA_NAME = Pattern.compile("(java|com|dev|org)\\.[a-z]+\\.|Exception|StreamRead|JsonParser");

    private final ExecutorService worker;
    private final Path folder;

    FuzzWorker(String name) throws IOException {
        folder = Files.createTempDirectory(name);
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** What {@code read} returned for {@code input} (named in failures), within the time and allocation bounds. */
    <T> T read(Object input, Callable<T> read) throws InterruptedException {
        Future<Object[]> future = worker.submit(() -> {
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = threads.getCurrentThreadAllocatedBytes();
            T result = read.call();
            return new Object[] {result, threads.getCurrentThreadAllocatedBytes() - before};
        });
        Object[] outcome;
        try {
            outcome = future.get(SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new AssertionError(input + " took more than " + SECONDS + " s");
        } catch (ExecutionException e) {
            throw new AssertionError(input + " threw " + e.getCause(), e.getCause());
        }
        assertThat((long) outcome[1]).as("bytes allocated reading %s", input).isLessThan(ALLOCATED);
        @SuppressWarnings("unchecked")
        T result = (T) outcome[0];
        return result;
    }

    /** Checks that {@code message} is one line of words, without a Java class or package name. */
    static void assertOneLineOfWords(String message) {
        assertThat(message).as("one line").doesNotContain("\n").doesNotContain("\r");
        assertThat(JAVA_NAME.matcher(message).find()).as("Java names in %s", message).isFalse();
    }

    /** The worker's folder, for files the fuzzer writes itself. */
    Path folder() {
        return folder;
    }

    /** Writes {@code bytes} as the file {@code name} of the worker's folder. */
    Path write(String name, byte[] bytes) {
        try {
            return Files.write(folder.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the thread and deletes the folder. */
    @Override
    public void close() throws IOException {
        worker.shutdownNow();
        try (var files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
