package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One command's report, written into a fresh staging folder inside the output folder and put in place as
 * a whole at the end, so that the report, the matrix and the replay files in the output folder always come
 * from one run.
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #open} locks the output folder ({@link RunLock}) and creates a uniquely named staging folder
 *       in it before any work, so an unwritable output folder is found at once;</li>
 *   <li>{@link #commit} replaces the previous report: the files the previous report listed in its manifest
 *       ({@value #MANIFEST}) that this one does not have are removed, this report's files are moved into
 *       place, and its manifest last. Files the lab did not write (a user's {@code notes.tmp}, a folder of
 *       the user's) are never touched. A journal ({@value #JOURNAL}) makes the commit finish on the next
 *       run if the process was killed during it;</li>
 *   <li>the commit never replaces a file the previous report did not list (a user's page that has the name of
 *       one of this report's pages): it is refused before anything moves, and the previous report stays;</li>
 *   <li>{@link #stop} (Ctrl-C) before the commit removes the staging folder and leaves the previous report
 *       untouched; during the commit it waits for the commit to end. It says truthfully which happened.</li>
 * </ul>
 */
final class StagedReport implements AutoCloseable {
    /** The manifest: one line per file of the report in place, relative to the output folder. */
    static final String MANIFEST = ".lab-report";
    /** Names the staging folder whose commit is under way. */
    static final String JOURNAL = ".lab-commit";
    /** The staging folders' name prefix. */
    static final String STAGING_PREFIX = ".lab-staging-";
    private static final String MARKER = ".lab-staging";
    /** The names a report puts at the top of the output folder (and, for a report older than manifests, its files). */
    private static final List<String> LEGACY_FILES = List.of("index.html", "matrix.md", "matrix.json");
    /** The other pages a report puts at the top of the output folder (never a report older than manifests). */
    private static final List<String> PAGES = List.of("classes.html", "ambiguities.html", "coverage.html", "benchmarks.html",
            "counterexamples/index.html");
    /** The folders a report puts in the output folder. */
    private static final List<String> REPORT_FOLDERS = List.of("counterexamples", "witnesses", "charts");
    /** How a report older than manifests is recognised: its matrix.md begins with this line. */
    private static final String LEGACY_MATRIX_HEADING = "# ecslab matrix";
    private static final Pattern LEGACY_REPLAY = Pattern.compile("(counterexamples|witnesses)/\\d{3,}-[^/]*\\.json");
    private static final Pattern LEGACY_CHART = Pattern.compile("charts/[^/]*\\.png");
    private static final long COMMIT_WAIT_SECONDS = 60;

    private final Path out;
    private final String option;
    private final Path staging;
    private final RunLock lock;
    private final ReentrantLock committing = new ReentrantLock();
    private volatile boolean stopped;
    private volatile boolean committed;
    private volatile Consumer<String> onMove = f -> { };

    private StagedReport(Path out, String option, Path staging, RunLock lock) {
        this.out = out;
        this.option = option;
        this.staging = staging;
        this.lock = lock;
    }

    /**
     * Locks {@code out} (created if needed), finishes a commit an earlier run left half done, removes
     * staging folders of earlier runs that were killed, and creates this run's staging folder.
     *
     * @param option  the option that named the folder, for messages ({@code --out})
     * @param command the command, recorded in the lock file ({@code lab run})
     * @param notes   receives a line for each thing done on an earlier run's behalf
     * @throws BadInputException when the folder cannot be created or written, or another run holds it
     */
    static StagedReport open(Path out, String option, String command, Consumer<String> notes) {
        Path folder = out.toAbsolutePath().normalize();
        if (Files.isDirectory(folder)) {
            try {
                refuseForeignReportNames(folder, option);     // before the lock: not even a lock file is left there
            } catch (IOException e) {
                throw new BadInputException(folder.toString(), option, "cannot read this folder: " + FileProblem.words(e), e);
            }
        }
        RunLock lock = RunLock.acquire(folder, option, command, notes);
        try {
            recover(folder, notes);
            Path staging = Files.createTempDirectory(folder, STAGING_PREFIX);
            Files.writeString(staging.resolve(MARKER), command + "\n");
            return new StagedReport(folder, option, staging, lock);
        } catch (IOException e) {
            lock.close();
            throw new BadInputException(folder.toString(), option, "cannot write into this folder: " + FileProblem.words(e), e);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** The output folder (absolute). */
    Path out() {
        return out;
    }

    /** The staging folder: everything of this report is written here. */
    Path dir() {
        return staging;
    }

    /** Writes one file of the report into the staging folder. */
    void write(String relative, String text) {
        if (stopped) {
            throw new RunStopped();
        }
        AtomicFiles.write(staging.resolve(relative), text);
    }

    /** For tests: called with each file's relative path as the commit moves it into place. */
    void onMove(Consumer<String> listener) {
        this.onMove = listener;
    }

    /**
     * Puts this report in place as a whole (see the class comment).
     *
     * @throws RunStopped        when Ctrl-C came first (nothing is put in place)
     * @throws BadInputException when the output folder cannot be written
     */
    void commit() {
        committing.lock();
        try {
            if (stopped) {
                throw new RunStopped();
            }
            List<String> files = new ArrayList<>();
            try (Stream<Path> all = Files.walk(staging)) {
                all.filter(Files::isRegularFile).map(p -> staging.relativize(p).toString().replace('\\', '/'))
                        .filter(f -> !f.equals(MARKER)).sorted().forEach(files::add);
            }
            refuseToReplaceTheUsers(files);
            Files.writeString(staging.resolve(MANIFEST), String.join("\n", files) + "\n", StandardCharsets.UTF_8);
            AtomicFiles.write(out.resolve(JOURNAL), staging.getFileName() + "\n");
            rollForward(out, staging, onMove);
            committed = true;
        } catch (IOException e) {
            throw new BadInputException(out.toString(), "", "cannot put the new report in place: " + FileProblem.words(e), e);
        } finally {
            committing.unlock();
        }
    }

    /** A file of this report whose place holds a file the previous report did not list is the user's: refused. */
    private void refuseToReplaceTheUsers(List<String> files) throws IOException {
        Set<String> previous = previous(out);
        for (String f : files) {
            Path to = inside(out, f);
            if (to != null && Files.exists(to, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !previous.contains(f)) {
                throw new BadInputException(out.toString(), option, "holds '" + f + "', which no lab report wrote: the new"
                        + " report would overwrite it; move it away, or give " + option + " another folder (the previous"
                        + " report is untouched)");
            }
        }
    }

    /**
     * What Ctrl-C does: waits for a commit under way, or else keeps the commit from starting and removes the
     * staging folder; returns the line that says which.
     */
    String stop() {
        boolean locked = false;
        try {
            locked = committing.tryLock(COMMIT_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (committed) {
                lock.ending();
                return "stopped after the new report was put in place in " + out;
            }
            if (commitUnderWay()) {                     // a commit failed part-way: the next run finishes it
                stopped = true;
                return "stopped while the new report was being put in place in " + out + "; the next lab command"
                        + " writing there finishes it";
            }
            stopped = true;
            deleteTree(staging);
            lock.ending();
            boolean previous = Files.exists(out.resolve(MANIFEST)) || Files.exists(out.resolve("index.html"))
                    || Files.exists(out.resolve("matrix.md"));
            return "stopped; " + (previous ? "the previous report in " + out + " is untouched"
                    : "no report was written to " + out) + " (this run's unfinished files were removed)";
        } finally {
            if (locked) {
                committing.unlock();
            }
        }
    }

    boolean stopped() {
        return stopped;
    }

    /**
     * Removes the staging folder if the report was not committed, and releases the lock. A commit that
     * failed part-way (the journal names this staging folder) is left for the next run to finish, so the
     * output folder never keeps half of two reports.
     */
    @Override
    public void close() {
        try {
            if (!committed && !commitUnderWay()) {
                deleteTree(staging);
            }
        } finally {
            lock.close();
        }
    }

    private boolean commitUnderWay() {
        try {
            Path journal = out.resolve(JOURNAL);
            return Files.isRegularFile(journal)
                    && Files.readString(journal, StandardCharsets.UTF_8).strip().equals(staging.getFileName().toString());
        } catch (IOException e) {
            return false;
        }
    }

    /** A commit left half done by a killed run is finished; staging folders of killed runs are removed. */
    private static void recover(Path out, Consumer<String> notes) throws IOException {
        Path journal = out.resolve(JOURNAL);
        if (Files.isRegularFile(journal)) {
            String name = Files.readString(journal, StandardCharsets.UTF_8).strip();
            Path staging = out.resolve(name);
            if (name.startsWith(STAGING_PREFIX) && !name.contains("/") && Files.isRegularFile(staging.resolve(MANIFEST))) {
                rollForward(out, staging, f -> { });
                notes.accept("finished putting in place the report of an earlier run that was stopped while doing so");
            } else {
                Files.deleteIfExists(journal);
            }
        }
        // Under the lock no other run is writing, so every staging folder left here is a killed run's, marker
        // or not (a run stopped while it wrote may have re-created its folder after the marker was removed).
        try (Stream<Path> entries = Files.list(out)) {
            for (Path p : entries.filter(p -> p.getFileName().toString().startsWith(STAGING_PREFIX)
                    && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)).toList()) {
                deleteTree(p);
                notes.accept("removed " + p + ", the unfinished files of an earlier run that was killed");
            }
        }
    }

    /**
     * A folder that holds no lab report (no manifest, and no matrix.md of a report older than manifests) but
     * has files of a report's names (index.html, matrix.md, matrix.json, the other pages, numbered replay files,
     * chart PNGs) is the user's: a report there would overwrite them, or leave them to be taken for its own later,
     * so it is refused before any work. Other files, in any folder, are never touched and do not stop a run.
     */
    private static void refuseForeignReportNames(Path out, String option) throws IOException {
        if (isLabReport(out)) {
            return;
        }
        Set<String> names = reportNames(out);
        for (String page : PAGES) {
            if (Files.exists(out.resolve(page), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                names.add(page);
            }
        }
        if (!names.isEmpty()) {
            throw new BadInputException(out.toString(), option, "holds '" + names.iterator().next() + "', which no lab"
                    + " report wrote (there is no " + MANIFEST + " manifest): a report here would overwrite it; give " + option
                    + " an empty or new folder, or move it away");
        }
    }

    /**
     * Whether {@code out} holds a lab report: its manifest, the journal of a first commit cut short, or a
     * matrix.md from before manifests.
     */
    private static boolean isLabReport(Path out) throws IOException {
        if (Files.isRegularFile(out.resolve(MANIFEST)) || Files.isRegularFile(out.resolve(JOURNAL))) {
            return true;
        }
        Path matrix = out.resolve("matrix.md");
        if (!Files.isRegularFile(matrix, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (var in = Files.newBufferedReader(matrix, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            return first != null && first.strip().equals(LEGACY_MATRIX_HEADING);
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    /**
     * The commit proper, safe to repeat after a crash: removes the previous report's files that the new one
     * does not have, moves the new files into place, then the manifest, then removes the staging folder and
     * the journal.
     */
    private static void rollForward(Path out, Path staging, Consumer<String> onMove) throws IOException {
        Set<String> fresh = new LinkedHashSet<>(Files.readAllLines(staging.resolve(MANIFEST), StandardCharsets.UTF_8));
        fresh.remove("");
        for (String old : previous(out)) {
            if (!fresh.contains(old)) {
                Path p = inside(out, old);
                if (p != null) {
                    Files.deleteIfExists(p);
                }
            }
        }
        for (String f : fresh) {
            Path from = inside(staging, f);
            Path to = inside(out, f);
            if (from == null || to == null || !Files.exists(from)) {
                continue;                                       // moved before a crash
            }
            Files.createDirectories(to.getParent());
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            onMove.accept(f);
        }
        Files.move(staging.resolve(MANIFEST), out.resolve(MANIFEST), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        deleteTree(staging);
        Files.deleteIfExists(out.resolve(JOURNAL));
    }

    /**
     * The files of the report in place: its manifest, or for a report older than manifests (recognised by its
     * matrix.md) the lab's own names; none for a folder that holds no lab report.
     */
    static Set<String> previous(Path out) throws IOException {
        Set<String> files = new TreeSet<>();
        Path manifest = out.resolve(MANIFEST);
        if (Files.isRegularFile(manifest)) {
            for (String line : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    files.add(line.strip());
                }
            }
            return files;
        }
        return isLabReport(out) ? reportNames(out) : files;           // none of a folder that holds no report
    }

    /** The files in {@code out} that have the names a report gives its files. */
    private static Set<String> reportNames(Path out) throws IOException {
        Set<String> files = new TreeSet<>();
        for (String f : LEGACY_FILES) {
            if (Files.exists(out.resolve(f), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                files.add(f);
            }
        }
        for (String dir : REPORT_FOLDERS) {
            Path d = out.resolve(dir);
            if (Files.isDirectory(d, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> entries = Files.list(d)) {
                    entries.map(p -> dir + "/" + p.getFileName())
                            .filter(f -> LEGACY_REPLAY.matcher(f).matches() || LEGACY_CHART.matcher(f).matches())
                            .forEach(files::add);
                }
            }
        }
        return files;
    }

    /**
     * Whether {@code relative} (a path inside an output folder, with '/') is a name a report, its staging or its
     * lock may write or remove there: the pages, matrix.md and matrix.json, anything in the report's folders, and
     * the lab's own dot files.
     */
    static boolean isReportName(String relative) {
        String first = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : relative;
        return LEGACY_FILES.contains(relative) || PAGES.contains(relative) || REPORT_FOLDERS.contains(first)
                || first.startsWith(".lab-") || relative.isEmpty();
    }

    /** {@code relative} inside {@code root}, or null when it would lead outside (a manifest is data, not trusted). */
    private static Path inside(Path root, String relative) {
        Path p = root.resolve(relative).normalize();
        return p.startsWith(root) && !p.equals(root) ? p : null;
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // best effort: a leftover staging folder is removed by the next run
        }
    }

    /** Thrown into the command when Ctrl-C stopped it before its report was put in place. */
    static final class RunStopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RunStopped() {
            super("stopped", null, false, false);
        }
    }
}
