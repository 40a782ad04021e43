package dev.ecslab.ecs.schedule.json;

import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.DataResolver;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import java.util.List;
import java.util.Objects;

/**
 * A schedule read from JSON together with the data registry its names resolve against (a
 * {@link NameRegistry} when it comes from {@link ScheduleJson#read}), the name of what it was read
 * from and its text. Its systems have no bodies: it can be compiled and analysed, not run. A rule it
 * breaks when it is compiled (a cycle, an unknown target) is a {@link ScheduleBuildException} whose
 * message starts with the source's name and, when the text is known, the line, column and JSON path of
 * the first culprit, then where each other culprit is ({@link ScheduleBuildException#places()}), so
 * that the error points into the file. {@link #locate} gives the same positions to reports (SARIF).
 *
 * @param text the JSON text it was read from, or null when unknown (then errors name the source only)
 */
public record LoadedSchedule(Schedule schedule, DataResolver data, String source, SourceText text) {
    public LoadedSchedule {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(source, "source");
    }

    /** A schedule whose text is not known. */
    public LoadedSchedule(Schedule schedule, DataResolver data, String source) {
        this(schedule, data, source, null);
    }

    /** A schedule that was not read from a file. */
    public LoadedSchedule(Schedule schedule, DataResolver data) {
        this(schedule, data, "the schedule");
    }

    /** A position in the schedule's text. */
    public record Location(int line, int column, String path) {
        @Override
        public String toString() {
            return "line " + line + ", column " + column + ", " + path;
        }
    }

    /**
     * Where {@code place} (a path relative to the root, {@code stages[0].systems[2].after[1]}) is written,
     * or the nearest enclosing value that exists; empty when the text is not known.
     */
    public java.util.Optional<Location> locate(String place) {
        return text == null ? java.util.Optional.empty() : java.util.Optional.of(text.locate(place));
    }

    /**
     * The text of a schedule file, parsed again only when a position is asked for (an error, a SARIF
     * report), so that a loaded schedule does not keep a tree of every value. Thread-safe.
     */
    public static final class SourceText {
        private final String text;
        private final String sourceName;
        private final java.util.Map<String, String> aliases;
        private final java.util.function.BiFunction<String, String, dev.ecslab.ecs.json.JsonTree.Node> parser;
        private dev.ecslab.ecs.json.JsonTree.Node root;

        public SourceText(String text, String sourceName) {
            this(text, sourceName, java.util.Map.of());
        }

        /**
         * A text in another format (a Bevy export): {@code aliases} maps a place of ecslab's JSON form
         * ({@code stages[0].systems[3]}) to the path of what it came from ({@code $.result.schedule_data.systems[3]});
         * a place is translated by its longest aliased prefix.
         */
        public SourceText(String text, String sourceName, java.util.Map<String, String> aliases) {
            this(text, sourceName, aliases, (t, name) -> dev.ecslab.ecs.json.JsonTree.parse(t, name,
                    dev.ecslab.ecs.json.JsonTree.MAX_VALUES));
        }

        /** A text that {@code parser} reads into the tree again (a Bevy export in JSON or RON). */
        SourceText(String text, String sourceName, java.util.Map<String, String> aliases,
                java.util.function.BiFunction<String, String, dev.ecslab.ecs.json.JsonTree.Node> parser) {
            this.text = Objects.requireNonNull(text, "text");
            this.sourceName = Objects.requireNonNull(sourceName, "sourceName");
            this.aliases = java.util.Map.copyOf(aliases);
            this.parser = Objects.requireNonNull(parser, "parser");
        }

        synchronized Location locate(String place) {
            if (root == null) {
                root = parser.apply(text, sourceName);
            }
            dev.ecslab.ecs.json.JsonTree.Node n = dev.ecslab.ecs.json.JsonTree.find(root, translated(place));
            return new Location(n.line(), n.column(), n.path());
        }

        private String translated(String place) {
            if (aliases.isEmpty()) {
                return place;
            }
            String best = null;
            for (String prefix : aliases.keySet()) {
                boolean boundary = place.length() == prefix.length() || place.charAt(prefix.length()) == '.'
                        || place.charAt(prefix.length()) == '[';
                if (place.startsWith(prefix) && boundary && (best == null || prefix.length() > best.length())) {
                    best = prefix;
                }
            }
            return best == null ? "$" : aliases.get(best) + place.substring(best.length());
        }
    }

    /**
     * Validates and compiles the schedule against its registry, honouring its ambiguity setting (with
     * {@code ERROR} an ambiguous schedule throws; with {@code WARN} the report is logged).
     *
     * @throws dev.ecslab.ecs.schedule.ScheduleBuildException when the schedule breaks a rule
     */
    public CompiledSchedule compile() {
        try {
            return schedule.compile(data);
        } catch (ScheduleBuildException e) {
            throw named(e);
        }
    }

    /**
     * The ambiguity report, whatever the schedule's ambiguity setting: compiles a copy whose setting is
     * {@code IGNORE}, so an ambiguous schedule neither throws nor logs here.
     *
     * @throws dev.ecslab.ecs.schedule.ScheduleBuildException when the schedule breaks a rule other than
     *         ambiguity (a cycle, an unknown target, a duplicate name, ...)
     */
    public AmbiguityReport ambiguities() {
        Schedule.Builder b = Schedule.builder()
                .ordering(schedule.ordering())
                .ambiguity(AmbiguitySetting.IGNORE)
                .maxStageIterations(schedule.maxStageIterations());
        schedule.stages().forEach(b::stage);
        schedule.sets().values().forEach(b::set);
        schedule.ignoredData().forEach(b::ignoreAmbiguitiesOn);
        try {
            return b.build().compile(data).ambiguities();
        } catch (ScheduleBuildException e) {
            throw named(e);
        }
    }

    /**
     * {@code e}, its message starting with the source's name and the first culprit's position
     * ({@code file (line 5, column 38, $.stages[0].systems[1].after[0]): ...}), then the other
     * culprits' positions; one line.
     */
    private ScheduleBuildException named(ScheduleBuildException e) {
        StringBuilder message = new StringBuilder(source);
        List<String> places = e.places();
        if (text != null && !places.isEmpty()) {
            Location first = locate(places.get(0)).orElseThrow();
            message.append(" (").append(first).append(")");
        }
        message.append(": ").append(e.getMessage());
        if (text != null && places.size() > 1) {
            List<String> others = new java.util.ArrayList<>();
            for (String p : places.subList(1, places.size())) {
                Location l = locate(p).orElseThrow();
                others.add(l.path() + " (line " + l.line() + ", column " + l.column() + ")");
            }
            message.append(e.kind() == ScheduleBuildException.Kind.CYCLE ? "; the constraints: " + places.size()
                    + ", the first above, then " : "; also at ").append(String.join(", ", others));
        }
        ScheduleBuildException named = new ScheduleBuildException(e.kind(), message.toString(), e.report(), places);
        named.setStackTrace(e.getStackTrace());
        return named;
    }
}
