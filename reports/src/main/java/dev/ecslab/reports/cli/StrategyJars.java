package dev.ecslab.reports.cli;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/** The class loader that sees the strategies of {@code --strategy-jar} files beside the built-in ones. */
final class StrategyJars {
    private StrategyJars() {
    }

    /**
     * A loader over {@code jars} (the application's loader when there are none).
     *
     * @throws IllegalArgumentException naming the first jar that is not a file
     */
    static ClassLoader loader(List<File> jars) {
        ClassLoader parent = StrategyJars.class.getClassLoader();
        if (jars.isEmpty()) {
            return parent;
        }
        List<URL> urls = new ArrayList<>();
        for (File f : jars) {
            if (!f.isFile()) {
                throw new IllegalArgumentException("--strategy-jar " + f + ": no such file");
            }
            try {
                urls.add(f.toURI().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("--strategy-jar " + f + ": " + e.getMessage(), e);
            }
        }
        return new URLClassLoader(urls.toArray(URL[]::new), parent);
    }
}
