package dev.ecslab.reports.chart;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One chart of the benchmark section of the report, ready to place in a page: a title, a caption
 * that says what was measured, in which JMH mode, and which run each series came from (file, date, JMH
 * settings, commit when known), and one {@link Panel} per facet value; a chart that shows a quick run's
 * figures carries a {@code noisy} badge. When the data is missing, {@code panels} is empty and {@code missing} says which
 * command produces it; the page shows that instead of a chart.
 *
 * @param id a stable identifier, usable as an HTML id (lower case, dashes)
 * @param missing present exactly when {@code panels} is empty
 * @param noisy {@code ""} when every figure comes from a careful run; else the badge the page shows,
 *     {@code "noisy (quick run): generation, flags"}, naming the series that come from a quick run (shown only
 *     because no careful result of them exists)
 */
public record Chart(String id, String title, String caption, List<Panel> panels, Optional<String> missing, String noisy) {

    public Chart {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(caption, "caption");
        panels = List.copyOf(panels);
        Objects.requireNonNull(missing, "missing");
        Objects.requireNonNull(noisy, "noisy");
        if (panels.isEmpty() != missing.isPresent()) {
            throw new IllegalArgumentException(id + ": a chart has panels or says what is missing, not both or neither");
        }
    }

    /**
     * One small chart: a facet value (or the whole chart when it has no facets).
     *
     * @param facet the facet's label, e.g. {@code 1 % changed}; the chart's title when there are no facets
     * @param svg an inline {@code <svg>} element: no XML prolog or DOCTYPE, every id prefixed with a
     *     prefix unique to this panel, with a {@code <title>} and a {@code <desc>} naming the axes and
     *     the legend entries (XChart draws text as outlines, so this is the text a reader or a search
     *     finds)
     * @param png the same chart as a PNG file
     */
    public record Panel(String facet, String svg, Path png) {
        public Panel {
            Objects.requireNonNull(facet, "facet");
            Objects.requireNonNull(svg, "svg");
            Objects.requireNonNull(png, "png");
        }
    }
}
