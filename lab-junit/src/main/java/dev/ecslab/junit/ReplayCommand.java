package dev.ecslab.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How a gate's replay file is replayed from a shell, in two forms: {@code ./lab replay FILE} in an ecslab checkout, and
 * {@code java @ARGS replay FILE}, which runs the lab on the test's own class path (so it finds the provider under test
 * the way the lab finds every plug-in: through {@code META-INF/services}). {@code ARGS} is a Java launcher argument
 * file the gate writes into its folder ({@value #ARGS_FILE}): the class path and the lab's main class.
 *
 * @param options   what the replay needs after the file ({@code --strategy-jar JAR}), each option with a leading space
 * @param argsFile  the argument file, absolute
 */
record ReplayCommand(String options, Path argsFile) {
    /** The argument file's name in the gate's folder. */
    static final String ARGS_FILE = "lab.args";
    /** The lab's main class. */
    static final String MAIN = "dev.ecslab.reports.cli.LabMain";

    /** The two commands that replay {@code file}, one per line, indented by {@code indent}. */
    String lines(Path file, String indent) {
        String f = shellWord(file.toString());
        return indent + "./lab replay " + f + options + "\n"
                + indent + "java @" + shellWord(argsFile.toString()) + " replay " + f + options
                + "   (the lab on this test's class path)";
    }

    /**
     * Writes the argument file into {@code folder} (replacing one there) with the class path {@code provider}'s loader
     * sees: the entries of every {@link URLClassLoader} from it up, then {@code java.class.path}.
     */
    static Path writeArgs(Path folder, ClassLoader provider) {
        Set<String> entries = new LinkedHashSet<>();
        List<ClassLoader> chain = new ArrayList<>();
        for (ClassLoader l = provider; l != null; l = l.getParent()) {
            chain.add(0, l);
        }
        for (ClassLoader l : chain) {
            if (l instanceof URLClassLoader u) {
                for (URL url : u.getURLs()) {
                    try {
                        entries.add(Path.of(url.toURI()).toString());
                    } catch (URISyntaxException | IllegalArgumentException e) {
                        // not a file: nothing a java command line can name
                    }
                }
            }
        }
        for (String e : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            if (!e.isBlank()) {
                entries.add(Path.of(e).toAbsolutePath().toString());
            }
        }
        String text = "-cp\n" + quoted(String.join(java.io.File.pathSeparator, entries)) + "\n" + MAIN + "\n";
        Path file = folder.resolve(ARGS_FILE);
        try {
            Path tmp = Files.createTempFile(folder, ARGS_FILE, ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the replay's argument file " + file + ": " + e.getMessage(), e);
        }
        return file.toAbsolutePath();
    }

    /** An argument in a Java argument file: in double quotes, backslashes and quotes escaped. */
    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A word as a POSIX shell reads it: as it is when it is plain, else in single quotes. */
    static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./:=@%+,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
