package dev.ecslab.reports.html;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Follows every link of a report's pages as a browser opening them from disk would: a relative path must
 * name a file inside the report's folder, and a fragment an element id of the page it leads to. A link
 * that leaves the folder or the disk (an absolute path, {@code http:}) is broken too: the report must work
 * wherever it is copied, without a network.
 *
 * <p>Contract: {@link #broken} names every broken link with the page it is on; empty when all lead somewhere.
 */
final class ReportLinks {
    private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");
    private static final Pattern SRC = Pattern.compile("\\ssrc=\"([^\"]*)\"");
    private static final Pattern ID = Pattern.compile("\\sid=\"([^\"]*)\"");

    private ReportLinks() {
    }

    /** Every broken link of the report in {@code folder}, as {@code "page: link (why)"}. */
    static List<String> broken(Path folder) throws IOException {
        Path root = folder.toAbsolutePath().normalize();
        List<Path> pages;
        try (Stream<Path> all = Files.walk(root)) {
            pages = all.filter(p -> p.toString().endsWith(".html") && !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
        Map<Path, List<String>> ids = new HashMap<>();
        List<String> out = new ArrayList<>();
        for (Path page : pages) {
            String html = Files.readString(page, StandardCharsets.UTF_8);
            String name = root.relativize(page).toString();
            Matcher src = SRC.matcher(html);
            while (src.find()) {
                out.add(name + ": src=\"" + src.group(1) + "\" (a page loads nothing)");
            }
            Matcher m = HREF.matcher(html);
            while (m.find()) {
                String link = m.group(1).replace("&amp;", "&");
                String problem = problem(root, page, link, ids);
                if (problem != null) {
                    out.add(name + ": " + link + " (" + problem + ")");
                }
            }
        }
        return out;
    }

    private static String problem(Path root, Path page, String link, Map<Path, List<String>> ids) throws IOException {
        if (link.isEmpty()) {
            return "empty";
        }
        if (link.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || link.startsWith("/") || link.startsWith("//")) {
            return "leaves the report's folder";
        }
        int hash = link.indexOf('#');
        String path = hash < 0 ? link : link.substring(0, hash);
        String fragment = hash < 0 ? "" : URLDecoder.decode(link.substring(hash + 1), StandardCharsets.UTF_8);
        Path target = path.isEmpty() ? page : page.getParent().resolve(URLDecoder.decode(path, StandardCharsets.UTF_8)).normalize();
        if (!target.startsWith(root)) {
            return "leaves the report's folder";
        }
        if (!Files.isRegularFile(target)) {
            return "no such file";
        }
        if (!fragment.isEmpty()) {
            if (!target.toString().endsWith(".html")) {
                return "a fragment of a file that is not a page";
            }
            List<String> known = ids.computeIfAbsent(target, t -> idsOf(t));
            if (!known.contains(fragment)) {
                return "no element with id '" + fragment + "' there";
            }
        }
        return null;
    }

    private static List<String> idsOf(Path page) {
        try {
            List<String> out = new ArrayList<>();
            Matcher m = ID.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                out.add(m.group(1).replace("&amp;", "&"));
            }
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
