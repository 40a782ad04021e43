package dev.ecslab.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Java sources from outside the build (the documentation's examples, the sample project's files) compiled with the
 * system compiler against this test's class path, and their JUnit tests run in-process through the JUnit Platform
 * Launcher, with their classes (and resources, such as {@code META-INF/services}) on the context class loader, as a
 * build of their own would have them.
 */
final class CompiledTests {
    private static final Pattern TYPE = Pattern.compile("(?m)^(?:public\\s+)?(?:final\\s+)?(?:class|interface|record|enum)\\s+(\\w+)");

    private final Path classes;

    private CompiledTests(Path classes) {
        this.classes = classes;
    }

    /** The name of the first top-level type a compilation unit declares. */
    static String typeName(String source) {
        Matcher m = TYPE.matcher(source);
        if (!m.find()) {
            throw new IllegalArgumentException("no top-level class in:\n" + source);
        }
        return m.group(1);
    }

    /**
     * Compiles {@code sources} (each a compilation unit of the default package, by its type's name) into
     * {@code dir}/classes, and copies {@code resources} (path relative to the class folder, text) there.
     *
     * @throws AssertionError with the compiler's messages when a source does not compile
     */
    static CompiledTests compile(Path dir, List<String> sources, Map<String, String> resources) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> options = List.of("-d", classes.toString(), "-classpath", System.getProperty("java.class.path"),
                "-proc:none", "-Xlint:all", "-Werror");
        List<String> files = new ArrayList<>();
        for (String s : sources) {
            Path f = src.resolve(typeName(s) + ".java");
            Files.writeString(f, s);
            files.add(f.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter out = new StringWriter();
        boolean compiled = javac.getTask(out, null, null, options, null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjectsFromStrings(files)).call();
        if (!compiled) {
            throw new AssertionError("the sources do not compile:\n" + out);
        }
        for (Map.Entry<String, String> r : resources.entrySet()) {
            Path f = classes.resolve(r.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, r.getValue());
        }
        return new CompiledTests(classes);
    }

    /** How one test ended: its class and method, and its failure (null when it passed). */
    record Outcome(String test, Throwable failure) {
    }

    /**
     * Runs the JUnit tests of the class {@code name} and answers each test's outcome, by its display name (a test that
     * was not run at all, or a class with no test, fails here rather than passing unseen).
     */
    Map<String, Outcome> run(String name) {
        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            thread.setContextClassLoader(loader);
            Class<?> type = loader.loadClass(name);
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(type)).build();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request, new TestExecutionListener() {
                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    if (id.isTest()) {
                        outcomes.put(id.getDisplayName(), new Outcome(id.getDisplayName(),
                                result.getStatus() == TestExecutionResult.Status.SUCCESSFUL ? null
                                        : result.getThrowable().orElse(new AssertionError(result.getStatus().toString()))));
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("compiled, but no class " + name + " in " + classes, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
        if (outcomes.isEmpty()) {
            throw new AssertionError("class " + name + " ran no test");
        }
        return outcomes;
    }

    /** This test's class path, each entry a path (for a nested build's messages). */
    static List<String> classPath() {
        return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    }
}
