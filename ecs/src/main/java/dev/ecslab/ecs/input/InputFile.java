package dev.ecslab.ecs.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Locale;

/**
 * Reads a text file given from outside (a schedule, a scenario, a replay file) the one safe way: only a
 * regular file (a directory, FIFO, device or socket is refused before it is opened, so {@code /dev/zero}
 * and a named pipe fail at once instead of hanging or filling the heap), at most
 * {@link #MAX_BYTES} bytes (checked against the file's size up front and again while reading, for files
 * that grow or report no size), decoded as strict UTF-8 (a malformed or truncated sequence is refused
 * with its byte offset and line, never replaced).
 *
 * <p>Contract: every failure is a {@link BadInputException} whose source is the path as given; a
 * leading byte order mark is dropped; nothing else is changed.
 */
public final class InputFile {
    /** The most bytes a file read from outside may have: 16 MiB unless {@code ecslab.limit.fileBytes} says otherwise. */
    public static final InputLimit MAX_BYTES = new InputLimit("ecslab.limit.fileBytes", 16L << 20, "bytes");
    /** The largest byte array the JVM reliably allocates; a limit above it reads at most this much. */
    static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private InputFile() {
    }

    /** The file's text, within {@link #MAX_BYTES}. */
    public static String readUtf8(Path file) {
        return readUtf8(file, MAX_BYTES);
    }

    /**
     * The file's text, at most {@code limit} bytes.
     *
     * @throws BadInputException when the file is missing, unreadable, not a regular file, too large, or
     *         not UTF-8
     */
    public static String readUtf8(Path file, InputLimit limit) {
        String source = file.toString();
        long max = Math.min(limit.value(), MAX_ARRAY);        // a Java array holds no more, whatever the limit says
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, "", "no such file");
        } catch (AccessDeniedException e) {
            throw new BadInputException(source, "", "permission denied");
        } catch (IOException | SecurityException e) {
            throw new BadInputException(source, "", "cannot read it: " + reason(e), e);
        }
        if (attributes.isDirectory()) {
            throw new BadInputException(source, "", "is a directory, not a file");
        }
        if (!attributes.isRegularFile()) {
            throw new BadInputException(source, "", "is not a regular file (a FIFO, device or socket); only regular"
                    + " files are read, so that reading cannot hang or run without end");
        }
        if (attributes.size() > max) {
            throw limit.exceeded(source, "", "the file has " + attributes.size() + " bytes");
        }
        byte[] bytes;
        int length;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = new byte[(int) Math.min(Math.max(attributes.size() + 1, 8192), max + 1)];
            length = 0;
            while (true) {
                if (length == bytes.length) {
                    if (length > max) {
                        throw limit.exceeded(source, "", "the file has more than " + max + " bytes");
                    }
                    bytes = Arrays.copyOf(bytes, (int) Math.min((long) bytes.length * 2, max + 1));
                }
                int n = in.read(bytes, length, bytes.length - length);
                if (n < 0) {
                    break;
                }
                length += n;
            }
        } catch (AccessDeniedException e) {
            throw new BadInputException(source, "", "permission denied");
        } catch (IOException | SecurityException e) {
            throw new BadInputException(source, "", "cannot read it: " + reason(e), e);
        }
        if (length > max) {
            throw limit.exceeded(source, "", "the file has more than " + max + " bytes");
        }
        return decodeUtf8(bytes, length, source);
    }

    /**
     * Strict UTF-8: the text of {@code bytes[0..length)}, without a leading byte order mark.
     *
     * @throws BadInputException naming the byte offset (and line) of the first malformed sequence
     */
    public static String decodeUtf8(byte[] bytes, int length, String source) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        CharBuffer out = CharBuffer.allocate(length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int offset = in.position();
            throw new BadInputException(source, "byte offset " + offset + ", line " + lineAt(bytes, offset),
                    "not UTF-8: " + malformed(bytes, offset, result.length(), length));
        }
        out.flip();
        if (out.hasRemaining() && out.charAt(0) == '\uFEFF') {
            out.position(1);
        }
        return out.toString();
    }

    private static String malformed(byte[] bytes, int offset, int count, int length) {
        StringBuilder hex = new StringBuilder();
        for (int i = offset; i < Math.min(length, offset + count); i++) {
            hex.append(hex.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "0x%02x", bytes[i] & 0xff));
        }
        return offset + count >= length && isLead(bytes[offset])
                ? "the file ends inside a multi-byte character (" + hex + ")"
                : "the byte(s) " + hex + " do not form a UTF-8 character (the file must be UTF-8)";
    }

    private static boolean isLead(byte b) {
        return (b & 0xC0) == 0xC0;
    }

    private static int lineAt(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    private static String reason(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? "an input/output error" : m;
    }
}
