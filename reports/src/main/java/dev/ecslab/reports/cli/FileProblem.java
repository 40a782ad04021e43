package dev.ecslab.reports.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * What went wrong with a file, in words: Java's I/O exceptions name their class or only the path, and a
 * message for the user must say what the problem was (no such file, permission denied, not a folder, the
 * disk is full) without a Java class name.
 */
final class FileProblem {
    private FileProblem() {
    }

    /** The problem of {@code e} in words, for a message that already names the file. */
    static String words(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder" + other(e);
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied" + other(e);
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists" + other(e);
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder" + other(e);
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "the folder is not empty" + other(e);
        }
        if (e instanceof FileSystemLoopException) {
            return "a loop of links";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return lowerFirst(f.getReason()) + other(e);
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "an input/output error" : lowerFirst(m);
    }

    /**
     * Why folder {@code dir} cannot be created, in words, when a file stands where it or one of its parents
     * should be; null when nothing is in the way.
     */
    static String fileInTheWay(java.nio.file.Path dir) {
        for (java.nio.file.Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (java.nio.file.Files.exists(p)) {
                if (java.nio.file.Files.isDirectory(p)) {
                    return null;
                }
                return p.equals(dir.toAbsolutePath()) ? "is a file, not a folder" : "cannot be created: " + p + " is a file";
            }
        }
        return null;
    }

    /** The same for the cause of an {@link UncheckedIOException}. */
    static String words(UncheckedIOException e) {
        return words(e.getCause());
    }

    /** {@code " (at OTHER)"} when the exception is about a second file (a move's target), else empty. */
    private static String other(IOException e) {
        if (e instanceof FileSystemException f && f.getOtherFile() != null) {
            return " (" + f.getOtherFile() + ")";
        }
        return "";
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
