package dev.ecslab.reports.html;

import static dev.ecslab.reports.html.PageFrame.esc;
import static dev.ecslab.reports.html.PageFrame.md;

import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.reports.html.ReportPage.CounterexampleRenderer;
import dev.ecslab.reports.html.ReportPage.CounterexampleView;
import dev.ecslab.reports.verdict.MatrixCounterexamples;
import dev.ecslab.reports.verdict.VerdictWords;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The counterexamples, off the main page: one page per matrix cell (a strategy and a criterion, its
 * executors as sections, as the matrix groups them), each counterexample collapsed under a one-line
 * summary, and an index of all of them that a little script filters by strategy, executor, criterion and
 * scope.
 *
 * <p>Why a page per strategy and criterion: the matrix's cells are strategy × criterion with the executors
 * as a dimension, so each cell links to one page, and a reader sees a failure under every executor side by
 * side (they usually agree). A counterexample that counts in several cells (1, 7 and L) is shown in full on
 * each of their pages, so every page is complete on its own.
 *
 * <p>Contract: the pages live in {@value #FOLDER}/ beside the replay files they link; ids {@code cx-N} are
 * those of {@link ReportPage#anchors} (matrix order), the same on every page; every page reads completely
 * without script (all counterexamples are in the page, collapsed; the filter form appears only when the
 * script runs). Page names are a function of the matrix: a strategy's slug, made unique in matrix order.
 */
final class CounterexamplePages {
    /** The folder of the pages and of the replay files. */
    static final String FOLDER = "counterexamples";
    /** The index of every counterexample, relative to the report's folder. */
    static final String INDEX = FOLDER + "/index.html";
    /** The columns of the matrix that have pages. */
    static final List<Criterion> COLUMNS = java.util.Arrays.stream(Criterion.values())
            .filter(c -> c != Criterion.AMBIGUITY).toList();

    /** Where a counterexample is shown: its row, the column, and the places of that column it is first of. */
    private record Shown(MatrixCounterexamples.Entry entry, Row row, Criterion criterion, List<MatrixCounterexamples.Place> places) {
    }

    private final Matrix matrix;
    private final Map<Counterexample, String> anchors;
    private final Map<Counterexample, String> replayFiles;
    private final CounterexampleRenderer renderer;
    private final Path folder;
    private final boolean engines;
    private final MatrixCounterexamples all;
    private final Map<String, String> slugs = new LinkedHashMap<>();
    private final Map<Counterexample, CounterexampleView> views = new IdentityHashMap<>();

    CounterexamplePages(ReportPage.Input in, Map<Counterexample, String> anchors) {
        this.matrix = in.matrix();
        this.anchors = anchors;
        this.replayFiles = in.replayFiles() == null ? Map.of() : in.replayFiles();
        this.renderer = in.renderer();
        this.folder = in.folder();
        this.engines = in.engines();
        this.all = MatrixCounterexamples.of(matrix);
        Set<String> used = new HashSet<>();
        for (Row r : matrix.rows()) {
            if (!slugs.containsKey(r.strategy())) {
                String base = slug(r.strategy());
                String s = base;
                for (int n = 2; used.contains(s); n++) {
                    s = base + "-" + n;
                }
                used.add(s);
                slugs.put(r.strategy(), s);
            }
        }
    }

    /** {@code "flag-doubling-immediate"}: lower case letters and digits, other runs of characters one dash. */
    static String slug(String s) {
        String out = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return out.isEmpty() ? "strategy" : out;
    }

    /** The page of a strategy's column, relative to the report's folder. */
    String page(String strategy, Criterion c) {
        return FOLDER + "/" + slugs.get(strategy) + "-" + c.code().toLowerCase(Locale.ROOT) + ".html";
    }

    /** The section of one executor on a column's page. */
    static String executorAnchor(String executor) {
        return "e-" + slug(executor);
    }

    /** The link from the report's folder to a counterexample where it is shown first (its first place's page). */
    String href(Counterexample x) {
        MatrixCounterexamples.Entry e = all.of(x);
        if (e == null) {
            return null;
        }
        MatrixCounterexamples.Place p = e.first();
        return page(p.row().strategy(), p.criterion()) + "#" + anchors.get(x);
    }

    /** The link from the report's folder to a counterexample on a given column's page (it is shown there). */
    String href(Row r, Criterion c, Counterexample x) {
        return page(r.strategy(), c) + "#" + anchors.get(x);
    }

    /** The distinct counterexamples of one cell, in matrix order (its scopes', then its classes'). */
    List<Counterexample> of(Row r, Criterion c) {
        return shown(r, c).stream().map(s -> s.entry().counterexample()).toList();
    }

    /** The distinct counterexamples of a row over all its columns. */
    int count(Row r) {
        return (int) all.entries().stream().filter(e -> e.places().stream().anyMatch(p -> p.row() == r)).count();
    }

    private List<Shown> shown(Row r, Criterion c) {
        List<Shown> out = new ArrayList<>();
        for (MatrixCounterexamples.Entry e : all.entries()) {
            List<MatrixCounterexamples.Place> here = e.places().stream().filter(p -> p.row() == r && p.criterion() == c).toList();
            if (!here.isEmpty()) {
                out.add(new Shown(e, r, c, here));
            }
        }
        return out;
    }

    /** Every page: the index and one per strategy and column with counterexamples, path relative to the report. */
    Map<String, String> render() {
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put(INDEX, index());
        for (String strategy : slugs.keySet()) {
            List<Row> rows = matrix.rows().stream().filter(r -> r.strategy().equals(strategy)).toList();
            for (Criterion c : COLUMNS) {
                if (rows.stream().anyMatch(r -> !shown(r, c).isEmpty())) {
                    pages.put(page(strategy, c), cellPage(strategy, c, rows));
                }
            }
        }
        return pages;
    }

    // ------------------------------------------------------------------ a cell's page

    private String cellPage(String strategy, Criterion c, List<Row> rows) {
        StringBuilder b = new StringBuilder(1 << 16);
        PageFrame.open(b, strategy + " · " + c + " · ecslab counterexamples", "../", engines);
        int count = 0;
        for (Row r : rows) {
            count += shown(r, c).size();
        }
        b.append("<header><h1><code>").append(esc(strategy)).append("</code> · ").append(esc(c.code())).append(" ")
                .append(esc(c.title())).append("</h1>\n<p class=\"meta\">").append(esc(CriterionMeanings.of(c)))
                .append("</p><p>").append(count).append(count == 1 ? " counterexample" : " counterexamples")
                .append(", collapsed: open one to read it, or <a href=\"../").append(INDEX).append("\">all counterexamples</a>"
                        + " with filters. Each has its replay command; <code>./lab replay FILE</code> re-judges the recorded"
                        + " trace and re-runs the scenario in the recorded order.</p></header>\n");
        for (Row r : rows) {
            Cell cell = r.cell(c);
            List<Shown> here = shown(r, c);
            b.append("<section id=\"").append(executorAnchor(r.executor())).append("\"><h2>Executor <code>")
                    .append(esc(r.executor())).append("</code>: ").append(esc(cellWords(cell))).append("</h2>\n");
            if (here.isEmpty()) {
                b.append("<p class=\"meta\">No counterexample under this executor.</p></section>\n");
                continue;
            }
            String classes = VerdictWords.failingClassesWords(cell);
            if (!classes.isEmpty()) {
                b.append("<p class=\"meta\">Failed ").append(esc(classes)).append(" scenarios.</p>\n");
            }
            for (Shown s : here) {
                article(b, s);
            }
            b.append("</section>\n");
        }
        b.append(OPEN_TARGET_SCRIPT);
        PageFrame.close(b);
        return b.toString();
    }

    /** {@code "FAIL in 9 of 229 runs"}, {@code "pass (229 runs)"}, {@code "not judged"}. */
    static String cellWords(Cell cell) {
        return switch (cell.status()) {
            case FAIL -> "FAIL in " + cell.failedRuns() + " of " + VerdictWords.runs(cell.judgedRuns());
            case PASS -> "pass (" + VerdictWords.runs(cell.judgedRuns()) + ")";
            case NOT_JUDGED -> "not judged";
        };
    }

    private void article(StringBuilder b, Shown s) {
        Counterexample x = s.entry().counterexample();
        String id = anchors.get(x);
        CounterexampleView v = view(s.entry());
        b.append("<details class=\"cx\" id=\"").append(id).append("\"><summary><b>").append(esc(id)).append("</b> · ")
                .append(esc(summary(x, s.places()))).append("</summary>\n");
        b.append("<p class=\"words\">").append(md(v.words())).append("</p>\n");
        if (s.entry().places().size() > 1) {
            b.append("<p class=\"meta\">The first failure of: ").append(esc(placesWords(s.entry().places()))).append(".</p>\n");
        }
        boolean picture = v.timelineSvg() != null && !v.timelineSvg().isEmpty();
        if (picture) {
            b.append("<figure class=\"timeline\">").append(v.timelineSvg()).append("<figcaption>Timeline of scenario '")
                    .append(esc(name(x))).append("' (").append(esc(x.config())).append(")</figcaption></figure>\n");
        }
        if (v.textTimeline() != null && !v.textTimeline().isEmpty()) {           // open when it is the only timeline
            b.append(picture ? "<details><summary>the timeline as text</summary>" : "<details open><summary>timeline</summary>")
                    .append("<pre>").append(esc(v.textTimeline())).append("</pre></details>\n");
        }
        // the scenario and its shrinking, already HTML (the timeline package draws and escapes them)
        if (v.scenarioHtml() != null && !v.scenarioHtml().isEmpty()) {
            b.append("<details class=\"scenario\"><summary>the scenario: systems, accesses, constraints, edits per frame</summary>")
                    .append(v.scenarioHtml()).append("</details>\n");
        }
        if (v.shrinking() != null && !v.shrinking().isEmpty()) {
            b.append("<p class=\"meta shrinking\">").append(esc(v.shrinking())).append("</p>\n");
        }
        if (v.originalScenarioHtml() != null && !v.originalScenarioHtml().isEmpty()) {
            b.append("<details class=\"scenario original\"><summary>the scenario as first found, before shrinking</summary>")
                    .append(v.originalScenarioHtml()).append("</details>\n");
        }
        extraComponents(b, v);
        b.append("<dl><dt>scenario</dt><dd>").append(esc(name(x))).append(" (").append(esc(shrinkWords(x))).append(")</dd>")
                .append("<dt>seed</dt><dd>").append(x.seed()).append("</dd><dt>configuration</dt><dd>").append(esc(x.config()))
                .append("</dd>");
        String file = replayFiles.get(x);
        if (file == null) {
            b.append("<dt>replay</dt><dd>no replay file (a 10 000-frame memory trace: the figures are the evidence)</dd>");
        } else {
            String local = file.startsWith(FOLDER + "/") ? file.substring(FOLDER.length() + 1) : "../" + file;
            b.append("<dt>replay</dt><dd><code>./lab replay ").append(esc(folder.resolve(file).toString()))
                    .append("</code></dd><dt>file</dt><dd><a href=\"").append(esc(local)).append("\">").append(esc(file))
                    .append("</a> (the scenario and its trace)</dd>");
        }
        b.append("<dt>lab message</dt><dd>").append(esc(x.message())).append("</dd></dl></details>\n");
    }

    /** The summary line: scope, the classes it counts in here, the scenario and whether it was shrunk. */
    private static String summary(Counterexample x, List<MatrixCounterexamples.Place> places) {
        List<String> parts = new ArrayList<>();
        if (x.scope() != null) {
            parts.add(String.valueOf(x.scope()));
        }
        List<String> classes = places.stream().filter(MatrixCounterexamples.Place::isClass)
                .map(p -> p.scenarioClass().title()).toList();
        if (!classes.isEmpty()) {
            parts.add("first on " + String.join(", ", classes) + " scenarios");
        }
        parts.add("scenario '" + name(x) + "'");
        parts.add(shrunk(x) ? "shrunk" : "as found");
        return String.join(" · ", parts);
    }

    /**
     * Every place in words, a criterion's together: {@code "1 at least once [component Added], and on pausing,
     * looping scenarios; 7 not lost when paused [component Added]; L looping stages on looping scenarios"}.
     */
    static String placesWords(List<MatrixCounterexamples.Place> places) {
        Map<Criterion, List<String>> scopes = new LinkedHashMap<>();
        Map<Criterion, List<String>> classes = new LinkedHashMap<>();
        Set<Criterion> cells = java.util.EnumSet.noneOf(Criterion.class);
        for (MatrixCounterexamples.Place p : places) {
            scopes.computeIfAbsent(p.criterion(), k -> new ArrayList<>());
            classes.computeIfAbsent(p.criterion(), k -> new ArrayList<>());
            if (p.isClass()) {
                classes.get(p.criterion()).add(p.scenarioClass().title());
            } else {
                cells.add(p.criterion());
                if (p.scope() != null) {
                    scopes.get(p.criterion()).add(String.valueOf(p.scope()));
                }
            }
        }
        List<String> out = new ArrayList<>();
        scopes.forEach((c, sc) -> {
            String cl = String.join(", ", classes.get(c));
            String cell = c + (sc.isEmpty() ? "" : " [" + String.join(", ", sc) + "]");
            out.add(!cells.contains(c) ? c + " on " + cl + " scenarios" : cl.isEmpty() ? cell : cell + ", and on " + cl + " scenarios");
        });
        return String.join("; ", out);
    }

    /** True only when the lab shrank the scenario: the counterexample's scenario is not the one found. */
    static boolean shrunk(Counterexample x) {
        return x.shrinking().shrunk();
    }

    /**
     * {@code "shrunk from 5 systems, 4 frames, 9 edits to 2 systems, 1 frame, 2 edits"}, or {@code "as found:
     * not shrunk"}. The page says "shrunk" of no other scenario.
     */
    static String shrinkWords(Counterexample x) {
        if (!shrunk(x)) {
            return "as found: not shrunk";
        }
        return "shrunk from " + size(x.original()) + " to " + size(x.scenario());
    }

    static String size(Scenario s) {
        int systems = s.systems().size();
        int edits = s.edits() == null ? 0 : s.edits().size();
        return systems + (systems == 1 ? " system, " : " systems, ") + VerdictWords.frames(s.frames()) + ", " + edits
                + (edits == 1 ? " edit" : " edits");
    }

    private static String name(Counterexample x) {
        return x.scenario() == null ? "(none)" : x.scenario().name();
    }

    private CounterexampleView view(MatrixCounterexamples.Entry e) {
        return views.computeIfAbsent(e.counterexample(), x -> render(renderer, x, anchors.get(x), e.firstOfACell()));
    }

    static CounterexampleView render(CounterexampleRenderer renderer, Counterexample x, String id, boolean picture) {
        if (renderer == null) {
            return new CounterexampleView(x.message(), "", "");
        }
        try {
            return renderer.render(x, id, picture);
        } catch (RuntimeException e) {
            return new CounterexampleView(x.message() + " (the timeline could not be drawn: " + e.getMessage() + ")", "", "");
        }
    }

    // ------------------------------------------------------------------ what the renderer adds

    /** The view's components this page lays out in their own places. */
    private static final Set<String> PLACED = Set.of("words", "timelineSvg", "textTimeline", "scenarioHtml", "shrinking",
            "originalScenarioHtml");

    /**
     * Every other component of the view, in the record's order, laid out by its kind (see {@link #component}):
     * whatever the renderer adds to {@link CounterexampleView} is shown without a change here.
     */
    static void extraComponents(StringBuilder b, CounterexampleView v) {
        for (RecordComponent rc : CounterexampleView.class.getRecordComponents()) {
            if (PLACED.contains(rc.getName())) {
                continue;
            }
            Object value;
            try {
                value = rc.getAccessor().invoke(v);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + rc.getName() + " of a counterexample's view", e);
            }
            component(b, rc.getName(), value);
        }
    }

    /**
     * One component, generically: an SVG picture as a figure, text of several lines collapsed under its
     * name, a line of text as a paragraph, a list as a list, anything else as "name: value"; nothing for
     * null or empty.
     */
    static void component(StringBuilder b, String name, Object value) {
        if (value == null || value instanceof String s && s.isBlank() || value instanceof Collection<?> c && c.isEmpty()) {
            return;
        }
        String label = words(name);
        if (value instanceof String s) {
            if (s.stripLeading().startsWith("<svg")) {
                b.append("<figure class=\"").append(esc(name)).append("\">").append(s).append("<figcaption>").append(esc(label))
                        .append("</figcaption></figure>\n");
            } else if (s.contains("\n")) {
                b.append("<details><summary>").append(esc(label)).append("</summary><pre>").append(esc(s)).append("</pre></details>\n");
            } else {
                b.append("<p><b>").append(esc(label)).append(":</b> ").append(md(s)).append("</p>\n");
            }
        } else if (value instanceof Collection<?> items) {
            b.append("<p><b>").append(esc(label)).append(":</b></p><ul>");
            for (Object o : items) {
                b.append("<li>").append(md(String.valueOf(o))).append("</li>");
            }
            b.append("</ul>\n");
        } else {
            b.append("<p class=\"meta\">").append(esc(label)).append(": ").append(esc(String.valueOf(value))).append("</p>\n");
        }
    }

    /** {@code "shrinkSteps"} → {@code "shrink steps"}. */
    static String words(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    // ------------------------------------------------------------------ the index

    private String index() {
        StringBuilder b = new StringBuilder(1 << 16);
        PageFrame.open(b, "ecslab counterexamples", "../", engines);
        List<MatrixCounterexamples.Entry> entries = all.entries();
        long shrunk = entries.stream().filter(e -> shrunk(e.counterexample())).count();
        b.append("<header><h1>Counterexamples</h1><p>").append(entries.size())
                .append(entries.size() == 1 ? " counterexample" : " counterexamples")
                .append(" (").append(shrunk).append(" shrunk, ").append(entries.size() - shrunk).append(" as found)")
                .append(". Each is the first failure of its cell and scope, or of a scenario class; only the first of a"
                        + " scope is shrunk. They are on one page per strategy and criterion (below), each counterexample"
                        + " collapsed with its words, timeline and replay command.</p></header>\n");
        if (entries.isEmpty()) {
            b.append("<p>None: every judged criterion held.</p>\n");
            PageFrame.close(b);
            return b.toString();
        }
        grid(b);
        List<String> executors = new ArrayList<>();
        Set<String> scopes = new LinkedHashSet<>();
        for (Row r : matrix.rows()) {
            if (!executors.contains(r.executor())) {
                executors.add(r.executor());
            }
        }
        for (MatrixCounterexamples.Entry e : entries) {
            scopes.add(scope(e.counterexample()));
        }
        b.append("<h2 id=\"all\">All counterexamples</h2>\n<form class=\"filter\" id=\"filter\" hidden>")
                .append(select("strategy", "strategy", new ArrayList<>(slugs.keySet())))
                .append(select("executor", "executor", executors))
                .append(select("criterion", "criterion", COLUMNS.stream().map(Criterion::code).toList()))
                .append(select("scope", "scope", new ArrayList<>(scopes)))
                .append("<button type=\"reset\">show all</button> <span><span id=\"shown\">").append(entries.size())
                .append("</span> of ").append(entries.size()).append(" shown</span></form>\n");
        b.append("<div class=\"wide\"><table class=\"cxlist\"><thead><tr><th>id</th><th>strategy</th><th>executor</th>"
                + "<th>criteria (pages)</th><th>scope</th><th>scenario</th><th>what the lab saw</th></tr></thead><tbody>\n");
        String previous = null;
        for (MatrixCounterexamples.Entry e : entries) {
            Counterexample x = e.counterexample();
            Row r = e.first().row();
            Set<Criterion> criteria = new LinkedHashSet<>();
            e.places().forEach(p -> criteria.add(p.criterion()));
            b.append("<tr").append(r.strategy().equals(previous) ? "" : " id=\"s-" + slugs.get(r.strategy()) + "\"")
                    .append(" data-strategy=\"").append(esc(r.strategy())).append("\" data-executor=\"").append(esc(r.executor()))
                    .append("\" data-criteria=\"").append(esc(String.join(" ", criteria.stream().map(Criterion::code).toList())))
                    .append("\" data-scope=\"").append(esc(scope(x))).append("\"><td><a href=\"")
                    .append(esc(local(href(x)))).append("\">").append(esc(anchors.get(x))).append("</a></td><td><code>")
                    .append(esc(r.strategy())).append("</code></td><td>").append(esc(r.executor())).append("</td><td>");
            boolean first = true;
            for (Criterion c : criteria) {
                b.append(first ? "" : " ").append("<a href=\"").append(esc(local(href(r, c, x)))).append("\" title=\"")
                        .append(esc(c.toString())).append("\">").append(esc(c.code())).append("</a>");
                first = false;
            }
            b.append("</td><td>").append(esc(scope(x))).append("</td><td>").append(esc(name(x))).append("<small>")
                    .append(esc(shrunk(x) ? "shrunk" : "as found")).append("</small></td><td>").append(esc(shorten(x.message(), 220)))
                    .append("</td></tr>\n");
            previous = r.strategy();
        }
        b.append("</tbody></table></div>\n").append(FILTER_SCRIPT);
        PageFrame.close(b);
        return b.toString();
    }

    /** Strategies × columns: how many counterexamples each cell has, linked to its page. */
    private void grid(StringBuilder b) {
        b.append("<h2>By strategy and criterion</h2>\n<div class=\"wide\"><table class=\"matrix\"><thead><tr><th>strategy</th>");
        for (Criterion c : COLUMNS) {
            b.append("<th title=\"").append(esc(c.title())).append("\">").append(esc(c.code())).append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (String strategy : slugs.keySet()) {
            List<Row> rows = matrix.rows().stream().filter(r -> r.strategy().equals(strategy)).toList();
            b.append("<tr><td><code>").append(esc(strategy)).append("</code></td>");
            for (Criterion c : COLUMNS) {
                int n = rows.stream().mapToInt(r -> shown(r, c).size()).sum();
                b.append(n == 0 ? "<td></td>" : "<td><a href=\"" + esc(local(page(strategy, c))) + "\">" + n + "</a></td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table></div>\n");
    }

    /** A link from the report's folder made relative to {@value #FOLDER}/. */
    private static String local(String fromRoot) {
        return fromRoot.startsWith(FOLDER + "/") ? fromRoot.substring(FOLDER.length() + 1) : "../" + fromRoot;
    }

    private static String scope(Counterexample x) {
        return x.scope() == null ? "(none)" : String.valueOf(x.scope());
    }

    private static String select(String name, String label, List<String> values) {
        StringBuilder b = new StringBuilder("<label>").append(esc(label)).append(" <select name=\"").append(name)
                .append("\"><option value=\"\">any</option>");
        for (String v : values) {
            b.append("<option>").append(esc(v)).append("</option>");
        }
        return b.append("</select></label>").toString();
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /** Opens the counterexample a link points at (a closed {@code <details>} would hide it). */
    private static final String OPEN_TARGET_SCRIPT = """
            <script>
            (function(){function o(){var h=decodeURIComponent(location.hash.slice(1));var e=h&&document.getElementById(h);
            if(e&&e.tagName==='DETAILS'){e.open=true;e.scrollIntoView();}}window.addEventListener('hashchange',o);o();})();
            </script>
            """;

    /** Shows the filter form and hides the rows that do not match it. */
    private static final String FILTER_SCRIPT = """
            <script>
            (function(){var f=document.getElementById('filter');if(!f)return;f.hidden=false;
            var rows=Array.prototype.slice.call(document.querySelectorAll('tr[data-strategy]'));
            function apply(){var s=f.elements.strategy.value,e=f.elements.executor.value,c=f.elements.criterion.value,
            k=f.elements.scope.value,n=0;rows.forEach(function(r){var ok=(!s||r.dataset.strategy===s)&&(!e||r.dataset.executor===e)
            &&(!c||(' '+r.dataset.criteria+' ').indexOf(' '+c+' ')>=0)&&(!k||r.dataset.scope===k);r.hidden=!ok;if(ok)n++;});
            document.getElementById('shown').textContent=n;}
            f.addEventListener('change',apply);f.addEventListener('reset',function(){setTimeout(apply,0);});apply();})();
            </script>
            """;
}
