package dev.ecslab.reports.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.PauseSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/**
 * The scenario of a counterexample is shown in full enough to follow it: every stage (and how often it
 * loops), every system with what it watches and writes, its filters, kind, constraints and pause set, every
 * pause pattern and clock jump, and the edits of every frame, as text and as HTML that says the same.
 */
class ScenarioTextTest {
    static final List<Scenario> SCENARIOS = List.of(Catalogue.loopingStageRemovals(Target.COMPONENT),
            Catalogue.systemPausing(Target.RESOURCE), Catalogue.exclusiveAndMainThread(Target.COMPONENT),
            Catalogue.insertionOrder(Target.COMPONENT), Catalogue.clockJumpsPastTheWrap(Target.COMPONENT),
            Catalogue.largeTableBoundaries(), Catalogue.changesMadeByCommands(Target.COMPONENT),
            Catalogue.changeAtTheMaximumAge(Target.RESOURCE));

    @Test
    void theTextNamesEveryStageSystemAccessConstraintPauseJumpAndFrameWithEdits() {
        for (Scenario s : SCENARIOS) {
            String text = ScenarioText.text(s);
            System.out.println("ScenarioTextTest:\n" + text);
            assertThat(text).contains("scenario '" + s.name() + "'").contains(s.frames() + (s.frames() == 1 ? " frame" : " frames"))
                    .contains(s.ordering() == Scenario.Ordering.EXPLICIT ? "explicit ordering" : "insertion order");
            for (StageSpec st : s.stages()) {
                assertThat(text).contains("stage `" + st.name() + "`" + (st.iterations() > 1
                        ? ", looping: " + st.iterations() + " iterations per frame" : ""));
            }
            for (SystemSpec sys : s.systems()) {
                String line = text.lines().filter(l -> l.startsWith("  `" + sys.name() + "`")).findFirst().orElseThrow();
                for (Watch w : sys.watches()) {
                    assertThat(line).contains("`" + w + "`");
                }
                sys.writes().forEach(d -> assertThat(line).contains("writes ").contains("`" + d.name() + "`"));
                sys.before().forEach(b -> assertThat(line).contains("before ").contains("`" + b + "`"));
                sys.after().forEach(a -> assertThat(line).contains("after ").contains("`" + a + "`"));
                if (sys.pauseSet() != null) {
                    assertThat(line).contains("paused by `" + sys.pauseSet() + "`");
                }
                if (sys.kind() != SystemSpec.Kind.NORMAL) {
                    assertThat(line).contains(sys.kind() == SystemSpec.Kind.EXCLUSIVE ? "(exclusive" : "(main-thread");
                }
                sys.with().forEach(d -> assertThat(line).contains("with `" + d.name() + "`"));
            }
            for (PauseSpec p : s.pauses()) {
                assertThat(text).contains("`" + p.set() + "`: pattern '" + p.pattern() + "'");
            }
            for (ClockJump j : s.clockJumps()) {
                assertThat(text).contains("before frame " + j.beforeFrame() + ": the change tick jumps by " + j.ticks());
            }
            for (dev.ecslab.lab.scenario.AgeJump j : s.ageJumps()) {
                assertThat(text).contains("before frame " + j.beforeFrame() + ": the change tick jumps so far that the last"
                        + " change of frame " + (j.beforeFrame() - 1) + " is " + Math.abs(j.belowMaxAge()) + " tick(s) "
                        + (j.belowMaxAge() >= 0 ? "younger" : "older") + " than the maximum change age");
            }
            for (GroupSpec g : s.groups()) {
                assertThat(text).contains("group " + g.label() + ": " + g.count() + " entities");
            }
            for (Edit e : s.edits()) {
                assertThat(text).contains("frame " + e.frame() + ":").contains("`" + e.system() + "` ");
                assertThat(text).contains(ScenarioText.edit(e));
            }
        }
    }

    @Test
    void theHtmlIsWellFormedAndSaysWhatTheTextSays() throws Exception {
        for (Scenario s : SCENARIOS) {
            String html = ScenarioText.html(s);
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
            String shown = doc.getDocumentElement().getTextContent();
            for (String line : ScenarioText.text(s).lines().toList()) {
                String plain = line.strip().replace("`", "");
                assertThat(shown).contains(plain.endsWith(":") ? plain.substring(0, plain.length() - 1) : plain);
            }
        }
    }

    @Test
    void hostileNamesAreEscapedInTheHtml() {
        Scenario s = Scenario.builder("<b>x</b>").entity("e<i>", dev.ecslab.lab.scenario.Data.A, 1)
                .stage("st&ge", st -> st.system("w<script>", w -> w.writes(dev.ecslab.lab.scenario.Data.A)))
                .frames(1).set(0, "w<script>", "e<i>", dev.ecslab.lab.scenario.Data.A, 2).build();
        String html = ScenarioText.html(s);
        assertThat(html).doesNotContain("<script>").doesNotContain("<i>").doesNotContain("<b>x")
                .contains("w&lt;script&gt;").contains("st&amp;ge");
    }
}
