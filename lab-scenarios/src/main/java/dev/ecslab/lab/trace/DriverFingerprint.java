package dev.ecslab.lab.trace;

import dev.ecslab.lab.scenario.Required;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A process engine's driver as a trace records it: its command, word for word as given, and the SHA-256 of each
 * file it runs. It is to an engine driven as a process what {@link PluginJar} is to a jar: a replay against an edited
 * driver is refused rather than silently judging other code under the recorded name.
 *
 * <p>The files are every word of the command that names a regular file (the driver script; an interpreter given by
 * its path), resolved against the driver's working directory, in command order, then the files the driver depends
 * on beyond its command: for a shipped Node.js driver its {@code package-lock.json}, which pins the npm packages
 * that hold the engine itself. The lab cannot see what else a driver reads (a module it imports, an installed
 * package out of step with its lock), so the fingerprint vouches for these files only.
 *
 * <p>Contract: {@link #mismatch} answers nothing exactly when the fingerprint the lab computes now has the same
 * command shape (the same words where no file is named, a file where one was) and every file the same SHA-256 as
 * the recorded one; a file's path may differ (the checkout may have moved), its content may not.
 *
 * @param command the driver's command, one word per entry, as given
 * @param files   each file of the command, then each dependency, with its SHA-256
 */
public record DriverFingerprint(@Required List<String> command, @Required List<HashedFile> files) {
    /** Copies the lists; a null entry is kept for {@link TraceConsistency} to refuse with its path. */
    public DriverFingerprint {
        command = Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(command, "command")));
        files = Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(files, "files")));
    }

    /**
     * A file of the driver as the fingerprint names it.
     *
     * @param file   the path as the command gave it (a dependency's as the lab found it)
     * @param sha256 the SHA-256 of its bytes, lower-case hex
     */
    public record HashedFile(@Required String file, @Required String sha256) {
        public HashedFile {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(sha256, "sha256");
        }
    }

    /**
     * The fingerprint of {@code command} run in {@code workingDir} ({@code null}: the lab's own) with
     * {@code dependencies} (those that are not regular files are left out), hashed as a plug-in jar is
     * ({@link PluginJar#sha256}).
     *
     * @throws java.io.UncheckedIOException naming a file that exists but cannot be read
     */
    public static DriverFingerprint of(List<String> command, Path workingDir, List<Path> dependencies) {
        List<HashedFile> files = new ArrayList<>();
        for (String word : command) {
            Path file = file(word, workingDir);
            if (file != null) {
                files.add(new HashedFile(word, PluginJar.sha256(file)));
            }
        }
        for (Path d : dependencies) {
            if (Files.isRegularFile(d)) {
                files.add(new HashedFile(d.toString(), PluginJar.sha256(d)));
            }
        }
        return new DriverFingerprint(command, files);
    }

    private static Path file(String word, Path workingDir) {
        try {
            Path p = workingDir == null ? Path.of(word) : workingDir.resolve(word);
            return Files.isRegularFile(p) ? p : null;
        } catch (InvalidPathException e) {
            return null;                                  // a word that cannot be a path is not a file
        }
    }

    /** {@code 'node d.mjs' (d.mjs sha256 3f2a…)}, with the whole hashes. */
    public String describe() {
        return "'" + line() + "' (" + (files.isEmpty() ? "no file" : String.join(", ",
                files.stream().map(f -> f.file() + " sha256 " + f.sha256()).toList())) + ")";
    }

    /** The command as one line, its words joined by spaces. */
    public String line() {
        return String.join(" ", command);
    }

    /**
     * Why {@code now}, the fingerprint of the driver found for a replay, cannot stand for this recorded one: one line
     * per file whose content changed, naming it with both hashes, or one line when the command's shape differs;
     * empty when it is the same driver.
     */
    public List<String> mismatch(DriverFingerprint now) {
        String head = "this replay file was recorded with the driver '" + line() + "'";
        if (!shape().equals(now.shape()) || files.size() != now.files.size()) {
            return List.of(head + ", whose files are " + names() + "; the driver found now is '" + now.line()
                    + "', whose files are " + now.names() + ": refusing to replay against a different driver");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            HashedFile was = files.get(i);
            HashedFile is = now.files.get(i);
            if (!was.sha256().equals(is.sha256())) {
                out.add(head + "; its file " + is.file() + " has changed: sha256 " + is.sha256() + " now, "
                        + was.sha256() + " when recorded" + (was.file().equals(is.file()) ? "" : " (as " + was.file() + ")")
                        + ": refusing to replay against a different driver");
            }
        }
        return out;
    }

    /** The command with every word that names a file replaced by {@code null}: what must be equal word for word. */
    private List<String> shape() {
        Set<String> named = new HashSet<>();
        files.forEach(f -> named.add(f.file()));
        return command.stream().map(w -> named.contains(w) ? null : w).toList();
    }

    private String names() {
        return files.isEmpty() ? "none" : String.join(", ", files.stream().map(HashedFile::file).toList());
    }
}
