package dev.ecslab.reports.chart;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The lab's power, as {@code LabPower} measured it: for each in-repo mutant and each exploration, in how
 * many campaign seeds the default campaign killed it and after how many scenario runs. It is how a reader
 * of the report knows that a pass means something: a check that kills every deliberately broken variant
 * in (almost) every seed.
 *
 * <p>Read from a {@code LabPower} JSON file ({@code "kind": "ecslab-lab-power"}); a malformed row is
 * skipped with a warning by {@link BenchmarkResults}.
 */
public record LabPowerTable(String date, String commit, int seeds, int tries, List<Row> rows) {
    /** The {@code kind} of a {@code LabPower} JSON file. */
    public static final String KIND = "ecslab-lab-power";
    /** The explorations, in the file's and the table's order. */
    public static final List<String> EXPLORATIONS = List.of("random", "pct", "exhaustive");

    public LabPowerTable {
        rows = List.copyOf(rows);
    }

    /** One mutant: {@code killed} seeds and the median and largest runs to the kill, per exploration. */
    public record Row(String mutant, List<Cell> cells) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    /**
     * One exploration's figures; {@code median} and {@code max} are -1 when no seed killed the mutant, and
     * every figure is -1 when the file did not measure this exploration ({@link #NOT_MEASURED}).
     */
    public record Cell(int killed, int median, int max) {
        /** An exploration the file has no figures for (a run of {@code LabPower} limited to some explorations). */
        public static final Cell NOT_MEASURED = new Cell(-1, -1, -1);

        public boolean measured() {
            return killed >= 0;
        }
    }

    /** The table in {@code root}, or {@code null} (with a warning) when the file cannot say what it measured. */
    static LabPowerTable read(JsonNode root, List<String> warnings, String file) {
        List<Row> rows = new ArrayList<>();
        int seeds = root.path("seeds").asInt(-1);
        if (seeds < 1) {
            warnings.add(file + ": a power file without a positive number of seeds, skipped");
            return null;
        }
        for (JsonNode r : root.path("rows")) {
            String mutant = r.path("mutant").asText("");
            List<Cell> cells = new ArrayList<>();
            for (String e : EXPLORATIONS) {
                JsonNode c = r.path(e);
                if (c.isMissingNode()) {
                    cells.add(Cell.NOT_MEASURED);            // this run of LabPower did not explore this way
                    continue;
                }
                if (!c.isObject() || !c.path("killed").isInt() || c.path("killed").asInt() < 0) {
                    cells = null;
                    break;
                }
                cells.add(new Cell(c.path("killed").asInt(), c.path("median").asInt(-1), c.path("max").asInt(-1)));
            }
            if (mutant.isEmpty() || cells == null || cells.stream().noneMatch(Cell::measured)) {
                warnings.add(file + ": a power row without a mutant or an exploration's figures, row skipped");
                continue;
            }
            rows.add(new Row(mutant, cells));
        }
        return new LabPowerTable(root.path("date").asText("unknown date"), root.path("commit").asText("unknown commit"),
                seeds, root.path("tries").asInt(-1), rows);
    }

    /** The table as HTML (the caller's page supplies the styles); every text is escaped. */
    public String html() {
        StringBuilder b = new StringBuilder("<table class=\"power\"><thead><tr><th>mutant</th>");
        for (String e : List.of("random", "PCT depth 3", "exhaustive catalogue, then random")) {
            b.append("<th>").append(e).append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (Row r : rows) {
            b.append("<tr><td><code>").append(esc(r.mutant())).append("</code></td>");
            for (Cell c : r.cells()) {
                if (!c.measured()) {
                    b.append("<td class=\"none\">not measured</td>");
                    continue;
                }
                boolean weak = c.killed() * 100L < seeds * 99L;           // below 99 %, without rounding
                b.append("<td").append(weak ? " class=\"warn\"" : "").append(">")
                        .append(String.format(Locale.ROOT, "%d / %d seeds", c.killed(), seeds))
                        .append(c.median() < 0 ? "" : String.format(Locale.ROOT, "<br><span class=\"meta\">median %d runs,"
                                + " at most %d</span>", c.median(), c.max()))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        return b.append("</tbody></table>").toString();
    }

    /** What the table is, where it came from, and how to make it again. */
    public String caption() {
        return String.format(Locale.ROOT, "For each in-repo mutant, the share of %d campaign seeds in which the default"
                + " campaign (the catalogue, then %d random scenarios) kills it, and the scenario runs to the kill. Tracker"
                + " mutants under dynamic, executor mutants with generation. Measured %s at commit %s by java -cp"
                + " benchmarks/target/benchmarks.jar dev.ecslab.bench.LabPower %d %d 2 benchmarks/results/lab-power.json."
                + " A cell below 99 %% of the seeds is marked.", seeds, tries, date, commit, seeds, tries);
    }

    private static String esc(String s) {
        return SafeText.html(s);
    }
}
