package dev.ecslab.reports.html;

import dev.ecslab.reports.text.SafeText;

/**
 * The frame every page of the report shares: the document head with the one style sheet, the title, and
 * the navigation between the pages. Pages in a folder ({@code counterexamples/}) pass the way back to the
 * report's root, so every link is relative and the report works from disk (file://) wherever it is
 * copied.
 *
 * <p>Contract: the frame loads nothing (no script, font or style sheet from elsewhere); a page that wants
 * a script adds its own, and must read completely without it.
 */
final class PageFrame {
    /** The main page. */
    static final String INDEX = "index.html";
    /** Criteria 1 and 2 per scenario class, and criterion 1's delays, per executor. */
    static final String CLASSES = "classes.html";
    /** The catalogue's ambiguity reports and the witnesses. */
    static final String AMBIGUITIES = "ambiguities.html";
    /** The schedule coverage of the catalogue. */
    static final String COVERAGE = "coverage.html";
    /** The benchmark charts. */
    static final String BENCHMARKS = "benchmarks.html";
    /** Every mutant configuration's verdict and cells. */
    static final String MUTANTS = "mutants.html";

    private PageFrame() {
    }

    /**
     * Opens a page: doctype, head, style, the heading and the navigation.
     *
     * @param root the way from this page to the report's folder: {@code ""} or {@code "../"}
     */
    static void open(StringBuilder b, String title, String root) {
        open(b, title, root, false);
    }

    /**
     * Opens a page as {@link #open(StringBuilder, String, String)}, with a link to the engines' page
     * ({@value EnginesPage#FROM_REPORT}) when {@code engines}: only when that page is there, so no link is dead.
     */
    static void open(StringBuilder b, String title, String root, boolean engines) {
        head(b, title);
        b.append("<nav class=\"top\"><a href=\"").append(root).append(INDEX).append("\">Report</a> · <a href=\"")
                .append(root).append(INDEX).append("#verdict\">Verdict</a> · <a href=\"").append(root).append(INDEX)
                .append("#matrix\">Matrix</a> · <a href=\"").append(root).append(CounterexamplePages.INDEX)
                .append("\">Counterexamples</a> · <a href=\"").append(root).append(CLASSES)
                .append("\">Scenario classes and delays</a> · <a href=\"").append(root).append(MUTANTS)
                .append("\">Mutants</a> · <a href=\"").append(root).append(AMBIGUITIES)
                .append("\">Ambiguities</a> · <a href=\"").append(root).append(COVERAGE).append("\">Coverage</a> · <a href=\"")
                .append(root).append(INDEX).append("#races\">Race bugs</a> · <a href=\"").append(root).append(BENCHMARKS)
                .append("\">Benchmarks</a> · <a href=\"").append(root).append(INDEX).append("#conclusions\">Conclusions</a>");
        if (engines) {
            b.append(" · <a href=\"").append(root).append(EnginesPage.FROM_REPORT).append("\">Engines</a>");
        }
        b.append("</nav>\n");
    }

    /** Opens a page without the report's navigation: doctype, head, style (a page that is not beside a report). */
    static void head(StringBuilder b, String title) {
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(esc(title)).append("</title>\n<style>\n").append(CSS).append("</style></head>\n<body>\n");
    }

    /** Closes a page opened with {@link #open}. */
    static void close(StringBuilder b) {
        b.append("</body></html>\n");
    }

    /** HTML text or attribute value ({@link SafeText#html}). */
    static String esc(String s) {
        return SafeText.html(s);
    }

    /** A name escaped, with a break allowed after each {@code /} ({@code flag-doubling/immediate}), for narrow columns. */
    static String breakable(String s) {
        return esc(s).replace("/", "/<wbr>");
    }

    /** Markdown code spans ({@code `x`}) as {@code <code>}, everything else escaped. */
    static String md(String s) {
        return SafeText.htmlWithCodeSpans(s);
    }

    /**
     * The one style sheet. Wide content never widens the page: tables sit in {@code div.wide} (which
     * scrolls by itself), long words in cells wrap, pictures shrink to the column.
     */
    static final String CSS = """
            body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:0 1.2em 3em;color:#222}
            header{border-bottom:1px solid #ddd;margin-bottom:1em}h1{margin:.6em 0 .2em}h2{margin-top:1.6em;border-bottom:1px solid #eee}
            nav.top{font-size:13px;padding:.5em 0;border-bottom:1px solid #eee}nav a{margin:0 .2em}.meta{color:#555;font-size:13px}.legend{font-size:13px;color:#444}
            div.wide{max-width:100%;overflow-x:auto}
            table{border-collapse:collapse;margin:.5em 0 1em}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}
            table.matrix td,table.matrix th{text-align:center}table.matrix td:first-child,table.matrix td.what{text-align:left}
            .pass{background:#d9f2d9}.fail{background:#f7c9c9}.warn{background:#fde6b3}.none{background:#f1f1f1;color:#666}
            td a{color:#8a1010;font-weight:600}span.pass,span.fail,span.warn,span.none{padding:0 .3em;border-radius:3px}
            td .rate{display:block;font-size:12px;font-weight:normal;color:#333}
            .words{font-size:16px}figure{margin:.6em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}
            pre{background:#f7f7f7;padding:.6em;overflow-x:auto;font-size:12.5px}.missing{color:#8a5a00}p.q{font-weight:600}ol.q{list-style:none;padding-left:.5em}
            table.races td,table.witnesses td{font-size:13px;overflow-wrap:anywhere}table.races td:first-child{white-space:nowrap}table.cxlist td{font-size:13px}td small{display:block;font-size:11px;color:#444;font-weight:normal}
            table.matrix caption{caption-side:top;text-align:left;font-size:13px;color:#444;padding:.2em 0}
            span.verdict{display:inline-block;min-width:6.5em;text-align:center;font-size:12px;text-transform:uppercase;letter-spacing:.03em;padding:1px 6px;margin-right:.4em}
            span.verdict.none{color:#555}p.expect{font-style:italic;color:#444;margin:.2em 0}
            dl.criteria{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;font-size:13px;margin:.4em 0 1em}dl.criteria dt{font-weight:600}dl.criteria dd{margin:0}
            details.cx{border:1px solid #ddd;border-radius:6px;padding:.3em .8em;margin:.5em 0}details.cx[open]{padding-bottom:.6em}
            details.cx>summary{cursor:pointer;font-size:14px}details.cx:target{outline:3px solid #e0a000}
            details.cx dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;font-size:13px}details.cx dd{margin:0;overflow-wrap:anywhere}
            form.filter{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center;font-size:13px;margin:.6em 0;padding:.5em;background:#f7f7f7}
            span.badge.noisy{font-size:12px;font-weight:600;background:#fde6b3;color:#6b4500;border:1px solid #e0a000;border-radius:3px;padding:1px 6px}
            table.cxlist td:first-child{white-space:nowrap}table.matrix td{font-size:13px}table.matrix th,table.matrix td{padding:3px 5px}td a.cx{display:block;font-size:12px;font-weight:600}
            """;
}
