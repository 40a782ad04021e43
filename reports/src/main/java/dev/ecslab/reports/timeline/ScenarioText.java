package dev.ecslab.reports.timeline;

import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.PauseSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A scenario as a reader needs it to follow a counterexample: the world at setup, every stage (with
 * how often it loops) and its systems with their accesses (the change queries they watch, the data they
 * write, their filters), kinds and constraints (before, after, ambiguous-with, pause sets), the pause
 * patterns, clock jumps, and the edits of every frame, system by system. As plain text for the terminal
 * ({@code lab replay}) and as HTML for the report, from one list of sections so both say the same.
 *
 * <p>Contract: everything shown is the scenario's own data, names escaped for the format. Large
 * scenarios are cut, never silently: at most {@value #MAX_ENTITIES} single entities and
 * {@value #MAX_EDIT_LINES} frames with edits are listed, and the text says how many more the replay file
 * holds.
 */
public final class ScenarioText {
    /** Single entities listed at most. */
    static final int MAX_ENTITIES = 40;
    /** Frames with edits listed at most. */
    static final int MAX_EDIT_LINES = 60;

    /** One titled part of the description; its lines may hold {@code `code`} spans. */
    record Section(String title, List<String> lines) {
    }

    private ScenarioText() {
    }

    /** The scenario as indented plain text, one fact per line (names in backticks). */
    public static String text(Scenario s) {
        StringBuilder b = new StringBuilder();
        for (Section sec : sections(s)) {
            b.append(sec.title()).append(sec.lines().isEmpty() ? "" : ":").append('\n');
            for (String line : sec.lines()) {
                b.append("  ").append(line).append('\n');
            }
        }
        return b.toString();
    }

    /** The scenario as an HTML fragment: a {@code <div class="scenario">} of titled lists, code spans as {@code <code>}. */
    public static String html(Scenario s) {
        StringBuilder b = new StringBuilder("<div class=\"scenario\">");
        for (Section sec : sections(s)) {
            b.append("<p class=\"scenario-part\"><b>").append(md(sec.title())).append("</b></p>");
            List<String> lines = sec.lines();
            if (!lines.isEmpty()) {
                b.append("<ul>");
                for (int i = 0; i < lines.size(); i++) {
                    b.append("<li>").append(md(lines.get(i).strip()));
                    int j = i + 1;
                    if (j < lines.size() && lines.get(j).startsWith("  ")) {   // an indented line belongs to the one above
                        b.append("<ul>");
                        while (j < lines.size() && lines.get(j).startsWith("  ")) {
                            b.append("<li>").append(md(lines.get(j).strip())).append("</li>");
                            j++;
                        }
                        b.append("</ul>");
                    }
                    b.append("</li>");
                    i = j - 1;
                }
                b.append("</ul>");
            }
        }
        return b.append("</div>").toString();
    }

    static List<Section> sections(Scenario s) {
        List<Section> out = new ArrayList<>();
        out.add(new Section("scenario '" + SafeText.line(s.name()) + "'" + (s.description().isBlank() ? ""
                : ": " + SafeText.line(s.description())) + "; " + s.frames() + (s.frames() == 1 ? " frame" : " frames")
                + (s.frames() == 1 ? " (frame 0)" : " (0-" + (s.frames() - 1) + ")") + ", then " + Scenario.QUIET_FRAMES + " quiet frames in which every system runs and"
                + " nothing is edited; " + (s.ordering() == Scenario.Ordering.EXPLICIT
                        ? "explicit ordering (only the constraints below order systems)"
                        : "insertion order (conflicting systems run in the order they are declared)"), List.of()));
        out.add(new Section("world at setup", setup(s)));
        for (StageSpec st : s.stages()) {
            List<String> lines = new ArrayList<>();
            for (SystemSpec sys : st.systems()) {
                lines.add(system(s, sys));
            }
            String runs = st.stepped()
                    ? ", fixed steps: '" + SafeText.line(st.stepsPerFrame()) + "' (the steps of each frame, repeated; 0: the"
                            + " stage does not run)"
                    : st.iterations() > 1 ? ", looping: " + st.iterations() + " iterations per frame" : "";
            out.add(new Section("stage " + code(st.name()) + runs + ", its systems", lines));
        }
        List<String> pauses = new ArrayList<>();
        for (PauseSpec p : s.pauses()) {
            pauses.add(code(p.set()) + ": pattern '" + SafeText.line(p.pattern()) + "' (1 runs, 0 paused, repeated), so its"
                    + " systems are paused in " + pausedFrames(s, p));
        }
        if (!pauses.isEmpty()) {
            out.add(new Section("pause sets", pauses));
        }
        if (!s.clockJumps().isEmpty()) {
            List<String> jumps = new ArrayList<>();
            for (ClockJump j : s.clockJumps()) {
                jumps.add("before frame " + j.beforeFrame() + ": the change tick jumps by " + j.ticks() + " ticks");
            }
            out.add(new Section("clock jumps", jumps));
        }
        if (!s.ageJumps().isEmpty()) {
            List<String> jumps = new ArrayList<>();
            for (dev.ecslab.lab.scenario.AgeJump j : s.ageJumps()) {
                jumps.add("before frame " + j.beforeFrame() + ": the change tick jumps so far that the last change of frame "
                        + (j.beforeFrame() - 1) + " is " + (j.belowMaxAge() >= 0 ? j.belowMaxAge() + " tick(s) younger than"
                        : -j.belowMaxAge() + " tick(s) older than") + " the maximum change age at the frame's first tick");
            }
            out.add(new Section("age jumps", jumps));
        }
        out.add(new Section("edits, frame by frame (each system makes its edits after its detections; commands take"
                + " effect at the end of the stage)", edits(s)));
        return out;
    }

    private static List<String> setup(Scenario s) {
        List<String> out = new ArrayList<>();
        List<String> entities = new ArrayList<>();
        for (EntitySpec e : s.entities()) {
            if (entities.size() == MAX_ENTITIES) {
                break;
            }
            entities.add(SafeText.line(e.label()) + " " + values(e.components()));
        }
        if (!entities.isEmpty()) {
            out.add("entities: " + String.join(", ", entities) + (s.entities().size() > MAX_ENTITIES
                    ? " and " + (s.entities().size() - MAX_ENTITIES) + " more" : ""));
        }
        for (GroupSpec g : s.groups()) {
            out.add("group " + SafeText.line(g.label()) + ": " + g.count() + " entities " + SafeText.line(g.member(0))
                    + (g.count() > 1 ? ".." + SafeText.line(g.member(g.count() - 1)) : "") + ", each " + values(g.components()));
        }
        if (!s.resources().isEmpty()) {
            List<String> rs = new ArrayList<>();
            s.resources().forEach((d, v) -> rs.add(code(d.name()) + "=" + v));
            out.add("resources: " + String.join(", ", rs));
        }
        if (s.startTick() != null) {
            out.add("the change tick starts at " + Integer.toUnsignedString(s.startTick()));
        }
        if (s.valueLayout() == dev.ecslab.ecs.component.ValueLayout.COLUMNAR) {
            out.add("components stored in columns (one primitive array per field)");
        }
        if (s.observeEverything()) {
            out.add("the world observes every component from the start (no watch that joins makes it announce rows)");
        }
        if (out.isEmpty()) {
            out.add("empty");
        }
        return out;
    }

    private static String values(Map<Data, Integer> components) {
        List<String> parts = new ArrayList<>();
        components.forEach((d, v) -> parts.add(code(d.name()) + "=" + v));
        return "{" + String.join(", ", parts) + "}";
    }

    /** {@code `s4` (exclusive): watches `Added<B>`, `Removed<B>`; writes `B` (only entities with `A`); after `s1`; paused by `p`}. */
    private static String system(Scenario s, SystemSpec sys) {
        List<String> parts = new ArrayList<>();
        if (!sys.watches().isEmpty()) {
            List<String> ws = new ArrayList<>();
            for (Watch w : sys.watches()) {
                ws.add(code(w.toString()));
            }
            parts.add("watches " + String.join(", ", ws));
        }
        if (!sys.writes().isEmpty()) {
            String filters = "";
            if (!sys.with().isEmpty() || !sys.without().isEmpty()) {
                List<String> f = new ArrayList<>();
                if (!sys.with().isEmpty()) {
                    f.add("with " + codes(sys.with().stream().map(Data::name).sorted().toList()));
                }
                if (!sys.without().isEmpty()) {
                    f.add("without " + codes(sys.without().stream().map(Data::name).sorted().toList()));
                }
                filters = " (only entities " + String.join(" and ", f) + ")";
            }
            parts.add("writes " + codes(sys.writes().stream().map(Data::name).toList()) + filters);
        }
        boolean commands = s.edits().stream().anyMatch(e -> e.system().equals(sys.name()) && e.op().isCommand());
        if (commands) {
            parts.add("issues commands");
        }
        if (parts.isEmpty()) {
            parts.add("touches no data");
        }
        if (!sys.before().isEmpty()) {
            parts.add("before " + codes(sys.before()));
        }
        if (!sys.after().isEmpty()) {
            parts.add("after " + codes(sys.after()));
        }
        if (!sys.ambiguousWith().isEmpty()) {
            parts.add("ambiguous with " + codes(sys.ambiguousWith()) + " (exempt from the ambiguity report)");
        }
        if (sys.pauseSet() != null) {
            parts.add("paused by " + code(sys.pauseSet()));
        }
        String kind = switch (sys.kind()) {
            case NORMAL -> "";
            case EXCLUSIVE -> " (exclusive: the whole world, runs alone on the caller's thread)";
            case MAIN_THREAD -> " (main-thread: runs on the caller's thread)";
        };
        return code(sys.name()) + kind + ": " + String.join("; ", parts);
    }

    private static String pausedFrames(Scenario s, PauseSpec p) {
        List<Integer> paused = new ArrayList<>();
        for (int f = 0; f < s.frames(); f++) {
            if (!p.runs(f)) {
                paused.add(f);
            }
        }
        if (paused.isEmpty()) {
            return "no frame";
        }
        List<String> shown = paused.stream().limit(12).map(f -> Integer.toString(f)).toList();
        return (paused.size() == 1 ? "frame " : "frames ") + String.join(", ", shown)
                + (paused.size() > shown.size() ? " and " + (paused.size() - shown.size()) + " more" : "");
    }

    private static List<String> edits(Scenario s) {
        Map<Integer, Map<String, List<String>>> byFrame = new TreeMap<>();
        for (Edit e : s.edits()) {
            String when = e.iteration() > 0 || s.stageOf(e.system()).iterations() > 1
                    ? " in iteration " + (e.iteration() + 1) : "";
            byFrame.computeIfAbsent(e.frame(), f -> new LinkedHashMap<>())
                    .computeIfAbsent(e.system(), x -> new ArrayList<>()).add(edit(e) + when);
        }
        List<String> out = new ArrayList<>();
        int shown = 0;
        for (Map.Entry<Integer, Map<String, List<String>>> f : byFrame.entrySet()) {
            if (shown == MAX_EDIT_LINES) {
                out.add("and edits in " + (byFrame.size() - shown) + " more frames (all of them are in the replay file)");
                break;
            }
            out.add("frame " + f.getKey() + ":");
            f.getValue().forEach((sys, list) -> out.add("  " + code(sys) + " " + String.join(", ", list)));
            shown++;
        }
        if (out.isEmpty()) {
            out.add("none");
        }
        return out;
    }

    /** One edit without its frame and system: {@code sets `A` of e0 to 3}, {@code removes `B` from n2 (command)}. */
    static String edit(Edit e) {
        String target = targets(e);
        String data = e.data() == null ? "" : code(e.data().name());
        String what = switch (e.op()) {
            case SET -> "writes " + (e.onResource() ? data : data + " of " + target) + " = " + e.value();
            case SET_IF_CHANGED -> "writes " + (e.onResource() ? data : data + " of " + target) + " = " + e.value()
                    + " if it differs";
            case INSERT -> "inserts " + (e.onResource() ? data : data + " into " + target) + " = " + e.value();
            case REMOVE -> "removes " + (e.onResource() ? data : data + " from " + target);
            case DESPAWN -> "despawns " + target;
            case SPAWN -> "spawns " + target + " with " + data + " = " + e.value();
        };
        return what + (e.op().isCommand() ? " (command)" : "");
    }

    private static String targets(Edit e) {
        if (!e.isBulk()) {
            return e.entity() == null ? "" : SafeText.line(e.entity());
        }
        if (e.op() == EditOp.SPAWN) {
            return e.count() + " entities " + SafeText.line(e.entity()) + "#0.." + (e.count() - 1);
        }
        return e.count() + " member(s) of " + SafeText.line(e.entity()) + " (#" + e.from()
                + (e.count() > 1 ? ", then every " + e.every() + "-th" : "") + ")";
    }

    private static String codes(List<String> names) {
        return String.join(", ", names.stream().map(ScenarioText::code).toList());
    }

    private static String code(String name) {
        return CounterexampleText.code(name);
    }

    /** Code spans ({@code `x`}) as {@code <code>}, everything else escaped. */
    private static String md(String s) {
        return SafeText.htmlWithCodeSpans(s);
    }
}
