package dev.ecslab.reports.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The commit a checkout is at, so that a measurement says what it measured: {@code git rev-parse --short HEAD},
 * and whether tracked files have uncommitted changes (as the {@code lab} script's version does).
 *
 * <p>Contract: {@code commit} is null when {@code root} is not the top of a git checkout (a tarball, or a folder
 * inside some other repository) or git cannot be run; never a guess.
 */
record CheckoutCommit(String commit, boolean dirty) {
    static final CheckoutCommit UNKNOWN = new CheckoutCommit(null, false);

    static CheckoutCommit of(Path root) {
        Optional<String> top = git(root, "rev-parse", "--show-toplevel");
        if (top.isEmpty() || !sameFolder(Path.of(top.get()), root)) {
            return UNKNOWN;
        }
        Optional<String> head = git(root, "rev-parse", "--short", "HEAD");
        if (head.isEmpty() || head.get().isEmpty()) {
            return UNKNOWN;
        }
        return new CheckoutCommit(head.get(), git(root, "status", "--porcelain", "--untracked-files=no")
                .map(s -> !s.isBlank()).orElse(false));
    }

    private static boolean sameFolder(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** The trimmed output of {@code git -C root ARGS}, or empty when git is missing, fails or hangs. */
    private static Optional<String> git(Path root, String... args) {
        String[] command = new String[3 + args.length];
        command[0] = "git";
        command[1] = "-C";
        command[2] = root.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return p.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
